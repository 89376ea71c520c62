"""The readable columns of the season workbook's hands sheet: which field of a game's hand a
column shows (``WorkbookField``), and reading and writing a hand along such a path. Part of the
site side of the games (``games/base.py`` re-exports these names)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

# -- the readable columns of the season workbook's hands sheet ---------------------------------
SIDE = "*"  # in a WorkbookField's path: each side of the table in turn (one column per side)


@dataclass(frozen=True)
class WorkbookField:
    """A field of the game's hand shown in readable columns of the workbook's hands sheet.

    ``path`` leads into the hand (``("penalties", SIDE)``: ``hand["penalties"][side]``, one
    column per side); ``kind`` says how the cell shows it: ``number``, ``bool``, ``choice``
    (the choice's label), ``side`` (the side's name), ``sides`` (names joined by "; ") or
    ``words`` (a list of short texts joined by spaces, e.g. tiles). The header is the field's
    label (``field_labels`` of the path's last key).
    """

    path: tuple[str, ...]
    kind: str = "number"

    @property
    def per_side(self) -> bool:
        return SIDE in self.path

    def key(self, side: int | None = None) -> str:
        """The column's key: the path with the side's number (1, 2, …) for SIDE."""
        return ".".join(str(side) if part == SIDE else part for part in self.path)


class CellProblem(ValueError):
    """A readable cell the import cannot read (the message names what it expected)."""


def _get(hand: Mapping[str, Any], path: Sequence[str], side: str) -> Any:
    value: Any = hand
    for part in path:
        if not isinstance(value, Mapping):
            return None
        value = value.get(side if part == SIDE else part)
    return value


def _has(hand: Mapping[str, Any], path: Sequence[str], side: str) -> bool:
    value: Any = hand
    for part in path:
        key = side if part == SIDE else part
        if not isinstance(value, Mapping) or key not in value:
            return False
        value = value[key]
    return True


def _put(hand: dict[str, Any], path: Sequence[str], side: str, value: Any) -> None:
    target: dict[str, Any] = hand
    keys = [side if part == SIDE else part for part in path]
    for key in keys[:-1]:
        inner = target.get(key)
        if not isinstance(inner, dict):
            inner = {}
            target[key] = inner
        target = inner
    target[keys[-1]] = value


def _side(text: str, sides: Sequence[str], file_sides: Sequence[str]) -> str:
    """Today's side of the seat a cell names (by the file's name, today's, or its number)."""
    wanted = text.strip().lower()
    for names in (file_sides, sides):
        for index, name in enumerate(names):
            if name.strip().lower() == wanted and index < len(sides):
                return sides[index]
    if wanted.isdigit() and 1 <= int(wanted) <= len(sides):
        return sides[int(wanted) - 1]
    raise CellProblem(_("“%(name)s” is not a player at this table.") % {"name": text})
