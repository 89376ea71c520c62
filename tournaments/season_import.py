"""Season import: the season workbook (``tournaments.exports``) back into an empty competition.

Pure parsing and checking, no writes:

* ``parse_season(data, filename)`` reads (through ``clubmanager.spreadsheets``, with its archive
  limits) the workbook's hands sheet (``Handen``/``Hands``) and
  members sheet (``Leden``/``Members``) and returns a ``ParsedSeason``, or raises
  ``ImportFileError`` with a sentence for the user (not an .xlsx file, a damaged file, sheets or
  columns missing, too many rows);
* ``check_season(parsed, competition=, members=)`` groups the rows into matches, seats them the
  way the draw does (``matches.assign_sides``), lets the rules engine check every match and
  returns a ``SeasonPreview``: one ``PreviewTable`` per match with a clear sentence per problem,
  naming the row of the file.

``services.season_import.season_import`` writes, only when the preview has no error at all.

Members are matched by member number. A number the club does not know is created from the
workbook's members sheet (shown in the preview as a new member); a number in neither is an
error. A seat without a member number is a guest: within the evening, the guest with that
guest number (the export numbers an evening's guests, so two guests of the same name stay two
people), or, in a workbook without guest numbers, the guest of that name. Names (new members'
and guests') and reasons pass the site's text policy (``clubmanager.text``).

Hands follow the seat, not the name: a hand names its sides by the players' names, and a member
renamed since the export sits under today's name. So each hand's sides are mapped seat by seat
from the workbook's names to today's (``_remap``), and the readable columns are read by seat.

What wins: the readable columns of the hands sheet (``SiteGame.workbook_fields``) win over the
machine-readable document in the last column, for the fields they show; the document supplies
every field without a column. A secretary's edit in the readable columns is thus taken, and the
rules engine checks the result like any other hand (an impossible penalty is refused with the
rule's sentence, naming the row).
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
from clubmanager.spreadsheets import ImportFileError, Row, Workbook, is_formula, open_workbook
from clubmanager.text import NAME_MAX_LENGTH, reason_refusal, refusal
from scoring import GAMES

from . import matches
from .exports import MAX_SEATS, hands_columns, members_columns, sheet_names
from .games import CellProblem, site_game
from .messages import issue_message
from .models import Competition

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
    columns = {key: index for key, index in columns.items() if key not in formulas}

    def problem(key: str, sentence: str) -> None:
        row.problems.append(_("%(column)s: %(problem)s") % {"column": labels[key],
                                                             "problem": sentence})

    def text(key: str) -> str:
        return _text(_value(raw, columns, key))

    value = _value(raw, columns, "date")
    if isinstance(value, datetime.datetime):
        row.date = value.date().isoformat()
    elif isinstance(value, datetime.date):
        row.date = value.isoformat()
    else:
        parsed = _parse_date(text("date"))
        if parsed is None and "date" not in formulas:
            problem("date", _("not a date."))
        elif parsed is not None:
            row.date = parsed.isoformat()
    for key in ("round", "table", "first_dealer", "scorekeeper", "hand"):
        number_text = text(key)
        if not number_text:
            if key in ("round", "table") and key not in formulas:
                problem(key, _("missing."))
            continue
        try:
            number = int(number_text)
        except ValueError:
            problem(key, _("not a whole number."))
            continue
        if number < 1:
            problem(key, _("must be 1 or more."))
            continue
        setattr(row, key, number)
    row.game = text("game")
    if row.game not in GAMES:  # the game's name, as the export writes it
        row.game = next((key for key, game in GAMES.items()
                         if str(game.name).lower() == row.game.lower()), row.game)
    for key in ("options", "data", "adjusted_points"):
        if not text(key):
            continue
        try:
            setattr(row, key, json_limits.loads(text(key)))
        except json_limits.JSONTooDeep as deep:
            problem(key, _("cell %(cell)s of sheet “%(sheet)s” is nested more than %(limit)s "
                           "levels deep; an exported hand or its options never are. Export the "
                           "season again and import that workbook.")
                    % {"cell": f"{get_column_letter(columns[key] + 1)}{raw.line}",
                       "sheet": sheet, "limit": deep.limit})
        except ValueError:
            problem(key, _("not valid JSON."))
    if row.hand is not None and row.data is None and not row.problems:
        problem("data", _("missing."))
    row.adjusted_reason = text("adjusted_reason")
    for key, index in columns.items():
        if key.startswith("cell:"):
            value = raw.values[index] if index < len(raw.values) else None
            row.cells[key[5:]] = value.strip() if isinstance(value, str) else value
    for n in range(1, MAX_SEATS + 1):
        number_text, name = text(f"seat{n}_number"), text(f"seat{n}_name")
        if number_text or name:
            row.seats.append([number_text, name, "" if number_text else text(f"seat{n}_guest")])
    if not row.seats:
        problem("seat1_name", _("missing."))
    return row


def _parse_date(text: str) -> datetime.date | None:
    for pattern in ("%Y-%m-%d", "%d-%m-%Y", "%d/%m/%Y"):
        try:
            return datetime.datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None


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

    @property
    def errors(self) -> list[PreviewTable]:
        return [t for t in self.tables if t.problems]

    @property
    def valid(self) -> bool:
        return not self.problems and not self.errors and bool(self.tables)

    @property
    def evenings(self) -> int:
        return len({t.date for t in self.tables})

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
        _check_match(item, rows, names)
    if not preview.tables:
        preview.problems.append(_("The file holds no matches."))
    return preview


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
        name = GAMES[first.game].name if first.game in GAMES else first.game or "?"
        item.problems.append(_row_problem(first.line, _(
            "this match is %(game)s, the competition plays %(competition)s.")
            % {"game": name, "competition": GAMES[competition.game].name}))
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
    labels = site_game(game).choice_labels
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
            row.resolved = game.workbook_hand(document, row.cells, sides, file_sides, choices)
        except CellProblem as problem:
            item.problems.append(_row_problem(row.line, str(problem)))


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
