"""The season workbook (Excel, openpyxl in write-only mode).

Sheets, named and headed in the club's language:

* ``Stand`` / ``Standings``: the season standings from ``selectors.standings.season_standings``
  (one column per evening);
* one sheet per evening (named by its date, ``2026-09-01``): every table's seats and results;
* ``Alle uitslagen`` / ``All results``: one flat row per seat per match, ready for a pivot table;
* ``Leden`` / ``Members``: the club's members (number, name, active; no contact details: every
  member may download the workbook);
* ``Handen`` / ``Hands``: every hand as entered (JSON), with the table's game, options and seats,
  so that ``tournaments.season_import`` can rebuild every match.

Every value written is stored data or the stored per-seat integers the engine derived. Numbers
are numbers, dates are dates, and text is a string cell whatever it starts with (``text_cell``:
a member named "=1+1" stays a name). Each sheet has a frozen header row, an auto-filter and sized
columns. Write-only mode streams each sheet to a temporary file, so a federation-size season
stays small in memory.
"""

from __future__ import annotations

import datetime
import io
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import override
from openpyxl import Workbook
from openpyxl.cell import Cell, WriteOnlyCell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from .models import Competition
from .selectors import exports as selectors
from .selectors.exports import TableData

MAX_SEATS = 6  # the largest table of any game (French HIGH FIVE)
HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="DDE4EE")
WRAP = Alignment(vertical="top")


# -- sheet and column names (one place, used by the writer and the import) -------------------
def sheet_names() -> dict[str, str]:
    """Sheet key → name in the active language."""
    return {
        "standings": _("Standings"),
        "results": _("All results"),
        "members": _("Members"),
        "hands": _("Hands"),
    }


def hands_columns() -> list[tuple[str, str]]:
    """(key, header) of the hands sheet, in order, in the active language."""
    columns = [
        ("date", _("Date")),
        ("round", _("Round")),
        ("table", _("Table")),
        ("game", _("Game")),
        ("options", _("Game options (JSON)")),
        ("first_dealer", _("First dealer (seat)")),
        ("scorekeeper", _("Scorekeeper (seat)")),
    ]
    for n in range(1, MAX_SEATS + 1):
        columns.append((f"seat{n}_number", _("Seat %(n)s member number") % {"n": n}))
        columns.append((f"seat{n}_name", _("Seat %(n)s name") % {"n": n}))
    columns += [
        ("hand", _("Hand")),
        ("data", _("Hand as entered (JSON)")),
        ("adjusted_points", _("Adjusted points (JSON)")),
        ("adjusted_reason", _("Reason for the adjusted score")),
    ]
    return columns


def members_columns() -> list[tuple[str, str]]:
    return [("member_number", _("Member number")), ("name", _("Name")), ("active", _("Active"))]


@dataclass
class Column:
    header: str
    width: float
    date: bool = False


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(ws: WriteOnlyWorksheet, text: str) -> Cell:
    """A string cell, whatever the text starts with: data, never code.

    openpyxl makes a str that starts with "=" a formula; a name like ``=HYPERLINK(…)`` would run
    in the reader's Excel. The cell type is forced to string, and a text that a spreadsheet
    would take for a formula when edited gets Excel's quote prefix (the hidden apostrophe).
    """
    cell = WriteOnlyCell(ws, value=text)
    cell.data_type = "s"
    if text.startswith(FORMULA_STARTS):
        cell.quotePrefix = True
    return cell


class Sheet:
    """A write-only sheet with a bold, frozen, filtered header row and sized columns."""

    def __init__(self, workbook: Workbook, title: str, columns: Sequence[Column],
                 date_format: str) -> None:
        self.ws: WriteOnlyWorksheet = workbook.create_sheet(title=title[:31])
        self.columns = list(columns)
        self.date_format = date_format
        self.rows = 1
        for index, column in enumerate(self.columns, start=1):
            self.ws.column_dimensions[get_column_letter(index)].width = column.width
        self.ws.freeze_panes = "A2"
        header = []
        for column in self.columns:
            cell = text_cell(self.ws, column.header)
            cell.font, cell.fill, cell.alignment = HEADER_FONT, HEADER_FILL, WRAP
            header.append(cell)
        self.ws.append(header)
        self._date_columns = [i for i, c in enumerate(self.columns) if c.date]

    def append(self, values: list[Any]) -> None:
        for i in self._date_columns:
            if values[i] is not None:
                cell = WriteOnlyCell(self.ws, value=values[i])
                cell.number_format = self.date_format
                values[i] = cell
        self.ws.append([text_cell(self.ws, v) if isinstance(v, str) else v for v in values])
        self.rows += 1

    def finish(self) -> None:
        last = get_column_letter(max(1, len(self.columns)))
        # openpyxl has it on write-only sheets too; types-openpyxl leaves it out
        self.ws.auto_filter.ref = f"A1:{last}{self.rows}"  # type: ignore[attr-defined]


def _width(header: str, longest: int = 0) -> float:
    return float(min(60, max(len(header) + 3, longest + 2, 8)))


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)


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


def season_workbook(competition: Competition) -> bytes:
    """The season workbook as .xlsx bytes, in the club's language."""
    club = competition.club
    with override(club.language):
        return _write(competition)


def _write(competition: Competition) -> bytes:
    names = sheet_names()
    date_format = "dd-mm-yyyy" if competition.club.language == "nl" else "yyyy-mm-dd"
    evenings = selectors.season_evenings(competition)
    tables = list(selectors.season_tables(competition))
    members = selectors.club_members(competition)
    standing_rows, standing_evenings = selectors.standings_and_evenings(competition, evenings)

    longest_name = max(
        [len(s.participant.name) for t in tables for s in t.seats] + [len(m.name) for m in members]
        + [4]
    )
    longest_side = max([len(s.side) for t in tables for s in t.seats] + [4])

    workbook = Workbook(write_only=True)
    workbook.properties.title = f"{competition.club.name}: {competition.name}"
    workbook.properties.creator = "Club scores"

    # Standings
    heads: list[Column] = [
        Column(_("Rank"), 7), Column(_("Name"), _width(_("Name"), longest_name)),
        Column(_("Member number"), _width(_("Member number"))),
        Column(_("Total"), _width(_("Total"))),
        Column(_("Evenings played"), _width(_("Evenings played"))),
        Column(_("Evenings counted"), _width(_("Evenings counted"))),
        Column(_("Qualified"), _width(_("Qualified"))),
        Column(_("Table wins"), _width(_("Table wins"))),
        Column(_("Best evening"), _width(_("Best evening"))),
        Column(_("Average"), _width(_("Average"))),
    ] + [Column(e.date.strftime("%d-%m-%Y"), 12) for e in standing_evenings]
    standings = Sheet(workbook, names["standings"], heads, date_format)
    for row in standing_rows:
        counted = row.counted
        if isinstance(counted, list | tuple | set | frozenset | dict):
            counted = len(counted)
        standings.append(
            [row.rank, row.name, row.member_number or None, _number(row.total),
             row.evenings_played, _number(counted), bool(row.qualified), row.wins,
             _number(row.best_evening), _number(row.average)]
            + [_number(row.per_evening.get(e.pk)) for e in standing_evenings]
        )

    # One sheet per evening
    evening_columns = [
        Column(_("Round"), 8), Column(_("Table"), 8), Column(_("Seat"), 7),
        Column(_("Name"), _width(_("Name"), longest_name)),
        Column(_("Member number"), _width(_("Member number"))),
        Column(_("Side"), _width(_("Side"), longest_side)),
        Column(_("Points"), _width(_("Points"))),
        Column(_("Competition points"), _width(_("Competition points"))),
        Column(_("Place"), _width(_("Place"))),
        Column(_("Hands"), _width(_("Hands"))),
        Column(_("Finished"), _width(_("Finished"))),
    ]
    evening_sheets = {
        e.pk: Sheet(workbook, _evening_title(e.date), evening_columns, date_format)
        for e in evenings
    }

    results = Sheet(workbook, names["results"], [
        Column(_("Date"), 12, date=True), Column(_("Round"), 8), Column(_("Table"), 8),
        Column(_("Seat"), 7), Column(_("Name"), _width(_("Name"), longest_name)),
        Column(_("Member number"), _width(_("Member number"))),
        Column(_("Guest"), _width(_("Guest"))),
        Column(_("Side"), _width(_("Side"), longest_side)),
        Column(_("Points"), _width(_("Points"))),
        Column(_("Competition points"), _width(_("Competition points"))),
        Column(_("Place"), _width(_("Place"))),
    ], date_format)

    members_sheet = Sheet(workbook, names["members"], [
        Column(header, _width(header, longest_name if key == "name" else 0))
        for key, header in members_columns()
    ], date_format)
    hands_sheet = Sheet(workbook, names["hands"], [
        Column(header, 12 if key == "date" else (40 if key in ("data", "options") else
               _width(header, longest_name if key.endswith("_name") else 0)),
               date=key == "date")
        for key, header in hands_columns()
    ], date_format)

    for data in tables:
        _write_table(data, evening_sheets, results, hands_sheet)
    for member in members:
        members_sheet.append([member.member_number, member.name, member.is_active])

    for sheet in [standings, *evening_sheets.values(), results, members_sheet, hands_sheet]:
        sheet.finish()
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _write_table(data: TableData, evening_sheets: dict[int, Sheet], results: Sheet,
                 hands_sheet: Sheet) -> None:
    table = data.table
    round_ = table.round
    evening = round_.evening
    sheet = evening_sheets[evening.pk]
    finished = bool(table.finished)
    for seat in data.seats:
        member = seat.participant.member
        number = member.member_number if member else None
        place = seat.place
        sheet.append([round_.number, table.number, seat.position, seat.participant.name, number,
                      seat.side, seat.points, seat.competition_points, place, table.hand_count,
                      finished])
        results.append([evening.date, round_.number, table.number, seat.position,
                        seat.participant.name, number, member is None, seat.side, seat.points,
                        seat.competition_points, place])
    seat_cells: list[Any] = []
    for position in range(1, MAX_SEATS + 1):
        seated = next((s for s in data.seats if s.position == position), None)
        if seated is None:
            seat_cells += [None, None]
        else:
            member = seated.participant.member
            seat_cells += [member.member_number if member else None, seated.participant.name]
    head = [evening.date, round_.number, table.number, table.game, _json(table.options or {}),
            table.first_dealer, table.scorekeeper, *seat_cells]
    entries: Iterable[tuple[int | None, Any, Any, str]] = (
        data.entries if data.entries else [(None, None, None, "")])
    for hand_number, hand, adjusted, reason in entries:
        hands_sheet.append(head + [
            hand_number, None if hand is None else _json(hand),
            None if adjusted is None else _json(adjusted), reason or None,
        ])


ExportFunction = Callable[[Competition], bytes]
