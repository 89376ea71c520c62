"""The season workbook read back (``workbook/write.py``'s file, or one a secretary edited) into
rows to check: pure parsing, no writes (docs/secretary-guide.md; the upload limits:
docs/security.md "Upload limits").

``parse_season(data, filename)`` reads (through ``clubmanager.spreadsheet``, with its archive
limits) the workbook's hands sheet (``Handen``/``Hands``) and members sheet
(``Leden``/``Members``) and returns a ``ParsedSeason``, or raises ``ImportFileError`` with a
sentence for the user (not an .xlsx file, a damaged file, sheets or columns missing, too many
rows). ``workbook/check.py`` checks the rows; ``services.season_import.season_import_apply``
writes them.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import override
from openpyxl.utils import get_column_letter

from clubmanager import json_limits
from clubmanager.spreadsheet import ImportFileError, Row, Workbook, is_formula, open_workbook
from scoring import GAMES

from .columns import MAX_SEATS, hands_columns, members_columns, sheet_names

MAX_ROWS = 30_000  # hands: a 40-evening season of 20 tables a round is about 17,000
MAX_BYTES = settings.FILE_UPLOAD_MAX_MEMORY_SIZE  # so the upload is always kept in memory
REQUIRED = ("date", "round", "table", "game", "seat1_number", "seat1_name", "hand", "data")
MAX_NOT_HANDS = 100  # rows that are not hands before the file is refused


@dataclass
class HandRow:
    """One row of the hands sheet, as read (values checked, not yet against the engine)."""

    line: int
    date: str = ""  # ISO date
    round: int = 0
    table: int = 0
    game: str = ""
    options: Any = None
    first_dealer: int = 1
    scorekeeper: int = 1
    seats: list[list[str]] = field(default_factory=list)  # [member number, name, guest] a seat
    hand: int | None = None
    data: Any = None
    adjusted_points: Any = None
    adjusted_reason: str = ""
    problems: list[str] = field(default_factory=list)
    cells: dict[str, Any] = field(default_factory=dict)  # readable column key → cell value
    # The hand and adjusted points to import, set by ``check_season``: sides mapped to today's
    # names, the readable columns taken (not kept in the session: derived again).
    resolved: Any = None
    resolved_adjusted: Any = None

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.date, self.round, self.table)


@dataclass
class ParsedSeason:
    rows: list[HandRow]
    members: dict[str, str]  # member number -> name, from the members sheet

    def to_dict(self) -> dict[str, Any]:
        rows = []
        for row in self.rows:
            item = asdict(row)
            item["resolved"] = item["resolved_adjusted"] = None
            rows.append(item)
        return {"rows": rows, "members": self.members}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ParsedSeason:
        rows = [HandRow(**{**r, "seats": [[*seat, ""][:3] for seat in r["seats"]]})
                for r in data["rows"]]
        return cls(rows=rows, members=dict(data["members"]))


def person(seat: list[str]) -> str:
    """Who sits in ``seat`` ([member number, name, guest number]) within an evening: a member
    by number, a guest by guest number, else (an older workbook) by name."""
    number, name, guest = seat
    if number:
        return f"#{number}"
    return f"guest#{guest}" if guest else f"guest:{name}"


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


def parse_season(data: bytes, filename: str) -> ParsedSeason:
    """Read a season workbook. Raises ImportFileError for a file that cannot be imported."""
    workbook = _open(data, filename)
    hands = _find_sheet(workbook, "hands")
    if hands is None:
        names = ", ".join(f"“{n}”" for n in workbook.sheetnames) or _("none")
        raise ImportFileError(
            _("The workbook has no sheet “%(hands)s” with the hands as entered. Export the "
              "season from the site and import that workbook. Sheets found: %(found)s.")
            % {"hands": sheet_names()["hands"], "found": names}
        )
    columns, raw = _read_sheet(workbook, hands, hands_columns, REQUIRED)
    if not raw:
        raise ImportFileError(_("The sheet “%(sheet)s” has no rows.") % {"sheet": hands})
    labels = dict(hands_columns())  # once: translating 25 headers a row would dominate
    rows = [_hand_row(row, columns, labels, hands) for row in raw]
    members: dict[str, str] = {}
    member_sheet = _find_sheet(workbook, "members")
    if member_sheet is not None:
        member_columns, member_rows = _read_sheet(workbook, member_sheet, members_columns)
        if "member_number" in member_columns and "name" in member_columns:
            for row in member_rows:
                number = _text(_value(row, member_columns, "member_number"))
                name = _text(_value(row, member_columns, "name"))
                if number and name and not is_formula(row, member_columns["name"]):
                    members[number] = name
    return ParsedSeason(rows=rows, members=members)


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


def _hand_row(raw: Row, columns: Mapping[str, int], labels: Mapping[str, str],
              sheet: str) -> HandRow:
    row = HandRow(line=raw.line)
    formulas = {key for key, index in columns.items() if is_formula(raw, index)}
    for key in sorted(formulas, key=lambda k: columns[k]):
        row.problems.append(_("Column “%(column)s” contains a formula; paste the value "
                              "instead.") % {"column": labels[key]})
    cells = _Cells(raw, {key: index for key, index in columns.items() if key not in formulas},
                   labels, row)
    _read_date(cells, formulas)
    _read_numbers(cells, formulas)
    row.game = cells.text("game")
    if row.game not in GAMES:  # the game's name, as the export writes it
        row.game = next((key for key, game in GAMES.items()
                         if str(game.name).lower() == row.game.lower()), row.game)
    _read_json(cells, sheet)
    if row.hand is not None and row.data is None and not row.problems:
        cells.problem("data", _("missing."))
    row.adjusted_reason = cells.text("adjusted_reason")
    for key, index in cells.columns.items():
        if key.startswith("cell:"):
            value = raw.values[index] if index < len(raw.values) else None
            row.cells[key[5:]] = value.strip() if isinstance(value, str) else value
    for n in range(1, MAX_SEATS + 1):
        number_text, name = cells.text(f"seat{n}_number"), cells.text(f"seat{n}_name")
        if number_text or name:
            row.seats.append([number_text, name,
                              "" if number_text else cells.text(f"seat{n}_guest")])
    if not row.seats:
        cells.problem("seat1_name", _("missing."))
    return row


@dataclass
class _Cells:
    """One raw row of the hands sheet being read into ``row``: its cells by column key (the
    columns holding a formula left out), and its problems, headed by the column."""

    raw: Row
    columns: Mapping[str, int]
    labels: Mapping[str, str]
    row: HandRow

    def value(self, key: str) -> Any:
        return _value(self.raw, self.columns, key)

    def text(self, key: str) -> str:
        return _text(self.value(key))

    def problem(self, key: str, sentence: str) -> None:
        self.row.problems.append(_("%(column)s: %(problem)s") % {
            "column": self.labels[key], "problem": sentence})


def _read_date(cells: _Cells, formulas: set[str]) -> None:
    value = cells.value("date")
    if isinstance(value, datetime.datetime):
        cells.row.date = value.date().isoformat()
    elif isinstance(value, datetime.date):
        cells.row.date = value.isoformat()
    else:
        parsed = _parse_date(cells.text("date"))
        if parsed is None and "date" not in formulas:
            cells.problem("date", _("not a date."))
        elif parsed is not None:
            cells.row.date = parsed.isoformat()


def _read_numbers(cells: _Cells, formulas: set[str]) -> None:
    for key in ("round", "table", "first_dealer", "scorekeeper", "hand"):
        number_text = cells.text(key)
        if not number_text:
            if key in ("round", "table") and key not in formulas:
                cells.problem(key, _("missing."))
            continue
        try:
            number = int(number_text)
        except ValueError:
            cells.problem(key, _("not a whole number."))
            continue
        if number < 1:
            cells.problem(key, _("must be 1 or more."))
            continue
        setattr(cells.row, key, number)


def _read_json(cells: _Cells, sheet: str) -> None:
    for key in ("options", "data", "adjusted_points"):
        if not cells.text(key):
            continue
        try:
            setattr(cells.row, key, json_limits.loads(cells.text(key)))
        except json_limits.JSONTooDeep as deep:
            cells.problem(key, _("cell %(cell)s of sheet “%(sheet)s” is nested more than "
                                 "%(limit)s levels deep; an exported hand or its options never "
                                 "are. Export the season again and import that workbook.")
                          % {"cell": f"{get_column_letter(cells.columns[key] + 1)}"
                                     f"{cells.raw.line}",
                             "sheet": sheet, "limit": deep.limit})
        except ValueError:
            cells.problem(key, _("not valid JSON."))


def _parse_date(text: str) -> datetime.date | None:
    for pattern in ("%Y-%m-%d", "%d-%m-%Y", "%d/%m/%Y"):
        try:
            return datetime.datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None


