"""Afmelden on a phone: a member taps "Ik kan niet komen" on the club page
for the next evening, sees that they called off, and undoes it. The a11y checker of every
browser test also holds the page to 44 px tap targets and 16 px text at 390x844; the same at
1920x1080.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from tournaments.models import CallOff, Evening

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("size", [(390, 844), (1920, 1080)], ids=["phone", "screen"])
def test_a_member_calls_off_on_a_phone_and_undoes_it(
    size: tuple[int, int], browsing: Any, step: Any, club: Any, member_user: Any,
    make_member: Any, make_competition: Any,
) -> None:
    cor = make_member(club, name="Cor", user=member_user)
    competition = make_competition(club, "jokeren", name="Jokeren dinsdag")
    evening = Evening.objects.create(competition=competition, status="planned",
                                     date=timezone.localdate() + datetime.timedelta(days=2),
                                     start_time=datetime.time(19, 30))
    page = browsing.new_page(phone=size[0] < 500)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    home = reverse("clubmanager:club_home", kwargs={"club": club.slug})

    with step("call off for the next evening"):
        page.goto(home)
        log_in(page, member_user.username)
        page.context.add_cookies([{"name": "django_language", "value": "nl",
                                   "url": browsing.base_url}])
        page.goto(home)
        card = page.locator(".next-evenings li", has_text="Jokeren dinsdag")
        card.get_by_role("button", name="Ik kan niet komen").click()
        expect(page.get_by_text("U hebt zich afgemeld voor deze avond.")).to_be_visible()
        expect(card.get_by_role("button", name="Ik kom toch")).to_be_visible()
        assert CallOff.objects.filter(evening=evening, member=cor).exists()

    with step("undo it"):
        card.get_by_role("button", name="Ik kom toch").click()
        expect(page.get_by_text("Uw afmelding is ingetrokken.")).to_be_visible()
        expect(card.get_by_role("button", name="Ik kan niet komen")).to_be_visible()
        assert not CallOff.objects.exists()
