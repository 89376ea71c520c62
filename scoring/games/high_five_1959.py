"""High Five 1959: rounds played for the numbers on the score list; strike them, avoid crosses.

Rules digest: ../shared/rules/high_five_1959.md
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import Conclusion, Game, Outcome
from ..issues import HAND_INVALID, VALUE_NOT_INTEGER, Issue
from ..spec import (
    BOOLEAN,
    CHOICE,
    INTEGER,
    INTEGER_LIST,
    OBJECT,
    PER_SIDE,
    SIDE,
    Field,
    Option,
    When,
)
from ..values import check_keys, is_bool, is_int, per_side_mapping, rank

DECK_VALUE = 1740  # 3 decks (3 x 480) + 6 jokers (6 x 50)
MIN_FIVES = 5  # stacks of five needed to strike (and to go out)
MIN_STRAIGHTS = 1
MELD_BONUS = 50  # per stack of five and per straight
OUT_BONUS = 100
CHEAPEST_FIVE = 25  # five cards of 4 to 7
CHEAPEST_STRAIGHT = 30  # 4-5-6-7-8 of one suit

END_OUT = "out"
END_STOCK = "stock_exhausted"
STRUCK = "struck"
CROSSED = "crossed"

NUMBER_FIELDS = ("table", "fives", "straights", "hand")
NULLABLE_FIELDS = ("target", "opening")
FIVE_STEP_FIELDS = ("opening", "table", "hand")  # values that are sums of card values

HF_END_INVALID = "HF_END_INVALID"
HF_NOT_MULTIPLE_OF_5 = "HF_NOT_MULTIPLE_OF_5"
HF_NEGATIVE = "HF_NEGATIVE"
HF_TARGET_REQUIRED = "HF_TARGET_REQUIRED"
HF_TARGET_UNAVAILABLE = "HF_TARGET_UNAVAILABLE"
HF_OPENING_BELOW_TARGET = "HF_OPENING_BELOW_TARGET"
HF_OPENING_ABOVE_TABLE = "HF_OPENING_ABOVE_TABLE"
HF_NOT_OPENED = "HF_NOT_OPENED"
HF_OUT_WITHOUT_CRITERIA = "HF_OUT_WITHOUT_CRITERIA"
HF_TABLE_BELOW_MELDS = "HF_TABLE_BELOW_MELDS"
HF_CARDS_EXCEED_DECK = "HF_CARDS_EXCEED_DECK"


# -- state -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class SideState:
    crosses: int
    struck: tuple[int, ...]
    open: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"crosses": self.crosses, "struck": list(self.struck), "open": list(self.open)}


@dataclass(frozen=True)
class State:
    sides: tuple[str, ...]
    options: Mapping[str, Any]
    per_side: Mapping[str, SideState]


def _after_round(side: SideState, result: str, target: int | None) -> SideState:
    """A side's state after striking or crossing ``target``."""
    if result == CROSSED or target is None:
        return SideState(side.crosses + 1, side.struck, side.open)
    rest = list(side.open)
    rest.remove(target)
    return SideState(side.crosses, (*side.struck, target), tuple(rest))


# -- reading a hand --------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    """One side's well-formed values. A malformed or unusable field is absent from ``values``.

    ``target`` and ``opening`` are None when null or missing; a number that may be left out
    (stock exhausted) is 0 when missing.
    """

    side: str
    values: Mapping[str, Any]

    def get(self, name: str) -> Any:
        return self.values.get(name)

    def has(self, name: str) -> bool:
        return name in self.values

    def without(self, names: set[str]) -> Entry:
        return Entry(self.side, {k: v for k, v in self.values.items() if k not in names})


def _at_side(issues: list[Issue], side: str) -> list[Issue]:
    return [Issue(i.code, i.hand, side, i.field, i.params) for i in issues]


def _read_entry(side: str, raw: object, numbers_required: bool) -> tuple[Entry | None, list[Issue]]:
    """A side's object, with HAND_INVALID / VALUE_NOT_INTEGER for each malformed field."""
    if not isinstance(raw, dict):
        return None, [Issue(HAND_INVALID, side=side, field="sides",
                            params={"reason": "not_object"})]
    required = ("opened", *NUMBER_FIELDS) if numbers_required else ("opened",)
    issues = _at_side(check_keys(raw, required=required,
                                 optional=(*NULLABLE_FIELDS, *NUMBER_FIELDS)), side)
    values: dict[str, Any] = {}
    if "opened" in raw:
        if is_bool(raw["opened"]):
            values["opened"] = raw["opened"]
        else:
            issues.append(Issue(HAND_INVALID, side=side, field="opened",
                                params={"reason": "not_boolean"}))
    for name in NULLABLE_FIELDS:
        value = raw.get(name)
        if value is None or is_int(value):
            values[name] = value
        else:
            issues.append(Issue(VALUE_NOT_INTEGER, side=side, field=name))
    for name in NUMBER_FIELDS:
        if name not in raw:
            if not numbers_required:
                values[name] = 0
        elif is_int(raw[name]):
            values[name] = raw[name]
        else:
            issues.append(Issue(VALUE_NOT_INTEGER, side=side, field=name))
    return Entry(side, values), issues


def _check_end(hand: Mapping[str, Any], sides: Sequence[str]) -> tuple[str | None, list[Issue]]:
    """The side that went out (None when the stock ran out), or HF_END_INVALID."""
    if "end" not in hand:
        return None, []  # HAND_INVALID from check_keys
    end, out = hand["end"], hand.get("out")
    if end == END_STOCK:
        if out is None:
            return None, []
        return None, [Issue(HF_END_INVALID, field="out", params={"end": END_STOCK})]
    if end != END_OUT:
        return None, [Issue(HF_END_INVALID, field="end",
                            params={"choices": [END_OUT, END_STOCK]})]
    if not isinstance(out, str) or out not in sides:
        return None, [Issue(HF_END_INVALID, field="out", params={"end": END_OUT})]
    return out, []


# -- the game's checks on well-formed values ---------------------------------------------------
def _value_issues(entry: Entry) -> list[Issue]:
    """HF_NEGATIVE, then HF_NOT_MULTIPLE_OF_5: at most one per field."""
    issues: list[Issue] = []
    for name in ("target", "opening", *NUMBER_FIELDS):
        value = entry.get(name)
        if value is None:
            continue
        if value < 0:
            issues.append(Issue(HF_NEGATIVE, side=entry.side, field=name,
                                params={"value": value}))
        elif name in FIVE_STEP_FIELDS and value % 5:
            issues.append(Issue(HF_NOT_MULTIPLE_OF_5, side=entry.side, field=name,
                                params={"value": value}))
    return issues


def _target_issues(entry: Entry, open_numbers: Sequence[int]) -> list[Issue]:
    target = entry.get("target")
    if entry.get("opened") is True and target is None and entry.has("target"):
        return [Issue(HF_TARGET_REQUIRED, side=entry.side, field="target")]
    if target is not None and target not in open_numbers:
        return [Issue(HF_TARGET_UNAVAILABLE, side=entry.side, field="target",
                      params={"target": target, "open": list(open_numbers)})]
    return []


def _opening_issues(entry: Entry) -> list[Issue]:
    opened, opening = entry.get("opened"), entry.get("opening")
    issues: list[Issue] = []
    if opened is False:
        for name in ("opening", "table", "fives", "straights"):
            value = entry.get(name)
            if value is not None and (name == "opening" or value > 0):
                issues.append(Issue(HF_NOT_OPENED, side=entry.side, field=name,
                                    params={"value": value}))
    elif opened is True and opening is not None:
        target, table = entry.get("target"), entry.get("table")
        if target is not None and opening < target:
            issues.append(Issue(HF_OPENING_BELOW_TARGET, side=entry.side, field="opening",
                                params={"target": target, "opening": opening}))
        if table is not None and opening > table:
            issues.append(Issue(HF_OPENING_ABOVE_TABLE, side=entry.side, field="opening",
                                params={"opening": opening, "table": table}))
    return issues


def _meld_issues(entry: Entry) -> list[Issue]:
    table, fives, straights = (entry.get(n) for n in ("table", "fives", "straights"))
    if table is None or fives is None or straights is None:
        return []
    minimum = CHEAPEST_FIVE * fives + CHEAPEST_STRAIGHT * straights
    if table >= minimum:
        return []
    return [Issue(HF_TABLE_BELOW_MELDS, side=entry.side, field="table",
                  params={"table": table, "fives": fives, "straights": straights,
                          "minimum": minimum})]


def _out_issues(entry: Entry) -> list[Issue]:
    """The side that went out must have opened, made 5 fives and a straight."""
    opened, fives, straights = (entry.get(n) for n in ("opened", "fives", "straights"))
    failing = [name for name, bad in (
        ("opened", opened is False),
        ("fives", fives is not None and fives < MIN_FIVES),
        ("straights", straights is not None and straights < MIN_STRAIGHTS),
    ) if bad]
    if not failing:
        return []
    return [Issue(HF_OUT_WITHOUT_CRITERIA, side=entry.side, field=failing[0],
                  params={"opened": opened, "fives": fives, "straights": straights,
                          "minimum_fives": MIN_FIVES, "minimum_straights": MIN_STRAIGHTS})]


def _deck_issues(entries: Sequence[Entry]) -> list[Issue]:
    """Cards on the table and in hand, over all sides, cannot exceed the deck.

    Only usable values count, so a sum over some sides already above the deck is an error.
    """
    total = sum((e.get("table") or 0) + (e.get("hand") or 0) for e in entries)
    if total <= DECK_VALUE:
        return []
    return [Issue(HF_CARDS_EXCEED_DECK, field="sides",
                  params={"total": total, "maximum": DECK_VALUE})]


def _entry_issues(entry: Entry, open_numbers: Sequence[int]) -> tuple[Entry, list[Issue]]:
    """Every game check of one side; the entry without the fields that failed a value check."""
    issues = _value_issues(entry)
    usable = entry.without({i.field for i in issues if i.field is not None})
    issues += _target_issues(usable, open_numbers)
    issues += _opening_issues(usable)
    issues += _meld_issues(usable)
    return usable, issues


# -- scoring a valid round -----------------------------------------------------------------------
def criteria_met(entry: Entry) -> bool:
    """Opened, at least 5 stacks of five and a straight: the number is struck."""
    return bool(entry.get("opened") and entry.get("fives") >= MIN_FIVES
                and entry.get("straights") >= MIN_STRAIGHTS)


def formula_points(entry: Entry) -> int:
    """table + 50 x (fives + straights) - hand."""
    melds = int(entry.get("fives")) + int(entry.get("straights"))
    return int(entry.get("table")) + MELD_BONUS * melds - int(entry.get("hand"))


def round_points(
    entries: Mapping[str, Entry], out: str | None, results: Mapping[str, str], zero_failing: bool
) -> dict[str, int]:
    """Each side's points for a round known to be valid."""
    if out is None:
        return dict.fromkeys(entries, 0)
    points: dict[str, int] = {}
    for side, entry in entries.items():
        failing = results[side] == CROSSED
        points[side] = 0 if failing and zero_failing else formula_points(entry)
    transferred = sum(
        int(e.get("target")) for side, e in entries.items()
        if side != out and e.get("opened") and results[side] == CROSSED
    )
    points[out] += OUT_BONUS + transferred
    return points


def _results(entries: Mapping[str, Entry], out: str | None) -> dict[str, str]:
    return {side: STRUCK if out is not None and criteria_met(e) else CROSSED
            for side, e in entries.items()}


# -- match values --------------------------------------------------------------------------------
def competition_points(total: int, divisor: int, negative: str, at_limit: bool) -> int:
    """Drop the last digits (total // divisor), truncating toward zero; 0 at the cross limit."""
    if at_limit:
        return 0
    if total >= 0:
        return total // divisor
    return 0 if negative == "clamp" else -(-total // divisor)


def ranking(sides: Sequence[str], points: Mapping[str, int], limited: set[str]) -> list[list[str]]:
    """Sides at the cross limit last, tied together; the others by competition points."""
    others = [s for s in sides if s not in limited]
    groups = rank(others, points, "higher") if others else []
    last = [s for s in sides if s in limited]
    return groups + [last] if last else groups


class HighFive1959(Game):
    key = "high_five_1959"
    name = "High Five 1959"
    min_sides = 2
    max_sides = 3
    better = "higher"
    team_game = True
    extra_keys = ("state",)
    options = (
        Option("targets", INTEGER_LIST, [50, 50, 60, 80, 100],
               "The numbers each side must strike, in the order of the score list.",
               minimum=5, maximum=DECK_VALUE, multiple_of=5, min_items=1),
        Option("cross_limit", INTEGER, 3,
               "Crosses that end the match; a side with this many scores 0 and loses.",
               minimum=1, maximum=10),
        Option("divisor", INTEGER, 100,
               "Competition points are the total divided by this (drop the last digits).",
               minimum=1),
        Option("negative", CHOICE, "clamp",
               "A negative total: 'clamp' gives 0, 'truncate' divides toward zero.",
               choices=("clamp", "truncate")),
        Option("failing_side_points", CHOICE, "formula",
               "A side that failed while another went out: its formula points or zero.",
               choices=("formula", "zero")),
    )
    hand_fields = (
        Field("end", CHOICE, "How the round ended: a side went out, or the stock ran out.",
              choices=(END_OUT, END_STOCK), default=END_OUT),
        Field("out", SIDE, "The side that went out.", required=False, nullable=True,
              condition=(When("end", equals=END_OUT),)),
        Field(
            "sides",
            PER_SIDE,
            "Per side: the round as written on the score list.",
            item=Field("side", OBJECT, fields=(
                Field("opened", BOOLEAN, "The side came on the table.", default=False),
                Field("target", INTEGER, "The number played for (required when opened).",
                      nullable=True, minimum=5, maximum=DECK_VALUE, multiple_of=5),
                Field("opening", INTEGER, "Value of the opening meld.", required=False,
                      nullable=True, minimum=0, maximum=DECK_VALUE, multiple_of=5),
                Field("table", INTEGER, "Value of the side's cards on the table.",
                      minimum=0, maximum=DECK_VALUE, multiple_of=5, default=0),
                Field("fives", INTEGER, "Stacks of five or more of one rank.",
                      minimum=0, default=0),
                Field("straights", INTEGER, "Straights of five or more in one suit.",
                      minimum=0, default=0),
                Field("hand", INTEGER, "Value of the cards left in the side's hands.",
                      minimum=0, maximum=DECK_VALUE, multiple_of=5, default=0),
            )),
        ),
    )
    error_codes = (
        HF_END_INVALID,
        HF_NOT_MULTIPLE_OF_5,
        HF_NEGATIVE,
        HF_TARGET_REQUIRED,
        HF_TARGET_UNAVAILABLE,
        HF_OPENING_BELOW_TARGET,
        HF_OPENING_ABOVE_TABLE,
        HF_NOT_OPENED,
        HF_OUT_WITHOUT_CRITERIA,
        HF_TABLE_BELOW_MELDS,
        HF_CARDS_EXCEED_DECK,
    )

    def start(self, sides: Sequence[str], options: Mapping[str, Any]) -> State:
        fresh = SideState(0, (), tuple(options["targets"]))
        return State(tuple(sides), dict(options), dict.fromkeys(sides, fresh))

    def side_points_bounds(self, options: Mapping[str, Any], side_count: int) -> tuple[int, int]:
        """Least: the whole deck in hand, nothing on the table. Most: the whole deck on the
        table in as many melds as its value allows (25 the cheapest), going out, and every
        other side's number transferred (see ``scoring.bounds``)."""
        melds = DECK_VALUE // CHEAPEST_FIVE
        most = (DECK_VALUE + MELD_BONUS * melds + OUT_BONUS
                + (side_count - 1) * max(options["targets"]))
        return -DECK_VALUE, most

    def finished(self, state: State) -> bool:
        limit = state.options["cross_limit"]
        return any(not s.open or s.crosses >= limit for s in state.per_side.values())

    def play(self, state: State, hand: dict[str, Any]) -> Outcome:
        errors = check_keys(hand, required=("end", "sides"), optional=("out",))
        out, end_issues = _check_end(hand, state.sides)
        errors += end_issues
        if "sides" not in hand:
            return Outcome(errors)
        raw, mapping_issues = per_side_mapping(hand["sides"], state.sides, "sides")
        if raw is None:
            return Outcome(errors + mapping_issues)

        numbers_required = hand.get("end") == END_OUT
        entries: dict[str, Entry] = {}
        for side in state.sides:
            entry, entry_issues = _read_entry(side, raw[side], numbers_required)
            errors += entry_issues
            if entry is not None:
                entries[side], game_issues = _entry_issues(entry, state.per_side[side].open)
                errors += game_issues
        if out is not None and out in entries:
            errors += _out_issues(entries[out])
        errors += _deck_issues(list(entries.values()))
        if errors:
            return Outcome(errors)
        return self._score(state, entries, out)

    def _score(self, state: State, entries: dict[str, Entry], out: str | None) -> Outcome:
        results = _results(entries, out)
        zero = state.options["failing_side_points"] == "zero"
        targets = {side: e.get("target") for side, e in entries.items()}
        derived = {
            "points": round_points(entries, out, results, zero),
            "result": results,
            "target": targets,
            "criteria_met": {side: criteria_met(e) for side, e in entries.items()},
        }
        per_side = {side: _after_round(state.per_side[side], results[side], targets[side])
                    for side in state.sides}
        return Outcome([], [], derived, State(state.sides, state.options, per_side))

    def conclude(self, state: State, totals: dict[str, int]) -> Conclusion:
        options = state.options
        limited = {s for s, ss in state.per_side.items() if ss.crosses >= options["cross_limit"]}
        points = {
            side: competition_points(total, options["divisor"], options["negative"],
                                     side in limited)
            for side, total in totals.items()
        }
        extra = {"state": {side: state.per_side[side].as_dict() for side in state.sides}}
        return Conclusion(dict(totals), points, ranking(state.sides, points, limited), extra)
