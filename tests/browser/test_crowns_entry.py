"""French HIGH FIVE at the table on a phone: after a refused game the cursor
is in the field at fault, in view above the keyboard; Enter from the corrected field saves; the
totals read in place order; the list of games shows the crowns and penalties as typed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tournaments.games import sample_hands
from tournaments.models import Table
from tournaments.shared.matches import sides_of

from .conftest import ARTIFACTS
from .test_entry import game_table, open_table  # noqa: F401
from .test_messages_in_view import OPEN_KEYBOARD, seen

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_refused_game_is_corrected_where_it_was_refused_and_saved_with_enter(
        browsing: Any, club: Any, scorekeeper_user: Any,
        game_table: Callable[..., Table],  # noqa: F811 - the fixture of test_entry
        step: Callable[[str], Any]) -> None:
    table = game_table("high_five_crowns", 0)
    # Competition points by place, so every player has a place of their own (3, 2, 1, 0).
    table.options = {**table.options, "scoring": "places"}
    table.save(update_fields=["options"])
    sides = sides_of(table.seats.all())  # Ann, Bob, Cor, Dirk
    game = sample_hands("high_five_crowns", sides)[0]  # Ann wins, Bob out first
    page = open_table(browsing, club, scorekeeper_user, table)
    page.set_viewport_size(OPEN_KEYBOARD)
    form = page.locator("form.hand-form")
    with step("a game whose winner has too few crowns"):
        form.locator('[name="h-winner"][value="0"]').click()
        form.locator("#id-h-eliminated-0").select_option(label="Bob")
        left = [s for s in sides if s not in game["eliminated"]]
        for side in left:
            i = sides.index(side)
            crowns = 5 if side == "Ann" else game["crowns"][side]  # 5: not enough to win
            form.locator(f"#id-h-crowns-{i}").fill(str(crowns))
            form.locator(f"#id-h-penalties-{i}").fill(str(game["penalties"][side]))
        form.locator("button.save").click()
    with step("the cursor is in Ann's crowns, with the message in view"):
        crowns = page.locator("#id-h-crowns-0")
        expect(crowns).to_be_focused()
        message = page.locator("#id-h-crowns-0-err")
        expect(message).to_be_visible()
        assert seen(message) and seen(crowns)
    with step("corrected, Enter saves"):
        page.keyboard.press("Control+A")
        page.keyboard.type("11")
        page.keyboard.press("Enter")
        expect(page.locator("#match .message.success")).to_be_visible()
    assert table.hands.count() == 1
    assert table.hands.get().data["crowns"]["Ann"] == 11
    with step("the totals in place order"):
        if page.locator(".totals-fold:not([open])").count():  # folded while games are entered
            page.locator(".totals-fold > summary").click()
        places = page.locator(".score-totals tbody tr td:first-child").all_inner_texts()
        assert places == ["1", "2", "3", "4"], places
        assert page.locator(".score-totals tbody tr").first.locator("td").nth(1) \
            .inner_text() == "Ann"
    with step("the list shows what was typed"):
        row = page.locator("#hand-1 td.num")
        cells = row.all_inner_texts()
        assert cells == ["11 · 2", "uit 1", "4 · 4", "5 · 4"], cells
    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(ARTIFACTS / "high_five_crowns-saved-full.png"), full_page=True)
