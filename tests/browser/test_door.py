"""Self check-in at the door on a 390x844 phone: the club admin shows the
door QR, a member who is not logged in opens its address, taps their name, is asked "Bent u …?"
and confirms; the admin's check-in list shows "bij de deur" and can undo it. The a11y checker of
every browser test also holds these pages to 44 px tap targets and 16 px text."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournaments.models import EveningStatus, Participant

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_member_checks_in_at_the_door_and_the_admin_sees_it(
    browsing: Any, step: Any, club: Any, admin_user: Any, make_member: Any,
    make_competition: Any, make_evening: Any,
) -> None:
    henk = make_member(club, name="Henk van Leeuwen")
    make_member(club, name="Henk de Vries")
    evening = make_evening(make_competition(club, "jokeren", name="Jokeren dinsdag"),
                           [make_member(club, name="Alie de Jong")],
                           status=EveningStatus.CHECKIN)
    checkin = reverse("tournaments:checkin", kwargs={"club": club.slug, "pk": evening.pk})
    admin = browsing.new_page(phone=False)

    with step("the admin shows the door QR"):
        admin.goto(checkin)
        log_in(admin, admin_user.username)
        admin.context.add_cookies([{"name": "django_language", "value": "nl",
                                    "url": browsing.base_url}])
        admin.goto(checkin)
        admin.get_by_role("link", name="Deurscherm voor de tablet").click()
        expect(admin.get_by_role("img", name="Aanmeldcode van deze avond")).to_be_visible()
        door_url = admin.locator(".door-url").inner_text().strip()
        browsing.screenshot("admin-door-link")

    tablet = browsing.new_page(phone=False, language="nl")
    with step("the tablet by the door shows the check-in and nothing else"):
        tablet.goto(door_url)
        expect(tablet.get_by_role("heading", name="Aanmelden: tik op uw naam")).to_be_visible()
        expect(tablet.get_by_role("img", name="Aanmeldcode van deze avond")).to_be_visible()
        expect(tablet.get_by_text("Menu")).to_have_count(0)
        expect(tablet.locator("nav")).to_have_count(0)
        browsing.screenshot("tablet")

    phone = browsing.new_page(phone=True, language="nl")
    with step("a member taps their name and is asked who they are"):
        phone.goto(door_url)
        expect(phone.get_by_role("heading", name="Aanmelden: tik op uw naam")).to_be_visible()
        expect(phone.get_by_role("img", name="Aanmeldcode van deze avond")).to_be_hidden()
        browsing.screenshot("names")
        expect(phone.get_by_role("link", name="Alie de Jong")).to_have_count(0)  # already in
        phone.get_by_role("link", name="Henk van Leeuwen").click()
        expect(phone.get_by_role("heading", name="Bent u Henk van Leeuwen?")).to_be_visible()
        browsing.screenshot("confirm")
        assert not Participant.objects.filter(member=henk).exists()

    with step("the wrong Henk goes back; the right one confirms"):
        phone.get_by_role("link", name="Nee, terug naar de lijst").click()
        phone.get_by_role("link", name="Henk van Leeuwen").click()
        phone.get_by_role("button", name="Ja, ik ben Henk van Leeuwen").click()
        expect(phone.get_by_role("heading", name="Welkom, Henk van Leeuwen!")).to_be_visible()
        assert Participant.objects.get(member=henk).self_checkin

    with step("the admin's check-in list shows it, and the admin undoes it"):
        admin.goto(checkin)
        button = admin.get_by_role("button", name="Henk van Leeuwen bij de deur")
        expect(button).to_be_visible()
        button.click()
        expect(admin.get_by_role("button", name="Henk van Leeuwen", exact=True)).to_be_visible()
        assert not Participant.objects.filter(member=henk).exists()

    with step("once play starts the door is shut"):
        evening.refresh_from_db()
        evening.status = EveningStatus.PLAYING
        evening.save()
        phone.goto(door_url)
        expect(phone.get_by_text("Het spelen is begonnen: aanmelden bij de deur kan niet meer"
                                 )).to_be_visible()

    with step("the admin's own browser on the door link shows no menu either"):
        admin.goto(door_url)
        expect(admin.get_by_role("button", name="Uitloggen (hv-admin)")).to_have_count(0)
        expect(admin.get_by_text("Het spelen is begonnen")).to_be_visible()
