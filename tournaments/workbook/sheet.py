"""The season workbook's sheets: a write-only sheet with a bold, frozen, filtered header row,
and the cells every sheet writes (text that is never a formula, numbers, member numbers,
averages). Used by ``write.py`` and ``season_sheets.py``.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from openpyxl import Workbook
from openpyxl.cell import Cell, WriteOnlyCell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from clubmanager.core.text import sheet_safe

HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="DDE4EE")
WRAP = Alignment(vertical="top")
AVERAGE_FORMAT = "0.0"  # one decimal, as the site shows an average (``average_display``)


@dataclass
class Column:
    header: str
    width: float
    date: bool = False
    #: the raw form an import reads (a hand or a rule as the site stores it): kept, not shown
    hidden: bool = False


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(ws: WriteOnlyWorksheet, text: str) -> Cell:
    """A string cell, whatever the text starts with: data, never code.

    openpyxl makes a str that starts with "=" a formula; a name like ``=HYPERLINK(…)`` would run
    in the reader's Excel. The cell type is forced to string, and a text that a spreadsheet
    would take for a formula when edited gets Excel's quote prefix (the hidden apostrophe).
    A character no workbook holds (a control character stored before the text policy,
    ``clubmanager.core.text``) is replaced (``sheet_safe``): one name never stops the export.
    """
    text = sheet_safe(text)
    cell = WriteOnlyCell(ws, value=text)
    cell.data_type = "s"
    if text.startswith(FORMULA_STARTS):
        cell.quotePrefix = True
    return cell


def _text(ws: WriteOnlyWorksheet, text: str) -> Any:
    """A text of a row: as it is, or a ``text_cell`` where it needs one (a formula's start, a
    character no workbook holds)."""
    if text.startswith(FORMULA_STARTS) or sheet_safe(text) is not text:
        return text_cell(ws, text)
    return text


class Sheet:
    """A write-only sheet with a bold, frozen, filtered header row and sized columns."""

    def __init__(self, workbook: Workbook, title: str, columns: Sequence[Column],
                 date_format: str) -> None:
        self.ws: WriteOnlyWorksheet = workbook.create_sheet(title=title[:31])
        self.columns = list(columns)
        self.date_format = date_format
        self.rows = 1
        self.readable = 0  # the hands sheet: how many readable columns a hand has
        for index, column in enumerate(self.columns, start=1):
            self.ws.column_dimensions[get_column_letter(index)].width = column.width
            if column.hidden:
                self.ws.column_dimensions[get_column_letter(index)].hidden = True
        self.ws.freeze_panes = "A2"
        header = []
        for column in self.columns:
            cell = text_cell(self.ws, column.header)
            cell.font, cell.fill, cell.alignment = HEADER_FONT, HEADER_FILL, WRAP
            header.append(cell)
        self.ws.append(header)
        self._date_columns = [i for i, c in enumerate(self.columns) if c.date]

    def append(self, values: list[Any]) -> None:
        """One row of plain values; a text a spreadsheet would read as a formula becomes a
        ``text_cell``, a date gets the date format."""
        for i in self._date_columns:
            if values[i] is not None:
                cell = WriteOnlyCell(self.ws, value=values[i])
                cell.number_format = self.date_format
                values[i] = cell
        ws = self.ws
        self.ws.append([_text(ws, v) if type(v) is str else v for v in values])
        self.rows += 1

    def styled(self, value: Any, number_format: str) -> Any:
        """A number with a number format (None stays an empty cell)."""
        if value is None:
            return None
        cell = WriteOnlyCell(self.ws, value=value)
        cell.number_format = number_format
        return cell

    def finish(self) -> None:
        last = get_column_letter(max(1, len(self.columns)))
        # openpyxl has it on write-only sheets too; types-openpyxl leaves it out
        self.ws.auto_filter.ref = f"A1:{last}{self.rows}"  # type: ignore[attr-defined]


def _width(header: str, longest: int = 0) -> float:
    return float(min(60, max(len(header) + 3, longest + 2, 8)))


def _json(value: Any) -> str:
    # Keys sorted: the same data is the same text on SQLite and on PostgreSQL (jsonb keeps its
    # own key order), so a workbook never changes with the database it came from.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _number(value: Any) -> Any:
    """Numbers stay numbers (Decimal → float); booleans and None pass through."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    try:
        return float(value)
    except (TypeError, ValueError):
        return str(value)


def _evening_title(date: datetime.date) -> str:
    return date.isoformat()


def member_number_cell(number: str | None) -> int | str | None:
    """A member number as a number where it is one ("1234" → 1234), else the text ("B001",
    and "0012", whose leading zero a number would lose)."""
    if not number:
        return None
    if number.isdigit() and number.isascii() and len(number) < 16 and (
            number == "0" or not number.startswith("0")):
        return int(number)
    return number


def _average(value: Any) -> float | None:
    """An average rounded half up to the one decimal the site shows."""
    if value is None:
        return None
    shown = Decimal(value.numerator) / Decimal(value.denominator) if isinstance(
        value, Fraction) else Decimal(str(value))
    return float(shown.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))
