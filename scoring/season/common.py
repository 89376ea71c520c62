"""What the season rules share: problems as codes, JSON-safe integers, names, rounding, and
choosing the best scores with the earlier one winning a tie."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from fractions import Fraction
from typing import Any, TypeGuard

DOCUMENT_INVALID = "DOCUMENT_INVALID"
RULES_INVALID = "RULES_INVALID"
EVENING_INVALID = "EVENING_INVALID"

SEASON_CODES: tuple[str, ...] = (DOCUMENT_INVALID, RULES_INVALID, EVENING_INVALID)

# Integers a browser reads back exactly from JSON. A larger "score" is a typing slip or an
# attack, and Python refuses to print an integer of more than 4,300 digits.
SAFE_INT = 2**53 - 1


@dataclass(frozen=True)
class Problem:
    """One error of a season or prize document: a code, the field it concerns, its params."""

    code: str
    field: str | None = None
    params: dict[str, Any] = dataclass_field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "field": self.field, "params": dict(self.params)}


def is_int(value: object) -> TypeGuard[int]:
    """A real, JSON-safe integer: booleans, floats and huge integers are not."""
    return type(value) is int and -SAFE_INT <= value <= SAFE_INT


def is_count(value: object, minimum: int) -> TypeGuard[int]:
    return is_int(value) and value >= minimum


def is_name(value: object) -> TypeGuard[str]:
    """A member's name: a string with something in it besides white space."""
    return isinstance(value, str) and value != "" and not value.isspace()


def name_order(name: str) -> tuple[str, str]:
    """A→Z, case-insensitively; the exact spelling only settles names that differ by case."""
    return (name.casefold(), name)


def oriented(value: int | Fraction, higher: bool) -> int | Fraction:
    """A sort key for a score: smaller is better whichever way the game counts."""
    return -value if higher else value


def round_half_up(value: Fraction) -> int:
    """The nearest integer, halves away from zero (so negating a season negates it too)."""
    magnitude = int(abs(value) + Fraction(1, 2))
    return -magnitude if value < 0 else magnitude


def two_decimals(value: Fraction) -> str:
    """"5020.50": two decimals, rounded half up as ``round_half_up``."""
    hundredths = round_half_up(value * 100)
    sign = "-" if hundredths < 0 else ""
    whole, cents = divmod(abs(hundredths), 100)
    return f"{sign}{whole}.{cents:02d}"


def choose_best(values: Sequence[int], keep: int | None, higher: bool) -> set[int]:
    """The indices of the ``keep`` best values (all if None or fewer); of equal values the
    earlier index is chosen, so an earlier evening wins a tie for the last counted place."""
    if keep is None or keep >= len(values):
        return set(range(len(values)))
    oriented_values = [-v for v in values] if higher else values
    order = sorted(zip(oriented_values, range(len(values)), strict=True))
    return {i for _, i in order[:keep]}
