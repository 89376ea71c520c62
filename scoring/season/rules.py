"""A season's rules: read from their JSON form, each bad value named by its field.

The shape is in ../shared/rules/season.md. A missing key takes its default; an unknown key,
a wrong type, a value out of range or ``null`` where the contract does not allow it is
``RULES_INVALID`` with ``field`` the key's path (``"count.best"``, ``"absent.max_scored"``).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from .common import RULES_INVALID, Problem, is_count, is_int

TIEBREAKS = ("played", "best_evening", "wins", "average", "name")
RULE_KEYS = ("better", "rank_by", "count", "periods", "min_played", "absent", "tiebreaks")
ABSENT_KEYS = ("notified", "unnotified", "max_scored")
PERIOD_KEYS = ("periods", "count", "season_count")


@dataclass(frozen=True)
class Count:
    """Which of a member's scores count: all, the best ``n``, or all but the ``n`` worst."""

    kind: str = "all"
    n: int = 0

    def keep(self, played: int) -> int | None:
        """How many scores count when ``played`` evenings (or periods) were played; None: all."""
        if self.kind == "best":
            return self.n
        if self.kind == "drop" and played > self.n:
            return played - self.n
        return None


@dataclass(frozen=True)
class Absence:
    """What an absence scores: nothing, a fixed number, the evening's worst, or one's average."""

    kind: str = "nothing"
    fixed: int = 0


@dataclass(frozen=True)
class Periods:
    periods: tuple[tuple[str, ...], ...]
    count: Count
    season_count: Count


@dataclass(frozen=True)
class Rules:
    higher: bool = True
    rank_by: str = "total"
    count: Count = Count()
    periods: Periods | None = None
    min_played: int = 0
    notified: Absence = Absence()
    unnotified: Absence = Absence()
    max_scored: int | None = None
    tiebreaks: tuple[str, ...] = ()


def _bad(field: str | None, reason: str) -> Problem:
    return Problem(RULES_INVALID, field, {"reason": reason})


def _unknown_keys(raw: dict[Any, Any], known: Collection[str], prefix: str) -> list[Problem]:
    """One problem per unknown key; a key that is not even a string is named by its parent."""
    parent = prefix.rstrip(".") or None
    return [_bad(f"{prefix}{key}" if isinstance(key, str) else parent, "unknown_key")
            for key in raw if key not in known]


def _choice(raw: dict[Any, Any], key: str, choices: tuple[str, ...],
            problems: list[Problem]) -> str:
    value = raw.get(key, choices[0])
    if isinstance(value, str) and value in choices:
        return value
    problems.append(_bad(key, "bad_value"))
    return choices[0]


def _number(raw: dict[Any, Any], key: str, field: str, minimum: int,
            problems: list[Problem]) -> int:
    value = raw.get(key, minimum)
    if is_count(value, minimum):
        return value
    problems.append(_bad(field, "bad_value"))
    return minimum


def read_count(raw: object, field: str, problems: list[Problem]) -> Count:
    """``"all"``, ``{"best": N ≥ 1}`` or ``{"drop": K ≥ 0}``."""
    if raw == "all" and isinstance(raw, str):
        return Count()
    if not isinstance(raw, dict) or len(raw) != 1 or next(iter(raw)) not in ("best", "drop"):
        problems.append(_bad(field, "bad_value"))
        return Count()
    kind = next(iter(raw))
    minimum = 1 if kind == "best" else 0
    if not is_count(raw[kind], minimum):
        problems.append(_bad(f"{field}.{kind}", "bad_value"))
        return Count()
    return Count(kind, raw[kind])


def _absence(raw: dict[Any, Any], key: str, problems: list[Problem]) -> Absence:
    value = raw.get(key, "nothing")
    if isinstance(value, str) and value in ("nothing", "worst", "average"):
        return Absence(value)
    if isinstance(value, dict) and list(value) == ["fixed"]:
        if is_int(value["fixed"]):
            return Absence("fixed", value["fixed"])
        problems.append(_bad(f"absent.{key}.fixed", "bad_value"))
        return Absence()
    problems.append(_bad(f"absent.{key}", "bad_value"))
    return Absence()


def _absent(raw: object, problems: list[Problem]) -> tuple[Absence, Absence, int | None]:
    if not isinstance(raw, dict):
        problems.append(_bad("absent", "not_object"))
        return Absence(), Absence(), None
    problems += _unknown_keys(raw, ABSENT_KEYS, "absent.")
    max_scored = raw.get("max_scored")
    if max_scored is not None and not is_count(max_scored, 0):
        problems.append(_bad("absent.max_scored", "bad_value"))
        max_scored = None
    return _absence(raw, "notified", problems), _absence(raw, "unnotified", problems), max_scored


def _tiebreaks(raw: object, problems: list[Problem]) -> tuple[str, ...]:
    if (not isinstance(raw, list)
            or not all(isinstance(t, str) and t in TIEBREAKS for t in raw)
            or len(set(raw)) != len(raw)):
        problems.append(_bad("tiebreaks", "bad_value"))
        return ()
    return tuple(raw)


def _period_lists(raw: object, problems: list[Problem]) -> tuple[tuple[str, ...], ...]:
    if not isinstance(raw, list) or not all(
        isinstance(period, list) and all(isinstance(i, str) and i for i in period)
        for period in raw
    ):
        problems.append(_bad("periods.periods", "bad_value"))
        return ()
    return tuple(tuple(period) for period in raw)


def _periods(raw: object, problems: list[Problem]) -> Periods | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        problems.append(_bad("periods", "not_object"))
        return None
    problems += _unknown_keys(raw, PERIOD_KEYS, "periods.")
    if "periods" not in raw:
        problems.append(_bad("periods.periods", "missing"))
    return Periods(
        _period_lists(raw.get("periods", []), problems),
        read_count(raw.get("count", "all"), "periods.count", problems),
        read_count(raw.get("season_count", "all"), "periods.season_count", problems),
    )


def read_rules(raw: object) -> tuple[Rules, list[Problem]]:
    """The rules, or the defaults with the problems that make them unusable."""
    if raw is None:
        return Rules(), []
    if not isinstance(raw, dict):
        return Rules(), [_bad(None, "not_object")]
    problems = _unknown_keys(raw, RULE_KEYS, "")
    notified, unnotified, max_scored = (
        _absent(raw["absent"], problems) if "absent" in raw else (Absence(), Absence(), None))
    rules = Rules(
        higher=_choice(raw, "better", ("higher", "lower"), problems) == "higher",
        rank_by=_choice(raw, "rank_by", ("total", "average"), problems),
        count=read_count(raw.get("count", "all"), "count", problems),
        periods=_periods(raw.get("periods"), problems),
        min_played=_number(raw, "min_played", "min_played", 0, problems),
        notified=notified, unnotified=unnotified, max_scored=max_scored,
        tiebreaks=_tiebreaks(raw.get("tiebreaks", []), problems),
    )
    if rules.periods is not None and rules.rank_by == "average":
        problems.append(_bad("rank_by", "with_periods"))
    if rules.periods is not None and "count" in raw and rules.count != Count():
        problems.append(_bad("count", "with_periods"))
    return rules, problems
