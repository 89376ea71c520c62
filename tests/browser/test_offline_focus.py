"""After every save the next deal's form is empty and the focus is in its first box, in every
game, online and offline, on a phone with a slow CPU (1/4 speed): saved online, queued offline,
sent from the queue, refused and corrected. A scorekeeper types the next deal without looking
at the screen; a focus left in the last box (or on nothing) puts the numbers against the wrong
players, and a form not emptied mixes two deals.

Each game's hand is typed as ``test_entry`` types it (its taps and Enter/Go presses); a refused
save is the form saved empty (every game refuses it, naming what is missing).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tournaments.models import Table
from tournaments.shared.matches import sides_of

from .offline_helpers import hand_count, throttle, wait_for_stored
from .test_entry import ENTER, NAMES, PLAYERS, SAVED_BEFORE, Count, open_table

# A match of more than one hand, so that a next hand's form follows the save.
LONGER = {"big_five": {"games": 3}, "high_five_crowns": {"games": 3}}

pytestmark = pytest.mark.django_db(transaction=True)

# The form as the scorekeeper sees it: its first control (a choice: the chosen button, else the
# first), what has the focus, and every typed box or list that is not empty.
FORM = """() => {
  const f = document.querySelector('form.hand-form');
  if (!f) return null;
  const shown = (e) => !e.matches(':disabled') && !e.closest('[hidden]')
      && !e.closest('.adjust') && e.offsetParent !== null;
  const controls = [...f.querySelectorAll('input:not([type=hidden]), select, textarea')]
      .filter(shown);
  let first = controls[0];
  if (first && first.type === 'radio') {
    first = f.querySelector(`input[name="${first.name}"]:checked`) || first;
  }
  const key = (e) => !e ? '' : e.type === 'radio' ? `${e.name}=${e.value}` : (e.id || e.name);
  const a = document.activeElement;
  const filled = controls.filter((e) => e.type !== 'radio' && e.type !== 'checkbox'
      && (e.tagName === 'SELECT' ? e.selectedIndex > 0 : e.value !== '')).map(key);
  return {first: key(first), focused: a && f.contains(a) ? key(a) : (a ? a.tagName : ''),
          filled: filled, locked: !!f.querySelector('fieldset:disabled'),
          heading: (document.getElementById('entry-h') || {}).textContent || ''};
}"""


def the_form(page: Any) -> dict[str, Any] | None:
    result: dict[str, Any] | None = page.evaluate(FORM)
    return result


def expect_next_empty_and_focused(page: Any, what: str) -> None:
    """Within the usual patience: the next hand's form, empty, the focus in its first box."""
    state = None
    for _ in range(150):
        state = the_form(page)
        if (state and not state["locked"] and not state["filled"]
                and state["first"] and state["focused"] == state["first"]):
            page.wait_for_timeout(400)  # and it stays so (no late swap takes the focus away)
            state = the_form(page)
            if state and not state["filled"] and state["focused"] == state["first"]:
                return
        page.wait_for_timeout(100)
    raise AssertionError(f"after {what}: the next form is not empty with the focus in its first "
                         f"box: {state}")


@pytest.fixture
def game_table(club: Any, make_member: Callable[..., Any], make_competition: Callable[..., Any],
               make_evening: Callable[..., Any], make_round: Callable[..., Any],
               seat_table: Callable[..., Any], scorekeeper_user: Any) -> Callable[..., Table]:
    """A table of ``game`` with its first ``saved`` sample hands entered (as ``test_entry``'s),
    of a match long enough for another hand after the one typed here."""
    from tournaments.entry.services import scores as services
    from tournaments.games import sample_hands

    def make(game: str, saved: int) -> Table:
        members = [make_member(club, name=name) for name in NAMES[:PLAYERS[game]]]
        evening = make_evening(make_competition(club, game, options=LONGER.get(game, {})),
                               members)
        table: Table = seat_table(make_round(evening), list(evening.participants.all()))
        for hand in sample_hands(game, sides_of(table.seats.all()))[:saved]:
            table.refresh_from_db()
            services.hand_add(table=table, by=scorekeeper_user,
                              change=services.HandChange(data=hand,
                                                         expected_version=table.version))
        table.refresh_from_db()
        return table

    return make


def _tiles_without_the_server(count: Count, sides: list[str]) -> None:
    """Bob's turn after Ann's pair, chosen by its combination (the tiles' combination is the
    live check's, which an offline phone does not get): pair, its 2 points when the page did
    not fill them in, three tiles placed, save."""
    page = count.page
    count.tap('input[name="h-category"][value="pair"]')
    points = page.locator('input[name="h-points"]')
    if points.is_visible() and not points.input_value():
        points.fill("2")
    count.tap('input[name="h-tiles_placed"][value="3"]')
    count.tap("form.hand-form button.save")


def enter(game: str, offline: bool) -> Callable[[Count, list[str]], None]:
    """How a hand of ``game`` is typed: as ``test_entry`` does, but offline for the tiles."""
    if offline and game == "high_five_tiles":
        return _tiles_without_the_server
    return ENTER[game]


def save_empty(page: Any) -> None:
    """The Save button tapped with nothing typed: every game refuses it."""
    page.locator("form.hand-form button.save").click()


@pytest.mark.parametrize("mode", ["online", "online-refused", "offline", "offline-refused"])
@pytest.mark.parametrize("game", sorted(ENTER))
def test_after_every_save_the_next_form_is_empty_with_the_focus_in_its_first_box(
        browsing: Any, club: Any, scorekeeper_user: Any,
        game_table: Callable[..., Table],
        game: str, mode: str, step: Callable[[str], Any]) -> None:
    table = game_table(game, SAVED_BEFORE.get(game, 0))
    before = hand_count(table)
    sides = sides_of(table.seats.all())
    page = open_table(browsing, club, scorekeeper_user, table)
    throttle(page)
    offline = mode.startswith("offline")
    if offline:
        page.context.set_offline(True)
    if mode.endswith("refused"):
        with step("saved empty: refused (at once, or once the connection is back)"):
            save_empty(page)
            if offline:
                page.wait_for_timeout(500)
                page.context.set_offline(False)
            expect(page.locator("form.hand-form .field-error, form.hand-form .errorlist,"
                                " form.hand-form [aria-invalid=true]").first).to_be_visible()
            assert hand_count(table) == before
        with step("corrected and saved: stored; the next form empty, focus in its first box"):
            ENTER[game](Count(page), list(sides))
            wait_for_stored(page, table, before + 1)
            assert hand_count(table) == before + 1
            expect_next_empty_and_focused(page, "a refused save corrected")
        return
    with step("a hand typed and saved"):
        enter(game, offline)(Count(page), list(sides))
    if not offline:
        with step("saved online: the next form empty, focus in its first box"):
            wait_for_stored(page, table, before + 1)
            assert hand_count(table) == before + 1
            expect_next_empty_and_focused(page, "a save online")
        return
    with step("queued offline: the next form empty, focus in its first box"):
        expect_next_empty_and_focused(page, "a save queued offline")
        assert hand_count(table) == before
    with step("sent from the queue: stored; the form still empty, the focus still first"):
        page.context.set_offline(False)
        wait_for_stored(page, table, before + 1)
        assert hand_count(table) == before + 1
        page.wait_for_timeout(500)  # the queue's answer is in the page by now
        expect_next_empty_and_focused(page, "a save sent from the queue")
