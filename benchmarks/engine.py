"""Engine speed: full matches of every game, evaluated from scratch.

Run: ``.venv/bin/python -m benchmarks.engine``. A full match is what one table plays: 7 Jokeren
deals, a 7-round High Five 1959 match, a 4-player HIGH FIVE! tile game to the last tile, 10 Big
Five games, 10 French HIGH FIVE games. Prints microseconds per evaluation and evaluations/second.
"""

from __future__ import annotations

import timeit
from typing import Any

from scoring import evaluate

PLAYERS = ["Ann", "Bob", "Cor", "Dirk"]


def jokeren() -> dict[str, Any]:
    deals = [[0, 45, 12, 88], [17, 0, 23, 9], [30, 41, 0, 5], [8, 6, 77, 0],
             [0, 14, 22, 35], [12, 0, 19, 60], [61, 0, 40, 55]]
    hands = [{"penalties": dict(zip(PLAYERS, d, strict=True))} for d in deals]
    return {"game": "jokeren", "sides": PLAYERS, "hands": hands}


def high_five_1959() -> dict[str, Any]:
    teams = ["Ann & Cor", "Bob & Dirk"]

    def both_strike(target: int, out: str) -> dict[str, Any]:
        def side(extra: int) -> dict[str, Any]:
            return {"opened": True, "target": target, "opening": target + 5,
                    "table": 600 + extra, "fives": 5, "straights": 1, "hand": 0 if extra else 35}
        return {"end": "out", "out": out,
                "sides": {teams[0]: side(40 if out == teams[0] else 0),
                          teams[1]: side(40 if out == teams[1] else 0)}}

    stock = {"end": "stock_exhausted",
             "sides": {t: {"opened": False, "target": None} for t in teams}}
    hands = [both_strike(50, teams[0]), stock, both_strike(50, teams[1]),
             both_strike(60, teams[0]), stock, both_strike(80, teams[1]),
             both_strike(100, teams[0])]
    return {"game": "high_five_1959", "sides": teams, "hands": hands}


def high_five_tiles() -> dict[str, Any]:
    """Play a 4-player tile game to its end: first turns place 3 tiles, later turns 1."""
    doc: dict[str, Any] = {"game": "high_five_tiles", "sides": PLAYERS, "hands": [],
                           "options": {"points": {c: i for i, c in enumerate(CATEGORIES)}}}
    had_turn: set[str] = set()
    while True:
        result = evaluate(doc)
        assert result["valid"], result["errors"]
        side = result["state"]["next_side"]
        if side is None:
            return doc
        first = side not in had_turn
        had_turn.add(side)
        doc["hands"].append({"side": side, "tiles_placed": 3 if first else 1,
                             "category": "pair" if first else "high_card"})


CATEGORIES = ["high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush",
              "full_house", "four_of_a_kind", "straight_flush", "royal_flush", "high_five"]


def big_five() -> dict[str, Any]:
    games = [[0, 12, 20, 7], [8, 0, 15, 3], [5, 9, 0, 11], [2, 2, 6, 0], [0, 1, 1, 1]] * 2
    hands = [{"end": "went_out", "cards_left": dict(zip(PLAYERS, g, strict=True))}
             for g in games]
    return {"game": "big_five", "sides": PLAYERS, "options": {"games": 10}, "hands": hands}


def high_five_crowns() -> dict[str, Any]:
    hand = {"winner": "Ann", "eliminated": ["Dirk"],
            "crowns": {"Ann": 11, "Bob": 6, "Cor": 8}, "penalties": {"Ann": 2, "Bob": 7, "Cor": 9}}
    return {"game": "high_five_crowns", "sides": PLAYERS, "options": {"games": 10},
            "hands": [hand] * 10}


MATCHES = {
    "jokeren": jokeren,
    "high_five_1959": high_five_1959,
    "high_five_tiles": high_five_tiles,
    "big_five": big_five,
    "high_five_crowns": high_five_crowns,
}


def measure(doc: dict[str, Any], repeat: int = 5) -> float:
    """Best-of-``repeat`` seconds per evaluation."""
    timer = timeit.Timer(lambda: evaluate(doc))
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=repeat, number=number)) / number


def main() -> None:
    print("Rules engine: one full match evaluated from scratch")
    print(f"{'game':<18} {'hands':>5} {'µs/match':>9} {'matches/s':>10}")
    for key, build in MATCHES.items():
        doc = build()
        result = evaluate(doc)
        assert result["valid"] and result["finished"], (key, result["errors"])
        seconds = measure(doc)
        print(f"{key:<18} {len(doc['hands']):>5} {seconds * 1e6:>9.0f} {1 / seconds:>10.0f}")


if __name__ == "__main__":
    main()
