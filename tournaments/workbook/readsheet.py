"""Reading a season workbook's sheets: the file opened (through ``clubmanager.core.spreadsheet``,
with its archive limits), a sheet found by its name in either site language, its header row
matched to the columns, and cell values as text, whole numbers and dates. Used by ``read.py``
(the hands and members) and ``season_rules_sheet.py`` (the reglement, evenings and call-offs).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import override

from clubmanager.core.spreadsheet import ImportFileError, Row, Workbook, open_workbook

from .columns import FORMER_HEADERS, hands_columns, sheet_names

MAX_ROWS = 30_000  # hands: a 40-evening season of 20 tables a round is about 17,000
MAX_BYTES = settings.FILE_UPLOAD_MAX_MEMORY_SIZE  # so the upload is always kept in memory
MAX_NOT_HANDS = 100  # rows that are not hands before the file is refused


# -- reading ---------------------------------------------------------------------------------
def _labels(columns: Iterable[tuple[str, str]]) -> dict[str, str]:
    return {label.strip().lower(): key for key, label in columns}


def _all_languages(builder: Any) -> Any:
    """The builder's result in every site language (a workbook from either language imports)."""
    results = []
    for code, _name in settings.LANGUAGES:
        with override(code):
            results.append(builder())
    return results


def _open(data: bytes, filename: str) -> Workbook:
    if not data:
        raise ImportFileError(_("The file is empty."))
    if len(data) > MAX_BYTES:
        raise ImportFileError(_("The file is larger than %(size)s MB.")
                              % {"size": MAX_BYTES // (1024 * 1024)})
    extension = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    if extension != "xlsx" or not data.startswith(b"PK\x03\x04"):
        raise ImportFileError(_("This is not an Excel workbook (.xlsx). Upload the season "
                                "workbook as it was exported, or saved again as .xlsx."))
    return open_workbook(data)


def _find_sheet(workbook: Workbook, key: str) -> str | None:
    wanted = {names[key].lower() for names in _all_languages(sheet_names)}
    return next((n for n in workbook.sheetnames if n.strip().lower() in wanted), None)


def _read_sheet(workbook: Workbook, name: str, builder: Any, required: tuple[str, ...] = ()
                ) -> tuple[dict[str, int], list[Row]]:
    """(key → column index, data rows) of a sheet whose first row names the columns. A sheet
    without the ``required`` columns is refused as soon as its first row is read, one whose
    rows are not hands once MAX_NOT_HANDS rows lack a date, round or table."""
    labels: dict[str, str] = {}
    for columns in _all_languages(builder):
        labels.update(_labels(columns))
    keys = set(labels.values())
    labels.update({old.lower(): key for key, former in FORMER_HEADERS.items() if key in keys
                   for old in former})
    found: dict[str, int] = {}

    def too_many() -> ImportFileError:
        return ImportFileError(_("The sheet “%(sheet)s” has more than %(limit)s rows.")
                               % {"sheet": name, "limit": MAX_ROWS})

    def header(row: Row) -> bool:
        if row.line == 1:
            if row.formulas:
                raise ImportFileError(_("The header row of sheet “%(sheet)s” contains a "
                                        "formula.") % {"sheet": name})
            for index, value in enumerate(row.values):
                text = str(value).strip().lower() if value is not None else ""
                if text in labels:
                    found.setdefault(labels[text], index)
        _require(name, found, required)
        return True

    not_hands: list[int] = []

    def each(row: Row) -> None:
        if required and not _looks_like_a_hand(row, found):
            not_hands.append(row.line)
            if len(not_hands) > MAX_NOT_HANDS:
                raise ImportFileError(
                    _("More than %(limit)s rows of the sheet “%(sheet)s” are not hands: no "
                      "date, round, table, game or hand as entered (rows %(rows)s, …). Export the "
                      "season from the site and import that workbook.")
                    % {"limit": MAX_NOT_HANDS, "sheet": name,
                       "rows": ", ".join(map(str, not_hands[:5]))})

    # Room for columns a user added; anything wider is skipped unread.
    rows = workbook.rows(name, max_col=2 * len(builder()), max_line=MAX_ROWS + 1,
                         too_many=too_many, header=header, each=each)
    _require(name, found, required)
    return found, [row for row in rows
                   if row.line > 1 and any(v not in (None, "") for v in row.values)]


def _looks_like_a_hand(row: Row, columns: Mapping[str, int]) -> bool:
    """Date, round and table present and of the right kind, the game and the hand as entered
    texts (a text may still be right: the full check comes later, this one only stops a sheet
    of something else early)."""
    for key in ("game", "data"):
        index = columns[key]
        value = row.values[index] if index < len(row.values) else None
        if not (isinstance(value, str) and value.strip()) and index not in row.shared:
            return False
    for key in ("date", "round", "table"):
        index = columns[key]
        value = row.values[index] if index < len(row.values) else None
        if value is None or index in row.shared or isinstance(value, str):
            if value is None:
                return False
            continue
        if key == "date" and not isinstance(value, datetime.date):
            return False
        if key != "date" and (isinstance(value, bool) or not isinstance(value, int | float)
                              or value < 1):
            return False
    return True


def _require(sheet: str, columns: Mapping[str, int], required: tuple[str, ...]) -> None:
    missing = [key for key in required if key not in columns]
    if missing:
        wanted = dict(hands_columns())
        raise ImportFileError(
            _("The sheet “%(sheet)s” lacks the columns: %(columns)s.")
            % {"sheet": sheet, "columns": ", ".join(f"“{wanted[k]}”" for k in missing)}
        )


def _value(row: Row, columns: Mapping[str, int], key: str) -> Any:
    index = columns.get(key)
    if index is None or index >= len(row.values):
        return None
    return row.values[index]


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _parse_date(text: str) -> datetime.date | None:
    for pattern in ("%Y-%m-%d", "%d-%m-%Y", "%d/%m/%Y"):
        try:
            return datetime.datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None
