"""What a game exposes as data: its options and the fields of a hand.

The site builds its forms and option editors from these; it never hard-codes a game's fields.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .values import is_bool, is_int

# Option kinds
INTEGER = "integer"
BOOLEAN = "boolean"
CHOICE = "choice"
INTEGER_LIST = "integer_list"
CHOICE_LIST = "choice_list"
CUSTOM = "custom"  # validated by the option's own ``check``; described by ``description``

# Hand field kinds
SIDE = "side"  # one of the match's sides
SIDE_LIST = "side_list"  # an ordered list of distinct sides
TEXT_LIST = "text_list"  # a list of short codes (e.g. tiles)
PER_SIDE = "per_side"  # an object keyed by side; the value is described by ``item``
OBJECT = "object"  # an object with the given ``fields``


@dataclass(frozen=True)
class Option:
    """One club setting of a game, with its default, type and bounds."""

    name: str
    kind: str
    default: Any
    description: str
    minimum: int | None = None
    maximum: int | None = None
    multiple_of: int | None = None
    choices: tuple[str, ...] = ()
    min_items: int | None = None
    max_items: int | None = None
    nullable: bool = False
    # Extra validation: (value, sides or None) -> True when acceptable.
    check: Callable[[Any, Sequence[str] | None], bool] | None = None

    def default_value(self) -> Any:
        return copy.deepcopy(self.default)

    def accepts(self, value: Any, sides: Sequence[str] | None) -> bool:
        if value is None:
            return self.nullable
        if self.kind == INTEGER:
            ok = is_int(value) and self._in_bounds(value)
        elif self.kind == BOOLEAN:
            ok = is_bool(value)
        elif self.kind == CHOICE:
            ok = isinstance(value, str) and value in self.choices
        elif self.kind == INTEGER_LIST:
            ok = self._list_ok(value) and all(
                is_int(v) and self._in_bounds(v) for v in value
            )
        elif self.kind == CHOICE_LIST:
            ok = self._list_ok(value) and all(
                isinstance(v, str) and v in self.choices for v in value
            )
        else:
            ok = True
        if ok and self.check is not None:
            ok = self.check(value, sides)
        return bool(ok)

    def refused_item(self, value: Any) -> tuple[bool, Any]:
        """(found, item): the first item of a list option that no list of this option could
        hold (wrong type, out of bounds, not a choice), so a message can name it."""
        if self.kind not in (INTEGER_LIST, CHOICE_LIST) or not isinstance(value, list):
            return False, None
        for item in value:
            if self.kind == INTEGER_LIST:
                ok = is_int(item) and self._in_bounds(item)
            else:
                ok = isinstance(item, str) and item in self.choices
            if not ok:
                return True, item
        return False, None

    def _in_bounds(self, value: int) -> bool:
        if self.minimum is not None and value < self.minimum:
            return False
        if self.maximum is not None and value > self.maximum:
            return False
        return not (self.multiple_of and value % self.multiple_of)

    def _list_ok(self, value: Any) -> bool:
        if not isinstance(value, list):
            return False
        if self.min_items is not None and len(value) < self.min_items:
            return False
        return not (self.max_items is not None and len(value) > self.max_items)

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "default": self.default_value(),
            "description": self.description,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "multiple_of": self.multiple_of,
            "choices": list(self.choices),
            "min_items": self.min_items,
            "max_items": self.max_items,
            "nullable": self.nullable,
        }


# -- when a hand field applies ------------------------------------------------------------------
SIDES_COUNT = "sides"  # the subject of a condition on the number of sides at the table
OPTION_PREFIX = "options."  # "options.<name>": the subject of a condition on a club option


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()


@dataclass(frozen=True)
class When:
    """A hand field applies when ``subject`` has a value: ``equals`` one value, is ``among``
    several, or (the number of sides only) is ``at_least`` a number.

    ``subject`` is another hand field of the same game (``When("end", equals="out")``), a club
    option (``When("options.points", equals=None)``) or the number of sides
    (``When("sides", at_least=2)``). A malformed condition raises here, and one naming a field
    or option its game does not have raises when the game's class is defined (``Game``): an
    error at import time, never a condition that silently holds.
    """

    subject: str
    equals: Any = UNSET
    among: tuple[Any, ...] = ()
    at_least: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.subject, str) or not self.subject.strip():
            raise ValueError(f"When: the subject must be a name, not {self.subject!r}")
        given = [self.equals is not UNSET, bool(self.among), self.at_least is not None]
        if sum(given) != 1:
            raise ValueError(f"When({self.subject!r}): give exactly one of equals, among, at_least")
        if self.at_least is not None and (self.subject != SIDES_COUNT
                                          or not is_int(self.at_least)):
            raise ValueError(f"When({self.subject!r}): at_least is for the number of sides")
        if not isinstance(self.among, tuple):
            raise ValueError(f"When({self.subject!r}): among must be a tuple")
        for value in (*self.among, *([self.equals] if given[0] else [])):
            if value is not None and not isinstance(value, bool | int | str):
                raise ValueError(f"When({self.subject!r}): {value!r} is not a plain value")

    @property
    def values(self) -> tuple[Any, ...]:
        """The accepted values (``equals`` or ``among``); empty for ``at_least``."""
        return (self.equals,) if self.equals is not UNSET else self.among

    @property
    def option(self) -> str | None:
        """The option's name when the subject is a club option."""
        return self.subject[len(OPTION_PREFIX):] if self.subject.startswith(OPTION_PREFIX) else None

    def holds(self, value: Any) -> bool:
        """The subject's value meets the condition (the number of sides for "sides")."""
        if self.at_least is not None:
            return is_int(value) and value >= self.at_least
        return any(value == v and type(value) is type(v) for v in self.values)

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": "when", "subject": self.subject}
        if self.at_least is not None:
            out["at_least"] = self.at_least
        else:
            out["among"] = list(self.values)
        return out


@dataclass(frozen=True)
class ExceptSides:
    """A per-side field asks nothing of the sides listed in another field (a side list), e.g.
    the players already eliminated: ``ExceptSides("eliminated")``."""

    field: str

    def __post_init__(self) -> None:
        if not isinstance(self.field, str) or not self.field.strip():
            raise ValueError(f"ExceptSides: the field must be a name, not {self.field!r}")

    def describe(self) -> dict[str, Any]:
        return {"kind": "except_sides", "field": self.field}


Condition = When | ExceptSides


def condition_from(described: dict[str, Any]) -> Condition:
    """A condition back from its ``describe()`` (for code that reads the described fields)."""
    if described.get("kind") == "except_sides":
        return ExceptSides(described["field"])
    if described.get("kind") != "when":
        raise ValueError(f"not a described condition: {described!r}")
    if "at_least" in described:
        return When(described["subject"], at_least=described["at_least"])
    return When(described["subject"], among=tuple(described["among"]))


@dataclass(frozen=True)
class Field:
    """One field of a hand as a scorekeeper enters it."""

    name: str
    kind: str
    description: str = ""
    required: bool = True
    nullable: bool = False
    minimum: int | None = None
    maximum: int | None = None
    multiple_of: int | None = None
    choices: tuple[str, ...] = ()
    min_items: int | None = None  # for SIDE_LIST and TEXT_LIST
    max_items: int | None = None
    default: Any = None
    item: Field | None = None  # for PER_SIDE
    fields: tuple[Field, ...] = field(default_factory=tuple)  # for OBJECT
    # When the field applies: every condition holds (none: always).
    condition: tuple[Condition, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.condition, tuple) or not all(
                isinstance(c, When | ExceptSides) for c in self.condition):
            raise TypeError(f"Field {self.name!r}: condition must be a tuple of When/ExceptSides, "
                            f"not {self.condition!r}")
        if any(isinstance(c, ExceptSides) for c in self.condition) and self.kind != PER_SIDE:
            raise ValueError(f"Field {self.name!r}: ExceptSides is for a per-side field")

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "description": self.description,
            "required": self.required,
            "nullable": self.nullable,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "multiple_of": self.multiple_of,
            "choices": list(self.choices),
            "min_items": self.min_items,
            "max_items": self.max_items,
            "default": copy.deepcopy(self.default),
            "condition": [c.describe() for c in self.condition],
        }
        if self.item is not None:
            out["item"] = self.item.describe()
        if self.fields:
            out["fields"] = [f.describe() for f in self.fields]
        return out
