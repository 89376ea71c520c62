"""The live check on a phone over a slow network: what the scorekeeper types is what is saved.

The hand form re-checks itself with the rules engine (htmx, on change) and swaps the fields with
the server's answer. On a phone the answer can arrive while the scorekeeper is already typing in
the next field; the swap must not undo that typing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournaments.models import Hand

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(club: Any, make_member: Callable[..., Any], make_competition: Callable[..., Any],
          make_evening: Callable[..., Any], make_round: Callable[..., Any],
          seat_table: Callable[..., Any]) -> Any:
    members = [make_member(club, name=name) for name in ("Ann", "Bob", "Cor", "Dirk")]
    evening = make_evening(make_competition(club, "jokeren"), members)
    return seat_table(make_round(evening), list(evening.participants.all()))


def slow_phone_network(page: Any, latency_ms: int = 400) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": latency_ms, "downloadThroughput": -1,
        "uploadThroughput": -1,
    })


def test_typing_on_while_the_live_check_answers_is_not_lost(
    browsing: Any, step: Any, club: Any, scorekeeper_user: Any, table: Any,
) -> None:
    page = browsing.new_page(phone=True)
    with step("open the table"):
        page.goto(reverse("tournaments:table_scores", kwargs={"club": club.slug, "pk": table.pk}))
        log_in(page, scorekeeper_user.username)
        expect(page.get_by_role("heading", name="Deal 1")).to_be_visible()
    typed = {"Ann": "0", "Bob": "45", "Cor": "12", "Dirk": "88"}
    with step("type the deal at a scorekeeper's pace on a slow network"):
        slow_phone_network(page)
        page.get_by_label("Ann", exact=True).tap()
        for name, value in typed.items():
            page.keyboard.type(value, delay=90)  # a thumb, not a robot
            if name != "Dirk":
                page.keyboard.press("Tab")  # the "next" key of a phone keyboard
        page.wait_for_timeout(1500)  # every check answered and swapped
    with step("the fields still hold what was typed"):
        shown = {name: page.get_by_label(name, exact=True).input_value() for name in typed}
        assert shown == typed, "the live check's answer overwrote what the scorekeeper typed"
    with step("and that is what is saved"):
        page.get_by_role("button", name="Save deal").click()
        expect(page.get_by_text("Deal 1 saved.")).to_be_visible()
        assert Hand.objects.get(table=table).data == {
            "penalties": {name: int(v) for name, v in typed.items()}}
