"""Whether the periods cover the season: every played counting evening in exactly one period.

An evening not yet played, or one that does not count, may be in a period or not: planning
evenings ahead changes nothing. An id no evening has is a slip and is named.
"""

from __future__ import annotations

from .common import RULES_INVALID, Problem
from .document import Season
from .rules import Periods


def _problem(reason: str, evening: str) -> Problem:
    return Problem(RULES_INVALID, "periods", {"reason": reason, "id": evening})


def check_periods(periods: Periods, season: Season) -> list[Problem]:
    known = {e.id for e in season.evenings}
    seen: set[str] = set()
    problems = []
    for period in periods.periods:
        for evening in period:
            if evening not in known:
                problems.append(_problem("unknown_evening", evening))
            elif evening in seen:
                problems.append(_problem("evening_twice", evening))
            seen.add(evening)
    problems += [_problem("evening_missing", e.id) for e in season.used if e.id not in seen]
    return problems
