"""Sharing an evening's results on a 390x844 phone: a member asks for the
results by e-mail on "Mijn gegevens"; the club admin opens the closed evening, goes to its
results, makes a share link and sees the WhatsApp button, and sees the member's choice on the
member form; the link, opened by someone who is not logged in, shows each name as the member
chose. The a11y checker of every browser test also holds these pages to 44 px tap targets and
16 px text."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from clubmanager.models import Member, PublicName, Role
from tests.tournaments.conftest import play_big_five  # noqa: F401
from tournaments.models import Evening, EveningStatus

from .conftest import keep, log_in_dutch

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("Henk van Leeuwen", "Alie de Jong", "Gerrit Hoekstra")


def test_the_admin_shares_the_results_and_a_visitor_sees_names_as_chosen(
    browsing: Any, step: Any, club: Any, admin_user: Any, play_big_five: Any,  # noqa: F811
    live_server: Any, settings: Any, make_user: Any,
) -> None:
    settings.SITE_URL = live_server.url  # the share link on this test server's address
    played = play_big_five(club, NAMES)
    evening = played["evening"]
    Evening.objects.filter(pk=evening.pk).update(status=EveningStatus.CLOSED)
    henk, alie, _gerrit = played["members"]
    Member.objects.filter(pk=henk.pk).update(public_name=PublicName.FULL)
    Member.objects.filter(pk=alie.pk).update(public_name=PublicName.HIDDEN)
    Member.objects.filter(pk=henk.pk).update(
        email="henk@example.nl", user=make_user("henk", club, Role.MEMBER))
    member = browsing.new_page(phone=True)

    with step("a member asks for the results by e-mail on Mijn gegevens"):
        log_in_dutch(browsing, member, reverse("clubmanager:my_data", kwargs={
            "club": club.slug}), "henk")
        box = member.get_by_label("Stuur mij de uitslag van elke avond per e-mail")
        expect(box).not_to_be_checked()  # off unless asked
        box.check()
        member.get_by_role("button", name="Keuze bewaren").click()
        expect(member.get_by_label("Stuur mij de uitslag van elke avond per e-mail")
               ).to_be_checked()
        assert Member.objects.get(pk=henk.pk).results_by_mail
        keep(member, "share-my-data-phone.png")

    admin = browsing.new_page(phone=True)

    with step("the admin opens the finished evening and its share part"):
        log_in_dutch(browsing, admin, reverse("tournaments:evening_detail", kwargs={
            "club": club.slug, "pk": evening.pk}), admin_user.username)
        admin.get_by_role("link", name="De uitslag delen").click()
        admin.get_by_role("button", name="Deellink maken").click()
        expect(admin.get_by_text("De deellink is klaar.")).to_be_visible()
        whatsapp = admin.get_by_role("link", name="Deel via WhatsApp")
        expect(whatsapp).to_be_visible()
        expect(admin.get_by_role("button", name="Uitslag mailen")).to_be_visible()
        share_url = admin.locator("#share-url").inner_text().strip()
        href = whatsapp.get_attribute("href") or ""
        assert href.startswith("https://wa.me/?text=") and share_url in unquote(href)
        keep(admin, "share-results-admin-phone.png")

    with step("the admin sees the member's choice on the member form"):
        admin.goto(reverse("clubmanager:member_edit", kwargs={"club": club.slug,
                                                              "pk": henk.pk}))
        expect(admin.get_by_label("Uitslagen per e-mail")).to_be_checked()
        keep(admin, "share-member-form-phone.png")

    visitor = browsing.new_page(phone=True, language="nl")
    with step("a visitor who is not logged in opens the link"):
        visitor.goto(share_url)
        expect(visitor.get_by_role("heading", name="Totaal")).to_be_visible()
        expect(visitor.get_by_text("Henk van Leeuwen").first).to_be_visible()  # chose full
        expect(visitor.get_by_text(f"lid {alie.member_number}").first).to_be_visible()
        expect(visitor.get_by_text("Gerrit H.").first).to_be_visible()  # the default
        expect(visitor.get_by_text("Hoekstra")).to_have_count(0)
        expect(visitor.get_by_text("Alie")).to_have_count(0)
        keep(visitor, "share-results-visitor-phone.png")


def test_the_admin_sees_who_did_not_get_the_results_mail_and_sends_it_again(
    browsing: Any, step: Any, club: Any, admin_user: Any, make_member: Any,
    make_competition: Any, make_evening: Any, settings: Any,
) -> None:
    from clubmanager.core.mail import wait_for_mail

    settings.EMAIL_BACKEND = "tests.tournaments.standings.test_results_mail.RefusingBackend"
    members = [make_member(club, name=name, email=f"{name.split()[0].lower()}@example.nl",
                           results_by_mail=True) for name in NAMES]
    evening = make_evening(make_competition(club, "jokeren"), members,
                           status=EveningStatus.CLOSED)
    admin = browsing.new_page(phone=True)
    results = reverse("tournaments:evening_results", kwargs={"club": club.slug,
                                                             "pk": evening.pk})

    with step("the admin mails the results; the server refuses Henk's address"):
        log_in_dutch(browsing, admin, results, admin_user.username)
        admin.get_by_role("button", name="Uitslag mailen").click()
        wait_for_mail()
        admin.goto(results)
        expect(admin.get_by_text("Verzonden aan 2 van 3.")).to_be_visible()
        expect(admin.locator(".mail-failed li")).to_have_text(
            "Henk van Leeuwen (adres geweigerd, 550)")
        keep(admin, "results-mail-outcome-phone.png")
        admin.get_by_role("link", name="Henk van Leeuwen").click()  # to correct the address
        expect(admin.get_by_role("textbox", name="E-mail:")).to_have_value("henk@example.nl")
        admin.goto(results)

    with step("with the address corrected, sending again reaches Henk only"):
        Member.objects.filter(name="Henk van Leeuwen").update(email="henk.vl@example.nl")
        admin.get_by_role("button", name="Opnieuw versturen aan de 1 die hem niet kreeg").click()
        wait_for_mail()
        admin.goto(results)
        expect(admin.get_by_text("Verzonden aan 3 van 3.")).to_be_visible()
        expect(admin.get_by_role("button", name="Opnieuw versturen aan de 1 die hem niet kreeg")
               ).to_have_count(0)
