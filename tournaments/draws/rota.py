"""Who sits out, and the koppel movement: pure Python, no ORM, like ``draw.py``.

A game played at exactly four (its own ``table_range`` is (4, 4): klaverjas) seats everyone
it can at tables of four; the rest sit out that round ("stilzitten", "uitloten"). Who sits out
is the club's rota over the season (:func:`sit_outs`):

1. who sat out the fewest times **this evening** sits out first, so on one evening nobody sits
   out twice before everyone present has sat out once;
2. then who sat out the fewest times **this season**;
3. a tie after that goes by a stable draw: the lowest SHA-256 of the round's seed and the
   player's key, so anyone can recompute it from the stored seed.

Fixed pairs sit out together: players without a pair sit out first (by the rota), then whole
pairs (by the rota over both partners), and only when that cannot make the number a pair is
split.

The koppel movement (:func:`movement`), as Troef (Maassluis) plays it: the pairs present are
numbered 1, 2, … in the order they were entered; in round 1, table t has pairs 2t − 1 and 2t.
Each next round the even pairs stay at their table and the odd pairs move one table on (from
the last table to the first). With T tables every odd pair meets every even pair once in T
rounds. An odd number of pairs gets an empty pair with the last (even) number: the odd pair
that moves to its table sits out that round.
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

TABLE = 4  # a team table: partners opposite (seats 1 & 3, 2 & 4)


def is_fixed_size(game_range: tuple[int, int]) -> bool:
    """Whether a game is played only at one table size (every table full, the rest sit out)."""
    return game_range[0] == game_range[1]


def draw_value(seed: int, key: Hashable) -> str:
    """The stable draw between equals: a hash of the round's seed and the player's key."""
    return hashlib.sha256(f"{seed}:{key!r}".encode()).hexdigest()


def _rota_key(seed: int, keys: Sequence[Any], evening: Mapping[Any, int],
              season: Mapping[Any, int]) -> tuple[int, int, str]:
    return (sum(evening.get(k, 0) for k in keys), sum(season.get(k, 0) for k in keys),
            min(draw_value(seed, k) for k in keys))


def sit_outs(
    players: Sequence[Any],
    count: int,
    seed: int,
    evening: Mapping[Any, int] | None = None,
    season: Mapping[Any, int] | None = None,
    pairs: Sequence[tuple[Any, Any]] = (),
) -> list[Any]:
    """The ``count`` players who sit out this round, by the rota (module docstring).

    ``evening`` and ``season``: how often each player sat out before this round, this evening
    and this season (the season's count includes the evening's). ``pairs``: fixed pairs, both
    present, who sit out together where the number allows it.
    """
    if count <= 0:
        return []
    evening, season = evening or {}, season or {}
    present = set(players)
    units = [tuple(p) for p in pairs if set(p) <= present]
    paired = {k for unit in units for k in unit}
    singles = sorted((p for p in present if p not in paired),
                     key=lambda k: _rota_key(seed, [k], evening, season))
    units.sort(key=lambda unit: _rota_key(seed, unit, evening, season))
    chosen = singles[:count]
    for unit in units:
        if count - len(chosen) < 2:
            break
        chosen.extend(unit)
    if len(chosen) < count:  # one place left and only pairs: split the next pair
        rest = sorted((k for unit in units for k in unit if k not in chosen),
                      key=lambda k: _rota_key(seed, [k], evening, season))
        chosen.extend(rest[: count - len(chosen)])
    return chosen


def movement(pairs: Sequence[tuple[Any, Any]], round_number: int
             ) -> tuple[list[list[Any]], list[tuple[Any, Any]]]:
    """The tables of the koppel movement in round ``round_number`` (1-based) for the ``pairs``
    present in their order (pair 1 first), and the pair that sits out (odd number of pairs).

    Each table is its four seats in order: the odd pair in seats 1 & 3, the even pair in 2 & 4.
    """
    numbered: list[tuple[Any, Any] | None] = list(pairs)
    if len(numbered) % 2:
        numbered.append(None)  # the empty pair: whoever moves to it sits out
    tables_count = len(numbered) // 2
    tables: list[list[Any]] = []
    sitting_out: list[tuple[Any, Any]] = []
    for t in range(tables_count):
        even = numbered[2 * t + 1]
        odd = numbered[2 * ((t - (round_number - 1)) % tables_count)]
        if even is None or odd is None:
            sitting_out.extend(p for p in (odd, even) if p is not None)
            continue
        tables.append([odd[0], even[0], odd[1], even[1]])
    return tables, sitting_out
