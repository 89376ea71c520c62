"""The member sheet read: the sheet a club keeps (.xlsx or .csv) → rows to preview for the
member import (docs/secretary-guide.md). No writes: ``parse_members`` reads the file (limits:
docs/security.md), ``classify`` marks each row new, updated, unchanged or error;
``services.member_import_apply`` writes.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import asdict, dataclass, field
from datetime import date, datetime
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .core.spreadsheet import ImportFileError, Row, is_formula, open_workbook
from .core.text import NAME_MAX_LENGTH, refusal

NEW = "new"
UPDATED = "updated"
UNCHANGED = "unchanged"
ERROR = "error"

#: Header spellings per field, compared after lower-casing and removing spaces and punctuation.
HEADER_ALIASES: dict[str, tuple[str, ...]] = {
    "name": ("naam", "name", "volledigenaam", "fullname", "lidnaam", "membername"),
    "member_number": (
        "lidnummer",
        "lidnr",
        "lidno",
        "nummer",
        "nr",
        "no",
        "membernumber",
        "memberno",
        "membernr",
        "number",
        "membershipnumber",
        "relatienummer",
    ),
    "email": ("email", "emailadres", "emailaddress", "mail", "mailadres"),
    "phone": (
        "telefoon",
        "telefoonnummer",
        "tel",
        "telnr",
        "telefoonnr",
        "mobiel",
        "phone",
        "phonenumber",
        "telephone",
        "mobile",
    ),
}
_ALIAS_TO_FIELD = {alias: f for f, aliases in HEADER_ALIASES.items() for alias in aliases}
REQUIRED = ("name", "member_number")
OPTIONAL = ("email", "phone")
MAX_LENGTH = {"name": NAME_MAX_LENGTH, "member_number": 32, "email": 254, "phone": 40}
MAX_COLUMNS = 100


def normalise_header(text: str) -> str:
    return re.sub(r"[\s\-_.:#/()]+", "", text.strip().lower())


@dataclass
class ParsedRow:
    line: int
    name: str = ""
    member_number: str = ""
    email: str = ""
    phone: str = ""
    #: the optional columns the sheet had (only those are compared and updated)
    columns: tuple[str, ...] = ()
    #: problems found while reading (e.g. a formula); more are added by ``classify``
    problems: list[str] = field(default_factory=list)

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
            problems=[str(p) for p in data["problems"]],
        )


@dataclass
class ParsedSheet:
    rows: list[ParsedRow]
    columns: tuple[str, ...]
    ignored_headers: list[str]


@dataclass
class PreviewRow:
    row: ParsedRow
    status: str
    reasons: list[str]
    before: dict[str, str]

    @property
    def member_number(self) -> str:
        return self.row.member_number

    def changes(self) -> dict[str, str]:
        fields = ("name", *self.row.columns)
        return {
            f: getattr(self.row, f) for f in fields if getattr(self.row, f) != self.before.get(f)
        }

    def values_for_create(self) -> dict[str, str]:
        return {
            "name": self.row.name,
            "member_number": self.row.member_number,
            "email": self.row.email,
            "phone": self.row.phone,
        }


# ---------------------------------------------------------------------------------------------
# Reading files


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


def _read_xlsx(data: bytes) -> list[tuple[int, list[str], list[str]]]:
    """Rows as (line, texts, formula cell references) from the first sheet."""
    book = open_workbook(data)
    if not book.sheetnames:
        raise ImportFileError(_("The file is empty."))

    def header(row: Row) -> bool:
        """Refuse a sheet without our columns before reading the rest of it."""
        line, texts, formulas = _row_texts(row)
        if not formulas and not any(texts):
            return False
        _columns(texts, formulas)
        return True

    rows = book.rows(book.sheetnames[0], max_col=MAX_COLUMNS, max_line=_raw_row_limit(),
                     too_many=_too_many_rows, header=header)
    return [_row_texts(row) for row in rows]


def _row_texts(row: Row) -> tuple[int, list[str], list[str]]:
    texts = ["" if is_formula(row, col) else _cell_text(value)
             for col, value in enumerate(row.values)]
    return row.line, texts, [f"{_column_letter(col + 1)}{row.line}" for col in row.formulas]


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


def _read_csv(data: bytes) -> list[tuple[int, list[str], list[str]]]:
    text = _decode_text(data)
    first_line = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max(";,\t", key=first_line.count) if first_line else ","
    limit = _raw_row_limit()
    result: list[tuple[int, list[str], list[str]]] = []
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        for line, cells in enumerate(reader, start=1):
            if line > limit:
                raise _too_many_rows()
            texts = [cell.strip() for cell in cells[:MAX_COLUMNS]]
            # A CSV stores values, but a cell copied from Excel may still read "=SUM(A1:A3)".
            formulas = [
                f"{_column_letter(col)}{line}"
                for col, value in enumerate(texts, start=1)
                if value.startswith("=") and len(value) > 1
            ]
            texts = ["" if t.startswith("=") and len(t) > 1 else t for t in texts]
            result.append((line, texts, formulas))
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

    non_empty = [(line, texts, formulas) for line, texts, formulas in raw if formulas or any(texts)]
    if not non_empty:
        raise ImportFileError(_("The file is empty."))
    _header_line, header_texts, header_formulas = non_empty[0]
    columns, ignored = _columns(header_texts, header_formulas)

    data_rows = non_empty[1:]
    if not data_rows:
        raise ImportFileError(_("The file has column names but no members."))
    if len(data_rows) > settings.MEMBER_IMPORT_MAX_ROWS:
        raise _too_many_rows()

    present_optional = tuple(f for f in OPTIONAL if f in columns)
    rows: list[ParsedRow] = []
    for line, texts, formulas in data_rows:
        values = {f: (texts[i] if i < len(texts) else "") for f, i in columns.items()}
        problems = [
            _("Cell %(cell)s contains a formula; paste the value instead.") % {"cell": cell}
            for cell in formulas
        ]
        rows.append(ParsedRow(line=line, columns=present_optional, problems=problems, **values))
    return ParsedSheet(rows=rows, columns=tuple(columns), ignored_headers=ignored)


def _columns(header_texts: list[str], header_formulas: list[str]
             ) -> tuple[dict[str, int], list[str]]:
    """(field → column index, ignored headers) of the header row, or ImportFileError."""
    if header_formulas:
        raise ImportFileError(
            _(
                "The header row contains a formula (cell %(cell)s). Put the column names in the "
                "first row as plain text."
            )
            % {"cell": header_formulas[0]}
        )
    columns: dict[str, int] = {}
    ignored: list[str] = []
    for index, header in enumerate(header_texts):
        if not header:
            continue
        target = _ALIAS_TO_FIELD.get(normalise_header(header))
        if target is None:
            ignored.append(header)
        elif target in columns:
            raise ImportFileError(
                _("Two columns mean the same thing (%(field)s): keep one of them.")
                % {"field": header}
            )
        else:
            columns[target] = index
    missing = [f for f in REQUIRED if f not in columns]
    if missing:
        found = ", ".join(h for h in header_texts if h) or _("none")
        raise ImportFileError(
            _(
                "The first row must name the columns; the columns “name” (naam) and “member "
                "number” (lidnummer) are required. Columns found: %(found)s."
            )
            % {"found": found}
        )
    return columns, ignored


def _validate(row: ParsedRow) -> list[str]:
    problems = list(row.problems)
    if not row.name:
        problems.append(_("The name is missing."))
    if not row.member_number:
        problems.append(_("The member number is missing."))
    for f, limit in MAX_LENGTH.items():
        refused = refusal(getattr(row, f))  # the site's text policy (``clubmanager.core.text``)
        if refused is not None:
            problems.append(_("%(field)s: %(problem)s") % {"field": _field_label(f).capitalize(),
                                                           "problem": refused})
        elif len(getattr(row, f)) > limit:
            problems.append(
                ngettext(
                    "The %(field)s is longer than %(limit)s character.",
                    "The %(field)s is longer than %(limit)s characters.",
                    limit,
                )
                % {"field": _field_label(f), "limit": limit}
            )
    if row.email and refusal(row.email) is None:
        try:
            validate_email(row.email)
        except ValidationError:
            problems.append(_("“%(email)s” is not a valid email address.") % {"email": row.email})
    return problems


def classify(rows: list[ParsedRow], existing: dict[str, Any]) -> list[PreviewRow]:
    """Compare rows with the club's members (``existing``: member number → Member)."""
    lines_by_number: dict[str, list[int]] = {}
    for row in rows:
        if row.member_number:
            lines_by_number.setdefault(row.member_number, []).append(row.line)

    preview: list[PreviewRow] = []
    for row in rows:
        problems = _validate(row)
        same_number = lines_by_number.get(row.member_number, [])
        if len(same_number) > 1:
            others = ", ".join(str(n) for n in same_number if n != row.line)
            problems.append(
                _("Member number %(number)s also appears on row %(rows)s of the file.")
                % {"number": row.member_number, "rows": others}
            )
        member = existing.get(row.member_number) if row.member_number else None
        before = (
            {f: getattr(member, f) for f in ("name", "member_number", "email", "phone")}
            if member is not None
            else {}
        )
        if problems:
            preview.append(PreviewRow(row=row, status=ERROR, reasons=problems, before=before))
            continue
        if member is None:
            preview.append(PreviewRow(row=row, status=NEW, reasons=[], before={}))
            continue
        item = PreviewRow(row=row, status=UNCHANGED, reasons=[], before=before)
        changes = item.changes()
        if changes:
            item.status = UPDATED
            item.reasons = [
                _("%(field)s: “%(old)s” → “%(new)s”")
                % {"field": _field_label(f), "old": before.get(f, ""), "new": value}
                for f, value in changes.items()
            ]
        preview.append(item)
    return preview


def _field_label(name: str) -> str:
    return {
        "name": _("name"),
        "member_number": _("member number"),
        "email": _("email"),
        "phone": _("phone"),
    }[name]
