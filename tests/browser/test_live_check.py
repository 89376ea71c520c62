"""The live check on a phone over a slow network: what the scorekeeper types is what is saved.

The hand form re-checks itself with the rules engine (htmx, on change) and swaps the fields with
the server's answer. On a phone the answer can arrive while the scorekeeper is already typing in
the next field; the swap must not undo that typing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Error as PlaywrightError
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


def test_a_save_clicked_while_the_check_answers_is_saved(
    browsing: Any, step: Any, club: Any, scorekeeper_user: Any, table: Any,
) -> None:
    """A club admin on a laptop types the last box and clicks Save at once. Pressing the button
    takes the focus from the box, so the live check is sent; its answer can land between the
    button's press and its release, and it changes the messages above the button. The button
    must not move from under the pointer: the release would land beside it and the deal would
    not be saved, without a word. (The checks are held at the network and let through while
    the button is down, so the answer lands there on every run.)"""
    page = browsing.new_page()
    holding: list[Any] = []
    hold = {"on": False}
    page.route("**/check/", lambda route: holding.append(route) if hold["on"]
               else route.continue_())
    with step("open the table and type three of the four boxes"):
        page.goto(reverse("tournaments:table_scores", kwargs={"club": club.slug, "pk": table.pk}))
        log_in(page, scorekeeper_user.username)
        expect(page.get_by_role("heading", name="Deal 1")).to_be_visible()
        for name, value in {"Ann": "0", "Bob": "45", "Cor": "12"}.items():
            page.get_by_label(name, exact=True).fill(value)
        page.wait_for_timeout(1000)  # every check of these answered
        expect(page.get_by_text("Accepted by the rules engine")).to_have_count(0)
    with step("type the last box and press Save; its check answers while the button is down"):
        hold["on"] = True
        page.get_by_label("Dirk", exact=True).click()
        page.keyboard.type("88")
        box = page.get_by_role("button", name="Save deal").bounding_box()
        assert box
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.wait_for_timeout(700)  # the check of the press, and the one of the typing
        assert holding, "pressing Save sent no check"
        with page.expect_response(lambda r: r.url.endswith("/check/")):
            for route in holding:
                with contextlib.suppress(PlaywrightError):  # one htmx gave up for a newer
                    route.continue_()
        page.wait_for_timeout(300)  # the answer handled
        page.mouse.up()
    with step("the deal is saved"):
        expect(page.get_by_text("Deal 1 saved.")).to_be_visible()
        assert Hand.objects.get(table=table).data == {
            "penalties": {"Ann": 0, "Bob": 45, "Cor": 12, "Dirk": 88}}
    with step("an answer held by a press elsewhere is shown at the release"):
        hold["on"] = False
        for name, value in {"Ann": "10", "Bob": "0", "Cor": "5"}.items():
            page.get_by_label(name, exact=True).fill(value)
        page.wait_for_timeout(1000)
        hold["on"] = True
        holding.clear()
        page.get_by_label("Dirk", exact=True).click()
        page.keyboard.type("7")
        heading = page.get_by_role("heading", name="Deal 2").bounding_box()
        assert heading
        page.mouse.move(heading["x"] + 5, heading["y"] + heading["height"] / 2)
        page.mouse.down()
        page.wait_for_timeout(700)
        with page.expect_response(lambda r: r.url.endswith("/check/")):
            for route in holding:
                with contextlib.suppress(PlaywrightError):
                    route.continue_()
        page.wait_for_timeout(300)
        expect(page.get_by_text("Accepted by the rules engine")).to_have_count(0)
        page.mouse.up()
        expect(page.get_by_text("Accepted by the rules engine")).to_be_visible()
        assert page.get_by_label("Dirk", exact=True).input_value() == "7"
