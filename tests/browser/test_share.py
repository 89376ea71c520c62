"""Sharing an evening's results on a 390x844 phone (issue 26, item 5): a member asks for the
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
