"""The season workbook's standings sheet, marked, and the sheets the import reads back besides
the hands: the reglement, the evenings and the call-offs (docs/secretary-guide.md).

* The standings: the figures are the rules engine's, as ``selectors.standings`` hands them on;
  a score that does not count for the member is struck through, a score for an absence is in
  italics, each with its words in the number format (``0" afgemeld"``: the value stays a number);
* ``Reglement`` / ``Rules``: one row per rule of ``Competition.rules`` (evening prizes included):
  its key, the question the competition form asks, and its value as JSON;
* ``Avonden`` / ``Evenings``: every evening and whether it counts for the competition;
* ``Afmeldingen`` / ``Call-offs``: who called off for which evening.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Color, Font

from tournaments.shared.money import euros
from tournaments.shared.season_rules import periods_keyed

from ..models import Competition
from .columns import (
    RULE_KEYS,
    calloffs_columns,
    evenings_columns,
    rule_questions,
    rules_columns,
    sheet_names,
    sit_outs_columns,
)
from .rows import SeasonRows
from .season_rules_sheet import competition_sweep, season_rules_sentences
from .sheet import (
    AVERAGE_FORMAT,
    Column,
    Sheet,
    _average,
    _json,
    _number,
    _width,
    member_number_cell,
    text_cell,
)

#: The standings' evening cells: a score that does not count for the member is struck through
#: (and grey), a score for an absence is in italics; both say so in words in the number format
#: (the value stays a number), so a printout and a screen reader tell them apart too.
DROPPED_FONT = Font(strike=True, color=Color("6B6B6B"))
ABSENT_FONT = Font(italic=True)
DROPPED_ABSENT_FONT = Font(strike=True, italic=True, color=Color("6B6B6B"))


def rule_rows(rules: Any) -> list[tuple[str, Any]]:
    """The stored rules as (key, value) rows: the known keys in the form's order, any other
    after them (the import then names it)."""
    rules = rules if isinstance(rules, dict) else {}
    known = [(key, rules[key]) for key in RULE_KEYS if key in rules]
    return known + sorted((k, v) for k, v in rules.items() if k not in RULE_KEYS)


def rule_words(key: str, value: Any, sweep: str | None = None) -> str:
    """One rule in words, as the standings page says it ("De beste 6 avonden tellen."), the
    game's deal with every trick named by ``sweep`` ("een mars (262 punten)")."""
    base = season_rules_sentences({}, sweep)
    mine = season_rules_sentences({key: value}, sweep)
    extra = [line for line in mine if line not in base]
    if extra or key == "count":
        return " ".join(extra or mine)
    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    return str(value) if isinstance(value, int) else ""


def rules_sheet(workbook: Workbook, competition: Competition, date_format: str,
                evenings: Sequence[Any] = ()) -> Sheet:
    """One row per rule: the form's question and the rule in words (a mars named as the
    standings pages name it: ``competition_sweep``); hidden beside them its key and its value
    as the site stores it (``"average"``, ``{"best": 6}``, ``6``), which the import reads."""
    sweep = competition_sweep(competition)
    questions = rule_questions()
    headers = dict(rules_columns())
    sheet = Sheet(workbook, sheet_names()["rules"], [
        Column(headers["rule"], 14, hidden=True),
        Column(headers["question"], _width(headers["question"],
                                           max(len(q) for q in questions.values()))),
        Column(headers["value"], 60, hidden=True),
        Column(headers["answer"], 90),
    ], date_format)
    # Evenings chosen per period by their date: an id means nothing in another database.
    by_date = {str(e.pk): e.date.isoformat() for e in evenings}
    for key, value in rule_rows(periods_keyed(competition.rules, by_date)):
        sheet.append([key, questions.get(key, ""), text_cell(sheet.ws, _json(value)),
                      text_cell(sheet.ws, rule_words(key, value, sweep))])
    return sheet


def evenings_sheet(workbook: Workbook, season: SeasonRows, date_format: str) -> Sheet:
    headers = dict(evenings_columns())
    sheet = Sheet(workbook, sheet_names()["evenings"], [
        Column(headers["date"], 12, date=True),
        Column(headers["counts"], _width(headers["counts"])),
    ], date_format)
    for evening in season.evenings:
        sheet.append([evening.date, bool(evening.counts)])
    return sheet


def calloffs_sheet(workbook: Workbook, season: SeasonRows, longest_name: int,
                    date_format: str) -> Sheet:
    headers = dict(calloffs_columns())
    sheet = Sheet(workbook, sheet_names()["calloffs"], [
        Column(headers["date"], 12, date=True),
        Column(headers["member_number"], _width(headers["member_number"])),
        Column(headers["name"], _width(headers["name"], longest_name)),
    ], date_format)
    for date, number, name in season.calloffs:
        sheet.append([date, member_number_cell(number), name])
    return sheet


def sit_outs_sheet(workbook: Workbook, season: SeasonRows, longest_name: int,
                   date_format: str) -> Sheet | None:
    """Who sat out which round by the rota (None: nobody did this season)."""
    if not season.sit_outs:
        return None
    headers = dict(sit_outs_columns())
    sheet = Sheet(workbook, sheet_names()["sit_outs"], [
        Column(headers["date"], 12, date=True),
        Column(headers["round"], _width(headers["round"])),
        Column(headers["member_number"], _width(headers["member_number"])),
        Column(headers["name"], _width(headers["name"], longest_name)),
        Column(headers["points"], _width(headers["points"])),
    ], date_format)
    for date, round_number, number, name, points in season.sit_outs:
        sheet.append([date, round_number, member_number_cell(number) if number else "", name,
                      points])
    return sheet


def marks() -> dict[tuple[bool, str | None], str]:
    """(dropped, absence kind) → the words an evening cell shows after its score."""
    notified, unnotified, dropped = _("called off"), _("absent"), _("does not count")
    return {
        (True, None): dropped,
        (False, "notified"): notified,
        (False, "unnotified"): unnotified,
        (True, "notified"): f"{notified}, {dropped}",
        (True, "unnotified"): f"{unnotified}, {dropped}",
    }


def _evening_cell(sheet: Sheet, row: Any, evening_id: int,
                  marks: dict[tuple[bool, str | None], str]) -> Any:
    """A member's score of an evening: a number, marked when it does not count for them
    (struck through) or is a score for an absence (in italics), with the words in its number
    format (``0" afgemeld"``)."""
    value = _number(row.per_evening.get(evening_id))
    if value is None:
        return None
    dropped = evening_id in getattr(row, "dropped", ())
    kind = getattr(row, "absent_kind", {}).get(evening_id)
    words = marks.get((dropped, kind))
    if words is None:
        return value
    cell = WriteOnlyCell(sheet.ws, value=value)
    cell.number_format = '0" ' + words.replace('"', "") + '"'
    cell.font = DROPPED_ABSENT_FONT if dropped and kind else (
        DROPPED_FONT if dropped else ABSENT_FONT)
    return cell


def standings_sheet(workbook: Workbook, season: SeasonRows, longest_name: int,
                    date_format: str) -> Sheet:
    """The standings, as the site computes them (``selectors.standings.season_standings``):
    the engine's figures, then per period its total (with periods), the evenings still needed
    to qualify (with a minimum), and one column per evening, each marked (``_evening_cell``)."""
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
    ]
    words = marks()
    periods = max((len(r.periods) for r in standing_rows
                   if isinstance(getattr(r, "periods", None), list)), default=0)
    heads += [Column(_("Period %(n)s") % {"n": n}, len(words[(True, None)]) + 10)
              for n in range(1, periods + 1)]
    rules = season.competition.rules if isinstance(season.competition.rules, dict) else {}
    needed = bool(rules.get("min_played"))
    if needed:
        heads.append(Column(_("Evenings still needed"), _width(_("Evenings still needed"))))
    first_evening = len(heads)
    heads += [Column(e.date.strftime("%d-%m-%Y"), 12) for e in standing_evenings]
    marked = {e.pk for row in standing_rows for e in standing_evenings
              if e.pk in getattr(row, "dropped", ()) or e.pk in getattr(row, "absent_kind", {})}
    for column, evening in zip(heads[first_evening:], standing_evenings, strict=True):
        if evening.pk in marked:
            column.width = float(max(len(m) for m in words.values()) + 8)
    standings = Sheet(workbook, sheet_names()["standings"], heads, date_format)
    for row in standing_rows:
        counted = row.counted
        if isinstance(counted, list | tuple | set | frozenset | dict):
            counted = len(counted)
        own = getattr(row, "periods", None) or []
        standings.append(
            [row.rank, row.name, member_number_cell(row.member_number), _number(row.total),
             row.evenings_played, _number(counted), bool(row.qualified), row.wins,
             _number(row.best_evening),
             standings.styled(_average(row.average), AVERAGE_FORMAT)]
            + [_period_cell(standings, own[n] if n < len(own) else None, words)
               for n in range(periods)]
            + ([getattr(row, "needed", 0)] if needed else [])
            + [_evening_cell(standings, row, e.pk, words) for e in standing_evenings]
        )
    return standings


def _period_cell(sheet: Sheet, period: Any, words: dict[tuple[bool, str | None], str]) -> Any:
    """A member's total of a period, struck through when the period does not count."""
    if not isinstance(period, dict):
        return None
    if period.get("counted"):
        return _number(period.get("total"))
    cell = WriteOnlyCell(sheet.ws, value=_number(period.get("total")))
    cell.number_format = '0" ' + words[(True, None)].replace('"', "") + '"'
    cell.font = DROPPED_FONT
    return cell


#: Euros with two decimals, as a spreadsheet shows money (the cells hold exact amounts).
EURO_FORMAT = '"€" #,##0.00'


def money_sheet(workbook: Workbook, season: SeasonRows, longest_name: int,
                date_format: str) -> Sheet | None:
    """The evening money per member: evenings present, due, paid, still
    owed, the guests on one line and the totals; the same figures as the money page (whole
    cents from ``selectors.money``, written as exact euros). None: the season has no fee."""
    money = season.money
    if money is None or not (money.due or money.paid):
        return None
    headers = [_("Name"), _("Evenings"), _("Due"), _("Paid"), _("Still owed")]
    sheet = Sheet(workbook, sheet_names()["money"], [
        Column(headers[0], _width(headers[0], longest_name)),
        *(Column(h, _width(h, 10)) for h in headers[1:])], date_format)
    for row in [*money.rows, None]:
        name, evenings, due, paid = ((row.name, row.evenings, row.due, row.paid) if row
                                     else (_("Total"), money.evenings, money.due, money.paid))
        sheet.append([name, evenings, *(sheet.styled(euros(c), EURO_FORMAT)
                                        for c in (due, paid, due - paid))])
    return sheet
