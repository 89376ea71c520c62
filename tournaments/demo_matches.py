"""Complete, valid matches of every game, in the engine's hand format (demo data and tests).

``complete_hands(game, sides, variant)`` returns hands that the rules engine accepts and that
finish the match with the default options. The HIGH FIVE! tile game is played out turn by turn
from the engine's own state (whose turn, how many tiles each player holds).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoring import evaluate


def _jokeren(sides: Sequence[str], variant: int) -> list[dict[str, Any]]:
    base = [
        [0, 45, 12, 88], [10, 0, 12, 8], [5, 5, 0, 8], [0, 20, 20, 20],
        [2, 0, 30, 40], [50, 60, 0, 70], [0, 31, 61, 62],
    ]
    hands = []
    n = len(sides)
    for deal, row in enumerate(base):
        values = row[:n]
        if 0 not in values:
            values[deal % n] = 0
        if values.count(0) > 1:
            values = [v if v or i == values.index(0) else 7 for i, v in enumerate(values)]
        shift = variant % n
        values = values[shift:] + values[:shift]
        if deal == len(base) - 1:  # out at once: every loser at least 31, 154 for three;
            # up to 167 (more than 13 cards: a warning), never more than the 106 cards' 792
            values = [0 if v == 0 else max(v, 31) + 15 * (variant % 8) for v in values]
            if sum(values) < {2: 31, 3: 82, 4: 154}[n]:
                values = [0 if v == 0 else 60 for v in values]
        hands.append({"penalties": dict(zip(sides, values, strict=True))})
    return hands


def _hf1959(sides: Sequence[str], variant: int) -> list[dict[str, Any]]:
    a, b = sides[0], sides[1]
    winner, loser = (a, b) if variant % 2 == 0 else (b, a)
    extra = 10 * (variant % 5)
    out_round = {
        "end": "out", "out": winner,
        "sides": {
            winner: {"opened": True, "target": 60, "opening": 65, "table": 640 + extra,
                     "fives": 6, "straights": 1, "hand": 40},
            loser: {"opened": True, "target": 80, "opening": 85, "table": 310, "fives": 4,
                    "straights": 1, "hand": 115},
        },
    }
    for other in sides[2:]:
        out_round["sides"][other] = {"opened": False, "target": None, "table": 0, "fives": 0,
                                     "straights": 0, "hand": 100}
    stock = {"end": "stock_exhausted",
             "sides": {s: {"opened": False, "target": None} for s in sides}}
    return [out_round, stock, stock]


def _big_five(sides: Sequence[str], variant: int) -> list[dict[str, Any]]:
    n = len(sides)
    if n == 1:
        return [{"discards": 20 + variant}]
    left = [(3 * i + variant) % 9 + 1 for i in range(n)]
    left[variant % n] = 0
    return [{"end": "went_out", "cards_left": dict(zip(sides, left, strict=True))}]


def _crowns(sides: Sequence[str], variant: int) -> list[dict[str, Any]]:
    winner = sides[variant % len(sides)]
    others = [s for s in sides if s != winner]
    eliminated = others[:1] if len(sides) > 2 else []
    still = [s for s in sides if s not in eliminated]
    crowns = {s: (11 if s == winner else 3 + i) for i, s in enumerate(still)}
    penalties = {s: (2 if s == winner else 4) for s in still}
    return [{"winner": winner, "eliminated": eliminated, "crowns": crowns,
             "penalties": penalties}]


def _tiles(sides: Sequence[str], variant: int) -> list[dict[str, Any]]:
    hands: list[dict[str, Any]] = []
    first = set(sides)
    categories = [("pair", 2), ("two_pair", 4), ("three_of_a_kind", 6)]
    for _turn in range(80):
        result = evaluate({"game": "high_five_tiles", "sides": list(sides), "hands": hands})
        if result["finished"]:
            return hands
        state = result["state"]
        side = state["next_side"]
        holding = state["holding"][side]
        placed = min(holding, 3 if side in first else 2)
        if side in first and placed < 3:
            placed = holding
        first.discard(side)
        category, points = categories[(len(hands) + variant) % len(categories)]
        hands.append({"side": side, "tiles_placed": placed, "category": category,
                      "points": points})
    raise AssertionError("tile game did not finish")


def complete_hands(game: str, sides: Sequence[str], variant: int = 0) -> list[dict[str, Any]]:
    builders = {
        "jokeren": _jokeren, "high_five_1959": _hf1959, "big_five": _big_five,
        "high_five_crowns": _crowns, "high_five_tiles": _tiles,
    }
    return builders[game](sides, variant)
