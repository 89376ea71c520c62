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
    condition: str | None = None  # when the field applies, e.g. "end == 'out'"

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
            "condition": self.condition,
        }
        if self.item is not None:
            out["item"] = self.item.describe()
        if self.fields:
            out["fields"] = [f.describe() for f in self.fields]
        return out
