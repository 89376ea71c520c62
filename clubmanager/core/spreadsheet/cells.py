"""A sheet's cells as the imports read them: the rows (values by column, formulas marked) and
the shared strings, from the streamed parts (``parts.py``), within Excel's own limits
(docs/security.md "Upload limits").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from .limits import MAX_CELL_CHARS, MAX_ROW_CELLS, ImportFileError, too_long
from .parts import MAIN, Enough

C, F, ROW, RPH, SI, T, V = (f"{MAIN}{tag}" for tag in ("c", "f", "row", "rPh", "si", "t", "v"))
_COORDINATE = re.compile(r"([A-Z]{1,3})(\d+)$")
#: LibreOffice saves a true/false cell as one of these formulas, its value cached: the only
#: formulas read as the value they hold (a boolean cell whose cached value agrees).
CONSTANT_FORMULAS = {"TRUE()": True, "FALSE()": False}
_LONGEST_CONSTANT = max(map(len, CONSTANT_FORMULAS))


def column_index(letters: str) -> int:
    """1 for A, 27 for AA."""
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - 64
    return index


@dataclass
class Row:
    """A row as read: its line, values by column (index 0 is column A) and formula columns."""

    line: int
    values: list[Any]
    formulas: tuple[int, ...] = ()  # 0-based columns that hold a formula
    shared: list[int] = field(default_factory=list)  # columns still holding a string index


def is_formula(row: Row, column: int) -> bool:
    """A formula is a cell Excel computes; a text that starts with "=" is just text."""
    return column in row.formulas


class _Text:
    """Collects the text of ``<t>`` (not of phonetic hints) or ``<v>`` while ``on``."""

    def __init__(self) -> None:
        self.on = False
        self.parts: list[str] = []
        self.size = 0
        self.phonetic = False

    def begin(self) -> None:
        self.parts, self.size = [], 0

    def data(self, text: str) -> None:
        if self.on:
            self.size += len(text)
            if self.size > MAX_CELL_CHARS:
                raise too_long()
            self.parts.append(text)

    def text(self) -> str:
        return "".join(self.parts)


class SharedStrings(_Text):
    """Target: the shared strings whose index is wanted (the others are skipped unkept)."""

    def __init__(self, wanted: set[int]) -> None:
        super().__init__()
        self.wanted = wanted
        self.last = max(wanted)
        self.index = 0
        self.strings: dict[int, str] = {}

    def data(self, text: str) -> None:
        self.size += len(text)  # every string counts, kept or not
        if self.size > MAX_CELL_CHARS:
            raise too_long()
        if self.on:
            self.parts.append(text)

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        if tag == SI:
            if self.index > self.last:
                raise Enough
            self.begin()
        elif tag == RPH:
            self.phonetic = True
        elif tag == T:
            self.on = not self.phonetic and self.index in self.wanted

    def end(self, tag: str) -> None:
        if tag == T:
            self.on = False
        elif tag == RPH:
            self.phonetic = False
        elif tag == SI:
            if self.index in self.wanted:
                self.strings[self.index] = self.text()
            self.index += 1


class Sheet(_Text):
    """Target: the rows of a sheet, cells up to ``max_col`` only (the rest is counted, not
    kept), shared strings left as their index for ``Workbook.resolve_strings`` (the ``book``)."""

    def __init__(self, book: Any, max_col: int, max_line: int,
                 too_many: Callable[[], ImportFileError],
                 header: Callable[[Row], bool] | None,
                 each: Callable[[Row], None] | None) -> None:
        super().__init__()
        self.book, self.max_col, self.max_line, self.too_many = book, max_col, max_line, too_many
        self.header, self.each = header, each
        self.rows: list[Row] = []
        self.line = 0
        self.row: Row | None = None
        self.column = -1
        self.count = 0
        self.cell: tuple[int, str, str | None] | None = None
        self.formula = False
        self.in_formula = False
        self.formula_text = ""  # the formula's first characters, enough to know a constant
        self.plain_formula = True  # no shared or array formula (those are never constants)
        self.seen_value = False  # the cell has a <v>: a formula's empty text is "", not None

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        if tag == C:
            self.count += 1
            if self.count > MAX_ROW_CELLS:
                raise ImportFileError(
                    _("Row %(line)s of this Excel file has more than %(limit)s cells, more than "
                      "Excel allows. The file is refused.")
                    % {"line": self.line, "limit": number_format(MAX_ROW_CELLS,
                                                                   force_grouping=True)})
            match = _COORDINATE.match(attrib.get("r", ""))
            self.column = column_index(match.group(1)) - 1 if match else self.column + 1
            self.cell = None
            if self.column < self.max_col:
                self.cell = (self.column, attrib.get("t", "n"), attrib.get("s"))
                self.formula = self.seen_value = False
                self.begin()
        elif tag == ROW:
            self.line = int(attrib.get("r") or self.line + 1)
            if self.line > self.max_line:
                raise self.too_many()
            self.row = Row(self.line, [])
            self.column, self.count = -1, 0
        elif self.cell is None:
            return
        elif tag == V or (tag == T and not self.phonetic):
            self.on = True
            self.seen_value = True
        elif tag == F:
            self.formula = self.in_formula = True
            self.formula_text = ""
            self.plain_formula = attrib.get("t", "normal") == "normal" and "ref" not in attrib
        elif tag == RPH:
            self.phonetic = True

    def data(self, text: str) -> None:
        if self.in_formula:
            if len(self.formula_text) <= _LONGEST_CONSTANT:
                self.formula_text += text[:_LONGEST_CONSTANT + 1]
            return
        super().data(text)

    def end(self, tag: str) -> None:
        if tag == F:
            self.in_formula = False
        elif tag == C:
            if self.cell is not None and self.row is not None:
                self._store(self.row, *self.cell)
            self.cell = None
        elif tag in (V, T):
            self.on = False
        elif tag == RPH:
            self.phonetic = False
        elif tag == ROW and self.row is not None:
            if self.row.values:
                self.rows.append(self.row)
                if self.header is not None:  # a sheet that is not ours stops here
                    self.book.resolve_strings([self.row])
                    if self.header(self.row):
                        self.header = None
                elif self.each is not None:
                    self.each(self.row)
            self.row = None

    def _store(self, row: Row, column: int, kind: str, style: str | None) -> None:
        text = "".join(self.parts) if self.parts else None
        if text is None and self.seen_value and kind == "str":
            text = ""  # a formula whose cached value is the empty text (not one never computed)
        value = self.book.value(kind, style, text)
        if kind == "s" and value is not None:
            row.shared.append(column)
        if self.formula and not (kind == "b" and self.plain_formula
                                 and CONSTANT_FORMULAS.get(self.formula_text) is value):
            row.formulas += (column,)
        values = row.values
        if column == len(values):
            values.append(value)
        else:
            if column > len(values):
                values.extend([None] * (column + 1 - len(values)))
            values[column] = value
