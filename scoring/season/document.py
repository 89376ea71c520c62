"""A season's members and evenings, read from their JSON form.

Every evening is checked for its shape, whether or not it counts. Names are checked against
``members`` (when given) only on the evenings the standings use: a guest on a prize evening or
a call-off noted for an evening not yet played changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, cast

from .common import (
    DOCUMENT_INVALID,
    EVENING_INVALID,
    SAFE_INT,
    Problem,
    is_count,
    is_int,
    is_name,
)


@dataclass(frozen=True)
class Evening:
    id: str
    counts: bool
    scores: dict[str, int]
    wins: dict[str, int]
    notified: frozenset[str]

    @property
    def used(self) -> bool:
        """Counts and has been played: the standings look at this evening."""
        return self.counts and bool(self.scores)

    @cached_property
    def lowest(self) -> int:
        return min(self.scores.values())

    @cached_property
    def highest(self) -> int:
        return max(self.scores.values())


@dataclass(frozen=True)
class Season:
    members: tuple[str, ...]
    evenings: tuple[Evening, ...]  # every evening, in date order

    @property
    def used(self) -> tuple[Evening, ...]:
        return tuple(e for e in self.evenings if e.used)


class _Checker:
    """Collects the problems of one evening, each naming the evening by position and id."""

    def __init__(self, position: int, raw_id: object) -> None:
        self.params: dict[str, Any] = {"evening": position,
                                       "id": raw_id if isinstance(raw_id, str) else None}
        self.problems: list[Problem] = []

    def bad(self, field: str | None, reason: str, member: str | None = None) -> None:
        extra = {} if member is None else {"member": member}
        self.problems.append(
            Problem(EVENING_INVALID, field, {**self.params, "reason": reason, **extra}))


def _named(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _all_names(keys: Iterable[object], known: set[str]) -> bool:
    """Whether every key is a member's name; the good ones go into ``known``, so a member is
    checked once per season, not once per evening."""
    for name in keys:
        if name not in known:
            if not is_name(name):
                return False
            known.add(name)
    return True


def _all_ints(values: Iterable[object], minimum: int) -> bool:
    return all(type(v) is int and minimum <= v <= SAFE_INT for v in values)


def _per_member(raw: object, field: str, check: _Checker,
                fault: Callable[[str, object], str | None],
                valid: Callable[[dict[Any, Any]], bool]) -> dict[str, int]:
    """A member → integer object (null: empty); ``fault`` gives the reason a value is refused.
    ``valid`` is the fast answer for the whole object: when it holds, ``fault`` finds nothing."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        check.bad(field, "not_object")
        return {}
    if valid(raw):
        return dict(raw)
    kept = {}
    for name, value in raw.items():
        reason = fault(name, value) if is_name(name) else "bad_member"
        if reason is None:
            kept[name] = cast(int, value)
        else:
            check.bad(field, reason, _named(name))
    return kept


def _scores(raw: object, check: _Checker, known: set[str]) -> dict[str, int]:
    """Null or empty: not played yet."""
    return _per_member(raw, "scores", check,
                       lambda name, score: None if is_int(score) else "not_integer",
                       lambda raw: _all_names(raw, known) and _all_ints(raw.values(), -SAFE_INT))


def _wins(raw: object, scores: dict[str, int], check: _Checker) -> dict[str, int]:
    def fault(name: str, won: object) -> str | None:
        if not is_count(won, 0):
            return "not_integer"
        return None if name in scores else "not_played"
    # Every name in the scores was checked already: a win for someone else is a fault.
    return _per_member(raw, "wins", check, fault,
                       lambda raw: scores.keys() >= raw.keys() and _all_ints(raw.values(), 0))


def _notified(raw: object, check: _Checker) -> frozenset[str]:
    if raw is None:
        return frozenset()
    if not isinstance(raw, list):
        check.bad("notified", "not_list")
        return frozenset()
    for name in raw:
        if not is_name(name):
            check.bad("notified", "bad_member", _named(name))
    return frozenset(name for name in raw if is_name(name))


def read_evening(raw: object, position: int,
                 known: set[str] | None = None) -> tuple[Evening | None, list[Problem]]:
    """``known``: names already found good (shared by a season's evenings)."""
    if not isinstance(raw, dict):
        check = _Checker(position, None)
        check.bad(None, "not_object")
        return None, check.problems
    check = _Checker(position, raw.get("id"))
    if not isinstance(raw.get("id"), str) or not raw["id"]:
        check.bad("id", "missing" if raw.get("id") is None else "bad_value")
    counts = raw.get("counts", True)
    if counts is None:
        counts = True
    if not isinstance(counts, bool):
        check.bad("counts", "not_boolean")
    scores = _scores(raw.get("scores"), check, set() if known is None else known)
    evening = Evening(str(check.params["id"]), counts is not False, scores,
                      _wins(raw.get("wins"), scores, check),
                      _notified(raw.get("notified"), check))
    return (None if check.problems else evening), check.problems


def _members(raw: object) -> tuple[list[str] | None, list[Problem]]:
    if raw is None:
        return None, []
    if not isinstance(raw, list):
        return None, [Problem(DOCUMENT_INVALID, "members", {"reason": "not_list"})]
    problems = [Problem(DOCUMENT_INVALID, "members", {"reason": "bad_member",
                                                      "member": _named(name)})
                for name in raw if not is_name(name)]
    names = [name for name in raw if is_name(name)]
    seen: set[str] = set()
    for name in names:
        if name in seen:
            problems.append(Problem(DOCUMENT_INVALID, "members",
                                    {"reason": "duplicate", "member": name}))
        seen.add(name)
    return names, problems


def _duplicate_ids(evenings: list[tuple[int, Evening]]) -> list[Problem]:
    seen: set[str] = set()
    problems = []
    for position, evening in evenings:
        if evening.id in seen:
            problems.append(Problem(EVENING_INVALID, "id", {
                "evening": position, "id": evening.id, "reason": "duplicate"}))
        seen.add(evening.id)
    return problems


def _strangers(members: set[str], evenings: list[tuple[int, Evening]]) -> list[Problem]:
    """Names on a used evening that ``members`` does not list."""
    problems = []
    for position, evening in evenings:
        if not evening.used:
            continue
        for field, names in (("scores", list(evening.scores)),
                             ("notified", sorted(evening.notified))):
            problems += [Problem(EVENING_INVALID, field, {
                "evening": position, "id": evening.id, "reason": "unknown_member",
                "member": name}) for name in names if name not in members]
    return problems


def _derived_members(evenings: list[tuple[int, Evening]]) -> list[str]:
    """Everyone with a score on a used evening, in order of first appearance."""
    return list(dict.fromkeys(name for _, e in evenings if e.used for name in e.scores))


def read_season(document: dict[Any, Any]) -> tuple[Season | None, list[Problem]]:
    raw_evenings = document.get("evenings")
    if not isinstance(raw_evenings, list):
        return None, [Problem(DOCUMENT_INVALID, "evenings", {"reason": "not_list"})]
    members, problems = _members(document.get("members"))
    evenings: list[tuple[int, Evening]] = []
    known: set[str] = set()
    for position, raw in enumerate(raw_evenings, start=1):
        evening, evening_problems = read_evening(raw, position, known)
        problems += evening_problems
        if evening is not None:
            evenings.append((position, evening))
    problems += _duplicate_ids(evenings)
    if members is None:
        members = _derived_members(evenings)
    else:
        problems += _strangers(set(members), evenings)
    if problems:
        return None, problems
    return Season(tuple(members), tuple(e for _, e in evenings)), []
