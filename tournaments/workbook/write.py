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
  readable columns per field and side (from the game's ``WorkbookColumns.fields``, headed in
  the club's language), and in the last column the hand as the site stores it (JSON), so that
  ``workbook/read.py`` can rebuild every match;
* ``Reglement`` / ``Rules``: the competition's reglement, one row per rule (``Competition.rules``,
  its value as JSON, with the question the competition form asks), evening prizes included;
* ``Avonden`` / ``Evenings``: every evening of the season and whether it counts for the
  competition (an opening night, a prize evening or a free evening does not);
* ``Afmeldingen`` / ``Call-offs``: who called off ("afgemeld") for which evening;
* ``Info``: what each sheet holds, the rules the standings used in words, and how the standings
  mark an evening that does not count for a member and a score for an absence.

The last three are read back by the import (``workbook/read.py``), so a round trip carries the
reglement, the non-counting evenings and the call-offs, and gives the same standings.

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
import html
import io
from typing import Any

from django.template.loader import render_to_string
from django.utils.html import strip_tags
from django.utils.translation import gettext as _
from openpyxl import Workbook

from clubmanager.core.text import sheet_safe

from ..games import SiteGame, site_game
from ..models import Competition, Tiebreak
from .columns import MAX_SEATS, hands_columns, members_columns, sheet_names
from .rows import SeasonRows, SeasonTable
from .season_rules_sheet import prize_sentences
from .season_sheets import (
    calloffs_sheet,
    evenings_sheet,
    marks,
    money_sheet,
    rules_sheet,
    sit_outs_sheet,
    standings_sheet,
)
from .sheet import (
    Column,
    Sheet,
    _evening_title,
    _json,
    _width,
    member_number_cell,
    text_cell,
)

__all__ = ["text_cell", "write_workbook"]


def write_workbook(season: SeasonRows) -> bytes:
    """The season workbook as .xlsx bytes, in the active language (the caller's: the club's)."""
    competition = season.competition
    date_format = "dd-mm-yyyy" if competition.club.language == "nl" else "yyyy-mm-dd"
    longest_name = max([len(m.name) for m in season.members] + [season.longest_guest, 4])
    workbook = Workbook(write_only=True)
    workbook.properties.title = sheet_safe(f"{competition.club.name}: {competition.name}")
    workbook.properties.creator = "Club scores"

    standings = standings_sheet(workbook, season, longest_name, date_format)
    evening_sheets = _evening_sheets(workbook, season, longest_name, date_format)
    results = _results_sheet(workbook, max(season.longest_side, 4), longest_name, date_format)
    members_sheet = _members_sheet(workbook, season, longest_name, date_format)
    hands_sheet = _hands_sheet(workbook, competition.game, longest_name, date_format)
    rules = rules_sheet(workbook, competition, date_format, season.evenings)
    evenings = evenings_sheet(workbook, season, date_format)
    calloffs = calloffs_sheet(workbook, season, longest_name, date_format)
    sit_outs = sit_outs_sheet(workbook, season, longest_name, date_format)
    money = money_sheet(workbook, season, longest_name, date_format)
    info = Sheet(workbook, sheet_names()["info"],
                 [Column(_("Sheet"), 22), Column(_("Contents"), 100)], date_format)

    game = site_game(competition.game)
    hands_sheet.readable = len(game.workbook.columns())
    for data in season.tables:
        _write_table(data, evening_sheets.get(data.date), results, hands_sheet, game)
    for member in season.members:
        members_sheet.append([member_number_cell(member.member_number), member.name,
                              member.is_active])
    for row in info_rows(competition, sheet_names()):
        info.append(row)

    for sheet in [standings, *evening_sheets.values(), results, members_sheet, hands_sheet,
                  rules, evenings, calloffs, *([sit_outs] if sit_outs else []),
                  *([money] if money else []), info]:
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


#: The hands sheet's columns in the site's own form, for the import: hidden, since every number
#: of a hand also has a readable column of its own.
RAW_HAND_COLUMNS = ("options", "adjusted_points", "data")


def _hands_sheet(workbook: Workbook, game: str, longest_name: int, date_format: str) -> Sheet:
    return Sheet(workbook, sheet_names()["hands"], [
        Column(header, 12 if key == "date" else (40 if key in ("data", "options") else
               _width(header, longest_name if key.endswith("_name") else 0)),
               date=key == "date", hidden=key in RAW_HAND_COLUMNS)
        for key, header in hands_columns(game)
    ], date_format)


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
                           "fields, one column per field and side. Hidden columns keep the "
                           "hand as the site stores it, for the season import. On import the "
                           "readable columns win: a value changed there is taken, and the "
                           "rules engine checks it.")],
        [names["rules"], _("The competition's reglement, one row per rule: the question the "
                           "competition form asks and its answer in words. Hidden columns keep "
                           "the rule as the site stores it; the season import takes it over, "
                           "and a value the rules engine refuses is refused, naming the rule.")],
        [names["evenings"], _("Every evening of the season and whether it counts for the "
                              "competition (an opening night, a prize evening or a free evening "
                              "does not).")],
        [names["calloffs"], _("Who called off for which evening: date, member number, name.")],
        [names["sit_outs"], _("Who sat out which round by the rota, and the points the "
                              "reglement gave for it (only when someone sat out).")],
        [names["info"], _("This sheet.")],
        ["", ""],
        [_("Rules of the standings"), ""],
        [_("Game"), site_game(competition.game).name],
    ]
    # The page's sentences, as text: an HTML template escapes "zo'n" as "zo&#x27;n".
    rules = html.unescape(strip_tags(render_to_string("tournaments/standings/rules.html",
                                                      {"competition": competition})))
    rows += [["", line.strip()] for line in rules.splitlines() if line.strip()]
    tiebreaks = [str(Tiebreak(t).label) for t in competition.tiebreaks or []
                 if t in Tiebreak.values]
    if tiebreaks:
        rows.append([_("Tie-breaks"), ", ".join(tiebreaks)])
    prizes = prize_sentences(competition.rules)
    if prizes:
        rows.append([_("Evening prizes"), " ".join(prizes)])
    words = marks()
    rows += [
        ["", ""],
        [_("In the standings"), ""],
        [_("Struck through"), _("The score of an evening that does not count for that member "
                                "(%(words)s): a better evening counts instead, or the evening "
                                "falls outside the counted periods.")
         % {"words": words[(True, None)]}],
        [_("In italics"), _("A score for an absence: “%(notified)s” when the member called "
                            "off, “%(unnotified)s” when they did not.")
         % {"notified": words[(False, "notified")],
            "unnotified": words[(False, "unnotified")]}],
        [_("Empty"), _("No score that evening.")],
    ]
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
        cells = game.workbook.cells(hand, sides) if readable and hand is not None else blank
        hands_sheet.append(head + [number, *cells,
                                   None if adjusted is None else _json(adjusted), reason or None,
                                   None if hand is None else _json(hand)])

