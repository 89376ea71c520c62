"""The standings' order: qualified members best first by ``rank_by`` and the tie-breaks,
sharing a rank when still equal (1, 2, 2, 4) and listed A→Z among themselves; then qualified
members without a value, then the unqualified, ordered the same way, both with rank null."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from .common import name_order, oriented
from .member import Standing
from .rules import Rules

Key = tuple[Any, ...]


def _nullable(value: int | Fraction | None, higher: bool) -> tuple[bool, int | Fraction]:
    """Sorts a value best first, and a missing value after every value."""
    return (value is None, 0 if value is None else oriented(value, higher))


def _tiebreak(name: str, standing: Standing, higher: bool) -> Key:
    if name == "played":
        return (-len(standing.played_scores),)
    if name == "best_evening":
        return _nullable(standing.best_evening(higher), higher)
    if name == "wins":
        return (-standing.wins,)
    if name == "average":
        return _nullable(standing.played_average(), higher)
    return (standing.member.casefold(),)


def _value(standing: Standing, rules: Rules) -> int | Fraction | None:
    return standing.total if rules.rank_by == "total" else standing.average


def _equality(standing: Standing, rules: Rules) -> Key:
    """Members with equal keys are equal: same group, same value, same tie-breaks."""
    qualified = len(standing.played_scores) >= rules.min_played
    key: Key = (not qualified, *_nullable(_value(standing, rules), rules.higher))
    for name in rules.tiebreaks:
        key += _tiebreak(name, standing, rules.higher)
    return key


def ordered_rows(standings: Sequence[Standing], rules: Rules) -> list[dict[str, Any]]:
    keyed = sorted(((_equality(s, rules), s) for s in standings),
                   key=lambda pair: (pair[0], name_order(pair[1].member)))
    rows = []
    rank: int | None = None
    previous: Key | None = None
    for position, (key, standing) in enumerate(keyed, start=1):
        unqualified, no_value = key[0], key[1]
        if key != previous:
            rank = None if unqualified or no_value else position
        previous = key
        rows.append({"member": standing.member, "rank": rank, "qualified": not unqualified,
                     **standing.row()})
    return rows
