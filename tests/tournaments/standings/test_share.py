"""Sharing an evening's results (docs/privacy.md "Sharing an evening's
results"): after the evening a club admin makes an unguessable share link that shows that
evening only, names as each member chose for visitors; a "Deel via WhatsApp" link; and the
results by e-mail to the members who asked for them, sent after the answer, once."""

import re
import time
from typing import Any
from urllib.parse import unquote

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from clubmanager.models import Member, PublicName
from tests.clubmanager.test_password_reset import SlowBackend
from tournaments.models import Evening, EveningStatus
from tournaments.standings.services.sharing import evening_share_code_renew

pytestmark = pytest.mark.django_db

SITE = "https://club.example.nl"
NAMES = ("Henk van Leeuwen", "Alie de Jong", "Gerrit Hoekstra")


class FailingBackend(SlowBackend):
    """A mail server that refuses every mail."""

    def send_messages(self, messages: Any) -> int:
        raise ConnectionRefusedError("no mail server")


@pytest.fixture(autouse=True)
def _site_url(settings: Any) -> None:
    settings.SITE_URL = SITE


@pytest.fixture
def played(club: Any, play_big_five: Any) -> dict[str, Any]:
    played = play_big_five(club, NAMES)
    Evening.objects.filter(pk=played["evening"].pk).update(status=EveningStatus.CLOSED)
    played["evening"].refresh_from_db()
    return played


def results_url(club: Any, evening: Evening) -> str:
    return reverse("tournaments:evening_results", kwargs={"club": club.slug, "pk": evening.pk})


def share_path(evening: Evening) -> str:
    evening.refresh_from_db()
    return reverse("share:results", kwargs={"code": evening.share_code})


def make_link(admin_client: Client, club: Any, evening: Evening) -> str:
    response = admin_client.post(
        reverse("tournaments:evening_share", kwargs={"club": club.slug, "pk": evening.pk}),
        {"action": "renew"})
    assert response.status_code == 302
    return share_path(evening)


def test_the_share_page_shows_names_as_chosen_never_a_full_name_by_default(
        admin_client: Client, client: Client, club: Any, played: dict[str, Any]) -> None:
    club.public_pages = False  # the link works without the club's public pages
    club.save()
    path = make_link(admin_client, club, played["evening"])
    body = client.get(path).content.decode()
    assert "Henk L." in body and "Alie J." in body and "Gerrit H." in body
    assert not any(name in body for name in NAMES)
    assert "Leeuwen" not in body and "Hoekstra" not in body
    henk, alie, _gerrit = played["members"]
    Member.objects.filter(pk=henk.pk).update(public_name=PublicName.FULL)
    Member.objects.filter(pk=alie.pk).update(public_name=PublicName.HIDDEN)
    body = client.get(path).content.decode()
    assert "Henk van Leeuwen" in body
    assert "Alie" not in body and f"lid {alie.member_number}" in body
    assert "Gerrit H." in body and "Hoekstra" not in body
    # read-only: no link to the score pages, and no share controls
    assert "/scores/" not in body and "Uitslag mailen" not in body


def test_the_share_page_runs_a_fixed_number_of_queries(
        admin_client: Client, client: Client, club: Any, played: dict[str, Any],
        make_round: Any, seat_table: Any, django_assert_max_num_queries: Any) -> None:
    evening = played["evening"]
    path = make_link(admin_client, club, evening)
    # the evening, the visitors' names, the tables with their seats, the overall result
    with django_assert_max_num_queries(4):
        assert client.get(path).status_code == 200
    people = list(evening.participants.all())
    for _ in range(3):  # more rounds and tables: the same number of queries
        seat_table(make_round(evening), people)
    with django_assert_max_num_queries(4):
        body = client.get(path).content.decode()
    assert "Ronde 4" in body


def test_a_wrong_renewed_or_revoked_link_is_404(
        admin_client: Client, client: Client, club: Any, played: dict[str, Any]) -> None:
    evening = played["evening"]
    first = make_link(admin_client, club, evening)
    assert len(first.rstrip("/").rsplit("/", 1)[1]) >= 22  # 128 random bits
    assert client.get(first.replace(first[-6:-1], "xxxxx")).status_code == 404
    second = make_link(admin_client, club, evening)
    assert second != first
    assert client.get(first).status_code == 404
    assert client.get(second).status_code == 200
    # reopened to correct a score: the link keeps working and the admin can still stop it
    Evening.objects.filter(pk=evening.pk).update(status=EveningStatus.PLAYING)
    assert client.get(second).status_code == 200
    page = admin_client.get(results_url(club, evening)).content.decode()
    assert "Stoppen met delen" in page and "Nieuwe link" not in page
    admin_client.post(reverse("tournaments:evening_share",
                              kwargs={"club": club.slug, "pk": evening.pk}),
                      {"action": "revoke"})
    assert client.get(second).status_code == 404
    assert client.get("/uitslag/" + "a" * 200 + "/").status_code == 404


def test_a_wrong_link_tried_too_often_is_refused_for_a_while(
        client: Client, settings: Any) -> None:
    settings.TABLE_CODE_FAILURE_LIMIT = 3
    statuses = [client.get("/uitslag/geraden-code/").status_code for _ in range(5)]
    assert statuses == [404, 404, 404, 429, 429]


def test_only_a_closed_evening_gets_a_link(
        admin_client: Client, client: Client, club: Any, play_big_five: Any) -> None:
    evening = play_big_five(club, NAMES)["evening"]  # still being played
    page = admin_client.get(results_url(club, evening)).content.decode()
    assert "Deel via WhatsApp" not in page
    assert "Als de avond is afgesloten" in page
    response = admin_client.post(
        reverse("tournaments:evening_share", kwargs={"club": club.slug, "pk": evening.pk}),
        {"action": "renew"}, follow=True)
    assert "Sluit eerst de avond af" in response.content.decode()
    evening.refresh_from_db()
    assert evening.share_code == ""


def test_the_whatsapp_link_is_url_encoded_and_holds_the_share_url(
        admin_client: Client, client_for: Any, member_user: Any, club: Any,
        played: dict[str, Any]) -> None:
    path = make_link(admin_client, club, played["evening"])
    for page in (admin_client.get(results_url(club, played["evening"])).content.decode(),
                 client_for(member_user).get(results_url(club, played["evening"]))
                 .content.decode()):
        found = re.search(r'href="(https://wa\.me/\?text=[^"]+)"[^>]*>Deel via WhatsApp<', page)
        assert found, page
        encoded = found[1].split("=", 1)[1]
        assert " " not in encoded and ":" not in encoded and "/" not in encoded
        text = unquote(encoded)
        assert text.startswith("Uitslag van De Harten Vrouw, ")
        assert SITE + path in text
        assert f">{SITE}{path}</a>" in page  # the link itself, to select without JavaScript
    member_page = client_for(member_user).get(results_url(club, played["evening"]))
    assert "Nieuwe link" not in member_page.content.decode()  # a member only shares


# -- the results by e-mail --------------------------------------------------------------------

@pytest.fixture
def readers(club: Any, played: dict[str, Any], make_member: Any) -> dict[str, Member]:
    henk, alie, gerrit = played["members"]
    Member.objects.filter(pk=henk.pk).update(email="henk@example.nl", results_by_mail=True)
    Member.objects.filter(pk=alie.pk).update(email="alie@example.nl")  # did not ask
    Member.objects.filter(pk=gerrit.pk).update(results_by_mail=True)  # no address
    left = make_member(club, name="Oud Lid", email="oud@example.nl", results_by_mail=True,
                       is_active=False)
    return {"henk": henk, "left": left}


def mail_results(admin_client: Client, club: Any, evening: Evening, **data: str) -> Any:
    return admin_client.post(reverse("tournaments:evening_results_mail",
                                     kwargs={"club": club.slug, "pk": evening.pk}), data,
                             follow=True)


# the mail is sent by a thread of its own after the commit, which records its outcome
@pytest.mark.django_db(transaction=True)
def test_results_are_mailed_after_the_answer_only_to_who_asked_once(
        admin_client: Client, club: Any, played: dict[str, Any], readers: Any, settings: Any,
) -> None:
    from clubmanager.core.mail import wait_for_mail

    settings.EMAIL_BACKEND = "tests.clubmanager.test_password_reset.SlowBackend"
    evening = played["evening"]
    path = make_link(admin_client, club, evening)
    admin_client.cookies["django_language"] = "en"  # the admin reads English; the club is Dutch
    start = time.monotonic()
    response = mail_results(admin_client, club, evening)
    assert time.monotonic() - start < 1.0  # the mail server takes 2 s
    assert mail.outbox == []  # not yet: on its way
    assert "being mailed to 1 member:" in response.content.decode()
    wait_for_mail()
    assert [m.to for m in mail.outbox] == [["henk@example.nl"]]
    message = mail.outbox[0]
    assert message.subject.startswith("Uitslag van De Harten Vrouw, ")
    # members see full names, in the club's language, with the share link
    assert all(name in message.body for name in NAMES)
    assert "Hallo Henk van Leeuwen," in message.body  # the club's language, Dutch
    assert "De uitslag van " in message.body and "1. Henk van Leeuwen – 0" in message.body
    assert SITE + path in message.body
    evening.refresh_from_db()
    assert evening.results_mailed_at is not None

    again = mail_results(admin_client, club, evening)
    wait_for_mail()
    assert len(mail.outbox) == 1  # once per evening
    assert "mailed before" in again.content.decode()
    mail_results(admin_client, club, evening, again="1")
    wait_for_mail()
    assert len(mail.outbox) == 2  # sent again on purpose


@pytest.mark.django_db(transaction=True)
def test_a_failing_mail_server_is_logged_never_an_error_page(
        admin_client: Client, club: Any, played: dict[str, Any], readers: Any, settings: Any,
        caplog: Any) -> None:
    from clubmanager.core.mail import wait_for_mail

    settings.EMAIL_BACKEND = "tests.tournaments.standings.test_share.FailingBackend"
    response = mail_results(admin_client, club, played["evening"])
    wait_for_mail()
    assert response.status_code == 200
    assert mail.outbox == []
    assert "a mail could not be sent" in caplog.text


def test_a_member_asks_for_the_results_on_my_data_and_an_admin_on_the_form(
        client_for: Any, admin_client: Client, club: Any, make_member: Any,
        member_user: Any) -> None:
    ann = make_member(club, name="Ann Smit", email="ann@example.nl", user=member_user)
    assert ann.results_by_mail is False  # off unless asked
    own = client_for(member_user)
    url = reverse("clubmanager:my_data", kwargs={"club": club.slug})
    assert "Stuur mij de uitslag van elke avond per e-mail" in own.get(url).content.decode()
    own.post(url, {"public_name": "short", "results_by_mail": "on"})
    ann.refresh_from_db()
    assert ann.results_by_mail is True
    edit = reverse("clubmanager:member_edit", kwargs={"club": club.slug, "pk": ann.pk})
    assert "Uitslagen per e-mail" in admin_client.get(edit).content.decode()
    admin_client.post(edit, {"name": "Ann Smit", "member_number": ann.member_number,
                             "email": "ann@example.nl", "public_name": "short"})
    ann.refresh_from_db()
    assert ann.results_by_mail is False


def test_only_a_closed_evening_is_mailed(admin_client: Client, club: Any,
                                         play_big_five: Any) -> None:
    evening = play_big_five(club, NAMES)["evening"]
    response = mail_results(admin_client, club, evening)
    assert "Sluit eerst de avond af" in response.content.decode()
    evening.refresh_from_db()
    assert evening.results_mailed_at is None


def test_the_service_renews_the_code_of_a_closed_evening(played: dict[str, Any]) -> None:
    evening = evening_share_code_renew(evening=played["evening"], by=None)
    assert len(evening.share_code) == 22
