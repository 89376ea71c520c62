"""The hand form, built from the game's ``hand_fields`` (``scoring.GAMES[game].describe()``).

Nothing here knows a game: each field kind gets a widget (per_side → one number per side with the
player's name as label; an object per side → a small fieldset per side; side → radio buttons;
side_list → a select per position; choice → radio buttons; boolean → checkbox; text_list → one
text input; integer → number input). Field conditions (``scoring.spec.When``/``ExceptSides``)
are evaluated here (server side) and, for conditions on other fields, also by a few lines of JS
that only show or hide; every input is posted and interpreted here.

Posted values become the engine's hand format: empty → missing (or null where the field allows
null; a per-side number left empty → null, which the engine reports at that side); a number that
does not parse → the raw text, so the engine says VALUE_NOT_INTEGER. The engine decides
everything else, with one exception the model makes (``numbers``): a number outside what an
integer column holds, or a NUL character (no text column stores it), is refused here at its
input, and the hand is not saved.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from scoring import GAMES, side_points_bounds
from scoring.spec import SIDES_COUNT, Condition, ExceptSides, When, condition_from

from ..games import Picker, site_game
from ..messages import (
    choice_label,
    field_label,
    issue_message,
    missing_value_message,
    record_text,
)
from .numbers import in_int_range, whole_number

PREFIX = "h-"
_INT = re.compile(r"^[+-]?\d+$")
_GROUPED = re.compile(r"^[+-]?\d{1,3}(?:\.\d{3})+$|^[+-]?\d{1,3}(?: \d{3})+$")
# An integer field whose whole range is at most this many values is offered as buttons.
_BUTTONS_UP_TO = 6
# What the engine says of a value that is not there (null or missing): shown as "not filled in"
# when the field was left empty.
_MISSING_CODES = {"VALUE_NOT_INTEGER", "HAND_INVALID", "HAND_SIDES_MISMATCH"}


# -- conditions (``scoring.spec.When`` / ``ExceptSides``, as the game describes them) ---------
def _conditions(spec: Mapping[str, Any]) -> list[Condition]:
    return [condition_from(c) for c in spec.get("condition") or []]


def _is_static(condition: When) -> bool:
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


def _excluded_by(spec: Mapping[str, Any]) -> str | None:
    """The side-list field whose sides a per-side field leaves out (``ExceptSides``)."""
    return next((c.field for c in _conditions(spec) if isinstance(c, ExceptSides)), None)


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
    help: str = ""  # the game's help for the field (SiteGame.input_help), shown below it
    placeholder: str = ""
    filled: bool = False  # filled in by the form from what was entered (shown as such)
    picker: Picker | None = None  # a text list entered by tapping (SiteGame.picker)
    jokers: str = ""  # the picker's joker count as posted

    @property
    def picked(self) -> list[str]:
        """The picker's codes that are chosen (the value as a list of codes)."""
        return str(self.value).split()

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

    @property
    def is_group(self) -> bool:
        return self.kind in ("per_side", "side", "choice", "side_list")

    @property
    def labelled_by_input(self) -> bool:
        """One input that carries the field's name itself: no legend saying it again."""
        return (len(self.inputs) == 1 and not self.groups
                and self.inputs[0].label == self.label
                and self.inputs[0].widget not in ("radio", "picker"))


def _number(raw: str) -> Any:
    """A whole number, or the text as posted (any length is safe to read). Thousands may be
    grouped the Dutch way, "1.170" (or with spaces, "1 170"): scores have no decimals, so a dot
    before exactly three digits is never a decimal point."""
    raw = raw.strip()
    if _GROUPED.match(raw):
        raw = raw.replace(".", "").replace(" ", "")
    value = whole_number(raw) if _INT.match(raw) else None
    return raw if value is None else value


def _display(value: Any) -> str:
    if value is None or value is False:
        return ""
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value)


class HandForm:
    """Build, fill, parse and annotate the hand form of one table."""

    def __init__(
        self,
        *,
        game: str,
        sides: Sequence[str],
        options: Mapping[str, Any],
        post: Mapping[str, Any] | None = None,
        initial: Mapping[str, Any] | None = None,
        sides_display: Mapping[str, str] | None = None,
        state: Any = None,
    ) -> None:
        """``state``: the engine's state before this entry, for the choices the game offers
        (``SiteGame.entry_choices``); None offers none."""
        self.game = game
        self.site = site_game(game)
        self.sides = list(sides)
        self.options = dict(options)
        self.post = post
        self.initial = dict(initial or {})
        self.display = dict(sides_display or {})
        order = {name: i for i, name in enumerate(self.site.field_order)}
        self.specs = sorted(GAMES[game].describe()["hand_fields"],
                            key=lambda spec: order.get(spec["name"], len(order)))
        self.choices = (self.site.entry_choices(state, self.options) if state is not None
                        else {})
        self.general_errors: list[str] = []
        self.general_warnings: list[str] = []
        self.incomplete = False  # the live check left out issues of fields not filled in yet
        self.refused: set[str] = set()  # inputs the form itself refused (see ``_refuse``)
        self.blocks = [b for spec in self.specs if (b := self._block(spec)) is not None]

    # -- building ---------------------------------------------------------------------------
    def _static_ok(self, spec: Mapping[str, Any]) -> bool:
        return all(
            condition_holds(c, data={}, sides=self.sides, options=self.options)
            for c in _conditions(spec) if isinstance(c, When) and _is_static(c)
        )

    def _script_condition(self, spec: Mapping[str, Any]) -> str:
        """The conditions on other fields, for the show/hide script: [{field, among}]."""
        dynamic = [{"field": PREFIX + c.subject, "among": list(c.values)}
                   for c in _conditions(spec) if isinstance(c, When) and not _is_static(c)]
        return json.dumps(dynamic) if dynamic else ""

    def _value(self, name: str, initial: Any) -> Any:
        if self.post is not None:
            return self.post.get(name, "")
        return initial

    def _side_label(self, side: str) -> str:
        return self.display.get(side, side)

    def _block(self, spec: Mapping[str, Any]) -> Block | None:
        if not self._static_ok(spec):
            return None
        name, kind = spec["name"], spec["kind"]
        excluded_by = _excluded_by(spec)
        block = Block(name=name, label=field_label(name, self.game), kind=kind,
                      condition=self._script_condition(spec),
                      exclude_by=PREFIX + excluded_by if excluded_by else "")
        initial = self.initial.get(name)
        key = PREFIX + name
        if kind == "per_side":
            item = spec.get("item") or {}
            stored = initial if isinstance(initial, dict) else {}
            for index, side in enumerate(self.sides):
                if item.get("kind") == "object":
                    sub_initial = stored[side] if isinstance(stored.get(side), dict) else {}
                    inputs = [self._scalar(sub, f"{key}-{index}-{sub['name']}",
                                           field_label(sub["name"], self.game),
                                           sub_initial.get(sub["name"]),
                                           index, side)
                              for sub in item.get("fields", [])]
                    block.groups.append((self._side_label(side), index, inputs))
                else:
                    block.inputs.append(self._scalar(item, f"{key}-{index}",
                                                     self._side_label(side), stored.get(side),
                                                     index))
        elif kind == "side":
            current = self.sides.index(initial) if initial in self.sides else ""
            block.inputs.append(Input(
                key, block.label, "radio", _display(self._value(key, current)),
                choices=[(str(i), self._side_label(s)) for i, s in enumerate(self.sides)]))
        elif kind == "side_list":
            stored_list = initial if isinstance(initial, list) else []
            for position in range(max(1, len(self.sides) - 1)):
                picked = stored_list[position] if position < len(stored_list) else None
                current_index = self.sides.index(picked) if picked in self.sides else ""
                block.inputs.append(Input(
                    f"{key}-{position}", _("%(n)s.") % {"n": position + 1}, "select",
                    _display(self._value(f"{key}-{position}", current_index)),
                    choices=[("", "–")] + [(str(i), self._side_label(s))
                                           for i, s in enumerate(self.sides)]))
        else:
            block.inputs.append(self._scalar(spec, key, block.label, initial, None))
        return block

    def _scalar(self, spec: Mapping[str, Any], name: str, label: str, initial: Any,
                side_index: int | None, side: str | None = None) -> Input:
        kind = spec.get("kind")
        if initial is None and self.post is None:
            initial = spec.get("default") if kind in ("boolean", "choice") else None
        help_text, placeholder = self.site.input_help.get(spec["name"], ("", ""))
        offered = self.choices.get(spec["name"], {}).get(side or "")
        if kind == "integer" and offered is not None:
            value = _display(self._value(name, initial))
            choices = [("", _("none"))] if spec.get("nullable") else []
            choices += offered
            if value and value not in dict(choices):  # e.g. a correction's own number
                choices.append((value, value))
            return Input(name, label, "radio", value, choices=choices, side_index=side_index,
                         help=str(help_text))
        low, high = spec.get("minimum"), spec.get("maximum")
        if (kind == "integer" and isinstance(low, int) and isinstance(high, int)
                and high - low < _BUTTONS_UP_TO):
            return Input(name, label, "radio", _display(self._value(name, initial)),
                         choices=[(str(n), str(n)) for n in range(low, high + 1)],
                         side_index=side_index, help=str(help_text))
        if kind == "boolean":
            ticked = (name in self.post) if self.post is not None else bool(initial)
            return Input(name, label, "checkbox", ticked, side_index=side_index,
                         help=str(help_text))
        if kind == "choice":
            return Input(name, label, "radio", _display(self._value(name, initial)),
                         choices=[(c, choice_label(c, self.game))
                                  for c in spec.get("choices", [])],
                         side_index=side_index, help=str(help_text))
        if kind == "text_list":
            picker = self.site.picker(spec["name"], len(self.sides))
            if picker is not None:
                return self._picker(name, label, initial, picker, side_index)
            return Input(name, label, "text", _display(self._value(name, initial)),
                         side_index=side_index, help=str(help_text), placeholder=placeholder)
        return Input(name, label, "number", _display(self._value(name, initial)),
                     side_index=side_index, minimum=None, maximum=spec.get("maximum"),
                     step=spec.get("multiple_of"), help=str(help_text))

    def _picker(self, name: str, label: str, initial: Any, picker: Picker,
                side_index: int | None) -> Input:
        """Toggles per code (posted as ``name``, one value each) and a joker count."""
        if self.post is not None:
            codes = _posted_codes(self.post, name)
            jokers = str(self.post.get(name + "-jokers", "0"))
        else:
            stored = [str(c) for c in initial] if isinstance(initial, list) else []
            codes = [c for c in stored if c != picker.joker_code]
            jokers = str(stored.count(picker.joker_code))
        return Input(name, label, "picker", " ".join(codes), side_index=side_index,
                     picker=picker, jokers=jokers)

    # -- parsing ----------------------------------------------------------------------------
    def parse(self) -> dict[str, Any]:
        """The posted form as a hand in the engine's format."""
        post = self.post or {}
        data: dict[str, Any] = {}
        for spec in self.specs:
            if not self._static_ok(spec):
                continue
            name, kind, key = spec["name"], spec["kind"], PREFIX + spec["name"]
            nullable = spec.get("nullable")
            if kind == "per_side":
                item = spec.get("item") or {}
                values: dict[str, Any] = {}
                for index, side in enumerate(self.sides):
                    if item.get("kind") == "object":
                        entry: dict[str, Any] = {}
                        for sub in item.get("fields", []):
                            value = self._parse_scalar(sub, f"{key}-{index}-{sub['name']}", post)
                            if value is not _MISSING:
                                entry[sub["name"]] = value
                        values[side] = entry
                    else:
                        name_i = f"{key}-{index}"
                        raw = self._posted(post, name_i)
                        values[side] = None if raw == "" else self._number(name_i, raw)
                data[name] = values
            elif kind == "side":
                raw = self._posted(post, key)
                if raw == "":
                    if nullable:
                        data[name] = None
                    continue
                data[name] = self._side_of(raw)
            elif kind == "side_list":
                chosen = []
                for position in range(max(1, len(self.sides) - 1)):
                    raw = self._posted(post, f"{key}-{position}")
                    if raw != "":
                        chosen.append(self._side_of(raw))
                data[name] = chosen
            else:
                value = self._parse_scalar(spec, key, post)
                if value is not _MISSING:
                    data[name] = value
        # Conditions on other fields: a field that does not apply is left out; a per-side
        # field limited to some sides names only those.
        for spec in self.specs:
            name = spec["name"]
            if name not in data:
                continue
            for condition in _conditions(spec):
                if isinstance(condition, ExceptSides):
                    excluded = data.get(condition.field) or []
                    if isinstance(data[name], dict):
                        data[name] = {s: v for s, v in data[name].items() if s not in excluded}
                elif not _is_static(condition) and not condition_holds(
                    condition, data=data, sides=self.sides, options=self.options
                ):
                    del data[name]
                    break
        return data

    def _picked(self, post: Mapping[str, Any], key: str, picker: Picker) -> Any:
        codes = _posted_codes(post, key)
        jokers = whole_number(str(post.get(key + "-jokers", "0")).strip()) or 0
        codes += [picker.joker_code] * max(0, min(jokers, picker.jokers))
        return codes or _MISSING

    def show_completed(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> None:
        """Show what ``SiteGame.complete_entry`` filled in (``before`` → ``after``) in the
        entry's own fields, marked as filled in."""
        for block in self.blocks:
            name = block.name
            if name in after and after[name] != before.get(name) and block.inputs:
                inp = block.inputs[0]
                if inp.widget in ("radio", "number"):
                    value = after[name]
                    if block.kind == "side" and value in self.sides:
                        value = self.sides.index(value)
                    inp.value, inp.filled = _display(value), True

    def _side_of(self, raw: str) -> Any:
        index = whole_number(raw)
        if index is not None and 0 <= index < len(self.sides):
            return self.sides[index]
        return raw

    def _posted(self, post: Mapping[str, Any], key: str) -> str:
        raw = str(post.get(key, "")).strip()
        if "\x00" in raw:
            self._refuse(key, _("This contains a character that cannot be stored."))
            return ""
        return raw

    def _number(self, key: str, raw: str) -> Any:
        value = _number(raw)
        if isinstance(value, int) and not in_int_range(value):
            self._refuse(key, _("This number is far too large.") if value > 0
                         else _("This number is far too small."))
            return raw
        return value

    def _refuse(self, key: str, message: str) -> None:
        """The model refuses this input (the engine never sees it): its message, at it."""
        self.refused.add(key)
        for block in self.blocks:
            for inp in self._all_inputs(block):
                if inp.name == key:
                    inp.errors.append(message)
                    return
        self.general_errors.append(message)

    def _parse_scalar(self, spec: Mapping[str, Any], key: str, post: Mapping[str, Any]) -> Any:
        kind = spec.get("kind")
        if kind == "boolean":  # an optional box left unticked is left out (its default)
            return True if key in post else (False if spec.get("required") else _MISSING)
        raw = self._posted(post, key)
        if kind == "text_list" and raw == "" and self.site.picker(spec["name"], 1) is not None:
            raw = " "  # the picker posts its codes as a list and its jokers beside them
        if raw == "":  # a required field that allows null gets null; otherwise left out
            return None if spec.get("nullable") and spec.get("required") else _MISSING
        if kind == "text_list":
            picker = self.site.picker(spec["name"], len(self.sides))
            if picker is not None:
                return self._picked(post, key, picker)
            return [t.upper() for t in re.split(r"[\s,;]+", raw) if t]
        if kind == "choice":
            return raw
        return self._number(key, raw)

    # -- messages ---------------------------------------------------------------------------
    def attach(self, errors: Sequence[Mapping[str, Any]] = (),
               warnings: Sequence[Mapping[str, Any]] = (), *, hand: int | None = None,
               while_typing: bool = False) -> None:
        """Put each issue at its field (and side); issues of another hand or no field go on
        top. ``hand`` is the table's number of the hand this form is for.

        A field left empty gets "… is not filled in" instead of the engine's "must be a whole
        number". ``while_typing`` (the live check): a field not filled in yet is not an error
        yet, so its issues are left out until the hand is saved."""
        for issues, attr in ((errors, "errors"), (warnings, "warnings")):
            for issue in issues:
                if hand is not None and issue.get("hand") not in (None, hand):
                    text = issue_message(issue, sides_display=self.display)
                    text = record_text(self.game, _("%(record)s %(n)s: %(message)s"),
                                       n=issue.get("hand"), message=text)
                    getattr(self, "general_" + attr).append(text)
                    continue
                target = self._locate(issue)
                if isinstance(target, Input) and target.name in self.refused:
                    continue  # the form's own message is there already
                blank = target is not None and self._is_blank(target)
                if blank and while_typing:
                    self.incomplete = True
                    continue
                if blank and issue.get("code") in _MISSING_CODES:
                    text = missing_value_message(issue, sides_display=self.display)
                else:
                    text = issue_message(issue, sides_display=self.display)
                if target is None:
                    getattr(self, "general_" + attr).append(text)
                else:
                    getattr(target, attr).append(text)

    def _is_blank(self, target: Input | Block) -> bool:
        """Nothing entered: an empty box, no choice made (a box left unticked is a value)."""
        inputs = [target] if isinstance(target, Input) else self._all_inputs(target)
        return bool(inputs) and all(
            i.widget != "checkbox" and str(i.value).strip() == "" for i in inputs)

    def _locate(self, issue: Mapping[str, Any]) -> Input | Block | None:
        name, side = issue.get("field"), issue.get("side")
        index = self.sides.index(side) if side in self.sides else None
        for block in self.blocks:
            if block.groups and index is not None:
                for _label, group_index, inputs in block.groups:
                    if group_index == index:
                        for inp in inputs:
                            if inp.name.endswith("-" + str(name)):
                                return inp
                        if name == block.name:
                            return inputs[0] if inputs else block
            if block.name != name:
                continue
            if block.kind == "per_side" and index is not None:
                for inp in block.inputs:
                    if inp.side_index == index:
                        return inp
            return block
        return None

    @property
    def has_errors(self) -> bool:
        return bool(self.general_errors) or any(
            b.errors or any(i.errors for i in self._all_inputs(b)) for b in self.blocks)

    @property
    def has_warnings(self) -> bool:
        return bool(self.general_warnings) or any(
            b.warnings or any(i.warnings for i in self._all_inputs(b)) for b in self.blocks)

    @staticmethod
    def _all_inputs(block: Block) -> list[Input]:
        return block.inputs + [i for _l, _n, inputs in block.groups for i in inputs]


class _Missing:
    pass


def _posted_codes(post: Mapping[str, Any], key: str) -> list[str]:
    """A picker's codes as posted (each toggle one value; typed text split as well)."""
    getlist = getattr(post, "getlist", None)
    raw = getlist(key) if getlist is not None else [post.get(key, "")]
    return [t.upper() for value in raw for t in re.split(r"[\s,;]+", str(value)) if t]


_MISSING: Any = _Missing()


def adjusted_points_from(post: Mapping[str, Any], sides: Sequence[str]) -> dict[str, Any] | None:
    """The admin's adjusted points per side (``adj-<index>``), or None if none were given."""
    values = {side: str(post.get(f"adj-{i}", "")).strip() for i, side in enumerate(sides)}
    if not any(values.values()):
        return None
    return {side: _number(raw) if raw else None for side, raw in values.items()}


def adjusted_points_errors(points: Mapping[str, Any] | None, *, game: str,
                           options: Mapping[str, Any], sides_display: Mapping[str, str]
                           ) -> list[str]:
    """Adjusted points outside what the game allows one side in one hand: the engine's bound
    (``scoring.side_points_bounds``), as these points never pass through the game's rules.
    Text that is no whole number is left to the save, which names it."""
    if not points:
        return []
    low, high = side_points_bounds(game, options, len(points))
    sentence = _("Adjusted points of %(side)s: one side scores from %(low)s to %(high)s "
                 "points in one %(record)s of this game, not %(value)s.")
    return [record_text(game, sentence, side=sides_display.get(side, side), low=low, high=high,
                        value=value if abs(value) < 10**20 else "…")
            for side, value in points.items()
            if isinstance(value, int) and not low <= value <= high]
