"""The form stands still while the scorekeeper types, every game.

About half a second after typing stops the live check answers and its fields replace the old
ones, with whatever messages the answer adds. The field being typed in must not move: a phone
player who looks down at the keyboard and back finds the cursor where it was. Measured as a
user would notice it: the focused field's box on the screen before and after each answer, and
the browser's own layout-shift records (``PerformanceObserver('layout-shift')``) for the field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tournaments.games import game_keys, sample_hands
from tournaments.models import Table
from tournaments.shared.matches import sides_of

from .test_entry import SAVED_BEFORE, game_table, open_table  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

# Counts the live check's answers and keeps every layout shift with the boxes that moved.
WATCH = """() => {
  window.__answers = 0;
  window.__shifts = [];
  document.addEventListener("hand-fields:updated", () => { window.__answers += 1; });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__shifts.push({value: e.value, sources: (e.sources || []).map((s) => ({
        node: s.node || null, before: s.previousRect.y, after: s.currentRect.y}))});
    }
  }).observe({type: "layout-shift", buffered: false});
}"""

# The focused field's box, and the layout shifts since the last call that moved it (a source
# that is the field or holds it).
WHERE = """() => {
  const el = document.activeElement;
  const r = el.getBoundingClientRect();
  const moved = window.__shifts.filter((s) => s.sources.some((src) =>
      src.node && src.node.nodeType === 1 && src.node.contains(el) && src.before !== src.after));
  const total = window.__shifts.reduce((sum, s) => sum + s.value, 0);
  window.__shifts = [];
  return {name: el.name, top: r.top, left: r.left, answers: window.__answers,
          moved: moved.length, total: total};
}"""


def typed_value(hand: dict[str, Any], name: str, sides: list[str]) -> str:
    """What a scorekeeper types in the field ``name`` (``h-sides-1-table``) for ``hand``."""
    value: Any = hand
    for part in name.removeprefix("h-").split("-"):
        key: Any = sides[int(part)] if part.isdigit() else part
        value = value.get(key) if isinstance(value, dict) else None
    return str(value) if isinstance(value, int) else "0"


def _high_five_1959_choices(page: Any, hand: dict[str, Any], sides: list[str]) -> None:
    """The choices come before the numbers: the number each team came on the table for."""
    for i, side in enumerate(sides):
        values = hand["sides"][side]
        if values["opened"]:
            target = page.locator(f'[name="h-sides-{i}-target"][value="{values["target"]}"]')
            target.click()
            expect(target).to_be_checked()


CHOICES = {"high_five_1959": _high_five_1959_choices}


@pytest.mark.parametrize("pause", [False, True], ids=["typed-in-one-go", "pause-mid-number"])
@pytest.mark.parametrize("game", game_keys())
def test_the_field_being_typed_in_does_not_move_when_the_check_answers(
        browsing: Any, club: Any, scorekeeper_user: Any,
        game_table: Callable[..., Table],  # noqa: F811 - the fixture of test_entry
        game: str, pause: bool, step: Callable[[str], Any]) -> None:
    """``pause``: the scorekeeper stops after the first digit of a number until the live check
    has answered (a half-typed number is often refused: "openingsmeld 5" is below the number
    played for), then types the rest; the field stays put all the same."""
    table = game_table(game, SAVED_BEFORE.get(game, 0))
    sides = sides_of(table.seats.all())
    hand = sample_hands(game, sides)[SAVED_BEFORE.get(game, 0)]
    page = open_table(browsing, club, scorekeeper_user, table)
    page.evaluate(WATCH)
    CHOICES.get(game, lambda *_: None)(page, hand, sides)
    names = page.evaluate("""() => [...document.querySelectorAll(
        '#hand-fields input[inputmode=numeric], #hand-fields input[type=text]')]
        .filter((el) => el.offsetParent !== null && !el.closest('.adjust')).map((el) => el.name)""")
    moves = []
    for name in names:
        with step(f"type in {name}"):
            field = page.locator(f'form.hand-form [name="{name}"]')
            if not field.is_visible():  # hidden by an earlier answer (a side left the game)
                continue
            field.click()
            before = page.evaluate(WHERE)
            value = typed_value(hand, name, sides)
            if pause and len(value) > 1:
                page.keyboard.type(value[0])
                page.wait_for_function(f"() => window.__answers > {before['answers']}")
                page.wait_for_timeout(300)
                before["answers"] = page.evaluate("window.__answers")
                value = value[1:]
            page.keyboard.type(value, delay=60)
            page.wait_for_function(f"() => window.__answers > {before['answers']}")
            page.wait_for_timeout(300)  # the answer painted (and any late shift recorded)
            expect(field).to_be_focused()
            after = page.evaluate(WHERE)
            moves.append((name, after["top"] - before["top"], after["left"] - before["left"],
                          after["moved"], round(after["total"], 4)))
    print(f"\nMOVES {game}: {moves}")
    assert names, game
    # 0 px as the eye sees it: a page scrolls by whole device pixels, a field may sit between.
    assert [m for m in moves if round(m[1]) or round(m[2]) or m[3]] == [], (game, moves)
