"""The season workbook's reglement, evenings and call-offs read back and checked
(docs/secretary-guide.md, "Seizoen inlezen"). No writes: ``services.season_import`` writes.

``read_season_rules(workbook)`` reads the sheets ``Reglement``/``Rules``, ``Avonden``/``Evenings``
and ``Afmeldingen``/``Call-offs`` (each optional: a workbook exported before they existed still
imports, and keeps the competition's own reglement) into a ``SeasonRulesSheet``, with a sentence per
problem that names the sheet, the row and, on the rules sheet, the rule.

``check_season_rules`` checks what needs the competition: the rules engine checks the rules, as
the competition form has it checked (``season_rules.rules_errors``, the same sentences), then
the form's own bounds (``season_rules.answer_refusals``: an answer the form would refuse when it
shows the rules again, such as an absence score of 1000, would lock that form); the call-offs
name members the club or the members sheet knows, on evenings of the file, who did not play
that evening (the site refuses to call off someone who is checked in). Every sentence names the
sheet, the row and the cell ("Reglement!C7").

A rule's value is JSON as the site stores it (``{"best": 6}``, ``"average"``, ``6``); a plain
word (``average``) is taken as that text. Before the engine sees a value it is bounded: whole
numbers only (no fractions), within what the database stores, short lists and texts; the JSON
itself is read with the site's depth limit (``clubmanager.core.json_limits``).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from openpyxl.utils import get_column_letter

from clubmanager.core import json_limits
from clubmanager.core.spreadsheet import Row, Workbook, is_formula
from clubmanager.core.text import NAME_MAX_LENGTH, refusal
from tournaments.shared.season_rules import (
    answer_refusals,
    prize_rule,
    refusal_sentence,
    rules_errors,
    rules_sentences,
)

from ..games import site_game
from ..models import Competition, Tiebreak
from .columns import (
    RULE_KEYS,
    calloffs_columns,
    evenings_columns,
    rule_questions,
    rules_columns,
)
from .readsheet import _find_sheet, _parse_date, _read_sheet, _text, _value

#: The bounds of a rule's value, before the engine sees it: PostgreSQL's ``integer`` for a
#: number (what the competition form lets through is smaller still), and short lists, texts and
#: objects (the longest the site writes: a prize list of chosen places).
INT_MIN, INT_MAX = -(2**31), 2**31 - 1
MAX_ITEMS = 200
MAX_TEXT = 40
WORD = re.compile(r"[a-z_]{1,40}")
MAX_EVENINGS = 366  # a season of an evening a day; the evenings sheet may list no more
YES = {"ja", "yes", "true", "waar", "1", "x"}
NO = {"nee", "no", "false", "onwaar", "0", ""}


@dataclass
class SeasonRulesSheet:
    """What the three sheets hold. ``rules`` None: no rules sheet (the competition keeps its
    own); ``evenings`` (ISO date → counts) None: no evenings sheet."""

    rules: dict[str, Any] | None = None
    rule_lines: dict[str, int] = field(default_factory=dict)
    rules_sheet: str = ""
    rules_column: str = ""  # the letter of the rules sheet's value column
    evenings: dict[str, bool] | None = None
    calloffs: list[list[Any]] = field(default_factory=list)  # [date, number, name, line]
    calloffs_sheet: str = ""
    calloffs_column: str = ""  # the letter of the call-offs sheet's member number column
    calloffs_date_column: str = ""  # and of its date column
    sit_outs: list[list[Any]] = field(default_factory=list)  # [date, round, number, name, line]
    sit_outs_sheet: str = ""
    problems: list[str] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeasonRulesSheet:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)


def cell_name(sheet: str, column: str | int, line: int) -> str:
    """A cell as a spreadsheet names it ("Reglement!C7", "'Call-offs'!B3"): typed into the
    name box, Excel and LibreOffice go there. ``column``: a letter, or a 0-based index."""
    letter = get_column_letter(column + 1) if isinstance(column, int) else column
    quoted = sheet if re.fullmatch(r"\w+", sheet) else "'" + sheet.replace("'", "''") + "'"
    return f"{quoted}!{letter}{line}"


def _where(sheet: str, line: int, problem: str, column: str | int | None = None) -> str:
    if column is None or column == "":
        return _("Sheet “%(sheet)s”, row %(line)s: %(problem)s") % {
            "sheet": sheet, "line": line, "problem": problem}
    return _("Sheet “%(sheet)s”, row %(line)s (cell %(cell)s): %(problem)s") % {
        "sheet": sheet, "line": line, "cell": cell_name(sheet, column, line),
        "problem": problem}


def rule_problem(sheet: str, line: int, rule: str, problem: str, column: str | int = ""
                 ) -> str:
    """A sentence naming the sheet, the row, the cell (of ``column``), the rule and the question
    it answers."""
    question = rule_questions().get(rule)
    name = f"“{rule[:MAX_TEXT]}” ({question})" if question else f"“{rule[:MAX_TEXT]}”"
    return _where(sheet, line, _("the rule %(rule)s: %(problem)s") % {
        "rule": name, "problem": problem}, column)


def prize_sentences(rules: Any) -> list[str]:
    """The evening prizes of the stored rules in words (none without a prize rule)."""
    stored = prize_rule(rules)
    rule = stored.get("rule") if stored else None
    lines = []
    if isinstance(rule, dict) and rule.get("top"):
        lines.append(_("Evening prizes for places 1 to %(n)s.") % {"n": rule["top"]})
    elif isinstance(rule, dict) and "per" in rule:
        lines.append(_("One evening prize per %(n)s players.") % {"n": rule["per"]})
    elif isinstance(rule, dict) and "first" in rule:
        lines.append(_("Evening prizes for places 1 to %(first)s, then every %(every)s places.")
                     % {"first": rule["first"], "every": rule.get("then_every")})
    elif isinstance(rule, dict) and isinstance(rule.get("positions"), list):
        lines.append(_("Evening prizes for places %(places)s.") % {
            "places": ", ".join(str(p) for p in rule["positions"])})
    if stored and stored.get("booby") is True:
        lines.append(_("A booby prize (poedelprijs) for the worst score."))
    return lines


def season_rules_sentences(rules: Any, sweep: str | None = None) -> list[str]:
    """The whole reglement in words: the standings' rules, the tie-breaks, the prizes.
    ``sweep`` names the game's deal with every trick and its worth under the competition's
    options ("een mars (262 punten)": :func:`competition_sweep`), as the standings pages say
    it (``competition_rules_sentences``); without it, words that fit any game."""
    lines = rules_sentences(rules, sweep)
    chosen = rules.get("tiebreaks") if isinstance(rules, dict) else None
    labels = [str(Tiebreak(t).label) for t in (chosen if isinstance(chosen, list) else [])
              if isinstance(t, str) and t in Tiebreak.values]
    if labels:
        lines.append(_("Tie-breaks: %(list)s.") % {"list": ", ".join(labels)})
    return lines + prize_sentences(rules)


def competition_sweep(competition: Competition) -> str | None:
    """The competition's game's deal with every trick, named and valued under its options, in
    the game's own words ("een mars (262 punten)"; None: the game has none), as the standings
    pages name it (``competition_rules_sentences`` asks the same)."""
    return site_game(competition.game).sweep_words(competition.options)


def read_season_rules(workbook: Workbook) -> SeasonRulesSheet:
    season_rules = SeasonRulesSheet()
    name = _find_sheet(workbook, "rules")
    if name is not None:
        _read_rules(workbook, name, season_rules)
    name = _find_sheet(workbook, "evenings")
    if name is not None:
        _read_evenings(workbook, name, season_rules)
    name = _find_sheet(workbook, "calloffs")
    if name is not None:
        _read_calloffs(workbook, name, season_rules)
    return season_rules


def _columns(workbook: Workbook, name: str, builder: Any, needed: tuple[str, ...],
             season_rules: SeasonRulesSheet) -> tuple[dict[str, int], list[Row]] | None:
    columns, rows = _read_sheet(workbook, name, builder)
    missing = [label for key, label in builder() if key in needed and key not in columns]
    if missing:
        season_rules.problems.append(_("The sheet “%(sheet)s” lacks the columns: %(columns)s.") % {
            "sheet": name, "columns": ", ".join(f"“{m}”" for m in missing)})
        return None
    return columns, rows


def _read_rules(workbook: Workbook, name: str, season_rules: SeasonRulesSheet) -> None:
    found = _columns(workbook, name, rules_columns, ("rule", "value"), season_rules)
    if found is None:
        return
    columns, rows = found
    season_rules.rules, season_rules.rules_sheet = {}, name
    season_rules.rules_column = value = get_column_letter(columns["value"] + 1)
    rule = get_column_letter(columns["rule"] + 1)
    for row in rows:
        key = _text(_value(row, columns, "rule")).lower()
        raw = _value(row, columns, "value")
        if not key and raw in (None, ""):
            continue  # a row of notes: nothing to read
        if is_formula(row, columns["rule"]) or is_formula(row, columns["value"]):
            season_rules.problems.append(rule_problem(name, row.line, key, _(
                "the cell contains a formula; type the value instead.")))
        elif key not in RULE_KEYS:
            season_rules.problems.append(rule_problem(name, row.line, key, _(
                "no such rule. The rules are: %(rules)s.") % {"rules": ", ".join(RULE_KEYS)},
                rule))
        elif key in season_rules.rule_lines:
            season_rules.problems.append(rule_problem(name, row.line, key, _(
                "this rule is also on row %(line)s.") % {"line": season_rules.rule_lines[key]},
                rule))
        else:
            parsed, problem = rule_value(raw)
            season_rules.rule_lines[key] = row.line
            if problem is not None:
                season_rules.problems.append(rule_problem(name, row.line, key, problem, value))
            else:
                season_rules.rules[key] = parsed


def rule_value(raw: Any) -> tuple[Any, str | None]:
    """A rule's value from its cell, bounded; or a sentence saying what is wrong with it."""
    if isinstance(raw, bool):
        value: Any = raw
    elif isinstance(raw, int | float):
        value = int(raw) if isinstance(raw, float) and raw.is_integer() else raw
    else:
        text = _text(raw)
        if not text:
            return None, _("no value.")
        try:
            value = json_limits.loads(text)
        except json_limits.JSONTooDeep as deep:
            return None, _("nested more than %(limit)s levels deep.") % {"limit": deep.limit}
        except ValueError:
            if not WORD.fullmatch(text):
                return None, _("not in the form the site writes: copy this cell from a "
                                "workbook the site made.")
            value = text
    return value, _bounds(value)


def _bounds(value: Any) -> str | None:
    """What is out of bounds in ``value`` (walked without recursion), or None."""
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, float):
            return _("fill in whole numbers only.")
        if isinstance(item, int) and not isinstance(item, bool) and not (
                INT_MIN <= item <= INT_MAX):
            return _("a number is too large.")
        if isinstance(item, str) and len(item) > MAX_TEXT:
            return _("a text is longer than %(n)s characters.") % {"n": MAX_TEXT}
        if isinstance(item, list | dict) and len(item) > MAX_ITEMS:
            return _("more than %(n)s items.") % {"n": MAX_ITEMS}
        if isinstance(item, dict):
            todo += list(item.keys()) + list(item.values())
        elif isinstance(item, list):
            todo += item
    return None


def _date(value: Any) -> datetime.date | None:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    return _parse_date(_text(value)) if value not in (None, "") else None


def _read_evenings(workbook: Workbook, name: str, season_rules: SeasonRulesSheet) -> None:
    found = _columns(workbook, name, evenings_columns, ("date", "counts"), season_rules)
    if found is None:
        return
    columns, rows = found
    season_rules.evenings = {}
    lines: dict[str, int] = {}
    for row in rows:
        day = _date(_value(row, columns, "date"))
        raw = _value(row, columns, "counts")
        counts = raw if isinstance(raw, bool) else _text(raw).lower()
        if day is None or is_formula(row, columns["date"]):
            season_rules.problems.append(_where(name, row.line, _("not a date.")))
        elif counts not in (True, False) and counts not in YES | NO:
            season_rules.problems.append(_where(name, row.line, _(
                "“%(column)s” must be yes or no.") % {"column": dict(evenings_columns())[
                    "counts"]}))
        elif day.isoformat() in lines:
            season_rules.problems.append(_where(name, row.line, _(
                "the evening of %(date)s is also on row %(line)s.")
                % {"date": f"{day:%d-%m-%Y}", "line": lines[day.isoformat()]}))
        elif len(lines) == MAX_EVENINGS:
            season_rules.problems.append(_where(name, row.line, _(
                "a season has at most %(n)s evenings.") % {"n": MAX_EVENINGS}))
            return
        else:
            lines[day.isoformat()] = row.line
            season_rules.evenings[day.isoformat()] = counts is True or counts in YES


def _read_calloffs(workbook: Workbook, name: str, season_rules: SeasonRulesSheet) -> None:
    found = _columns(workbook, name, calloffs_columns, ("date", "member_number"), season_rules)
    if found is None:
        return
    columns, rows = found
    season_rules.calloffs_sheet = name
    season_rules.calloffs_column = get_column_letter(columns["member_number"] + 1)
    season_rules.calloffs_date_column = get_column_letter(columns["date"] + 1)
    seen: set[tuple[str, str]] = set()
    for row in rows:
        day = _date(_value(row, columns, "date"))
        number = _text(_value(row, columns, "member_number"))
        if day is None or is_formula(row, columns["date"]):
            season_rules.problems.append(_where(name, row.line, _("not a date.")))
        elif not number or is_formula(row, columns["member_number"]):
            season_rules.problems.append(_where(name, row.line, _("no member number.")))
        elif (day.isoformat(), number) not in seen:  # the same call-off twice is one
            seen.add((day.isoformat(), number))
            season_rules.calloffs.append([day.isoformat(), number,
                                       _text(_value(row, columns, "name")), row.line])


def _rule_problems(season_rules: SeasonRulesSheet, better: str) -> list[str]:
    """The engine's refusals of the rules, else the competition form's (its bounds): each a
    sentence naming the rule's cell."""
    rules = season_rules.rules
    refused = [(str(e.get("field") or "").split(".")[0], refusal_sentence(e))
               for e in rules_errors(rules, better)] or answer_refusals(rules)
    return [rule_problem(season_rules.rules_sheet, season_rules.rule_lines.get(key, 1), key,
                         sentence, season_rules.rules_column)
            for key, sentence in refused]


def check_season_rules(season_rules: SeasonRulesSheet, *, better: str, dates: set[str],
                    members: Mapping[str, Any], sheet_members: Mapping[str, str],
                    new_members: dict[str, str], played: set[tuple[str, str]]) -> list[str]:
    """The problems of the reglement, evenings and call-offs against the competition (its
    game's ``better``), the file's evening ``dates`` (the hands'), the club's ``members`` by
    number, the members sheet, and who ``played`` (date, member number) by the hands; a
    call-off's member the club does not know, but the members sheet does, goes into
    ``new_members``."""
    problems = list(season_rules.problems)
    if season_rules.rules is not None and not problems:
        problems += _rule_problems(season_rules, better)
    known = dates | set(season_rules.evenings or {})
    sheet, column = season_rules.calloffs_sheet, season_rules.calloffs_column
    for day, number, name, line in season_rules.calloffs:
        if day not in known:
            problems.append(_where(sheet, line, _(
                "there is no evening on %(date)s in the file.") % {
                "date": f"{datetime.date.fromisoformat(day):%d-%m-%Y}"},
                season_rules.calloffs_date_column))
        elif (day, number) in played:
            problems.append(_where(sheet, line, _(
                "member number %(number)s (%(name)s) played on %(date)s; who played cannot call "
                "off for that evening.") % {
                "number": number, "name": name,
                "date": f"{datetime.date.fromisoformat(day):%d-%m-%Y}"}, column))
        elif number not in members:
            if number in sheet_members:
                new_members[number] = sheet_members[number]
                refused = refusal(sheet_members[number], max_length=NAME_MAX_LENGTH)
                if refused is not None:
                    problems.append(_where(sheet, line, _(
                        "the name “%(name)s”: %(problem)s") % {
                        "name": sheet_members[number], "problem": refused}, column))
            else:
                problems.append(_where(sheet, line, _(
                    "member number %(number)s (%(name)s) is not a member of the club and not on "
                    "the members sheet.") % {"number": number, "name": name}, column))
    return problems
