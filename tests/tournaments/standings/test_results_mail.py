"""The results mail goes to each member on its own (standings/services/sharing.py,
clubmanager/core/mail.py): an address the mail server refuses (550) stops no other; the club
admin's page
says who got it and who did not, and sends it again to just those. The mails are sent after the
answer, in a thread of their own, so these tests commit (``transaction=True``) for that thread to
see the rows it reports on."""

import datetime
import re
import smtplib
from typing import Any

import pytest
from django.core import mail
from django.core.mail import EmailMessage
from django.core.mail.backends.locmem import EmailBackend
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubmanager.core.mail import send_each, wait_for_mail
from clubmanager.models import Member
from tournaments.models import EveningStatus, MailStatus, ResultsMail

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("Alie de Jong", "Gerrit Hoekstra", "Henk van Leeuwen")


class RefusingBackend(EmailBackend):
    """A mail server that refuses the addresses in ``REFUSED`` as no such mailbox (550), as
    smtplib reports it, and takes every other mail."""

    REFUSED = {"henk@example.nl"}

    def send_messages(self, messages: Any) -> int:
        for message in messages:
            refused = set(message.recipients()) & self.REFUSED
            if refused:
                raise smtplib.SMTPRecipientsRefused(
                    {address: (550, b"5.1.1 User unknown") for address in refused})
        return super().send_messages(messages)


class DownBackend(EmailBackend):
    """A mail server that cannot be reached."""

    def open(self) -> bool:
        raise ConnectionRefusedError("no mail server")


@pytest.fixture
def readers(club: Any, make_member: Any, make_competition: Any, make_evening: Any,
            settings: Any) -> dict[str, Any]:
    settings.EMAIL_BACKEND = "tests.tournaments.standings.test_results_mail.RefusingBackend"
    members = {name.split()[0].lower(): make_member(
        club, name=name, email=f"{name.split()[0].lower()}@example.nl", results_by_mail=True)
        for name in NAMES}
    evening = make_evening(make_competition(club, "jokeren"), list(members.values()),
                           status=EveningStatus.CLOSED)
    return {"evening": evening, **members}


def results_url(club: Any, evening: Any) -> str:
    return reverse("tournaments:evening_results", kwargs={"club": club.slug, "pk": evening.pk})


def mail_results(client: Client, club: Any, evening: Any, **data: str) -> str:
    url = reverse("tournaments:evening_results_mail", kwargs={"club": club.slug,
                                                              "pk": evening.pk})
    response = client.post(url, data)
    assert response.status_code == 302  # the answer comes before the mail server's
    wait_for_mail()
    return client.get(response["Location"]).content.decode()


def test_one_refused_address_stops_no_other_and_the_admin_sees_who_did_not_get_it(
        admin_client: Client, club: Any, readers: dict[str, Any]) -> None:
    evening = readers["evening"]
    page = mail_results(admin_client, club, evening)

    assert sorted(m.to[0] for m in mail.outbox) == ["alie@example.nl", "gerrit@example.nl"]
    assert all(len(m.to) == 1 for m in mail.outbox)  # one message each: personal
    assert "Hallo Alie de Jong," in next(m.body for m in mail.outbox if m.to == ["alie@example.nl"])
    assert "Verzonden aan 2 van 3." in page
    assert re.search(r">Henk van Leeuwen</a> \(adres geweigerd, 550\)", page)
    assert "Opnieuw versturen aan de 1 die hem niet kreeg" in page
    henk = ResultsMail.objects.get(evening=evening, member=readers["henk"])
    assert (henk.status, henk.smtp_code) == (MailStatus.REFUSED, 550)

    # the admin corrects the address and sends again: only Henk gets it now
    Member.objects.filter(pk=readers["henk"].pk).update(email="henk.vl@example.nl")
    page = mail_results(admin_client, club, evening, unsent="1")
    assert [m.to for m in mail.outbox[2:]] == [["henk.vl@example.nl"]]
    assert "Verzonden aan 3 van 3." in page
    assert "die hem niet kreeg" not in page and "niet aan" not in page.lower()


def test_a_second_press_sends_nothing_but_the_page_still_tells_the_truth(
        admin_client: Client, club: Any, readers: dict[str, Any]) -> None:
    evening = readers["evening"]
    mail_results(admin_client, club, evening)
    page = mail_results(admin_client, club, evening)
    assert len(mail.outbox) == 2
    assert "eerder gemaild" in page
    assert "Verzonden aan 2 van 3." in page and "</a> (adres geweigerd, 550)" in page


def test_a_mail_server_that_cannot_be_reached_is_shown_as_not_sent(
        admin_client: Client, club: Any, readers: dict[str, Any], settings: Any) -> None:
    settings.EMAIL_BACKEND = "tests.tournaments.standings.test_results_mail.DownBackend"
    page = mail_results(admin_client, club, readers["evening"])
    assert mail.outbox == []
    assert "Verzonden aan 0 van 3." in page
    assert ">Alie de Jong</a> (niet verzonden)" in page
    assert "Opnieuw versturen aan de 3 die hem niet kregen" in page


def test_members_and_visitors_see_no_mail_outcome(
        admin_client: Client, club: Any, readers: dict[str, Any], client_for: Any,
        member_user: Any) -> None:
    mail_results(admin_client, club, readers["evening"])
    page = client_for(member_user).get(results_url(club, readers["evening"])).content.decode()
    assert "Verzonden aan" not in page and "adres geweigerd" not in page


def test_send_each_reports_every_message_and_a_refusal_stops_no_other(settings: Any) -> None:
    settings.EMAIL_BACKEND = "tests.tournaments.standings.test_results_mail.RefusingBackend"
    messages = [EmailMessage("s", "b", to=[address]) for address in
                ("henk@example.nl", "alie@example.nl", "henk@example.nl", "gerrit@example.nl")]
    outcomes: list[tuple[int, Any]] = []
    send_each(messages, lambda index, error: outcomes.append((index, error)))
    assert [index for index, _error in outcomes] == [0, 1, 2, 3]
    assert [type(error).__name__ for _index, error in outcomes] == [
        "SMTPRecipientsRefused", "NoneType", "SMTPRecipientsRefused", "NoneType"]
    assert [m.to for m in mail.outbox] == [["alie@example.nl"], ["gerrit@example.nl"]]


def test_a_mail_still_being_sent_after_ten_minutes_counts_as_not_sent(
        admin_client: Client, club: Any, readers: dict[str, Any]) -> None:
    evening = readers["evening"]
    mail_results(admin_client, club, evening)
    stale = timezone.now() - datetime.timedelta(minutes=11)
    ResultsMail.objects.filter(member=readers["alie"]).update(status=MailStatus.PENDING)
    ResultsMail.objects.filter(member=readers["gerrit"]).update(status=MailStatus.PENDING,
                                                                updated=stale)
    page = admin_client.get(results_url(club, evening)).content.decode()
    assert "1 wordt nog verzonden" in page  # Alie: just now, perhaps still on its way
    assert ">Gerrit Hoekstra</a> (niet verzonden)" in page
    assert "Opnieuw versturen aan de 2 die hem niet kregen" in page  # Gerrit and Henk


def test_an_outcome_is_recorded_once_the_busy_database_lets_it(
        settings: Any, monkeypatch: Any) -> None:
    """SQLite locks a table while another connection writes it: the outcome of a mail is tried
    again, not dropped (the admin would see the mail 'still being sent' forever)."""
    from django.db import OperationalError

    from clubmanager.core import mail as mail_module
    monkeypatch.setattr(mail_module, "REPORT_RETRIES", (0, 0, 0))
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    tries: list[int] = []
    outcomes: list[int] = []

    def report(index: int, error: Any) -> None:
        tries.append(index)
        if len(tries) < 3:
            raise OperationalError("database table is locked: tournaments_resultsmail")
        outcomes.append(index)

    send_each([EmailMessage("s", "b", to=["alie@example.nl"])], report)
    assert outcomes == [0] and len(tries) == 3


def test_an_outcome_that_can_never_be_recorded_is_logged_and_stops_no_other_mail(
        settings: Any, monkeypatch: Any, caplog: Any) -> None:
    from django.db import OperationalError

    from clubmanager.core import mail as mail_module
    monkeypatch.setattr(mail_module, "REPORT_RETRIES", (0, 0))
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"

    def report(index: int, error: Any) -> None:
        raise OperationalError("database table is locked")

    send_each([EmailMessage("s", "b", to=[a]) for a in ("a@example.nl", "b@example.nl")], report)
    assert len(mail.outbox) == 2
    assert [r.message for r in caplog.records].count(
        "the outcome of a mail could not be recorded") == 2
