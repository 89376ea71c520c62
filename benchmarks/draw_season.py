"""Repeat avoidance of the draw over a simulated season (``make bench`` / run directly).

A season of 20 evenings, 24 members present every evening, 3 rounds of Amerikaans Jokeren per
evening (six tables of four). Every round is drawn with ``tournaments.draws.draw.draw`` given the
evening's and the season's meetings so far. In total m = 20 × 3 × 6 × 6 = 2160 meetings fall on
C(24, 2) = 276 pairs, so the fairest possible season has every pair meet ceil(m / 276) = 8 times
or fewer. We count the pairs that meet more often than that, and compare with a plain random draw
(the same table sizes, no history).

    .venv/bin/python -m benchmarks.draw_season
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.draws.draw import draw, meetings, table_sizes  # noqa: E402

MEMBERS = 24
EVENINGS = 20
ROUNDS = 3


@dataclass(frozen=True)
class _Rules:
    """What the draw asks of a game (``draw.TableRules``), without Django: Jokeren's."""

    table_range: tuple[int, int] = (2, 4)
    team_game: bool = False


GAME = _Rules()


def simulate(*, smart: bool, seed: int = 2026) -> dict[str, float]:
    players = list(range(1, MEMBERS + 1))
    sizes = table_sizes(GAME, MEMBERS)
    season: dict[frozenset[int], int] = {}
    evening_repeats = 0
    rng = random.Random(seed)
    elapsed = 0.0
    for evening in range(EVENINGS):
        tonight: dict[frozenset[int], int] = {}
        for rnd in range(ROUNDS):
            round_seed = seed * 1000 + evening * 10 + rnd
            start = time.perf_counter()
            if smart:
                tables = draw(players, sizes, round_seed, tonight, season)
            else:
                shuffled = players[:]
                rng.shuffle(shuffled)
                it = iter(shuffled)
                tables = [[next(it) for _ in range(size)] for size in sizes]
            elapsed += time.perf_counter() - start
            for key, count in meetings(tables).items():
                if tonight.get(key):
                    evening_repeats += count
                tonight[key] = tonight.get(key, 0) + count
        for key, count in tonight.items():
            season[key] = season.get(key, 0) + count
    pairs = MEMBERS * (MEMBERS - 1) // 2
    counts = [season.get(frozenset((a, b)), 0) for a in players for b in players if a < b]
    total = sum(counts)
    fair_max = math.ceil(total / pairs)
    return {
        "meetings": total,
        "pairs": pairs,
        "fair_max": fair_max,
        "above": sum(1 for c in counts if c > fair_max),
        "max": max(counts),
        "min": min(counts),
        "stdev": statistics.pstdev(counts),
        "evening_repeats": evening_repeats,
        "ms_per_draw": 1000 * elapsed / (EVENINGS * ROUNDS),
    }


def forty_players_ms(repeats: int = 20) -> float:
    """Milliseconds per draw of 40 players with a season of history."""
    players = list(range(40))
    sizes = table_sizes(GAME, 40)
    history = {frozenset((a, b)): (a * b) % 4 for a in players for b in players if a < b}
    start = time.perf_counter()
    for seed in range(repeats):
        draw(players, sizes, seed, {}, history)
    return 1000 * (time.perf_counter() - start) / repeats


def main() -> None:
    print(f"40 players: {forty_players_ms():.1f} ms per draw")
    for label, smart in (("draw", True), ("random", False)):
        r = simulate(smart=smart)
        print(
            f"{label:>6}: {r['above']} of {r['pairs']} pairs meet more than {r['fair_max']}× "
            f"({r['meetings']} meetings; per pair min {r['min']}, max {r['max']}, "
            f"sd {r['stdev']:.2f}); repeats within an evening: {r['evening_repeats']}; "
            f"{r['ms_per_draw']:.1f} ms per draw"
        )


if __name__ == "__main__":
    main()
