"""HIGH FIVE!, the tile game: one hand per turn, points by the score card, highest wins.

Here: the game, reading a turn and checking it (every ``HT_`` code). The match's state, and the
state after a valid turn, are ``high_five_tiles_state.py``; its names are importable from here
as well.

Rules digest: ../shared/rules/high_five_tiles.md
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Conclusion, Game, Outcome
from ..issues import HAND_INVALID, VALUE_NOT_INTEGER, Issue
from ..spec import (
    BOOLEAN,
    CHOICE,
    CUSTOM,
    INTEGER,
    INTEGER_LIST,
    SIDE,
    TEXT_LIST,
    Field,
    Option,
    When,
)
from ..values import check_keys, is_bool, is_int, rank
from .high_five_tiles_state import (
    BOARD_START,
    DECK,
    DRAW,
    START_TILES,
    Scored,
    State,
    Turn,
    advance,
    supply_at_start,
)
from .tiles_classifier import (
    CATEGORIES,
    CATEGORY_ORDER,
    JOKER,
    ROW_LENGTH,
    TILE_CODES,
    classify,
    is_tile_code,
)

__all__ = [
    "BOARD_START", "DECK", "DRAW", "HT_CATEGORY_UNKNOWN", "HT_FIRST_TURN_TILES",
    "HT_FORCED_INVALID", "HT_POINTS_INCONSISTENT", "HT_POINTS_INVALID", "HT_POINTS_MISMATCH",
    "HT_POINTS_REQUIRED", "HT_TILES_INVALID", "HT_TILES_MISMATCH", "HT_TILES_NOT_HELD",
    "HT_TILES_PLACED_RANGE", "HT_TURN_ORDER", "MAX_CARD_POINTS", "MAX_PLACED", "MIN_PLACED",
    "OPTIONAL_KEYS", "REQUIRED_KEYS", "START_TILES", "HighFiveTiles", "Scored", "State", "Turn",
    "supply_at_start", "valid_points_card",
]

MIN_PLACED = 1
MAX_PLACED = 4
# The rules do not know the score card's values (see the digest), so the engine caps one
# combination's points, and the end bonus, at this: far above any printed card, and what keeps
# a match's totals within the site's integer columns.
MAX_CARD_POINTS = 1000

HT_TURN_ORDER = "HT_TURN_ORDER"
HT_TILES_PLACED_RANGE = "HT_TILES_PLACED_RANGE"
HT_TILES_NOT_HELD = "HT_TILES_NOT_HELD"
HT_FIRST_TURN_TILES = "HT_FIRST_TURN_TILES"
HT_CATEGORY_UNKNOWN = "HT_CATEGORY_UNKNOWN"
HT_FORCED_INVALID = "HT_FORCED_INVALID"
HT_TILES_INVALID = "HT_TILES_INVALID"
HT_TILES_MISMATCH = "HT_TILES_MISMATCH"
HT_POINTS_REQUIRED = "HT_POINTS_REQUIRED"
HT_POINTS_INVALID = "HT_POINTS_INVALID"
HT_POINTS_MISMATCH = "HT_POINTS_MISMATCH"
HT_POINTS_INCONSISTENT = "HT_POINTS_INCONSISTENT"

REQUIRED_KEYS = ("side", "tiles_placed")
OPTIONAL_KEYS = ("category", "points", "tiles", "forced")


def valid_points_card(value: object, sides: Sequence[str] | None = None) -> bool:
    """Every combination a whole number >= 0, non-decreasing from high_card to high_five."""
    if not isinstance(value, dict) or set(value) != set(CATEGORIES):
        return False
    points = [value[c] for c in CATEGORIES]
    if not all(is_int(p) and 0 <= p <= MAX_CARD_POINTS for p in points):
        return False
    return all(a <= b for a, b in zip(points, points[1:], strict=False))



class HighFiveTiles(Game):
    key = "high_five_tiles"
    name = "HIGH FIVE! (tiles)"
    min_sides = 2
    max_sides = 4
    better = "higher"
    options = (
        Option(
            "points",
            CUSTOM,
            None,
            "The club's score card: null (the scorekeeper enters each turn's points), or an "
            "object giving every combination (" + ", ".join(CATEGORIES) + ") a whole number "
            ">= 0, non-decreasing in that order.",
            nullable=True,
            choices=CATEGORIES,
            minimum=0,
            maximum=MAX_CARD_POINTS,
            check=valid_points_card,
        ),
        Option(
            "first_turn_tiles",
            INTEGER_LIST,
            [3, 4],
            "Tile counts allowed on a player's first (not forced) turn.",
            minimum=MIN_PLACED,
            maximum=MAX_PLACED,
            min_items=1,
        ),
        Option(
            "end_bonus",
            INTEGER,
            2,
            "Bonus points for the first player to have played all their tiles with the "
            "supply empty.",
            minimum=0,
            maximum=MAX_CARD_POINTS,
        ),
    )
    hand_fields = (
        Field("side", SIDE, "Whose turn it is: the sides take turns in order, skipping a "
              "player who holds no tiles."),
        Field("tiles_placed", INTEGER, "Tiles placed this turn.",
              minimum=MIN_PLACED, maximum=MAX_PLACED),
        Field("category", CHOICE, "The combination the five tiles make; null on a forced turn.",
              required=False, nullable=True, choices=CATEGORIES,
              condition=(When("forced", equals=False),)),
        Field("points", INTEGER, "The points the score card gives; required when the club "
              "has no score card (option points null), else optional and checked.",
              required=False, minimum=0, maximum=MAX_CARD_POINTS,
              condition=(When("options.points", equals=None), When("forced", equals=False))),
        Field("tiles", TEXT_LIST, "Optional: the five tiles of the row (rank + suit, e.g. "
              "10H; * is a joker).",
              required=False, nullable=True, min_items=ROW_LENGTH, max_items=ROW_LENGTH,
              choices=(*TILE_CODES, JOKER), condition=(When("forced", equals=False),)),
        Field("forced", BOOLEAN, "No row could be completed: one tile placed, 0 points.",
              required=False, default=False),
    )
    error_codes = (
        HT_TURN_ORDER,
        HT_TILES_PLACED_RANGE,
        HT_TILES_NOT_HELD,
        HT_FIRST_TURN_TILES,
        HT_CATEGORY_UNKNOWN,
        HT_FORCED_INVALID,
        HT_TILES_INVALID,
        HT_TILES_MISMATCH,
        HT_POINTS_REQUIRED,
        HT_POINTS_INVALID,
        HT_POINTS_MISMATCH,
        HT_POINTS_INCONSISTENT,
    )
    extra_keys = ("state",)

    def start(self, sides: Sequence[str], options: Mapping[str, Any]) -> State:
        return State(
            sides=tuple(sides),
            card=options["points"],
            first_turn_tiles=tuple(options["first_turn_tiles"]),
            end_bonus=options["end_bonus"],
            holding=(START_TILES,) * len(sides),
            supply=supply_at_start(len(sides)),
            next_index=0,
        )

    def side_points_bounds(self, options: Mapping[str, Any], side_count: int) -> tuple[int, int]:
        """A turn: 0 up to the card's best combination (or the cap), plus the end bonus."""
        card = options["points"]
        best = max(card.values()) if isinstance(card, dict) else MAX_CARD_POINTS
        return 0, int(best) + int(options["end_bonus"])

    def finished(self, state: State) -> bool:
        return state.next_index is None

    def play(self, state: State, hand: dict[str, Any]) -> Outcome:
        errors = check_keys(hand, required=REQUIRED_KEYS, optional=OPTIONAL_KEYS)
        forced = hand.get("forced", False)
        if not is_bool(forced):
            errors.append(Issue(HAND_INVALID, field="forced", params={"reason": "not_boolean"}))
        side, own_turn, order_errors = _check_side(state, hand)
        errors += order_errors
        placed, placed_errors = _read_int(hand, "tiles_placed", side)
        points, points_errors = _read_int(hand, "points", side)
        errors += placed_errors + points_errors
        if not is_bool(forced):
            # Whether the turn is forced decides what else applies: only the range is sure.
            return Outcome(errors + _check_range(side, placed))
        turn = Turn(side, placed, forced, hand.get("category"), points,
                    "points" in hand, hand.get("tiles"))
        errors += _check_turn(state, turn, own_turn=own_turn)
        if errors or side is None or placed is None:
            return Outcome(errors)
        return advance(state, turn, side, placed)

    def conclude(self, state: State, totals: dict[str, int]) -> Conclusion:
        totals = dict(totals)
        if state.first_out is not None:
            totals[state.first_out] += state.end_bonus
        ranking = rank(state.sides, totals, self.better)
        return Conclusion(totals, dict(totals), ranking, {"state": state.describe()})


# -- reading the hand ----------------------------------------------------------------------
def _check_side(state: State, hand: Mapping[str, Any]) -> tuple[str | None, bool, list[Issue]]:
    """The side named (None if not a side), whether it is their turn, and HT_TURN_ORDER."""
    if "side" not in hand:
        return None, False, []  # HAND_INVALID from check_keys
    value = hand["side"]
    known = value if isinstance(value, str) and value in state.sides else None
    if known is not None and known == state.next_side:
        return known, True, []
    issue = Issue(HT_TURN_ORDER, side=known, field="side", params={"expected": state.next_side})
    return known, False, [issue]


def _read_int(
    hand: Mapping[str, Any], name: str, side: str | None
) -> tuple[int | None, list[Issue]]:
    if name not in hand:
        return None, []
    value = hand[name]
    if not is_int(value):
        return None, [Issue(VALUE_NOT_INTEGER, side=side, field=name)]
    return value, []


# -- the checks ----------------------------------------------------------------------------
def _check_turn(state: State, turn: Turn, *, own_turn: bool) -> list[Issue]:
    errors = _check_range(turn.side, turn.placed)
    if own_turn and not errors:
        errors += _check_held(state, turn)
    if turn.forced:
        return errors + _check_forced(turn)
    if own_turn and not errors:
        errors += _check_first_turn(state, turn)
    category, category_errors = _check_category(turn)
    errors += category_errors
    errors += _check_tiles(state, turn, category)
    return errors + _check_points(state, turn, category)


def _check_range(side: str | None, placed: int | None) -> list[Issue]:
    if placed is None or MIN_PLACED <= placed <= MAX_PLACED:
        return []
    return [Issue(HT_TILES_PLACED_RANGE, side=side, field="tiles_placed",
                  params={"value": placed, "minimum": MIN_PLACED, "maximum": MAX_PLACED})]


def _check_held(state: State, turn: Turn) -> list[Issue]:
    if turn.side is None or turn.placed is None:
        return []
    holding = state.holding[state.sides.index(turn.side)]
    if turn.placed <= holding:
        return []
    return [Issue(HT_TILES_NOT_HELD, side=turn.side, field="tiles_placed",
                  params={"value": turn.placed, "holding": holding})]


def _check_first_turn(state: State, turn: Turn) -> list[Issue]:
    if turn.placed is None or turn.side in state.first_turn_done:
        return []
    if turn.placed in state.first_turn_tiles:
        return []
    return [Issue(HT_FIRST_TURN_TILES, side=turn.side, field="tiles_placed",
                  params={"value": turn.placed, "allowed": sorted(set(state.first_turn_tiles))})]


def _check_forced(turn: Turn) -> list[Issue]:
    def bad(field: str, value: object) -> Issue:
        return Issue(HT_FORCED_INVALID, side=turn.side, field=field,
                     params={"reason": field, "value": value})

    errors: list[Issue] = []
    if turn.placed is not None and turn.placed != 1:
        errors.append(bad("tiles_placed", turn.placed))
    if turn.category is not None:
        errors.append(bad("category", turn.category))
    if turn.tiles is not None:
        errors.append(bad("tiles", turn.tiles))
    if turn.points is not None and turn.points < 0:
        errors.append(_points_invalid(turn))
    elif turn.points is not None and turn.points > 0:
        errors.append(bad("points", turn.points))
    return errors


def _check_category(turn: Turn) -> tuple[str | None, list[Issue]]:
    if isinstance(turn.category, str) and turn.category in CATEGORY_ORDER:
        return turn.category, []
    return None, [Issue(HT_CATEGORY_UNKNOWN, side=turn.side, field="category",
                        params={"value": turn.category})]


def _check_tiles(state: State, turn: Turn, category: str | None) -> list[Issue]:
    if turn.tiles is None:
        return []
    made, reason = _classify_row(turn.tiles, len(state.sides))
    if reason is not None:
        return [Issue(HT_TILES_INVALID, side=turn.side, field="tiles",
                      params={"reason": reason, "jokers_allowed": len(state.sides)})]
    if category is None or made == category:
        return []
    return [Issue(HT_TILES_MISMATCH, side=turn.side, field="tiles", params={"category": made})]


def _classify_row(tiles: object, players: int) -> tuple[str | None, str | None]:
    """The combination the tiles make, or why they are no row: count, code, duplicate, jokers."""
    if not isinstance(tiles, list) or len(tiles) != ROW_LENGTH:
        return None, "count"
    made = classify(tiles)
    if made is None:
        return None, ("code" if not all(is_tile_code(t) for t in tiles) else "duplicate")
    if tiles.count(JOKER) > players:
        return None, "jokers"
    return made, None


def _check_points(state: State, turn: Turn, category: str | None) -> list[Issue]:
    if turn.points is None:
        if state.card is None and not turn.points_given:
            return [Issue(HT_POINTS_REQUIRED, side=turn.side, field="points")]
        return []
    if not 0 <= turn.points <= MAX_CARD_POINTS:
        return [_points_invalid(turn)]
    if category is None:
        return []
    if state.card is not None:
        return _check_card(state.card, turn, category)
    return _check_consistent(state.scored, turn, category, turn.points)


def _points_invalid(turn: Turn) -> Issue:
    params: dict[str, Any] = {"value": turn.points}
    if turn.points is not None and turn.points > MAX_CARD_POINTS:
        params["maximum"] = MAX_CARD_POINTS
    return Issue(HT_POINTS_INVALID, side=turn.side, field="points", params=params)


def _check_card(card: Mapping[str, int], turn: Turn, category: str) -> list[Issue]:
    expected = card[category]
    if turn.points == expected:
        return []
    return [Issue(HT_POINTS_MISMATCH, side=turn.side, field="points",
                  params={"value": turn.points, "expected": expected, "category": category})]


def _contradicts(earlier: Scored, category: str, points: int) -> bool:
    before, now = CATEGORY_ORDER[earlier.category], CATEGORY_ORDER[category]
    if before == now:
        return earlier.points != points
    return earlier.points > points if before < now else earlier.points < points


def _check_consistent(
    scored: Sequence[Scored], turn: Turn, category: str, points: int
) -> list[Issue]:
    for earlier in scored:  # in turn order: the earliest contradiction is reported
        if _contradicts(earlier, category, points):
            return [Issue(HT_POINTS_INCONSISTENT, side=turn.side, field="points",
                          params={"value": points, "turn": earlier.turn,
                                  "category": earlier.category, "points": earlier.points})]
    return []
