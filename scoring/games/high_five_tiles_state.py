"""HIGH FIVE!, the tile game: the state of a match between turns (who holds how many tiles, the
supply, whose turn it is, what each combination scored first), a turn as read from the hand,
and the state a valid turn leads to. The game and its checks are ``high_five_tiles.py``, which
imports what it needs from here.

Rules digest: ../shared/rules/high_five_tiles.md
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import Outcome

START_TILES = 5  # 4 tiles + the player's joker
DECK = 52
BOARD_START = 4
DRAW = 2


def supply_at_start(players: int) -> int:
    """The tiles left to draw once the board and every player have theirs."""
    return DECK - BOARD_START - (START_TILES - 1) * players


@dataclass(frozen=True)
class Scored:
    """The first turn that scored a combination (every later one must score the same)."""

    category: str
    points: int
    turn: int


@dataclass(frozen=True)
class State:
    sides: tuple[str, ...]
    card: Mapping[str, int] | None
    first_turn_tiles: tuple[int, ...]
    end_bonus: int
    holding: tuple[int, ...]
    supply: int
    next_index: int | None
    first_turn_done: frozenset[str] = frozenset()
    first_out: str | None = None
    scored: tuple[Scored, ...] = ()
    turns: int = 0

    @property
    def next_side(self) -> str | None:
        return None if self.next_index is None else self.sides[self.next_index]

    def describe(self) -> dict[str, Any]:
        return {
            "holding": dict(zip(self.sides, self.holding, strict=True)),
            "supply": self.supply,
            "first_out": self.first_out,
            "next_side": self.next_side,
        }


@dataclass(frozen=True)
class Turn:
    """A hand's well-formed values; None where a value is missing or malformed."""

    side: str | None
    placed: int | None
    forced: bool
    category: object  # as entered: checked by high_five_tiles._check_category
    points: int | None
    points_given: bool
    tiles: object  # as entered, None when not given


# -- the state after a turn ----------------------------------------------------------------
def _turn_points(state: State, turn: Turn, category: str | None) -> int:
    if category is None:
        return 0
    if state.card is not None:
        return state.card[category]
    assert turn.points is not None
    return turn.points


def advance(state: State, turn: Turn, side: str, placed: int) -> Outcome:
    """The outcome of a turn known to be valid: its points and the state it leads to."""
    category = None if turn.forced else str(turn.category)
    points = _turn_points(state, turn, category)
    index = state.sides.index(side)
    drawn = min(DRAW, state.supply)
    holding = list(state.holding)
    holding[index] += drawn - placed
    first_out = state.first_out
    if first_out is None and holding[index] == 0:
        first_out = side  # holding nothing implies the supply is empty
    scored = state.scored
    if category is not None and all(s.category != category for s in scored):
        scored += (Scored(category, points, state.turns + 1),)
    after = State(
        sides=state.sides,
        card=state.card,
        first_turn_tiles=state.first_turn_tiles,
        end_bonus=state.end_bonus,
        holding=tuple(holding),
        supply=state.supply - drawn,
        next_index=_next_index(holding, index),
        first_turn_done=state.first_turn_done | {side},
        first_out=first_out,
        scored=scored,
        turns=state.turns + 1,
    )
    derived = {
        "points": {s: (points if s == side else 0) for s in state.sides},
        "category": category,
    }
    return Outcome([], [], derived, after)


def _next_index(holding: Sequence[int], current: int) -> int | None:
    """The next side in order that still holds tiles; None when nobody does."""
    count = len(holding)
    for step in range(1, count + 1):
        candidate = (current + step) % count
        if holding[candidate] > 0:
            return candidate
    return None
