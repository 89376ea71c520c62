"""The season workbook written (Excel, openpyxl in write-only mode) from the plain rows of
``workbook/rows.py``, so a club can keep, filter and import its season (docs/architecture.md,
docs/secretary-guide.md).

Sheets, named and headed in the club's language:

* ``Stand`` / ``Standings``: the season standings from ``selectors.standings.season_standings``
  (one column per evening);
* one sheet per evening with results (named by its date, ``2026-09-01``): every table's seats
  and results; an evening planned but not yet played gets none;
* ``Alle uitslagen`` / ``All results``: one flat row per seat per match, ready for a pivot table;
* ``Leden`` / ``Members``: the club's members (number, name, active; no contact details: every
  member may download the workbook);
* ``Handen`` / ``Hands``: every hand, one row each, with the table's game, options and seats:
  readable columns per field and side (from the game's ``SiteGame.workbook_fields``, headed in
  the club's language), and in the last column the hand as the site stores it (JSON), so that
  ``workbook/read.py`` can rebuild every match;
* ``Info``: what each sheet holds, and the rules the standings used.

Every value written is stored data or the stored per-seat integers the engine derived. Numbers
are numbers (averages rounded as the site shows them, with a number format, so Excel shows the
viewer's decimal sign; numeric member numbers as numbers), dates are dates, and text is a
string cell whatever it starts with (``text_cell``: a member named "=1+1" stays a name). Each
sheet has a frozen header row, an auto-filter and sized columns.

Memory: the tables, seats and hands come in three ordered streams (``selectors.workbook.
season_tables``), and write-only mode streams each sheet's rows to a temporary file, so memory
holds a chunk of rows, never the season. Speed: plain values go to openpyxl as they are; only a
text a spreadsheet would take for a formula, a date and an average get a cell object of their
own (``make bench`` compares the export with openpyxl writing the same cells as plain values).
"""

from __future__ import annotations

import datetime
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.cell import Cell, WriteOnlyCell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from clubmanager.text import sheet_safe

from ..games import SiteGame, site_game
from ..models import Competition, Tiebreak
from .columns import MAX_SEATS, hands_columns, members_columns, sheet_names
from .rows import SeasonRows, SeasonTable

HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="DDE4EE")
WRAP = Alignment(vertical="top")
AVERAGE_FORMAT = "0.0"  # one decimal, as the site shows an average (``average_display``)


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
    A character no workbook holds (a control character stored before the text policy,
    ``clubmanager.text``) is replaced (``sheet_safe``): one name never stops the export.
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


def write_workbook(season: SeasonRows) -> bytes:
    """The season workbook as .xlsx bytes, in the active language (the caller's: the club's)."""
    competition = season.competition
    date_format = "dd-mm-yyyy" if competition.club.language == "nl" else "yyyy-mm-dd"
    longest_name = max([len(m.name) for m in season.members] + [season.longest_guest, 4])
    workbook = Workbook(write_only=True)
    workbook.properties.title = sheet_safe(f"{competition.club.name}: {competition.name}")
    workbook.properties.creator = "Club scores"

    standings = _standings_sheet(workbook, season, longest_name, date_format)
    evening_sheets = _evening_sheets(workbook, season, longest_name, date_format)
    results = _results_sheet(workbook, max(season.longest_side, 4), longest_name, date_format)
    members_sheet = _members_sheet(workbook, season, longest_name, date_format)
    hands_sheet = _hands_sheet(workbook, competition.game, longest_name, date_format)
    info = Sheet(workbook, sheet_names()["info"],
                 [Column(_("Sheet"), 22), Column(_("Contents"), 100)], date_format)

    game = site_game(competition.game)
    hands_sheet.readable = len(game.workbook_columns())
    for data in season.tables:
        _write_table(data, evening_sheets.get(data.date), results, hands_sheet, game)
    for member in season.members:
        members_sheet.append([member_number_cell(member.member_number), member.name,
                              member.is_active])
    for row in info_rows(competition, sheet_names()):
        info.append(row)

    for sheet in [standings, *evening_sheets.values(), results, members_sheet, hands_sheet,
                  info]:
        sheet.finish()
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _evening_sheets(workbook: Workbook, season: SeasonRows, longest_name: int,
                    date_format: str) -> dict[datetime.date, Sheet]:
    """One sheet per evening with results, by its date."""
    longest_side = max(season.longest_side, 4)
    columns = [
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
    return {e.date: Sheet(workbook, _evening_title(e.date), columns, date_format)
            for e in season.evenings if e.pk in season.played}


def _results_sheet(workbook: Workbook, longest_side: int, longest_name: int,
                   date_format: str) -> Sheet:
    return Sheet(workbook, sheet_names()["results"], [
        Column(_("Date"), 12, date=True), Column(_("Round"), 8), Column(_("Table"), 8),
        Column(_("Seat"), 7), Column(_("Name"), _width(_("Name"), longest_name)),
        Column(_("Member number"), _width(_("Member number"))),
        Column(_("Guest"), _width(_("Guest"))),
        Column(_("Side"), _width(_("Side"), longest_side)),
        Column(_("Points"), _width(_("Points"))),
        Column(_("Competition points"), _width(_("Competition points"))),
        Column(_("Place"), _width(_("Place"))),
    ], date_format)


def _members_sheet(workbook: Workbook, season: SeasonRows, longest_name: int,
                   date_format: str) -> Sheet:
    return Sheet(workbook, sheet_names()["members"], [
        Column(header, _width(header, longest_name if key == "name" else 0))
        for key, header in members_columns()
    ], date_format)


def _hands_sheet(workbook: Workbook, game: str, longest_name: int, date_format: str) -> Sheet:
    return Sheet(workbook, sheet_names()["hands"], [
        Column(header, 12 if key == "date" else (40 if key in ("data", "options") else
               _width(header, longest_name if key.endswith("_name") else 0)),
               date=key == "date")
        for key, header in hands_columns(game)
    ], date_format)


def _standings_sheet(workbook: Workbook, season: SeasonRows, longest_name: int,
                     date_format: str) -> Sheet:
    """The standings, as the site computes them (``selectors.standings.season_standings``)."""
    standing_rows, standing_evenings = season.standings, season.standing_evenings
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
    standings = Sheet(workbook, sheet_names()["standings"], heads, date_format)
    for row in standing_rows:
        counted = row.counted
        if isinstance(counted, list | tuple | set | frozenset | dict):
            counted = len(counted)
        standings.append(
            [row.rank, row.name, member_number_cell(row.member_number), _number(row.total),
             row.evenings_played, _number(counted), bool(row.qualified), row.wins,
             _number(row.best_evening),
             standings.styled(_average(row.average), AVERAGE_FORMAT)]
            + [_number(row.per_evening.get(e.pk)) for e in standing_evenings]
        )
    return standings


def info_rows(competition: Competition, names: dict[str, str]) -> list[list[str]]:
    """The Info sheet: what each sheet holds, then the rules the standings used."""
    rows = [
        [names["standings"], _("The season standings by the rules below: rank, total, evenings "
                               "played and counted, table wins, best evening, average, and one "
                               "column per evening.")],
        [_("One sheet per evening"), _("Named by its date, for each evening with results: "
                                       "every table's seats, points, competition points and "
                                       "places. Evenings without results have no sheet.")],
        [names["results"], _("One row per seat per table of the season, ready for a filter or "
                             "a pivot table.")],
        [names["members"], _("The club's members: member number, name, active.")],
        [names["hands"], _("Every hand, one row each: the table, its seats and the hand's "
                           "fields, one column per field and side. The last column holds the "
                           "hand as the site stores it (JSON) for the season import. On import "
                           "the readable columns win: a value changed there is taken, and the "
                           "rules engine checks it.")],
        [names["info"], _("This sheet.")],
        ["", ""],
        [_("Rules of the standings"), ""],
        [_("Game"), site_game(competition.game).name],
    ]
    rules = render_to_string("tournaments/standings/rules.html", {"competition": competition})
    rows += [["", line.strip()] for line in rules.splitlines() if line.strip()]
    tiebreaks = [str(Tiebreak(t).label) for t in competition.tiebreaks or []
                 if t in Tiebreak.values]
    if tiebreaks:
        rows.append([_("Tie-breaks"), ", ".join(tiebreaks)])
    return rows


def _write_table(data: SeasonTable, sheet: Sheet | None, results: Sheet, hands_sheet: Sheet,
                 game: SiteGame) -> None:
    finished = bool(data.finished)
    for seat in data.seats:
        number = member_number_cell(seat.member_number)
        if sheet is not None:
            sheet.append([data.round, data.number, seat.position, seat.name, number, seat.side,
                          seat.points, seat.competition_points, seat.place, data.hand_count,
                          finished])
        results.append([data.date, data.round, data.number, seat.position, seat.name, number,
                        seat.member_number is None, seat.side, seat.points,
                        seat.competition_points, seat.place])
    seat_cells: list[Any] = []
    by_position = {seat.position: seat for seat in data.seats}
    for position in range(1, MAX_SEATS + 1):
        seated = by_position.get(position)
        if seated is None:
            seat_cells += [None, None, None]
        else:
            seat_cells += [member_number_cell(seated.member_number), seated.name, seated.guest]
    game_name = game.name if data.game == game.key else data.game  # the import reads both
    head = [data.date, data.round, data.number, game_name, _json(data.options or {}),
            data.first_dealer, data.scorekeeper, *seat_cells]
    sides: list[str] = []
    for seat in data.seats:
        if seat.side not in sides:
            sides.append(seat.side)
    readable = data.game == game.key
    blank = [None] * hands_sheet.readable
    entries: list[tuple[int | None, Any, Any, str]] = list(data.entries) or [
        (None, None, None, "")]
    for number, hand, adjusted, reason in entries:
        cells = game.workbook_cells(hand, sides) if readable and hand is not None else blank
        hands_sheet.append(head + [number, *cells,
                                   None if adjusted is None else _json(adjusted), reason or None,
                                   None if hand is None else _json(hand)])

