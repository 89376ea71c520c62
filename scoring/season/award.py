"""One evening's prize list: the prize positions a rule gives, each with the tie group that
covers it, and the booby prize ("poedelprijs") for the worst tie group."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .common import (
    DOCUMENT_INVALID,
    RULES_INVALID,
    Problem,
    is_count,
    is_int,
    is_name,
    name_order,
    oriented,
)

Positions = Callable[[int], list[int]]  # number of players -> prize positions (maybe beyond)


@dataclass(frozen=True)
class Group:
    """Players with equal scores, covering positions ``first`` to ``first + len - 1``."""

    first: int
    score: int
    members: tuple[str, ...]

    def covers(self, position: int) -> bool:
        return self.first <= position < self.first + len(self.members)

    def as_dict(self) -> dict[str, Any]:
        return {"members": list(self.members), "score": self.score}


def _bad(field: str | None, reason: str) -> Problem:
    return Problem(RULES_INVALID, field, {"reason": reason})


def _first_then_every(first: int, step: int) -> Positions:
    def positions(n: int) -> list[int]:
        return [*range(1, min(first, n) + 1), *range(first + step, n + 1, step)]
    return positions


def _listed(raw: object, problems: list[Problem]) -> Positions:
    if (not isinstance(raw, list) or not all(is_count(p, 1) for p in raw)
            or len(set(raw)) != len(raw)):
        problems.append(_bad("rule.positions", "bad_value"))
        return lambda n: []
    chosen = sorted(raw)
    return lambda n: chosen


SHAPES = ({"top"}, {"per"}, {"first", "then_every"}, {"positions"})


def read_rule(raw: object, problems: list[Problem]) -> Positions:
    """``{"top": N}``, ``{"per": K}``, ``{"first": F, "then_every": S}``, ``{"positions": […]}``."""
    if not isinstance(raw, dict) or set(raw) not in SHAPES:
        problems.append(_bad("rule", "missing" if raw is None else "bad_value"))
        return lambda n: []
    keys = sorted(raw)
    if keys == ["positions"]:
        return _listed(raw["positions"], problems)
    minimum = {"top": 0, "per": 1, "first": 0, "then_every": 1}
    bad = [key for key in keys if not is_count(raw[key], minimum[key])]
    problems += [_bad(f"rule.{key}", "bad_value") for key in bad]
    if bad:
        return lambda n: []
    if keys == ["top"]:
        return lambda n: list(range(1, min(raw["top"], n) + 1))
    if keys == ["per"]:
        return lambda n: list(range(1, max(n // raw["per"], 1 if n else 0) + 1))
    return _first_then_every(raw["first"], raw["then_every"])


def read_scores(raw: object, problems: list[Problem]) -> dict[str, int]:
    if not isinstance(raw, dict):
        problems.append(Problem(DOCUMENT_INVALID, "scores", {"reason": "not_object"}))
        return {}
    for name, score in raw.items():
        if not is_name(name):
            problems.append(Problem(DOCUMENT_INVALID, "scores", {
                "reason": "bad_member", "member": name if isinstance(name, str) else None}))
        elif not is_int(score):
            problems.append(Problem(DOCUMENT_INVALID, "scores",
                                    {"reason": "not_integer", "member": name}))
    return dict(raw)


def tie_groups(scores: dict[str, int], higher: bool) -> list[Group]:
    """The players best first, in groups of equal scores, each listed A→Z."""
    distinct = sorted(set(scores.values()), key=lambda v: oriented(v, higher))
    groups, first = [], 1
    for value in distinct:
        members = tuple(sorted((m for m, s in scores.items() if s == value), key=name_order))
        groups.append(Group(first, value, members))
        first += len(members)
    return groups


def _refused(problems: list[Problem]) -> dict[str, Any]:
    return {"valid": False, "errors": [p.as_dict() for p in problems], "prizes": [],
            "booby": None}


def prizes(document: object) -> dict[str, Any]:
    """One evening's prizes under its rule. Never raises; problems come back as errors."""
    if not isinstance(document, dict):
        return _refused([Problem(DOCUMENT_INVALID, None, {"reason": "not_object"})])
    problems: list[Problem] = []
    better = document.get("better", "higher")
    if better not in ("higher", "lower") or not isinstance(better, str):
        problems.append(_bad("better", "bad_value"))
    booby = document.get("booby", False)
    if not isinstance(booby, bool):
        problems.append(_bad("booby", "bad_value"))
    rule = read_rule(document.get("rule"), problems)
    scores = read_scores(document.get("scores"), problems)
    if problems:
        return _refused(problems)
    groups = tie_groups(scores, better == "higher")
    n = len(scores)
    positions = sorted({p for p in rule(n) if 1 <= p <= n})
    awarded = [{"position": p, **group.as_dict()}
               for p in positions for group in groups if group.covers(p)]
    last = groups[-1] if groups else None
    gets_booby = (booby and n >= 2 and last is not None
                  and not any(last.covers(p) for p in positions))
    return {"valid": True, "errors": [], "prizes": awarded,
            "booby": last.as_dict() if gets_booby and last is not None else None}
