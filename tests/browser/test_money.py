"""Evening money on the club admin's phone: at check-in, one tap records
that a person paid the entry fee (cash or bank), the total received follows, and a second tap
undoes it. The a11y checker of every browser test also holds the page to 44 px tap targets and
16 px text at 390x844."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournaments.evenings.services import evenings as evening_services
from tournaments.evenings.services import money as money_services
from tournaments.models import EveningStatus, Participant

from .conftest import log_in


def said(received: str, owed: str) -> str:
    return f"Ontvangen €\u00a0{received} · nog te betalen €\u00a0{owed}"

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_admin_ticks_paid_at_check_in_on_a_phone(
    browsing: Any, step: Any, club: Any, admin_user: Any, make_member: Any,
    make_competition: Any, make_evening: Any,
) -> None:
    competition = make_competition(club, "jokeren", name="Jokeren dinsdag")
    money_services.competition_fees_set(competition=competition, member_cents=500,
                                        guest_cents=750)
    evening = make_evening(competition, status=EveningStatus.CHECKIN)
    ann = evening_services.participant_checkin(evening=evening,
                                               member=make_member(club, name="Ann"))
    evening_services.participant_add_guest(evening=evening, name="Gerda")
    checkin = reverse("tournaments:checkin", kwargs={"club": club.slug, "pk": evening.pk})
    page = browsing.new_page(phone=True)
    page.goto(checkin)
    log_in(page, admin_user.username)
    page.context.add_cookies([{"name": "django_language", "value": "nl",
                               "url": browsing.base_url}])
    page.goto(checkin)

    with step("nobody has paid yet"):
        expect(page.get_by_text(said("0,00", "12,50"))).to_be_visible()
    with step("Ann pays cash"):
        page.get_by_role("button", name="Ann heeft €\u00a05,00 contant betaald").click()
        expect(page.get_by_text(said("5,00", "7,50"))).to_be_visible()
        ann.refresh_from_db()
        assert (ann.paid_cents, ann.paid_method) == (500, "cash")
    with step("the guest pays by bank"):
        page.get_by_role("button", name="Gerda heeft €\u00a07,50 per bank betaald").click()
        expect(page.get_by_text(said("12,50", "0,00"))).to_be_visible()
    with step("a wrong tap is undone"):
        page.get_by_role("button", name="Ann heeft €\u00a05,00 betaald: terugdraaien").click()
        expect(page.get_by_text(said("7,50", "5,00"))).to_be_visible()
        assert Participant.objects.get(pk=ann.pk).paid_cents == 0
