"""The check-in list on a 390x844 phone: a long name wraps beside its tick box, never below it,
with or without a badge ("afgemeld", "bij de deur") after it. Before, a long name without a
badge went whole to a line of its own under the tick box (the button's flex items wrapped),
so the list read as a column of empty boxes with the names between them."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournaments.evenings.services import evenings as evening_services
from tournaments.models import CallOff, EveningStatus

from .conftest import keep, log_in_dutch

pytestmark = pytest.mark.django_db(transaction=True)

LONG = "van Oranje-Nassau tot Bergen op Zoom"

# Where the first line of the name's text stands against the tick box of its button.
NAME_BESIDE_TICK = """(button) => {
  const tick = button.querySelector('.tick').getBoundingClientRect();
  const text = [...button.childNodes].find((n) => n.nodeType === 3 && n.textContent.trim());
  const range = document.createRange();
  range.selectNodeContents(text);
  const first = range.getClientRects()[0];
  return {beside: first.left >= tick.right, sameLine: first.top < tick.bottom,
          lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size,
          inside: range.getBoundingClientRect().right <= button.getBoundingClientRect().right};
}"""


def test_a_long_name_wraps_beside_its_tick_box_on_a_phone(
    browsing: Any, step: Any, club: Any, admin_user: Any, make_member: Any,
    make_competition: Any, make_evening: Any,
) -> None:
    competition = make_competition(club, "jokeren", name="Jokeren dinsdag")
    evening = make_evening(competition, status=EveningStatus.CHECKIN)
    make_member(club, name=f"Wilhelmina {LONG}", member_number="1")
    called_off = make_member(club, name=f"Juliana {LONG}", member_number="2")
    CallOff.objects.create(evening=evening, member=called_off)
    at_door = make_member(club, name=f"Beatrix {LONG}", member_number="3")
    participant = evening_services.participant_checkin(evening=evening, member=at_door)
    participant.self_checkin = True
    participant.save(update_fields=["self_checkin"])
    page = browsing.new_page(phone=True)
    checkin = reverse("tournaments:checkin", kwargs={"club": club.slug, "pk": evening.pk})
    log_in_dutch(browsing, page, checkin, admin_user.username)

    for name in ("Wilhelmina", "Juliana", "Beatrix"):  # none, called off, at the door
        with step(f"{name}: the name beside its tick box"):
            button = page.locator(".checkin-button").filter(has_text=f"{name} {LONG}")
            expect(button).to_have_count(1)
            where = button.evaluate(NAME_BESIDE_TICK)
            assert where["beside"] and where["sameLine"], where
            assert where["lines"] > 1 and where["inside"], where  # wrapped, within the button
    keep(page, "checkin-long-names-390.png")
