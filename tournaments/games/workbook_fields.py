"""The readable columns of the season workbook's hands sheet: which field of a game's hand a
column shows (``WorkbookField``), and the game's part that writes a hand into such columns and
reads it back (``WorkbookColumns``, its ``workbook_class``). The workbook modules
(``tournaments/workbook/``) ask ``site_game(key).workbook``."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from .parts import Part

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


class WorkbookColumns(Part):
    """The game's readable columns of the hands sheet: written from a hand, read back."""

    #: The hand's fields in the hands sheet's readable columns; fields not listed (and every
    #: field of another game) travel in the machine-readable document only.
    fields: ClassVar[Sequence[WorkbookField]] = ()

    @property
    def side_columns(self) -> int:
        """Side columns per per-side field: the largest table's sides."""
        return self.game.table_range[1]

    def columns(self) -> list[tuple[str, str]]:
        """(key, header) of the readable columns, in order, headed in the active language."""
        columns: list[tuple[str, str]] = []
        for item in self.fields:
            label = capfirst(str(self.game.words.field_labels.get(
                next(p for p in reversed(item.path) if p != SIDE), item.path[-1])))
            if item.per_side:
                columns += [(item.key(n), _("%(field)s, side %(n)s") % {"field": label, "n": n})
                            for n in range(1, self.side_columns + 1)]
            else:
                columns.append((item.key(), label))
        return columns

    def cells(self, hand: Mapping[str, Any] | None, sides: Sequence[str]) -> list[Any]:
        """The readable cells of one hand (``sides``: the table's sides in seat order), in the
        order of ``columns``; None where the hand has no value."""
        cells: list[Any] = []
        for item in self.fields:
            numbers: Sequence[int | None] = (
                range(1, self.side_columns + 1) if item.per_side else [None])
            for n in numbers:
                if hand is None or (n is not None and n > len(sides)):
                    cells.append(None)
                    continue
                value = _get(hand, item.path, sides[n - 1] if n is not None else "")
                cells.append(self._to_cell(item.kind, value))
        return cells

    def _to_cell(self, kind: str, value: Any) -> Any:
        if value is None:
            return None
        if kind == "number":
            return value if isinstance(value, int | float) and not isinstance(value, bool) \
                else str(value)
        if kind == "bool":
            return bool(value)
        if kind == "choice":
            label = self.game.words.choice_labels.get(value) if isinstance(value, str) else None
            return str(label) if label is not None else str(value)
        if kind in ("sides", "words") and isinstance(value, list):
            return ("; " if kind == "sides" else " ").join(str(v) for v in value)
        return str(value)

    def hand(self, document: Mapping[str, Any] | None, cells: Mapping[str, Any],
             sides: Sequence[str], file_sides: Sequence[str],
             choices: Mapping[str, str]) -> dict[str, Any]:
        """The hand to import: the machine-readable ``document`` (its sides already those of
        the seats), each field shown in a readable column set from its cell. Columns absent
        from the file leave the document's value; an emptied cell empties the field. A side is
        named in a cell by the file's name (``file_sides``) or today's (``sides``), by seat.
        ``choices`` maps a choice's label (any language, lower case) to its value. Raises
        CellProblem for a cell that cannot be read; the engine checks the rest."""
        hand: dict[str, Any] = copy.deepcopy(dict(document)) if document else {}
        for item in self.fields:
            numbers: Sequence[int | None] = (
                range(1, len(sides) + 1) if item.per_side else [None])
            for n in numbers:
                key = item.key(n)
                if key not in cells:
                    continue
                side = sides[n - 1] if n is not None else ""
                try:
                    value = self._from_cell(item.kind, cells[key], sides, file_sides, choices)
                except CellProblem as problem:
                    header = dict(self.columns()).get(key, key)
                    raise CellProblem(_("%(column)s: %(problem)s") % {
                        "column": header, "problem": problem}) from None
                if value is None and not _has(hand, item.path, side):
                    continue
                _put(hand, item.path, side, value)
        return hand

    def _from_cell(self, kind: str, cell: Any, sides: Sequence[str],
                   file_sides: Sequence[str], choices: Mapping[str, str]) -> Any:
        if cell is None or (isinstance(cell, str) and not cell.strip()):
            return None
        text = str(cell).strip()
        if kind == "number":
            if isinstance(cell, bool):
                raise CellProblem(_("not a number."))
            if isinstance(cell, float) and cell.is_integer():
                return int(cell)
            if isinstance(cell, int | float):
                return cell
            try:
                return int(text)
            except ValueError:
                raise CellProblem(_("not a whole number.")) from None
        if kind == "bool":
            if isinstance(cell, bool | int | float):
                return bool(cell)
            truth = {"true": True, "waar": True, "ja": True, "yes": True, "1": True,
                     "false": False, "onwaar": False, "nee": False, "no": False, "0": False}
            if text.lower() in truth:
                return truth[text.lower()]
            raise CellProblem(_("not yes or no (TRUE or FALSE)."))
        if kind == "choice":
            return choices.get(text.lower(), text)
        if kind == "side":
            return _side(text, sides, file_sides)
        if kind == "sides":
            return [_side(part.strip(), sides, file_sides) for part in text.split(";")
                    if part.strip()]
        if kind == "words":
            return text.replace(",", " ").split()
        return text
