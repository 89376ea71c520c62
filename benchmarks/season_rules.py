"""Engine side of the standings: ``scoring.standings`` on a 40-evening, 60-member season.

Run: ``.venv/bin/python -m benchmarks.season_rules``. The season is 8 periods of 5 evenings, the
best 4 evenings of each period and the best 6 periods counting; about one member in six is away
each evening (half of them called off and get the evening's worst score), tables are won, and the
tie-breaks are played, best evening and wins. A flat season (the best 30 of 40, no periods) and
one evening's prizes (formula of 4 over 60 players) are timed beside it. Prints microseconds per
call; the site's standings page is compared against raw SQL in benchmarks/standings.py.
"""

from __future__ import annotations

import random
import timeit
from collections.abc import Callable
from typing import Any

from scoring import prizes, standings

EVENINGS, MEMBERS, PERIOD = 40, 60, 5


def season(periods: bool) -> dict[str, Any]:
    rng = random.Random(23)
    members = [f"Lid {n:02d}" for n in range(MEMBERS)]
    evenings = []
    for number in range(EVENINGS):
        away = set(rng.sample(members, MEMBERS // 6))
        players = [m for m in members if m not in away]
        evenings.append({
            "id": f"e{number}",
            "scores": {m: rng.randint(2000, 7000) for m in players},
            "wins": {m: rng.randint(0, 3) for m in players},
            "notified": sorted(rng.sample(sorted(away), len(away) // 2)),
        })
    rules: dict[str, Any] = {
        "absent": {"notified": "worst", "unnotified": "nothing", "max_scored": 4},
        "tiebreaks": ["played", "best_evening", "wins"],
    }
    if periods:
        ids = [e["id"] for e in evenings]
        rules["periods"] = {"periods": [ids[i:i + PERIOD] for i in range(0, EVENINGS, PERIOD)],
                            "count": {"best": 4}, "season_count": {"best": 6}}
    else:
        rules["count"] = {"best": 30}
    return {"rules": rules, "members": members, "evenings": evenings}


def measure(call: Callable[[], Any], repeat: int = 5) -> float:
    """Best-of-``repeat`` seconds per call."""
    timer = timeit.Timer(call)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=repeat, number=number)) / number


def main() -> dict[str, float]:
    evening = season(False)["evenings"][0]["scores"]
    cases: dict[str, Callable[[], dict[str, Any]]] = {}
    for label, doc in (("8 periods of 5, best 4 and 6", season(True)),
                       ("no periods, best 30 of 40", season(False))):
        cases[f"standings, {label}"] = lambda doc=doc: standings(doc)
    prize_doc = {"scores": evening, "rule": {"first": 4, "then_every": 4}, "booby": True}
    cases["prizes, formula of 4, 50 players"] = lambda: prizes(prize_doc)
    print(f"Season rules engine: {EVENINGS} evenings, {MEMBERS} members")
    print(f"{'call':<44} {'µs/call':>9}")
    figures = {}
    for label, call in cases.items():
        assert call()["valid"], label
        figures[label] = measure(call) * 1e6
        print(f"{label:<44} {figures[label]:>9.0f}")
    return figures


if __name__ == "__main__":
    main()
