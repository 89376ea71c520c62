"""High Five 1959: rounds played for the numbers on the score list; strike them, avoid crosses.

Here: the game, the score list's state, a valid round's points and the match's values. Reading a
round and checking it (every ``HF_`` code) is ``high_five_1959_checks.py``; its names are
importable from here as well.

Rules digest: ../shared/rules/high_five_1959.md
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import Conclusion, Game, Outcome
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
from ..values import check_keys, per_side_mapping, rank
from .high_five_1959_checks import (
    CHEAPEST_FIVE,
    CHEAPEST_STRAIGHT,
    DECK_VALUE,
    END_OUT,
    END_STOCK,
    FIVE_STEP_FIELDS,
    HF_CARDS_EXCEED_DECK,
    HF_END_INVALID,
    HF_NEGATIVE,
    HF_NOT_MULTIPLE_OF_5,
    HF_NOT_OPENED,
    HF_OPENING_ABOVE_TABLE,
    HF_OPENING_BELOW_TARGET,
    HF_OUT_WITHOUT_CRITERIA,
    HF_TABLE_BELOW_MELDS,
    HF_TARGET_REQUIRED,
    HF_TARGET_UNAVAILABLE,
    MIN_FIVES,
    MIN_STRAIGHTS,
    NULLABLE_FIELDS,
    NUMBER_FIELDS,
    Entry,
    check_end,
    check_entry,
    deck_issues,
    out_issues,
    read_entry,
)

__all__ = [
    "CHEAPEST_FIVE", "CHEAPEST_STRAIGHT", "CROSSED", "DECK_VALUE", "END_OUT", "END_STOCK",
    "FIVE_STEP_FIELDS", "HF_CARDS_EXCEED_DECK", "HF_END_INVALID", "HF_NEGATIVE",
    "HF_NOT_MULTIPLE_OF_5", "HF_NOT_OPENED", "HF_OPENING_ABOVE_TABLE", "HF_OPENING_BELOW_TARGET",
    "HF_OUT_WITHOUT_CRITERIA", "HF_TABLE_BELOW_MELDS", "HF_TARGET_REQUIRED",
    "HF_TARGET_UNAVAILABLE", "MELD_BONUS", "MIN_FIVES", "MIN_STRAIGHTS", "NULLABLE_FIELDS",
    "NUMBER_FIELDS", "OUT_BONUS", "STRUCK", "Entry", "HighFive1959", "SideState", "State",
    "competition_points", "criteria_met", "formula_points", "ranking", "round_points",
]

MELD_BONUS = 50  # per stack of five and per straight
OUT_BONUS = 100
STRUCK = "struck"
CROSSED = "crossed"


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
        out, end_issues = check_end(hand, state.sides)
        errors += end_issues
        if "sides" not in hand:
            return Outcome(errors)
        raw, mapping_issues = per_side_mapping(hand["sides"], state.sides, "sides")
        if raw is None:
            return Outcome(errors + mapping_issues)

        numbers_required = hand.get("end") == END_OUT
        entries: dict[str, Entry] = {}
        for side in state.sides:
            entry, entry_issues = read_entry(side, raw[side], numbers_required)
            errors += entry_issues
            if entry is not None:
                entries[side], game_issues = check_entry(entry, state.per_side[side].open)
                errors += game_issues
        if out is not None and out in entries:
            errors += out_issues(entries[out])
        errors += deck_issues(list(entries.values()))
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
