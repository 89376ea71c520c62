"""The season workbook's sit-outs sheet, read back: who sat out which round by the rota.

Written by ``season_sheets.sit_outs_sheet``; ``read_season_rules`` reads it into the
reglement's ``sit_outs`` and ``check_season_rules`` checks it against the file's hands.
"""

from __future__ import annotations

import datetime

from django.utils.translation import gettext as _

from clubmanager.core.spreadsheet import Workbook, is_formula

from .columns import sit_outs_columns
from .readsheet import _find_sheet, _text, _value
from .season_rules_sheet import MAX_EVENINGS, SeasonRulesSheet, _columns, _date, _where


def read_sit_outs(workbook: Workbook, season_rules: SeasonRulesSheet) -> None:
    """Who sat out which round: a member by number, a guest (no number) by name. The points
    column is not read: the reglement gives them again. No such sheet: nobody."""
    name = _find_sheet(workbook, "sit_outs")
    if name is None:
        return
    found = _columns(workbook, name, sit_outs_columns, ("date", "round", "name"), season_rules)
    if found is None:
        return
    columns, rows = found
    season_rules.sit_outs_sheet = name
    seen: set[tuple[str, int, str, str]] = set()
    for row in rows:
        day = _date(_value(row, columns, "date"))
        number = _text(_value(row, columns, "member_number"))
        who = _text(_value(row, columns, "name"))
        raw = _value(row, columns, "round")
        round_number = raw if isinstance(raw, int) and not isinstance(raw, bool) else None
        if day is None or is_formula(row, columns["date"]):
            season_rules.problems.append(_where(name, row.line, _("not a date.")))
        elif round_number is None or not 1 <= round_number <= MAX_EVENINGS:
            season_rules.problems.append(_where(name, row.line, _("not a round number.")))
        elif not number and not who:
            season_rules.problems.append(_where(name, row.line, _("no member number and no name.")))
        elif (key := (day.isoformat(), round_number, number, who if not number else "")) \
                not in seen:
            seen.add(key)
            season_rules.sit_outs.append([day.isoformat(), round_number, number, who, row.line])


def sitter(number: str, name: str) -> str:
    """Who a sit-out names within an evening: a member by number, else by name (the sheet
    holds no guest number)."""
    return f"#{number}" if number else f"guest:{name}"


def sit_out_problems(season_rules: SeasonRulesSheet, rounds: set[tuple[str, int]],
                      people: set[tuple[str, str]]) -> list[str]:
    """A sit-out names a round of the file's hands and someone at that evening's tables
    (``people``: (date, :func:`sitter`) of everyone seated)."""
    problems = []
    for day, round_number, number, name, line in season_rules.sit_outs:
        date = f"{datetime.date.fromisoformat(day):%d-%m-%Y}"
        if (day, round_number) not in rounds:
            problems.append(_where(season_rules.sit_outs_sheet, line, _(
                "there is no round %(round)s on %(date)s in the file.") % {
                "round": round_number, "date": date}))
        elif (day, sitter(number, name)) not in people:
            problems.append(_where(season_rules.sit_outs_sheet, line, _(
                "%(name)s did not play at a table on %(date)s; who sits out a round plays the "
                "others.") % {"name": name or number, "date": date}))
    return problems
