"""The hand form's parts: an input, a block of inputs (one hand field), the field conditions
and the text of a number; what the form's building, reading and issues share.

See docs/architecture.md ("The hand form"); the package's why: ``entry/forms/__init__.py``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.spec import SIDES_COUNT, Condition, ExceptSides, When, condition_from
from tournaments.games import Picker
from tournaments.shared.numbers import whole_number

PREFIX = "h-"
INT_TEXT = re.compile(r"^[+-]?\d+$")
GROUPED = re.compile(r"^[+-]?\d{1,3}(?:\.\d{3})+$|^[+-]?\d{1,3}(?: \d{3})+$")
# An integer field whose whole range is at most this many values is offered as buttons.
BUTTONS_UP_TO = 6
# What the engine says of a value that is not there (null or missing): shown as "not filled in"
# when the field was left empty.
MISSING_CODES = {"VALUE_NOT_INTEGER", "HAND_INVALID", "HAND_SIDES_MISMATCH"}


# -- conditions (``scoring.spec.When`` / ``ExceptSides``, as the game describes them) ---------
def conditions_of(spec: Mapping[str, Any]) -> list[Condition]:
    return [condition_from(c) for c in spec.get("condition") or []]


def is_static(condition: When) -> bool:
    """Known when the form is built: the number of sides or a club option."""
    return condition.subject == SIDES_COUNT or condition.option is not None


def condition_holds(condition: When, *, data: Mapping[str, Any], sides: Sequence[str],
                    options: Mapping[str, Any]) -> bool:
    """The condition, for the posted ``data`` of the hand, the sides and the club's options."""
    if condition.subject == SIDES_COUNT:
        return condition.holds(len(sides))
    if condition.option is not None:
        return condition.holds(options.get(condition.option))
    value = data.get(condition.subject)
    if value is None and False in condition.values:
        value = False  # an unticked box
    return condition.holds(value)


def static_ok(spec: Mapping[str, Any], *, sides: Sequence[str], options: Mapping[str, Any]
              ) -> bool:
    """The field's conditions known when the form is built hold: it is asked at all."""
    return all(condition_holds(c, data={}, sides=sides, options=options)
               for c in conditions_of(spec) if isinstance(c, When) and is_static(c))


def offers_none(spec: Mapping[str, Any]) -> bool:
    """A choice of a side that the hand may leave out (not required, null allowed) and that
    is asked whatever the other fields hold (e.g. Klaverjassen's pit and revoke): "none" is
    its first choice, checked until a side is chosen, so a side tapped by mistake is taken back
    with one tap, with or without JavaScript (plain radios). A side asked only when another
    field calls for it (a condition on that field, e.g. who went out) names who, and has no
    "none": the engine would refuse it."""
    dynamic = [c for c in conditions_of(spec) if isinstance(c, When) and not is_static(c)]
    return not spec.get("required", True) and bool(spec.get("nullable")) and not dynamic


def excluded_by(spec: Mapping[str, Any]) -> str | None:
    """The side-list field whose sides a per-side field leaves out (``ExceptSides``)."""
    return next((c.field for c in conditions_of(spec) if isinstance(c, ExceptSides)), None)


# -- widgets ---------------------------------------------------------------------------------
@dataclass
class Input:
    name: str
    label: str
    widget: str  # number, text, checkbox, radio, select
    value: Any = ""
    choices: list[tuple[str, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    side_index: int | None = None
    minimum: int | None = None
    maximum: int | None = None
    step: int | None = None
    help: str = ""  # the game's help for the field (Entry.input_help), shown below it
    placeholder: str = ""
    filled: bool = False  # filled in by the form from what was entered (shown as such)
    picker: Picker | None = None  # a text list entered by tapping (Entry.picker)
    jokers: str = ""  # the picker's joker count as posted
    unfolded: bool = False  # a picker folded away (Picker.fold) shown open
    condition: str = ""  # JSON for the show/hide script: shown (and sent) only when it holds
    adds: tuple[int, ...] = ()  # buttons that add their amount to the number (Entry.adders)
    complement: str = ""  # the input holding total minus this one (Entry.complements)
    total: int | None = None  # what this input and its complement add up to

    @property
    def picked(self) -> list[str]:
        """The picker's codes that are chosen (the value as a list of codes)."""
        return str(self.value).split()

    @property
    def picker_groups(self) -> list[tuple[str, str, list[tuple[str, str, str]]]]:
        """The picker's groups as (legend, mark, codes): ``Picker.marks``, else no mark."""
        if self.picker is None:
            return []
        marks = list(self.picker.marks) + [""] * len(self.picker.groups)
        return [(legend, mark, tiles)
                for (legend, tiles), mark in zip(self.picker.groups, marks, strict=False)]

    @property
    def joker_choices(self) -> list[str]:
        return [str(n) for n in range(self.picker.jokers + 1)] if self.picker else []

    @property
    def id(self) -> str:
        return "id-" + self.name

    @property
    def checked(self) -> bool:
        return self.value in (True, "on", "true", "1")


@dataclass
class Block:
    """One hand field: a label, its inputs (or per-side groups) and its messages."""

    name: str
    label: str
    kind: str
    inputs: list[Input] = field(default_factory=list)
    groups: list[tuple[str, int, list[Input]]] = field(default_factory=list)  # object per side
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    condition: str = ""  # JSON for the show/hide script ([] = always shown)
    exclude_by: str = ""  # per-side inputs hidden for sides chosen in this field
    split: bool = False  # choices first, then the numbers in a grid (Entry.choices_first)
    choice_legend: str = ""  # a split block's choices: the name of the field chosen

    @property
    def choice_groups(self) -> list[tuple[str, int, list[Input]]]:
        """Per side its inputs that are chosen (buttons, boxes): the first part of a split."""
        return [(label, n, [i for i in inputs if i.widget != "number"])
                for label, n, inputs in self.groups]

    @property
    def number_groups(self) -> list[tuple[str, int, list[Input]]]:
        """Per side its typed numbers: a column of a split block's grid."""
        return [(label, n, [i for i in inputs if i.widget == "number"])
                for label, n, inputs in self.groups]

    @property
    def number_labels(self) -> list[str]:
        """The grid's row labels: the numbers' labels (the same for every side)."""
        groups = self.number_groups
        return [i.label for i in groups[0][2]] if groups else []

    @property
    def all_inputs(self) -> list[Input]:
        """Its inputs, those of its per-side groups too."""
        return self.inputs + [i for _l, _n, inputs in self.groups for i in inputs]

    @property
    def is_group(self) -> bool:
        return self.kind in ("per_side", "side", "choice", "side_list")

    @property
    def labelled_by_input(self) -> bool:
        """One input that carries the field's name itself: no legend saying it again."""
        return (len(self.inputs) == 1 and not self.groups
                and self.inputs[0].label == self.label
                and self.inputs[0].widget not in ("radio", "picker"))


def number_of(raw: str) -> Any:
    """A whole number, or the text as posted (any length is safe to read). Thousands may be
    grouped the Dutch way, "1.170" (or with spaces, "1 170"): scores have no decimals, so a dot
    before exactly three digits is never a decimal point."""
    raw = raw.strip()
    if GROUPED.match(raw):
        raw = raw.replace(".", "").replace(" ", "")
    value = whole_number(raw) if INT_TEXT.match(raw) else None
    return raw if value is None else value


def display_value(value: Any) -> str:
    if value is None or value is False:
        return ""
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value)


class _Missing:
    pass


def posted_codes(post: Mapping[str, Any], key: str) -> list[str]:
    """A picker's codes as posted (each toggle one value; typed text split as well)."""
    getlist = getattr(post, "getlist", None)
    raw = getlist(key) if getlist is not None else [post.get(key, "")]
    return [t.upper() for value in raw for t in re.split(r"[\s,;]+", str(value)) if t]


MISSING: Any = _Missing()
