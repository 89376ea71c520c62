"""High Five 1959: reading a round as written on the score list, and checking it against the
rules (every ``HF_`` code). The game itself, the score list's state and the points of a valid
round are in ``high_five_1959.py``, which imports what it needs from here.

Rules digest: ../shared/rules/high_five_1959.md
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..issues import HAND_INVALID, VALUE_NOT_INTEGER, Issue
from ..values import check_keys, is_bool, is_int

DECK_VALUE = 1740  # 3 decks (3 x 480) + 6 jokers (6 x 50)
MIN_FIVES = 5  # stacks of five needed to strike (and to go out)
MIN_STRAIGHTS = 1
CHEAPEST_FIVE = 25  # five cards of 4 to 7
CHEAPEST_STRAIGHT = 30  # 4-5-6-7-8 of one suit

END_OUT = "out"
END_STOCK = "stock_exhausted"

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


def read_entry(side: str, raw: object, numbers_required: bool) -> tuple[Entry | None, list[Issue]]:
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


def check_end(hand: Mapping[str, Any], sides: Sequence[str]) -> tuple[str | None, list[Issue]]:
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


def out_issues(entry: Entry) -> list[Issue]:
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


def deck_issues(entries: Sequence[Entry]) -> list[Issue]:
    """Cards on the table and in hand, over all sides, cannot exceed the deck.

    Only usable values count, so a sum over some sides already above the deck is an error.
    """
    total = sum((e.get("table") or 0) + (e.get("hand") or 0) for e in entries)
    if total <= DECK_VALUE:
        return []
    return [Issue(HF_CARDS_EXCEED_DECK, field="sides",
                  params={"total": total, "maximum": DECK_VALUE})]


def check_entry(entry: Entry, open_numbers: Sequence[int]) -> tuple[Entry, list[Issue]]:
    """Every game check of one side; the entry without the fields that failed a value check."""
    issues = _value_issues(entry)
    usable = entry.without({i.field for i in issues if i.field is not None})
    issues += _target_issues(usable, open_numbers)
    issues += _opening_issues(usable)
    issues += _meld_issues(usable)
    return usable, issues
