"""Every message in view above the phone's keyboard.

A phone with its keyboard open shows about 544 of its 844 px: the keyboard (300 px) covers the
rest, so the visible part is ``window.visualViewport``. Emulated here by a 390×544 viewport. A
refused save puts the focus on the refused field and shows its message in that part; a message
the live check adds to the field being typed in is scrolled into it as well.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tournaments.games import sample_hands
from tournaments.models import Table
from tournaments.shared.matches import sides_of

from .test_entry import game_table, open_table  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

KEYBOARD = 300
OPEN_KEYBOARD = {"width": 390, "height": 844 - KEYBOARD}

# The element's box lies in the visible part of the page (above the keyboard).
SEEN = """(el) => {
  const r = el.getBoundingClientRect(), vv = window.visualViewport;
  return r.height > 0 && r.top >= vv.offsetTop - 0.5 && r.bottom <= vv.offsetTop + vv.height + 0.5;
}"""


def tick(box: Any) -> None:
    """Tap a box or a choice (its label), as a thumb does: once."""
    box.click()
    expect(box).to_be_checked()


def seen(locator: Any) -> bool:
    return bool(locator.evaluate(SEEN))


def test_a_refused_round_shows_its_message_above_the_keyboard_with_the_focus_at_the_fault(
        browsing: Any, club: Any, scorekeeper_user: Any,
        game_table: Callable[..., Table],  # noqa: F811 - the fixture of test_entry
        step: Callable[[str], Any]) -> None:
    table = game_table("high_five_1959", 0)
    sides = sides_of(table.seats.all())
    hand = sample_hands("high_five_1959", sides)[0]
    page = open_table(browsing, club, scorekeeper_user, table)
    page.set_viewport_size(OPEN_KEYBOARD)
    form = page.locator("form.hand-form")
    with step("a round without the side that went out"):
        for i, side in enumerate(sides):
            values = hand["sides"][side]
            if values["opened"]:
                tick(form.locator(f'[name="h-sides-{i}-target"][value="{values["target"]}"]'))
            for name in ("opening", "table", "fives", "straights", "hand"):
                if values.get(name) is not None:
                    form.locator(f"#id-h-sides-{i}-{name}").fill(str(values[name]))
        form.locator("button.save").click()
        message = page.locator("#match .field-error").first
        expect(message).to_be_visible()
        # The message sits over the choices of who went out, far above the save button.
        expect(page.locator(":focus")).to_have_attribute("name", "h-out")
        assert seen(message), "the message is not in the part of the screen above the keyboard"
        assert seen(page.locator(":focus"))
    with step("the side that went out did not come on the table"):
        form = page.locator("form.hand-form")
        out = sides.index(hand["out"])
        tick(form.locator(f'[name="h-out"][value="{out}"]'))
        tick(form.locator(f'[name="h-sides-{out}-target"][value=""]'))  # "niet op tafel"
        expect(form.locator(f"#id-h-sides-{out}-table")).to_be_hidden()
        form.locator("button.save").click()
        message = page.locator(f"#id-h-sides-{out}-target-err")
        expect(message).to_be_visible()
        expect(page.locator(":focus")).to_have_attribute("name", f"h-sides-{out}-target")
        assert seen(message), "the message is not in the part of the screen above the keyboard"
        assert seen(page.locator(":focus"))
    assert table.hands.count() == 0


def test_a_live_message_under_the_field_being_typed_in_comes_above_the_keyboard(
        browsing: Any, club: Any, scorekeeper_user: Any,
        game_table: Callable[..., Table]) -> None:  # noqa: F811
    table = game_table("jokeren", 0)
    page = open_table(browsing, club, scorekeeper_user, table)
    page.set_viewport_size(OPEN_KEYBOARD)
    for i, value in enumerate((0, 45, 12)):
        page.locator(f"#id-h-penalties-{i}").fill(str(value))
    field = page.locator("#id-h-penalties-3")
    field.click()
    # The phone brought the field just above the keyboard (its lowest place on the screen).
    page.evaluate("""() => {
        const r = document.getElementById('id-h-penalties-3').getBoundingClientRect();
        window.scrollBy(0, r.bottom - window.visualViewport.height + 4); }""")
    assert seen(field)
    page.keyboard.type("1")  # Jokeren has no penalty of 1
    message = page.locator("#id-h-penalties-3-err")
    expect(message).to_be_visible()
    expect(field).to_be_focused()
    page.wait_for_timeout(200)
    assert seen(message), "the live check's message is under the keyboard"
    assert seen(field)
