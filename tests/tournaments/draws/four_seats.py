"""A game played at exactly four, for the tests of sit-outs and the koppel movement.

The engine's klaverjassen is built but unlisted for the site (``scoring/registry.py``
``UNLISTED``) until its site side lands. These tests list it at run time and give it the
smallest site side that says what the draw needs (four seats per table, two teams); when the
real site side is registered, they use that one.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import Flowable, Paragraph

import scoring
from clubmanager.models import Club, Member
from tournaments import games
from tournaments.competitions.services.competitions import competition_create
from tournaments.entry.services.scores.writes import HandChange, hand_add
from tournaments.games.parts import Samples, ScoreSheet
from tournaments.models import Competition, Table
from tournaments.pdf.grid import Sheet

KEY = "klaverjassen"


class _Sheet(ScoreSheet):
    def render(self, sheet: Sheet) -> list[Flowable]:
        return [Paragraph("Wij / Zij", getSampleStyleSheet()["Normal"])]


class _Samples(Samples):
    def hands(self, sides: Sequence[str], variant: int = 0) -> list[dict[str, Any]]:
        return [{"played": sides[0], "points": {sides[0]: 100, sides[1]: 62}}] * 16


class FourSeats(games.SiteGame):
    key = KEY
    table_range = (4, 4)
    sheet_class = _Sheet
    samples_class = _Samples


@pytest.fixture
def four_seat_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The game's key, listed in both registries for the test."""
    if KEY not in scoring.GAMES:
        monkeypatch.setitem(scoring.GAMES, KEY, scoring.ALL_GAMES[KEY])
    added = KEY not in games.game_keys()
    if added:
        games.register(FourSeats())
    try:
        yield KEY
    finally:
        if added:
            games.unregister(KEY)


def members(club: Club, count: int) -> list[Member]:
    return [Member.objects.create(club=club, name=f"Speler {n:02d}", member_number=f"{n:03d}")
            for n in range(1, count + 1)]


def competition(club: Club, rules: dict[str, Any] | None = None, **fields: Any) -> Competition:
    """A klaverjas competition of two-deal boompjes (short tables for the tests)."""
    return competition_create(club=club, game=KEY, options={"deals": 2}, name="Klaverjassen",
                              start_date=datetime.date(2026, 9, 1),
                              better="higher", rules=rules or {}, **fields)


def play(table: Table, by: Any, first: int, second: int) -> None:
    """Both deals of the table: the team in seats 1 & 3 scores ``first`` card points a deal
    (with 0 roem), the other team the rest of 162; ``first`` ≥ 82 so nobody goes nat."""
    sides = list(dict.fromkeys(s.side for s in table.seats.order_by("position")))
    for _deal in range(2):
        table.refresh_from_db()
        hand_add(table=table, by=by, change=HandChange(
            data={"played": sides[0], "points": {sides[0]: first, sides[1]: second}},
            expected_version=table.version))
