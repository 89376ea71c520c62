"""The season import's check: the rows of ``workbook/read.py`` grouped into matches, seated
and checked by the rules engine, with a sentence per problem naming the row of the file
(docs/secretary-guide.md). No writes: ``services.season_import.season_import_apply`` writes,
only when the preview has no error at all.

``check_season(parsed, competition=, members=)`` groups the rows into matches, seats them the
way the draw does (``matches.assign_sides``), lets the rules engine check every match and
returns a ``SeasonPreview``: one ``PreviewTable`` per match.

Members are matched by member number. A number the club does not know is created from the
workbook's members sheet (shown in the preview as a new member); a number in neither is an
error. A seat without a member number is a guest: within the evening, the guest with that
guest number (the export numbers an evening's guests, so two guests of the same name stay two
people), or, in a workbook without guest numbers, the guest of that name. Names (new members'
and guests') and reasons pass the site's text policy (``clubmanager.core.text``).

Hands follow the seat, not the name: a hand names its sides by the players' names, and a member
renamed since the export sits under today's name. So each hand's sides are mapped seat by seat
from the workbook's names to today's (``_remap``), and the readable columns are read by seat.

What wins: the readable columns of the hands sheet (``WorkbookColumns.fields``) win over the
machine-readable document in the last column, for the fields they show; the document supplies
every field without a column. A secretary's edit in the readable columns is thus taken, and the
rules engine checks the result like any other hand (an impossible penalty is refused with the
rule's sentence, naming the row).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import override

from clubmanager.core.text import NAME_MAX_LENGTH, reason_refusal, refusal
from clubmanager.models import Member
from scoring import GAMES, side_points_bounds
from tournaments.shared import matches
from tournaments.shared.messages import issue_message, record_text

from ..games import CellProblem, site_game
from ..models import Competition
from .columns import hands_columns
from .read import HandRow, ParsedSeason, person
from .season_rules_sheet import SeasonRulesSheet, check_season_rules
from .sit_outs_sheet import sit_out_problems, sitter

# -- checking --------------------------------------------------------------------------------
OK = "ok"
ERROR = "error"


@dataclass
class PreviewTable:
    """One match of the file: where it is, who played, and what is wrong with it."""

    date: str
    round: int
    table: int
    lines: list[int]
    players: list[str]
    hands: int
    problems: list[str] = field(default_factory=list)
    new_members: list[str] = field(default_factory=list)
    #: the engine's evaluation of the match, kept for the import (not evaluated twice)
    evaluation: Any = field(default=None, repr=False, compare=False)

    @property
    def status(self) -> str:
        return ERROR if self.problems else OK


@dataclass
class SeasonPreview:
    tables: list[PreviewTable]
    new_members: dict[str, str]  # member number -> name, to be created
    problems: list[str] = field(default_factory=list)  # about the file or the competition
    #: the reglement, evenings and call-offs of the file (``season_rules_sheet.py``)
    season_rules: SeasonRulesSheet = field(default_factory=SeasonRulesSheet)
    season_rules_ok: bool = True  # the reglement, evenings and call-offs passed their checks

    @property
    def errors(self) -> list[PreviewTable]:
        return [t for t in self.tables if t.problems]

    @property
    def valid(self) -> bool:
        return not self.problems and not self.errors and bool(self.tables)

    @property
    def evenings(self) -> int:
        """The evenings the import creates: those with tables, and the others of the evenings
        sheet (planned)."""
        return len({t.date for t in self.tables} | set(self.season_rules.evenings or {}))

    @property
    def rounds(self) -> int:
        return len({(t.date, t.round) for t in self.tables})

    @property
    def hand_count(self) -> int:
        return sum(t.hands for t in self.tables)


def _row_problem(line: int, sentence: str) -> str:
    return _("Row %(line)s: %(problem)s") % {"line": line, "problem": sentence}


def group_tables(rows: Iterable[HandRow]) -> dict[tuple[str, int, int], list[HandRow]]:
    groups: dict[tuple[str, int, int], list[HandRow]] = {}
    for row in rows:
        groups.setdefault(row.key, []).append(row)
    return groups


def check_season(
    parsed: ParsedSeason, *, competition: Competition, members: Mapping[str, Any]
) -> SeasonPreview:
    """Check every match of the file (``members``: the club's member number → Member)."""
    preview = SeasonPreview(tables=[], new_members={})
    choices = _choices(competition.game)
    seated: dict[tuple[str, int], dict[str, int]] = {}  # (date, round) -> person -> line
    guests: dict[tuple[str, str], str] = {}  # (date, person) -> a guest's name
    for key, rows in sorted(group_tables(parsed.rows).items()):
        first = rows[0]
        item = PreviewTable(date=key[0], round=key[1], table=key[2],
                            lines=[r.line for r in rows], players=[], hands=0)
        preview.tables.append(item)
        for row in rows:
            item.problems += [_row_problem(row.line, p) for p in row.problems]
        if item.problems:
            continue
        _check_consistent(item, rows, competition)
        names, persons = _seat_people(item, first, parsed, members, preview, guests)
        item.players = names
        in_round = seated.setdefault((key[0], key[1]), {})
        for who, name in zip(persons, names, strict=True):
            if who in in_round:
                item.problems.append(_row_problem(first.line, _(
                    "%(name)s plays at two tables in round %(round)s (also row %(other)s).")
                    % {"name": name, "round": key[1], "other": in_round[who]}))
            else:
                in_round[who] = first.line
        if item.problems:
            continue
        _resolve(item, rows, names, choices)
        if item.problems:
            continue
        _check_adjusted(item, rows, names)
        if item.problems:
            continue
        _check_match(item, rows, names)
    if not preview.tables:
        preview.problems.append(_("The file holds no matches."))
    preview.season_rules = parsed.season_rules
    played = {(row.date, seat[0]) for row in parsed.rows for seat in row.seats if seat[0]}
    refused = check_season_rules(
        parsed.season_rules, better=competition.better, dates={t.date for t in preview.tables},
        members=members, sheet_members=parsed.members, new_members=preview.new_members,
        played=played) + sit_out_problems(
        parsed.season_rules, {(row.date, row.round) for row in parsed.rows},
        {(row.date, sitter(seat[0], seat[1])) for row in parsed.rows for seat in row.seats})
    preview.season_rules_ok = not refused
    preview.problems += refused
    preview.problems += _number_problems(preview.new_members, parsed.member_cells)
    return preview


def _number_problems(new_members: Mapping[str, str], cells: Mapping[str, str]) -> list[str]:
    """A new member's number held to the member form's rules: its length and the text policy
    (``clubmanager.core.text``), named by its cell on the members sheet."""
    longest = Member._meta.get_field("member_number").max_length
    problems = []
    for number in sorted(new_members):
        refused = refusal(number, max_length=longest)
        if refused is not None:
            problems.append(_("Member number “%(number)s” (cell %(cell)s): %(problem)s") % {
                "number": number[:40], "cell": cells.get(number, "?"), "problem": refused})
    return problems


def _seat_people(item: PreviewTable, first: HandRow, parsed: ParsedSeason,
                 members: Mapping[str, Any], preview: SeasonPreview,
                 guests: dict[tuple[str, str], str]) -> tuple[list[str], list[str]]:
    """The names (today's) and the people (``person``) of a match's seats; a member number
    the club does not know becomes a new member from the members sheet; ``guests``: the
    guests named so far, per evening."""
    names: list[str] = []
    persons: list[str] = []
    for number, name, guest in first.seats:
        if number:
            member = members.get(number)
            if member is not None:
                names.append(member.name)
            elif number in parsed.members:
                names.append(parsed.members[number])
                preview.new_members[number] = parsed.members[number]
                item.new_members.append(number)
                _check_name(item, first.line, parsed.members[number])
            else:
                item.problems.append(_row_problem(first.line, _(
                    "member number %(number)s (%(name)s) is not a member of the club and "
                    "not on the members sheet.") % {"number": number, "name": name}))
                names.append(name or number)
        else:
            if not name:
                item.problems.append(_row_problem(first.line, _("a seat has no name.")))
            _check_name(item, first.line, name)
            named = guests.setdefault((first.date, person([number, name, guest])), name)
            if named != name:
                item.problems.append(_row_problem(first.line, _(
                    "guest number %(guest)s is %(name)s, and also %(other)s on this evening.")
                    % {"guest": guest, "name": named, "other": name}))
            names.append(name)
        persons.append(person([number, name, guest]))
    return names, persons


def _check_consistent(item: PreviewTable, rows: list[HandRow], competition: Competition) -> None:
    first = rows[0]
    if first.game != competition.game:
        name = site_game(first.game).name if first.game in GAMES else first.game or "?"
        item.problems.append(_row_problem(first.line, _(
            "this match is %(game)s, the competition plays %(competition)s.")
            % {"game": name, "competition": site_game(competition.game).name}))
    for row in rows[1:]:
        if (row.game, row.options, row.seats, row.first_dealer, row.scorekeeper) != (
                first.game, first.options, first.seats, first.first_dealer, first.scorekeeper):
            item.problems.append(_row_problem(row.line, _(
                "the game, options or seats differ from row %(line)s of the same table.")
                % {"line": first.line}))
    numbers = [r.hand for r in rows if r.hand is not None]
    if numbers != list(range(1, len(numbers) + 1)) or (len(rows) > 1 and len(numbers) != len(rows)):
        item.problems.append(_row_problem(first.line, _(
            "the hands of this table must be numbered 1, 2, 3, … without gaps.")))
    seat_count = len(first.seats)
    for position in (first.first_dealer, first.scorekeeper):
        if position > seat_count:
            item.problems.append(_row_problem(first.line, _(
                "seat %(seat)s is named as dealer or scorekeeper, but the table has %(count)s "
                "seats.") % {"seat": position, "count": seat_count}))
    for row in rows:
        if (row.adjusted_points is None) != (not row.adjusted_reason):
            item.problems.append(_row_problem(row.line, _(
                "an adjusted score needs both the adjusted points and a reason.")))
        refused = reason_refusal(row.adjusted_reason)
        if refused is not None:
            item.problems.append(_row_problem(row.line, _("%(column)s: %(problem)s") % {
                "column": dict(hands_columns())["adjusted_reason"], "problem": refused}))


def _check_name(item: PreviewTable, line: int, name: str) -> None:
    """A name that will be stored (a new member's, a guest's) passes the text policy."""
    refused = refusal(name, max_length=NAME_MAX_LENGTH)
    if refused is not None:
        item.problems.append(_row_problem(line, _("the name “%(name)s”: %(problem)s")
                                          % {"name": name, "problem": refused}))


def _choices(game: str) -> dict[str, str]:
    """A choice's label in every site language, and its value, (lower case) → value."""
    choices: dict[str, str] = {}
    if game not in GAMES:
        return choices
    labels = site_game(game).words.choice_labels
    for code, _name in settings.LANGUAGES:
        with override(code):
            choices.update({str(label).lower(): value for value, label in labels.items()})
    choices.update({value.lower(): value for value in labels})
    return choices


def _distinct(sides: Iterable[tuple[str, int | None]]) -> list[str]:
    result: list[str] = []
    for side, _team in sides:
        if side not in result:
            result.append(side)
    return result


def _remap(value: Any, mapping: Mapping[str, str]) -> Any:
    """``value`` with every side (a key or a text) replaced by ``mapping``'s."""
    if not mapping:
        return value
    if isinstance(value, dict):
        return {mapping.get(k, k): _remap(v, mapping) for k, v in value.items()}
    if isinstance(value, list):
        return [_remap(v, mapping) for v in value]
    if isinstance(value, str):
        return mapping.get(value, value)
    return value


def _resolve(item: PreviewTable, rows: list[HandRow], names: list[str],
             choices: Mapping[str, str]) -> None:
    """Each hand as it will be imported: the document's sides mapped seat by seat from the
    workbook's names to today's, then the readable columns taken (they win)."""
    first = rows[0]
    sides = _distinct(matches.assign_sides(first.game, names))
    file_sides = _distinct(matches.assign_sides(first.game, [seat[1] for seat in first.seats]))
    mapping = {old: new for old, new in zip(file_sides, sides, strict=False) if old != new}
    game = site_game(first.game)
    for row in rows:
        if row.hand is None:
            continue
        document = _remap(row.data, mapping) if isinstance(row.data, dict) else None
        row.resolved_adjusted = _remap(row.adjusted_points, mapping)
        try:
            row.resolved = game.workbook.hand(document, row.cells, sides, file_sides, choices)
        except CellProblem as problem:
            item.problems.append(_row_problem(row.line, str(problem)))


def _check_adjusted(item: PreviewTable, rows: list[HandRow], names: list[str]) -> None:
    """An adjusted score held to the score entry's rules for one (``services/scores``,
    ``entry/forms/adjusted.py``): a whole number for every player, within what the game allows
    one side in one hand (``scoring.side_points_bounds``), and a hand that still holds what a
    hand can hold (``matches.malformed``)."""
    first = rows[0]
    sides = _distinct(matches.assign_sides(first.game, names))
    options = first.options if first.options is not None else {}
    low, high = side_points_bounds(first.game, options, len(sides))
    sentence = _("Adjusted points of %(side)s: one side scores from %(low)s to %(high)s "
                 "points in one %(record)s of this game, not %(value)s.")
    for row in rows:
        points = row.resolved_adjusted
        if points is None:
            continue
        if not isinstance(points, dict) or not all(
                isinstance(points.get(side), int) and not isinstance(points.get(side), bool)
                for side in sides):
            item.problems.append(_row_problem(row.line, _(
                "the adjusted points must give every player a whole number, for example "
                "%(example)s.") % {"example": json.dumps(dict.fromkeys(sides, 0),
                                                         ensure_ascii=False)}))
            continue
        row.resolved_adjusted = {side: points[side] for side in sides}
        item.problems += [_row_problem(row.line, record_text(
            first.game, sentence, side=side, low=low, high=high,
            value=value if abs(value) < 10**20 else "…"))
            for side, value in row.resolved_adjusted.items() if not low <= value <= high]
        item.problems += [_row_problem(row.line, issue_message(issue)) for issue in
                          matches.malformed(first.game, row.resolved, sides, row.hand)]


def _check_match(item: PreviewTable, rows: list[HandRow], names: list[str]) -> None:
    """Let the engine check the match; an error names the row of the hand."""
    first = rows[0]
    played = [r for r in rows if r.hand is not None]
    item.hands = len(played)
    sides = matches.assign_sides(first.game, names)
    seats = [_SeatStub(side, position) for position, (side, _team) in enumerate(sides, start=1)]
    table = _TableStub(first.game, first.options if first.options is not None else {},
                       first.first_dealer)
    entries = [(r.resolved, r.resolved_adjusted) for r in played]
    evaluation = evaluate_rows(table, seats, entries)
    item.evaluation = evaluation
    numbers = evaluation.get("engine_numbers") or list(range(1, len(played) + 1))
    line_of = {n: r.line for n, r in zip(numbers, played, strict=True) if n is not None}
    for error in evaluation["errors"]:
        hand = error.get("hand")
        line = line_of.get(hand, first.line) if hand else first.line
        item.problems.append(_row_problem(line, issue_message(error)))


@dataclass
class _SeatStub:
    side: str
    position: int = 0


@dataclass
class _TableStub:
    game: str
    options: Any
    first_dealer: int = 1  # the engine's sides start at this seat (``matches.playing_order``)


def evaluate_rows(table: Any, seats: Any, entries: list[tuple[Any, Any]]) -> dict[str, Any]:
    """The engine's evaluation of a table's hands (adjusted scores as score entry does)."""
    if any(adjusted is not None for _data, adjusted in entries):
        return matches.evaluate_entries(table, seats, entries)
    return matches.evaluate_table(table, seats, [data for data, _adj in entries])
