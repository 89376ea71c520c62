"""The table's one promise: what is typed is what is stored, for the player it was typed for,
and a shared phone loses nobody's deal. The three ways it was broken, as a 72-year-old
scorekeeper on a 390x844 phone with a slow CPU met them:

1. After a deal saved to the phone while offline the focus stayed in the last box: the next
   deal typed without looking went into the wrong boxes (``9, 17, 0`` stored as ``17 / 0 / 9``).
2. A shared phone: a half deal was wiped by logging out; a save refused because someone else
   logged in said "no connection" (with no way to log in again) and was wiped by that other
   person's logout.
3. A reload without Wi-Fi showed the table of the last full page load: a deal saved since was
   missing, the form said "Deal 1" for deal 4 with that deal's dealer, the waiting list was out
   of order.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tournaments.models import Table

from .offline_helpers import (
    boxes,
    code_url,
    expect_boxes,
    fill_boxes,
    focused_name,
    heading,
    jokeren_table,
    log_in_at,
    log_out,
    sides,
    stored,
    table_url,
    throttle,
    type_deal,
    typists,
    wait_for_stored,
    wait_until_kept,
)

pytestmark = pytest.mark.django_db(transaction=True)

# The old client's line for a save that could not get out: the wrong reason when the save was
# refused because someone else logged in on the phone.
NO_CONNECTION = re.compile(r"will be sent as soon as there is a connection", re.I)
SOMEONE_ELSE = re.compile(r"someone else|somebody else|another (person|login|user)|"
                          r"logged in as", re.I)


@pytest.fixture
def three(club: Any, make_member: Callable[..., Any], request: pytest.FixtureRequest) -> Table:
    """Ann, Bob and Cor at a Jokeren table (three boxes a deal)."""
    return jokeren_table(club, make_member, request.getfixturevalue, players=3)


def open_as(browsing: Any, table: Table, who: Any) -> Any:
    """A phone on the table's page: through a login (``who`` a user) or the table's code."""
    page = browsing.new_page(phone=True)
    if who == "code":
        page.goto(code_url(table))
    else:
        log_in_at(page, table_url(table), who)
    expect(page.locator("form.hand-form")).to_be_visible()
    page.wait_for_load_state("load")
    return page


# -- 1. numbers against the wrong players ----------------------------------------------------
@pytest.mark.parametrize("via", ["login", "code"])
def test_the_next_deal_typed_blind_after_an_offline_save_goes_against_the_right_players(
        browsing: Any, step: Any, three: Table, scorekeeper_user: Any, via: str) -> None:
    page = open_as(browsing, three, scorekeeper_user if via == "login" else "code")
    throttle(page)
    names = sides(three)
    first, second = (0, 25, 12), (9, 17, 0)
    with step("offline, deal 1 typed with Enter after each number: saved to the phone"):
        page.context.set_offline(True)
        type_deal(page, first)
        expect(heading(page)).to_have_text("Deal 2")
        expect_boxes(page, [None, None, None])
    page.wait_for_timeout(300)  # a scorekeeper looks down at the next deal's numbers
    focus = focused_name(page)  # where the next number goes (said when it went wrong)
    with step("deal 2 typed without looking: 9, 17, 0, each with Enter"):
        type_deal(page, second, first_tap=False)
        expect(heading(page)).to_have_text("Deal 3")
    with step("back online: both stored once, each number against its own player"):
        page.context.set_offline(False)
        wait_for_stored(page, three, 2)
        assert stored(three) == [dict(zip(names, first, strict=True)),
                                 dict(zip(names, second, strict=True))], (
            f"the focus after the offline save was on {focus!r}")
    with step("the focus is in the first box of deal 3"):
        expect(boxes(page).first).to_be_focused()


# -- 2. a shared phone -----------------------------------------------------------------------
def log_in_again(page: Any) -> Any:
    """The button (or link) of the refusal's message that leads to the login."""
    return page.locator("#offline").locator("a, button", has_text=re.compile("Log in")).first


def test_a_shared_phone_keeps_each_scorekeepers_deal_for_that_scorekeeper(
        browsing: Any, step: Any, three: Table, scorekeeper_user: Any,
        make_user: Callable[..., Any], club: Any) -> None:
    from clubmanager.models import Role

    other = make_user("hv-schrijver-b", club, Role.SCOREKEEPER)
    url = table_url(three)
    names = sides(three)
    deal = (14, 0, 33)
    a = open_as(browsing, three, scorekeeper_user)
    throttle(a)
    with step("A types half a deal and logs out"):
        fill_boxes(a, {0: 14, 1: 0})
        expect_boxes(a, [14, 0, None])
        a.wait_for_timeout(600)  # past the live check's pause: the phone has it
        log_out(a)
    with step("A logs in again: the half deal is back"):
        log_in_at(a, url, scorekeeper_user)
        expect(a.locator("form.hand-form")).to_be_visible()
        expect_boxes(a, [14, 0, None])
    with step("A types the rest; meanwhile B logs in in another tab of the same phone"):
        fill_boxes(a, {2: 33})
        expect_boxes(a, [14, 0, 33])
        a.wait_for_timeout(600)
        b = a.context.new_page()
        b.goto(url)  # still A's session: B logs A out there, then logs in
        log_out(b)
        log_in_at(b, url, other)
        expect(b.locator("form.hand-form")).to_be_visible()
    with step("B sees nothing of A's deal"):
        b.wait_for_timeout(1000)
        expect_boxes(b, [None, None, None])
        expect(heading(b)).to_have_text("Deal 1")
        # not in the form nor the list of deals (the whole page may show a clock's "14")
        expect(b.locator("form.hand-form")).not_to_contain_text("14")
        expect(b.locator("#hands")).not_to_contain_text("14")
        assert stored(three) == []
    with step("A saves in the first tab: refused, because someone else is logged in"):
        a.bring_to_front()
        a.get_by_role("button", name="Save deal").click()
        notice = a.locator("#offline")
        expect(notice).to_contain_text(SOMEONE_ELSE)
        expect(notice).not_to_contain_text(NO_CONNECTION)
        expect(log_in_again(a)).to_be_visible()
        assert stored(three) == []
    with step("B logs out: A's deal is not wiped, and B's tab never sent it"):
        b.bring_to_front()
        log_out(b)
        b.close()
        assert stored(three) == []
    with step("A logs in again from the message: the deal is stored once, under A"):
        a.bring_to_front()
        log_in_again(a).click()
        a.wait_for_url(re.compile("/accounts/login/"))
        a.locator("input[name=username]").fill(scorekeeper_user.username)
        from tests.conftest import PASSWORD

        a.locator("input[name=password]").fill(PASSWORD)
        a.locator("main form button[type=submit]").first.click()
        a.wait_for_url(lambda u: "/accounts/login/" not in u)
        wait_for_stored(a, three, 1)
        a.wait_for_timeout(1500)  # a second send, were there one, has arrived by now
        assert stored(three) == [dict(zip(names, deal, strict=True))]
        assert typists(three) == [f"u{scorekeeper_user.pk}"]


# -- 3. a reload without Wi-Fi ---------------------------------------------------------------
def cells(page: Any, number: int) -> Any:
    """The number and the penalties of a deal in the list."""
    return page.locator(f"#hand-{number} td:not(:last-child)")


def next_line(number: int, dealer: str, contract: str) -> str:
    """The line above the form for a deal of Jokeren's seven, as the server writes it."""
    from django.utils import translation

    from tournaments.games.jokeren import JokerenWords

    with translation.override("en"):
        label = str(JokerenWords.choice_label(contract))
    return f"Deal {number} of 7: dealer {dealer} · {label}"


def test_a_reload_without_wifi_shows_the_table_as_it_is_on_this_phone(
        browsing: Any, step: Any, table: Table, scorekeeper_user: Any,
        deals: list[dict[str, int]]) -> None:
    """The conftest's table: Ann, Bob, Cor and Dirk at Jokeren, its seven sample deals."""
    names = sides(table)
    page = open_as(browsing, table, scorekeeper_user)
    throttle(page)
    wait_until_kept(page)
    with step("three deals saved online (no full page load since the first)"):
        for number, deal in enumerate(deals[:3], start=1):
            type_deal(page, [deal[n] for n in names])
            expect(page.locator("#match")).to_contain_text(f"Deal {number} saved.")
        expect(heading(page)).to_have_text("Deal 4")
        assert stored(table) == deals[:3]
        # What the server says now: the line above the form (deal 4's dealer and contract),
        # the totals, the list of deals.
        truth_next = page.locator("#match p.next").inner_text()
        truth_totals = page.locator("#match details.totals .fold-line").inner_text()
        truth_rows = [cells(page, n).all_inner_texts() for n in (1, 2, 3)]
        assert truth_next == next_line(4, "Dirk", "run4"), truth_next
        page.wait_for_timeout(2000)  # the phone keeps the page as it is now (a moment's work)
    with step("the Wi-Fi goes, the phone reloads the tab: the table as it is, deal 4 next"):
        page.context.set_offline(True)
        page.reload()
        expect(page.locator("form.hand-form")).to_be_visible()
        expect(heading(page)).to_have_text("Deal 4")
        expect(page.locator("#match p.next:visible")).to_have_text(truth_next)
        for n, row in zip((1, 2, 3), truth_rows, strict=True):
            expect(cells(page, n)).to_have_text(row)
        expect(page.locator("#match details.totals .fold-line")).to_have_text(truth_totals)
    with step("two deals saved offline, the tab reloaded again: waiting in order, deal 6 next"):
        for number, deal in enumerate(deals[3:5], start=4):
            type_deal(page, [deal[n] for n in names])
            expect(heading(page)).to_have_text(f"Deal {number + 1}")
        page.reload()
        expect(page.locator("form.hand-form")).to_be_visible()
        expect(heading(page)).to_have_text("Deal 6")
        waiting = page.locator("#offline li")
        expect(waiting).to_have_count(2)
        expect(waiting.nth(0)).to_contain_text("Deal 4")
        expect(waiting.nth(1)).to_contain_text("Deal 5")
        for n, row in zip((1, 2, 3), truth_rows, strict=True):
            expect(cells(page, n)).to_have_text(row)
        expect(page.locator("#match p.next:visible")).to_have_text(next_line(6, "Bob", "run6"))
    with step("one more saved offline: the waiting list reads deal 4, 5, 6"):
        deal = deals[5]
        type_deal(page, [deal[n] for n in names])
        expect(heading(page)).to_have_text("Deal 7")
        expect(waiting).to_have_count(3)
        for i, n in enumerate((4, 5, 6)):
            expect(waiting.nth(i)).to_contain_text(f"Deal {n}")
    with step("the connection is back: each stored once, in order; the server agrees"):
        page.context.set_offline(False)
        wait_for_stored(page, table, 6)
        page.wait_for_timeout(1000)
        assert stored(table) == deals[:6]
        expect(heading(page)).to_have_text("Deal 7")
