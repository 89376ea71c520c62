"""Small pure helpers for reading JSON values the way the contract asks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeGuard

from .issues import HAND_INVALID, HAND_SIDES_MISMATCH, VALUE_NOT_INTEGER, Issue


def is_int(value: object) -> TypeGuard[int]:
    """True for a real integer: booleans and floats are not integers."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_bool(value: object) -> TypeGuard[bool]:
    return isinstance(value, bool)


def check_keys(
    hand: Mapping[str, Any],
    *,
    required: Iterable[str] = (),
    optional: Iterable[str] = (),
) -> list[Issue]:
    """HAND_INVALID for every missing required key and every unknown key."""
    required = tuple(required)
    allowed = set(required) | set(optional)
    issues = [Issue(HAND_INVALID, field=name, params={"reason": "missing"})
              for name in required if name not in hand]
    issues += [Issue(HAND_INVALID, field=str(name), params={"reason": "unknown"})
               for name in hand if name not in allowed]
    return issues


def per_side_mapping(
    value: object, sides: Sequence[str], field: str
) -> tuple[dict[str, Any] | None, list[Issue]]:
    """A per-side object naming exactly the sides, or the issue that says why not."""
    if not isinstance(value, dict):
        return None, [Issue(HAND_INVALID, field=field, params={"reason": "not_object"})]
    if set(value) != set(sides) or len(value) != len(sides):
        missing = [s for s in sides if s not in value]
        extra = [str(k) for k in value if k not in sides]
        return None, [Issue(HAND_SIDES_MISMATCH, field=field,
                            params={"missing": missing, "unknown": extra})]
    return {side: value[side] for side in sides}, []


def per_side_ints(
    value: object, sides: Sequence[str], field: str
) -> tuple[dict[str, int] | None, list[Issue]]:
    """A per-side object of integers; VALUE_NOT_INTEGER names each bad side."""
    mapping, issues = per_side_mapping(value, sides, field)
    if mapping is None:
        return None, issues
    bad = [Issue(VALUE_NOT_INTEGER, side=side, field=field)
           for side, v in mapping.items() if not is_int(v)]
    if bad:
        return None, bad
    return {side: int(v) for side, v in mapping.items()}, []


def rank(
    sides: Sequence[str], scores: Mapping[str, int], better: str
) -> list[list[str]]:
    """Groups of tied sides, best first; within a group in the order of ``sides``."""
    sign = -1 if better == "higher" else 1
    distinct = sorted({scores[s] for s in sides}, key=lambda v: sign * v)
    return [[s for s in sides if scores[s] == v] for v in distinct]
