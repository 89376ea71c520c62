"""Score entry on a phone (390×844), every game: the first field above the fold, a typical hand
entered with its taps and typed characters counted, focus after a save, corrections in place.

``ENTRY_SHOTS=<label>`` keeps a screenshot of each game's table page as
``/tmp/entry-shots/<game>-<label>.png`` (the before/after comparison of issue 15)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from tournaments.games import game_keys, sample_hands
from tournaments.matches import sides_of
from tournaments.models import Table
from tournaments.services import scores as services

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("Ann", "Bob", "Cor", "Dirk")
PLAYERS = {"jokeren": 4, "high_five_1959": 4, "high_five_tiles": 3, "big_five": 4,
           "high_five_crowns": 4}
SHOTS = Path("/tmp/entry-shots")


@pytest.fixture
def game_table(club: Any, make_member: Callable[..., Any], make_competition: Callable[..., Any],
               make_evening: Callable[..., Any], make_round: Callable[..., Any],
               seat_table: Callable[..., Any], scorekeeper_user: Any) -> Callable[..., Table]:
    """A table of ``game`` with its first ``saved`` sample hands entered."""

    def make(game: str, saved: int = 1) -> Table:
        members = [make_member(club, name=name) for name in NAMES[:PLAYERS[game]]]
        evening = make_evening(make_competition(club, game), members)
        table = seat_table(make_round(evening), list(evening.participants.all()))
        hands = sample_hands(game, sides_of(table.seats.all()))
        for hand in hands[:min(saved, len(hands) - 1)]:
            table.refresh_from_db()
            services.hand_add(table=table, data=hand, by=scorekeeper_user,
                              expected_version=table.version)
        table.refresh_from_db()
        return table

    return make


def open_table(browsing: Any, club: Any, user: Any, table: Table) -> Any:
    from tests.conftest import PASSWORD

    page = browsing.new_page(phone=True, language="nl")
    page.goto(reverse("tournaments:table_scores", kwargs={"club": club.slug, "pk": table.pk}))
    page.locator("input[name=username]").fill(user.username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("form button[type=submit]").first.click()
    page.wait_for_selector("form.hand-form")
    return page


@pytest.mark.parametrize("game", game_keys())
def test_table_page_screenshot(browsing: Any, club: Any, scorekeeper_user: Any,
                               game_table: Callable[..., Table], game: str) -> None:
    label = os.environ.get("ENTRY_SHOTS")
    if not label:
        pytest.skip("ENTRY_SHOTS not set")
    page = open_table(browsing, club, scorekeeper_user, game_table(game))
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game}-{label}.png"))
    page.screenshot(path=str(SHOTS / f"{game}-{label}-full.png"), full_page=True)
