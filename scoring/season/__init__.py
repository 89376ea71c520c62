"""Season rules: how evenings add up to a season, and one evening's prizes.

``standings(document)`` and ``prizes(document)`` take and return JSON-compatible dicts and never
raise on bad input; problems come back as ``{"code", "field", "params"}`` errors. The contract
is ../shared/rules/season.md; docs/season-rules.md records what we decided where it is silent.
"""

from __future__ import annotations

from typing import Any

from .award import prizes
from .common import DOCUMENT_INVALID, SEASON_CODES, Problem
from .document import read_season
from .member import member_standing, period_groups
from .order import ordered_rows
from .periods import check_periods
from .rules import read_rules

__all__ = ["SEASON_CODES", "prizes", "standings"]


def _refused(problems: list[Problem]) -> dict[str, Any]:
    return {"valid": False, "errors": [p.as_dict() for p in problems], "rows": []}


def standings(document: object) -> dict[str, Any]:
    """A season's standings under its rules: one row per member, best first."""
    if not isinstance(document, dict):
        return _refused([Problem(DOCUMENT_INVALID, None, {"reason": "not_object"})])
    rules, problems = read_rules(document.get("rules"))
    season, season_problems = read_season(document)
    problems += season_problems
    if season is not None and rules.periods is not None and not problems:
        problems += check_periods(rules.periods, season)
    if season is None or problems:
        return _refused(problems)
    used = season.used
    groups = None if rules.periods is None else period_groups(used, rules.periods)
    rows = ordered_rows([member_standing(m, used, rules, groups) for m in season.members],
                        rules)
    return {"valid": True, "errors": [], "rows": rows}
