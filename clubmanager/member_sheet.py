"""The member sheet read: the sheet a club keeps (.xlsx or .csv) → rows to preview for the
member import (docs/secretary-guide.md). No writes: ``parse_members`` reads the file (limits:
docs/security.md; the columns: ``member_columns``), ``member_preview.classify`` marks each row
new, updated, unchanged or error; ``services.member_import_apply`` writes.

A formula cell is read by the value saved with it (Excel and LibreOffice save one); a formula
saved without a value, or one showing an error, is left out of its row with a note. A CSV has
no formula cells, only what they showed: a cell there that begins with "=" is a formula saved
as its text, left out with a note that says to upload the .xlsx (where a text "=Jan" is text).
"""

from __future__ import annotations

import csv
import io
from dataclasses import asdict, dataclass, field
from datetime import date, datetime
from typing import Any

from django.conf import settings
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from .core.spreadsheet import ImportFileError, Row, is_formula, open_workbook
from .member_columns import find_columns, joined_name

OPTIONAL = ("email", "phone")
MAX_COLUMNS = 100
#: What a cell shows when its formula failed (Excel's and LibreOffice's error values).
ERROR_VALUES = frozenset(("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A",
                          "#GETTING_DATA", "#SPILL!", "#CALC!", "Err:502", "Err:504", "Err:508"))


@dataclass
class ParsedRow:
    line: int
    name: str = ""
    member_number: str = ""
    email: str = ""
    phone: str = ""
    #: the optional columns the sheet had (only those are compared and updated)
    columns: tuple[str, ...] = ()
    #: cells left out while reading (a formula never computed, an error value), one sentence
    #: each; ``member_preview.classify`` adds the checks of the values
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["columns"] = list(self.columns)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ParsedRow:
        return cls(
            line=int(data["line"]),
            name=str(data["name"]),
            member_number=str(data["member_number"]),
            email=str(data["email"]),
            phone=str(data["phone"]),
            columns=tuple(data["columns"]),
            notes=[str(p) for p in data["notes"]],
        )


@dataclass
class ParsedSheet:
    rows: list[ParsedRow]
    columns: tuple[str, ...]
    ignored_headers: list[str]


# ---------------------------------------------------------------------------------------------
# Reading files

#: A row as read: its line, the text of each cell, and the cells left out (column → note).
RawRow = tuple[int, list[str], dict[int, str]]


def _cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == datetime.min.time() else str(value)
    if isinstance(value, date):
        return value.isoformat()
    return str(value).strip()


def _read_xlsx(data: bytes) -> list[RawRow]:
    """Rows from the first sheet; a formula by the value Excel or LibreOffice saved with it."""
    book = open_workbook(data)
    if not book.sheetnames:
        raise ImportFileError(_("The file is empty."))

    def header(row: Row) -> bool:
        """Refuse a sheet without our columns before reading the rest of it."""
        line, texts, bad = _row_texts(row)
        if not bad and not any(texts):
            return False
        _header_columns(line, texts, bad)
        return True

    rows = book.rows(book.sheetnames[0], max_col=MAX_COLUMNS, max_line=_raw_row_limit(),
                     too_many=_too_many_rows, header=header)
    return [_row_texts(row) for row in rows]


def _row_texts(row: Row) -> RawRow:
    texts: list[str] = []
    bad: dict[int, str] = {}
    for col, value in enumerate(row.values):
        cell = f"{_column_letter(col + 1)}{row.line}"
        text = _cell_text(value)
        if is_formula(row, col) and value is None:
            bad[col] = _(
                "Cell %(cell)s holds a formula that was never computed: the program that wrote "
                "the file saved no value with it. Open the file in Excel or LibreOffice, save it "
                "and upload it again."
            ) % {"cell": cell}
            text = ""
        elif text in ERROR_VALUES:
            bad[col], text = _error_note(cell, text), ""
        texts.append(text)
    return row.line, texts, bad


def _error_note(cell: str, error: str) -> str:
    return _("Cell %(cell)s shows the error %(error)s instead of a value.") % {
        "cell": cell, "error": error}


def _decode_text(data: bytes) -> str:
    if b"\x00" in data[:4096]:
        raise ImportFileError(
            _("This is not a CSV text file. Save the sheet as .csv (UTF-8) or .xlsx and try again.")
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            return data.decode("cp1252")
        except UnicodeDecodeError as exc:
            raise ImportFileError(
                _("The text in this CSV file cannot be read. Save it as CSV UTF-8 and try again.")
            ) from exc


def _read_csv(data: bytes) -> list[RawRow]:
    text = _decode_text(data)
    first_line = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max(";,\t", key=first_line.count) if first_line else ","
    limit = _raw_row_limit()
    result: list[RawRow] = []
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        for line, cells in enumerate(reader, start=1):
            if line > limit:
                raise _too_many_rows()
            texts = [cell.strip() for cell in cells[:MAX_COLUMNS]]
            # A CSV stores what the cells showed, so "=A2&B2" (or "=Jan") is a formula saved as
            # its text: Excel would read it back as a formula too. It is left out, never stored as
            # a name; in an .xlsx a text cell "=Jan" stays text (only formula cells have a value).
            bad = {
                col: _("Cell %(cell)s holds the formula “%(formula)s”, not its value. Save the "
                       "sheet as .xlsx (Excel workbook) and upload that.")
                % {"cell": f"{_column_letter(col + 1)}{line}", "formula": value[:40]}
                for col, value in enumerate(texts)
                if value.startswith("=") and len(value) > 1
            }
            bad.update({col: _error_note(f"{_column_letter(col + 1)}{line}", value)
                        for col, value in enumerate(texts) if value in ERROR_VALUES})
            texts = ["" if col in bad else t for col, t in enumerate(texts)]
            result.append((line, texts, bad))
    except csv.Error as exc:
        raise ImportFileError(
            _("This CSV file cannot be read: %(error)s") % {"error": exc}
        ) from exc
    return result


def _column_letter(col: int) -> str:
    from openpyxl.utils import get_column_letter

    return get_column_letter(col)


def _raw_row_limit() -> int:
    # Blank rows are allowed, but not endlessly: stop reading well after the row limit.
    return 2 * settings.MEMBER_IMPORT_MAX_ROWS + 100


def _too_many_rows() -> ImportFileError:
    limit = settings.MEMBER_IMPORT_MAX_ROWS
    return ImportFileError(
        _("The file has more than %(limit)s rows. Import at most %(limit)s members at a time.")
        % {"limit": number_format(limit, force_grouping=True)}
    )


# ---------------------------------------------------------------------------------------------
# Parsing


def parse_members(data: bytes, filename: str) -> ParsedSheet:
    """Read a member sheet. Raises ImportFileError for a file that cannot be imported at all."""
    if not data:
        raise ImportFileError(_("The file is empty."))
    extension = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    if extension in ("xlsx", "xlsm"):
        raw = _read_xlsx(data)
    elif extension in ("csv", "txt"):
        raw = _read_csv(data)
    elif extension == "xls":
        raise ImportFileError(
            _("This is the old Excel format (.xls). Save the sheet as .xlsx or .csv and try again.")
        )
    else:
        raise ImportFileError(_("Only Excel (.xlsx) and CSV (.csv) files can be imported."))

    non_empty = [(line, texts, bad) for line, texts, bad in raw if bad or any(texts)]
    if not non_empty:
        raise ImportFileError(_("The file is empty."))
    columns, ignored = _header_columns(*non_empty[0])

    data_rows = non_empty[1:]
    if not data_rows:
        raise ImportFileError(_("The file has column names but no members."))
    if len(data_rows) > settings.MEMBER_IMPORT_MAX_ROWS:
        raise _too_many_rows()

    present_optional = tuple(f for f in OPTIONAL if f in columns)
    rows = [_parsed_row(line, texts, bad, columns, present_optional)
            for line, texts, bad in data_rows]
    return ParsedSheet(rows=[r for r in rows if r is not None], columns=tuple(columns),
                       ignored_headers=ignored)


def _parsed_row(line: int, texts: list[str], bad: dict[int, str], columns: dict[str, int],
                present_optional: tuple[str, ...]) -> ParsedRow | None:
    """One member from a row's cells (None for a row whose used cells are all empty)."""
    values = {f: (texts[i] if i < len(texts) else "") for f, i in columns.items()}
    notes = [bad[i] for i in sorted(set(columns.values()) & set(bad))]
    if not notes and not any(values.values()):
        return None  # only cells in columns we do not import
    name = " ".join(values.get("full_name", "").split()) or joined_name(values)
    return ParsedRow(line=line, name=name, member_number=values.get("member_number", ""),
                     email=values.get("email", ""), phone=values.get("phone", ""),
                     columns=present_optional, notes=notes)


def _header_columns(line: int, texts: list[str], bad: dict[int, str]
                    ) -> tuple[dict[str, int], list[str]]:
    if bad:
        first = min(bad)
        raise ImportFileError(
            _(
                "The header row holds a formula without a value, or an error (cell "
                "%(cell)s). Put the column names in the first row as plain text."
            )
            % {"cell": f"{_column_letter(first + 1)}{line}"}
        )
    return find_columns(texts)
