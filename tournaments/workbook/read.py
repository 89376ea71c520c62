"""The season workbook read back (``workbook/write.py``'s file, or one a secretary edited) into
rows to check: pure parsing, no writes (docs/secretary-guide.md; the upload limits:
docs/security.md "Upload limits").

``parse_season(data, filename)`` reads (through ``clubmanager.core.spreadsheet``, with its archive
limits) the workbook's hands sheet (``Handen``/``Hands``) and members sheet
(``Leden``/``Members``) and returns a ``ParsedSeason``, or raises ``ImportFileError`` with a
sentence for the user (not an .xlsx file, a damaged file, sheets or columns missing, too many
rows). ``workbook/check.py`` checks the rows; ``services.season_import.season_import_apply``
writes them.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext as _
from openpyxl.utils import get_column_letter

from clubmanager.core import json_limits
from clubmanager.core.spreadsheet import ImportFileError, Row, is_formula
from scoring import GAMES

from ..games import site_games
from ..models import Round, Table
from .columns import MAX_SEATS, hands_columns, members_columns, sheet_names
from .readsheet import (
    MAX_BYTES,
    MAX_ROWS,
    _find_sheet,
    _open,
    _parse_date,
    _read_sheet,
    _text,
    _value,
)
from .season_rules_sheet import SeasonRulesSheet, cell_name, read_season_rules
from .sit_outs_sheet import read_sit_outs

__all__ = ["MAX_BYTES", "MAX_ROWS", "HandRow", "ImportFileError", "ParsedSeason",
           "parse_season", "person"]

REQUIRED = ("date", "round", "table", "game", "seat1_number", "seat1_name", "hand", "data")
#: A whole number as a cell holds it: the digits 0 to 9 only (Python's ``int`` would also read
#: "1_000" and "٣" or "３", which no form of the site takes).
DIGITS = re.compile(r"-?[0-9]+")


def _column_top(model: type[Any], name: str) -> int:
    """The largest number ``model.name``'s column stores (PostgreSQL's, on every database)."""
    internal = model._meta.get_field(name).get_internal_type()
    return BaseDatabaseOperations.integer_field_ranges[internal][1]


#: The most a row's numbers may be: what their columns store (a round or table number past
#: it would stop the import at the database). A hand's number is bounded by the rows a sheet
#: may have, the dealer's and scorekeeper's seat by the table's seats.
NUMBER_TOP = {"round": _column_top(Round, "number"), "table": _column_top(Table, "number"),
              "first_dealer": _column_top(Table, "first_dealer"),
              "scorekeeper": _column_top(Table, "scorekeeper")}


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
    #: the reglement, the evenings and the call-offs (``season_rules_sheet.py``), each as read
    season_rules: SeasonRulesSheet = field(default_factory=SeasonRulesSheet)
    #: member number -> its cell on the members sheet ("Leden!A2"), to name it in a problem
    member_cells: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rows = []
        for row in self.rows:
            item = asdict(row)
            item["resolved"] = item["resolved_adjusted"] = None
            rows.append(item)
        return {"rows": rows, "members": self.members,
                "season_rules": asdict(self.season_rules), "member_cells": self.member_cells}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ParsedSeason:
        rows = [HandRow(**{**r, "seats": [[*seat, ""][:3] for seat in r["seats"]]})
                for r in data["rows"]]
        return cls(rows=rows, members=dict(data["members"]),
                   # ("reglement": the key of a preview stored before it was renamed)
                   season_rules=SeasonRulesSheet.from_dict(
                       data.get("season_rules") or data.get("reglement") or {}),
                   member_cells=dict(data.get("member_cells") or {}))


def person(seat: list[str]) -> str:
    """Who sits in ``seat`` ([member number, name, guest number]) within an evening: a member
    by number, a guest by guest number, else (an older workbook) by name."""
    number, name, guest = seat
    if number:
        return f"#{number}"
    return f"guest#{guest}" if guest else f"guest:{name}"


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
    cells: dict[str, str] = {}
    member_sheet = _find_sheet(workbook, "members")
    if member_sheet is not None:
        member_columns, member_rows = _read_sheet(workbook, member_sheet, members_columns)
        if "member_number" in member_columns and "name" in member_columns:
            for row in member_rows:
                number = _text(_value(row, member_columns, "member_number"))
                name = _text(_value(row, member_columns, "name"))
                if number and name and not is_formula(row, member_columns["name"]):
                    members[number] = name
                    cells[number] = cell_name(member_sheet, member_columns["member_number"],
                                              row.line)
    season_rules = read_season_rules(workbook)
    read_sit_outs(workbook, season_rules)
    return ParsedSeason(rows=rows, members=members, season_rules=season_rules,
                        member_cells=cells)


def _hand_row(raw: Row, columns: Mapping[str, int], labels: Mapping[str, str],
              sheet: str) -> HandRow:
    row = HandRow(line=raw.line)
    formulas = {key for key, index in columns.items() if is_formula(raw, index)}
    for key in sorted(formulas, key=lambda k: columns[k]):
        row.problems.append(_("Column “%(column)s” contains a formula; paste the value "
                              "instead.") % {"column": labels[key]})
    cells = _Cells(raw, {key: index for key, index in columns.items() if key not in formulas},
                   labels, row, sheet)
    _read_date(cells, formulas)
    _read_numbers(cells, formulas)
    row.game = cells.text("game")
    if row.game not in GAMES:  # the game's name, as the export writes it (any language)
        row.game = next((game.key for game in site_games()
                         if row.game.lower() in game.names()), row.game)
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
    sheet: str = ""

    def value(self, key: str) -> Any:
        return _value(self.raw, self.columns, key)

    def text(self, key: str) -> str:
        return _text(self.value(key))

    def cell(self, key: str) -> str:
        """The cell of column ``key`` in this row, as a spreadsheet names it ("Handen!B7")."""
        return cell_name(self.sheet, self.columns[key], self.raw.line)

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
        if not DIGITS.fullmatch(number_text):
            cells.problem(key, _("not a whole number (cell %(cell)s).") % {
                "cell": cells.cell(key)})
            continue
        number = int(number_text) if len(number_text) < 20 else 10**20
        top = NUMBER_TOP.get(key, MAX_ROWS)
        if not 1 <= number <= top:
            cells.problem(key, _("must be a whole number from 1 to %(top)s (cell %(cell)s).")
                          % {"top": top, "cell": cells.cell(key)})
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
            cells.problem(key, _("not in the form the site writes: copy this cell from a "
                                 "workbook the site made."))
