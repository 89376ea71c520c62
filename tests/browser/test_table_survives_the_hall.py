"""The table page survives the hall: a reload without Wi-Fi shows the table as
the phone kept it (the service worker, clubmanager/core/pwa.py) and keeps entering into the queue;
two tabs on one table send the queue once and in order (navigator.locks); a phone woken up
sends what waits at once; while hands wait, the line above the form and the totals say so."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tournaments.models import Table

from .test_offline import WAITING, look, open_table, stored, type_deal

pytestmark = pytest.mark.django_db(transaction=True)

CACHED = "No connection: this is the table as this phone kept it"


def wait_until_kept(page: Any) -> None:
    """The service worker controls the page and keeps the table page and its files."""
    page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
    for _ in range(100):
        kept = page.evaluate("""async () => {
            const cache = await caches.open('cm-table-v2');
            const pages = (await cache.keys()).filter(
              r => r.url.startsWith(location.origin + location.pathname));
            return pages.length > 0
              && !!(await cache.match(document.querySelector('script[src*="offline.js"]').src));
        }""")
        if kept:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the service worker did not keep the table page")


def stored_now(table: Table) -> list[dict[str, Any]]:
    """``stored`` while the server may be writing: the tests' in-memory SQLite answers a read
    that meets the write with "table is locked" instead of waiting (failed on base code too)."""
    from django.db import OperationalError

    for _ in range(50):
        try:
            return stored(table)
        except OperationalError:
            time.sleep(0.1)
    return stored(table)


def save(page: Any, deal: dict[str, int]) -> None:
    type_deal(page, deal)
    page.get_by_role("button", name="Save deal").click()


def test_a_reload_without_wifi_shows_the_kept_table_and_queues_what_is_entered(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        deals: list[dict[str, int]]) -> None:
    page = open_table(browsing, table_url, scorekeeper_user)
    wait_until_kept(page)
    with step("the Wi-Fi goes and the phone reloads the tab: the kept table, and a banner"):
        page.context.set_offline(True)
        page.reload()
        expect(page.locator("#offline")).to_contain_text(CACHED)
        expect(page.locator("#entry-h")).to_have_text("Deal 1")
        expect(page.locator("#offline")).to_be_visible()
    with step("three deals entered: they wait, and the page says what it does not know"):
        for number, deal in enumerate(deals[:3], start=1):
            save(page, deal)
            expect(page.locator("#offline")).to_contain_text(f"{WAITING} ({number} waiting).")
        expect(page.locator("#entry-h")).to_have_text("Deal 4")
        # Jokeren's rules fix the deals: the line is the engine's deal 4, not deal 1's.
        expect(page.locator(".waiting-note.next")).to_have_text(
            re.compile(r"^Deal 4 of 7: dealer Dirk · \S"))
        foreseen = page.locator(".waiting-note.next").inner_text()
        expect(page.locator("#match p.next:not(.waiting-note)")).to_be_hidden()
        expect(page.locator(".waiting-note.muted")).to_have_text(
            "Provisional: the totals do not include the hands still waiting.")
        look(page, "hall-reload-offline")
    with step("the connection is back: each stored once, in order; the notes go"):
        page.context.set_offline(False)
        expect(page.locator("#offline")).to_contain_text("Deal 3 saved.")
        assert stored(table) == deals[:3]
        expect(page.locator("#offline")).not_to_contain_text(CACHED)
        expect(page.locator(".waiting-note")).to_have_count(0)
        expect(page.locator("#match p.next")).to_have_text(foreseen)  # as the server says


def test_two_tabs_on_one_table_send_the_queue_once_and_in_order(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        deals: list[dict[str, int]]) -> None:
    first = open_table(browsing, table_url, scorekeeper_user)
    wait_until_kept(first)
    sent: list[str] = []  # the saves that reached the server (offline tries fail at once)
    first.context.on("requestfinished", lambda r: sent.append(r.post_data or "")
                     if r.method == "POST" and r.url.endswith("/hands/add/") else None)
    with step("three deals wait in the first tab; a second tab on the same table"):
        first.context.set_offline(True)
        for deal in deals[:3]:
            save(first, deal)
        expect(first.locator("#offline")).to_contain_text(f"{WAITING} (3 waiting).")
        second = first.context.new_page()
        second.goto(table_url)
        expect(second.locator("#offline")).to_contain_text(f"{WAITING} (3 waiting).")
    with step("the connection is back in both: each deal sent once, in order"):
        first.context.set_offline(False)
        for _ in range(150):
            if len(stored_now(table)) == 3:
                break
            first.wait_for_timeout(100)
        first.wait_for_timeout(1500)  # a second send, were there one, is under way by now
        for tab in (first, second):
            expect(tab.locator("#offline")).not_to_contain_text("waiting")
        assert stored_now(table) == deals[:3]
        keys = [next(p.split("=")[1] for p in body.split("&") if p.startswith("entry_key="))
                for body in sent]
        assert len(keys) == 3 and len(set(keys)) == 3, keys


def test_a_phone_woken_up_sends_what_waits_at_once(
        browsing: Any, step: Any, table: Table, table_url: str, scorekeeper_user: Any,
        deals: list[dict[str, int]]) -> None:
    page = open_table(browsing, table_url, scorekeeper_user)
    tries: list[str] = []
    page.route("**/hands/add/", lambda route: (tries.append(route.request.url), route.abort()))
    with step("a deal cannot get out: tried four times, the next try is seconds away"):
        save(page, deals[0])
        expect(page.locator("#offline")).to_contain_text(f"{WAITING} (1 waiting).")
        page.wait_for_function("() => true")  # the page is responsive
        for _ in range(150):
            if len(tries) >= 4:
                break
            page.wait_for_timeout(100)
        assert len(tries) >= 4  # back-off 1, 2, 4 s: the fifth try waits 8 s (at least 6)
    with step("the phone sleeps; the Wi-Fi comes back meanwhile; it wakes: sent at once"):
        page.unroute("**/hands/add/")
        page.evaluate("""() => {
            for (const state of ['hidden', 'visible']) {
              Object.defineProperty(document, 'visibilityState',
                                    {value: state, configurable: true});
              document.dispatchEvent(new Event('visibilitychange'));
            }
        }""")
        expect(page.locator("#offline")).to_contain_text("Deal 1 saved.", timeout=3000)
        assert stored(table) == deals[:1]
