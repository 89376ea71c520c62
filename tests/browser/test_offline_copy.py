"""The copy of the table page this phone keeps for a reload without Wi-Fi: it is the table as it
really is on this phone (refreshed after every save, the waiting deals on top), and it belongs
to one login: a session that ended, a new login or a log-out (also one tapped offline) never
sees it (clubmanager/core/pwa.py, templates/pwa/sw.js, static/js/offline/)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Error, expect

from tournaments.models import Table

from .test_offline import boxes, look, open_table, stored
from .test_table_survives_the_hall import CACHED, save, wait_until_kept

pytestmark = pytest.mark.django_db(transaction=True)


def kept_with(page: Any, text: str) -> None:
    """The worker's copy of this page holds ``text`` (it refetches it after a save)."""
    for _ in range(100):
        found = page.evaluate("""async (text) => {
            const cache = await caches.open('cm-table-v2');
            for (const r of await cache.keys()) {
              if (!r.url.startsWith(location.origin + location.pathname)) continue;
              if ((await (await cache.match(r)).text()).includes(text)) return true;
            }
            return false;
        }""", text)
        if found:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the kept copy never held {text!r}")


def opened_offline(page: Any, url: str) -> str:
    """The page the phone shows for ``url`` without a connection ("" when it has none), as HTML:
    the login's name is in the menu, folded away."""
    try:
        page.goto(url)
    except Error:
        return ""
    return str(page.content())


def test_a_reload_offline_shows_the_deal_saved_online_and_numbers_on_from_it(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        deals: list[dict[str, int]]) -> None:
    page = open_table(browsing, table_url, scorekeeper_user)
    wait_until_kept(page)
    with step("a deal saved online: the kept copy is refreshed with it"):
        save(page, deals[0])
        expect(page.get_by_text("Deal 1 saved.")).to_be_visible()
        kept_with(page, 'id="hand-1"')
        foreseen = page.locator("#match p.next").inner_text()
    with step("the Wi-Fi goes and the tab reloads: deal 1 is there, the form is deal 2"):
        page.context.set_offline(True)
        page.reload()
        expect(page.locator("#offline")).to_contain_text(CACHED)
        expect(page.locator("#hand-1")).to_be_visible()
        expect(page.locator("#entry-h")).to_have_text("Deal 2")
        expect(page.locator("#match p.next")).to_have_text(foreseen)
    with step("two deals saved offline: listed after deal 1, marked, in order; deal 4 next"):
        save(page, deals[1])
        save(page, deals[2])
        expect(page.locator("#entry-h")).to_have_text("Deal 4")
        rows = page.locator("table.hand-list tbody tr")
        expect(rows).to_have_count(3)
        expect(rows.nth(1)).to_have_text(re.compile(r"^2\s*not sent yet"))
        expect(rows.nth(2)).to_have_text(re.compile(r"^3\s*not sent yet"))
        expect(page.locator("#offline li")).to_have_text(["Deal 2: not sent yet",
                                                         "Deal 3: not sent yet"])
        expect(page.locator(".waiting-note.next")).to_have_text(
            re.compile(r"^Deal 4 of 7: dealer Dirk · \S"))
        expect(page.locator("details.totals.provisional")).to_have_count(1)
        expect(boxes(page).nth(0)).to_be_focused()
        look(page, "copy-reload-after-online-save")
    with step("back online: stored once each, in order"):
        page.context.set_offline(False)
        expect(page.locator("#offline")).to_contain_text("Deal 3 saved.")
        assert stored(table) == deals[:3]


def test_the_kept_copy_belongs_to_one_login(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        admin_user: Any) -> None:
    page = open_table(browsing, table_url, scorekeeper_user)
    wait_until_kept(page)
    name = scorekeeper_user.username
    with step("the session ends without a log-out (it expired): offline, nothing is shown"):
        page.context.clear_cookies(name="sessionid")
        page.context.clear_cookies(name="cm-who")  # it expires with the session
        page.context.set_offline(True)
        assert name not in opened_offline(page, table_url)
        page.context.set_offline(False)
    with step("another login on this phone: offline, the first one's copy is not shown"):
        page.goto(table_url)
        from .conftest import log_in
        log_in(page, admin_user.username)
        page.context.set_offline(True)
        shown = opened_offline(page, table_url)
        assert name not in shown  # the admin's own copy, or none
        page.context.set_offline(False)


def test_logging_out_offline_ends_the_login_on_this_phone(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any) -> None:
    page = open_table(browsing, table_url, scorekeeper_user)
    wait_until_kept(page)
    name = scorekeeper_user.username
    with step("offline, the scorekeeper logs out: the page says so, no browser error"):
        page.context.set_offline(True)
        page.locator("summary", has_text="Menu").click()
        page.get_by_role("button", name="Log out").click()
        expect(page.locator("#main")).to_contain_text("You are logged out on this phone.")
        look(page, "copy-logout-offline")
        assert not [c for c in page.context.cookies() if c["name"] == "cm-who"]
    with step("a reload offline shows nothing of the login"):
        assert name not in opened_offline(page, table_url)
    with step("back online, the next page sends the log-out: the session has ended"):
        page.context.set_offline(False)
        page.goto("/")
        page.wait_for_url(f"{browsing.base_url}/")
        page.goto(table_url)
        expect(page.get_by_label("Username")).to_be_visible()
