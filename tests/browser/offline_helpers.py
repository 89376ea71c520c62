"""What the offline tests of the table page share: a Jokeren table of 3 or 4 players, its boxes,
typing a deal as a scorekeeper does (tap the first box, then each number and Enter/Go, the last
Enter saves), who is at the phone (a login or the table's code), and what the server stored.

Only the page as a scorekeeper sees it and the database are looked at: never the client's own
storage keys, so the tests hold for any offline client that keeps the table's promise.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from playwright.sync_api import expect

from tournaments.models import Hand, Table

from .conftest import CHROMIUM_ARGS, PHONE, REPORT_CSP_VIOLATIONS, TIMEOUT_MS  # noqa: F401

NAMES = ("Ann", "Bob", "Cor", "Dirk")
PENALTY_BOXES = "form.hand-form #hand-fields input[name^='h-penalties-']"
SAVE = re.compile(r"^(Save deal|Spel opslaan|Saving…)$")
LOG_OUT = re.compile(r"^(Log out|Afmelden|Uitloggen)")


def throttle(page: Any, rate: float = float(os.environ.get("CPU_RATE", 4))) -> None:
    """The CPU at 1/``rate`` of its speed (a phone, not a laptop): for this page only.
    ``CPU_RATE=1`` in the environment runs them at full speed (is a failure a race?)."""
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def jokeren_table(club: Any, make_member: Callable[..., Any], fixture: Callable[[str], Any], *,
                  players: int = 3, contracts: Sequence[str] | None = None,
                  number: int = 1) -> Table:
    """A Jokeren table of tonight's first round: Ann, Bob (and Cor, Dirk) seated in that order.
    ``contracts``: the deals of the round (the game's seven when None)."""
    members = [make_member(club, name=name) for name in NAMES[:players]]
    options = {"contracts": list(contracts)} if contracts else {}
    competition = fixture("make_competition")(club, "jokeren", options=options)
    evening = fixture("make_evening")(competition, members)
    table: Table = fixture("seat_table")(fixture("make_round")(evening),
                                         list(evening.participants.all()), number)
    return table


def sides(table: Table) -> list[str]:
    from tournaments.shared.matches import sides_of

    return list(sides_of(table.seats.all()))


def table_url(table: Table) -> str:
    return reverse("tournaments:table_scores",
                   kwargs={"club": table.round.evening.competition.club.slug, "pk": table.pk})


def code_url(table: Table) -> str:
    """The table code's page (``/t/<code>/``), issued when the table has none yet."""
    from tournaments.entry.services.table_codes import table_codes_issue

    code = table.codes.filter(revoked_at__isnull=True).first()
    if code is None:
        code = table_codes_issue(tables=[table])[0]
    return f"/t/{code.code}/"


def boxes(page: Any) -> Any:
    return page.locator(PENALTY_BOXES)


def heading(page: Any) -> Any:
    return page.locator("#entry-h")


def log_in_at(page: Any, url: str, user: Any) -> None:
    """The login page, then on to ``url`` (a session of another login on this browser ends)."""
    from tests.conftest import PASSWORD

    page.goto(f"/accounts/login/?next={url}")
    page.locator("input[name=username]").fill(user.username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("main form button[type=submit]").first.click()
    page.wait_for_url(lambda u: "/accounts/login/" not in u)
    page.wait_for_load_state("load")


def log_out(page: Any) -> None:
    """The menu's Log out, as a scorekeeper taps it; any question on the way is answered yes;
    a page asking whether to send what waits first is answered "log out anyway" (it stays on
    the phone for this login)."""
    page.on("dialog", _accept)
    page.locator("summary", has_text=re.compile("Menu")).first.click()
    page.get_by_role("button", name=LOG_OUT).first.click()
    anyway = page.get_by_role("button", name=re.compile("^(Log out anyway|Toch afmelden)"))
    for _ in range(TIMEOUT_MS // 100):
        if not re.search(r"/accounts/logout/|/tables/\d+/|/t/[^/]+/$", page.url):
            break
        if anyway.count() and anyway.first.is_visible():
            anyway.first.click()
        page.wait_for_timeout(100)
    page.wait_for_load_state("load")
    page.remove_listener("dialog", _accept)


def _accept(dialog: Any) -> None:
    with contextlib.suppress(Exception):  # answered by another listener already
        dialog.accept()


def type_deal(page: Any, values: Sequence[int], *, first_tap: bool = True) -> None:
    """Tap the first box (unless ``first_tap`` is False: typed blind, wherever the focus is),
    then each number and Enter/Go; the last Enter saves."""
    if first_tap:
        boxes(page).first.click()
    for value in values:
        page.keyboard.type(str(value))
        page.keyboard.press("Enter")


def fill_boxes(page: Any, values: dict[int, int]) -> None:
    """Type into the boxes at these positions (a half deal), each tapped first."""
    for index, value in values.items():
        box = boxes(page).nth(index)
        box.click()
        box.fill(str(value))


def expect_boxes(page: Any, values: Sequence[int | None]) -> None:
    for index, value in enumerate(values):
        expect(boxes(page).nth(index)).to_have_value("" if value is None else str(value))


def stored(table: Table) -> list[dict[str, int]]:
    """Each stored deal's penalties, in order (a moment's SQLite lock waited out)."""
    from django.db import OperationalError

    for _ in range(20):
        try:
            return [h.data["penalties"]
                    for h in Hand.objects.filter(table=table).order_by("number")]
        except OperationalError:
            time.sleep(0.05)
    return [h.data["penalties"] for h in Hand.objects.filter(table=table).order_by("number")]


def typists(table: Table) -> list[str]:
    """Who stored each hand, in order: ``u<user id>`` or ``c<code id>`` (the first history
    row of the hand: its creation)."""
    found = []
    for hand in Hand.objects.filter(table=table).order_by("number"):
        first = hand.history.order_by("history_date").first()
        if first is None:
            found.append("?")
        elif first.table_code_id:
            found.append(f"c{first.table_code_id}")
        else:
            found.append(f"u{first.history_user_id}")
    return found


def wait_for_stored(page: Any, table: Table, count: int, timeout_ms: int = TIMEOUT_MS) -> None:
    """Until the server has ``count`` hands of the table (the phone sends in its own time).
    Looked at twice a second: a test's read of an SQLite database shared with the live server
    holds its table a moment (a save meeting it is answered with an error and sent again)."""
    waited = 0
    while hand_count(table) < count and waited < timeout_ms:
        page.wait_for_timeout(500)
        waited += 500


class Saves:
    """The saves the server answered "saved" (its X-Entry-Outcome header) in a browser context:
    a test waits for them on the phone's side, without reading the database while the live
    server writes it."""

    def __init__(self, context: Any) -> None:
        self.saved = 0
        context.on("response", self._answer)

    def _answer(self, response: Any) -> None:
        if (response.request.method == "POST" and response.url.endswith("/hands/add/")
                and response.headers.get("x-entry-outcome") == "saved"):
            self.saved += 1

    def wait(self, page: Any, count: int, timeout_ms: int = TIMEOUT_MS) -> None:
        """Until ``count`` saves were answered "saved" in all (a save answered twice, its answer
        lost the first time, counts twice: the database says how many were stored)."""
        waited = 0
        while self.saved < count and waited < timeout_ms:
            page.wait_for_timeout(100)
            waited += 100


def hand_count(table: Table) -> int:
    """The table's hands in the database; a moment's lock of SQLite's shared table (the live
    server writing) is waited out."""
    from django.db import OperationalError

    for _ in range(20):
        try:
            return Hand.objects.filter(table=table).count()
        except OperationalError:
            time.sleep(0.05)
    return Hand.objects.filter(table=table).count()


def focused_name(page: Any) -> str:
    return str(page.evaluate("document.activeElement ? (document.activeElement.name || "
                             "document.activeElement.id || document.activeElement.tagName) : ''"))


def wait_until_kept(page: Any) -> None:
    """The service worker controls the page and keeps this page (for a reload without Wi-Fi):
    its cache (whatever it is called) holds the page's address."""
    page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
    for _ in range(150):
        kept = page.evaluate("""async () => {
            for (const name of await caches.keys()) {
              const cache = await caches.open(name);
              const url = location.origin + location.pathname;
              if (await cache.match(url, {ignoreSearch: true})) return true;
            }
            return false;
        }""")
        if kept:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the service worker did not keep the table page")


@dataclass
class Deal:
    """A deal as the scorekeeper typed it: a number per player, in the boxes' order."""

    values: tuple[int, ...]

    def by_player(self, names: Sequence[str]) -> dict[str, int]:
        return dict(zip(names, self.values, strict=True))
