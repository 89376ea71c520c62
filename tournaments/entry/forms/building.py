"""Building the hand form from the game: one block of inputs per field of the engine's
``hand_fields``, its widget chosen by the field's kind, shaped by the game's entry traits
(``site_game(key).entry``), filled from what was posted or stored, its conditions evaluated
(known ones here, the others for the show/hide script).

See docs/architecture.md ("The hand form"); the package's why: ``entry/forms/__init__.py``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from scoring.spec import When
from tournaments.games import Entry, FieldChoices, Picker
from tournaments.shared.messages import (
    choice_label,
    field_label,
)

from .fields import (
    BUTTONS_UP_TO,
    PREFIX,
    Block,
    Input,
    conditions_of,
    display_value,
    excluded_by,
    is_static,
    offers_none,
    posted_codes,
    static_ok,
)


class Builder:
    """The blocks of one table's form (``blocks``): for ``game`` at a table of ``sides``, its
    fields (``specs``, in the form's order) as ``post`` holds them, else as ``initial``
    (the stored entry or the game's start) has them; ``choices``: the numbers the table picks
    from (``Entry.choices``)."""

    def __init__(self, *, game: str, entry: Entry, sides: Sequence[str],
                 options: Mapping[str, Any], specs: Sequence[Mapping[str, Any]],
                 post: Mapping[str, Any] | None, initial: Mapping[str, Any],
                 display: Mapping[str, str], choices: FieldChoices) -> None:
        self.game, self.entry, self.sides, self.options = game, entry, list(sides), options
        self.specs, self.post, self.initial = specs, post, initial
        self.display, self.choices = display, choices

    def blocks(self) -> list[Block]:
        """One block per field asked at this table."""
        return [b for spec in self.specs if (b := self._block(spec)) is not None]

    def _script_condition(self, spec: Mapping[str, Any]) -> str:
        """The conditions on other fields, for the show/hide script: [{field, among}]."""
        dynamic = [self._on_flag_choice(c) or {"field": PREFIX + c.subject, "among": list(c.values)}
                   for c in conditions_of(spec) if isinstance(c, When) and not is_static(c)
                   and not self._above_flag_choice(spec, c)]
        return json.dumps(dynamic) if dynamic else ""

    def _above_flag_choice(self, spec: Mapping[str, Any], condition: When) -> bool:
        """A condition on the game's ``flag_choice`` of the choice itself or a field above it:
        not for the script, so the field stays shown (hiding it would move the button just
        tapped); the server still leaves it out when the condition does not hold."""
        flag = self.entry.flag_choice
        if flag is None or condition.subject != flag.flag:
            return False
        names = [s["name"] for s in self.specs]
        return flag.choice in names and names.index(spec["name"]) <= names.index(flag.choice)

    def _on_flag_choice(self, condition: When) -> dict[str, Any] | None:
        """A condition on the game's ``flag_choice`` (a yes/no asked as a button of a choice),
        as a condition on that choice: yes is its button chosen; no is any other choice, or
        none yet."""
        flag = self.entry.flag_choice
        if flag is None or condition.subject != flag.flag:
            return None
        others = next((list(s.get("choices", [])) for s in self.specs
                       if s["name"] == flag.choice), [])
        among: list[Any] = [flag.value] if True in condition.values else []
        if False in condition.values:
            among += [*others, None]
        return {"field": PREFIX + flag.choice, "among": among}

    def _value(self, name: str, initial: Any) -> Any:
        if self.post is not None:
            return self.post.get(name, "")
        return initial

    def _side_label(self, side: str) -> str:
        return self.display.get(side, side)

    def _block(self, spec: Mapping[str, Any]) -> Block | None:
        if not static_ok(spec, sides=self.sides, options=self.options):
            return None
        name, kind = spec["name"], spec["kind"]
        asked = self.entry.flag_choice
        if asked is not None and name == asked.flag:
            return None  # asked as a button of its choice (Entry.flag_choice)
        excluder = excluded_by(spec)
        block = Block(name=name, label=field_label(name, self.game), kind=kind,
                      condition=self._script_condition(spec),
                      exclude_by=PREFIX + excluder if excluder else "")
        initial = self.initial.get(name)
        if asked is not None and name == asked.choice and self.initial.get(asked.flag) is True:
            initial = asked.value
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
                              for sub in item.get("fields", [])
                              if not self._flag_follows(sub["name"])]
                    block.groups.append((self._side_label(side), index,
                                         self._flagged(inputs, f"{key}-{index}",
                                                       sub_initial)))
                    block.split = self.entry.choices_first
                    if block.split:  # its buttons are named by the side, under the field's name
                        for inp in inputs:
                            if inp.widget == "radio":
                                flag = self.entry.choice_flag
                                block.choice_legend = str(flag.legend) if flag and flag.legend \
                                    else inp.label
                                inp.label = self._side_label(side)
                else:
                    block.inputs.append(self._side_number(item, name, index, stored.get(side)))
        elif kind == "side":
            current = self.sides.index(initial) if initial in self.sides else ""
            none = [("", _("none"))] if offers_none(spec) else []  # one tap takes a side back
            block.inputs.append(Input(
                key, block.label, "radio", display_value(self._value(key, current)),
                choices=none + [(str(i), self._side_label(s)) for i, s in enumerate(self.sides)]))
        elif kind == "side_list":
            stored_list = initial if isinstance(initial, list) else []
            for position in range(max(1, len(self.sides) - 1)):
                picked = stored_list[position] if position < len(stored_list) else None
                current_index = self.sides.index(picked) if picked in self.sides else ""
                block.inputs.append(Input(
                    f"{key}-{position}", _("%(n)s.") % {"n": position + 1}, "select",
                    display_value(self._value(f"{key}-{position}", current_index)),
                    choices=[("", "–")] + [(str(i), self._side_label(s))
                                           for i, s in enumerate(self.sides)]))
        else:
            block.inputs.append(self._scalar(spec, key, block.label, initial, None))
        return block

    def _side_number(self, item: Mapping[str, Any], name: str, index: int, initial: Any
                     ) -> Input:
        """One side's number of a per-side field, with the game's adder buttons and its
        complement (``Entry.adders``, ``Entry.complements``)."""
        key = PREFIX + name
        inp = self._scalar(item, f"{key}-{index}", self._side_label(self.sides[index]),
                           initial, index)
        inp.adds = tuple(self.entry.adders.get(name, ()))
        total = self.entry.complements.get(name)
        if total is not None and len(self.sides) == 2:
            inp.complement, inp.total = f"{key}-{1 - index}", total
        return inp

    def _flag_follows(self, name: str) -> bool:
        """The game's yes/no sub-field that follows from a choice (``Entry.choice_flag``):
        not asked."""
        flag = self.entry.choice_flag
        return flag is not None and flag.flag == name

    def _flagged(self, inputs: list[Input], prefix: str, initial: Mapping[str, Any]
                 ) -> list[Input]:
        """A side's inputs with the game's ``choice_flag`` applied: the choice's empty value
        reads as the flag's no, and the fields that apply only on yes are shown only while a
        value of the choice is chosen. A stored no shows as no, even with a value of the
        choice beside it (saving keeps the no, without the value)."""
        flag = self.entry.choice_flag
        if flag is None:
            return inputs
        choice = f"{prefix}-{flag.choice}"
        shown_when = json.dumps([{"field": choice, "filled": True}])
        for inp in inputs:
            if inp.name == choice:
                inp.choices = [("", str(flag.label))] + [c for c in inp.choices if c[0] != ""]
                if self.post is None and initial.get(flag.flag) is False:
                    inp.value = ""
            elif inp.name.rsplit("-", 1)[-1] in flag.fields:
                inp.condition = shown_when
        return inputs

    def _scalar(self, spec: Mapping[str, Any], name: str, label: str, initial: Any,
                side_index: int | None, side: str | None = None) -> Input:
        kind = spec.get("kind")
        if initial is None and self.post is None:
            initial = spec.get("default") if kind in ("boolean", "choice") else None
        help_text, placeholder = self.entry.input_help.get(spec["name"], ("", ""))
        offered = self.choices.get(spec["name"], {}).get(side or "")
        if kind == "integer" and offered is not None:
            value = display_value(self._value(name, initial))
            choices = [("", _("none"))] if spec.get("nullable") else []
            choices += offered
            if value and value not in dict(choices):  # e.g. a correction's own number
                choices.append((value, value))
            return Input(name, label, "radio", value, choices=choices, side_index=side_index,
                         help=str(help_text))
        low, high = spec.get("minimum"), spec.get("maximum")
        if (kind == "integer" and isinstance(low, int) and isinstance(high, int)
                and high - low < BUTTONS_UP_TO):
            return Input(name, label, "radio", display_value(self._value(name, initial)),
                         choices=[(str(n), str(n)) for n in range(low, high + 1)],
                         side_index=side_index, help=str(help_text))
        if kind == "boolean":
            ticked = (name in self.post) if self.post is not None else bool(initial)
            return Input(name, label, "checkbox", ticked, side_index=side_index,
                         help=str(help_text))
        if kind == "choice":
            flag = self.entry.flag_choice
            extra = ([(flag.value, str(flag.label))]
                     if flag is not None and name == PREFIX + flag.choice else [])
            return Input(name, label, "radio", display_value(self._value(name, initial)),
                         choices=[(c, choice_label(c, self.game))
                                  for c in spec.get("choices", [])] + extra,
                         side_index=side_index, help=str(help_text))
        if kind == "text_list":
            picker = self.entry.picker(spec["name"], len(self.sides))
            if picker is not None:
                return self._picker(name, label, initial, picker, side_index)
            return Input(name, label, "text", display_value(self._value(name, initial)),
                         side_index=side_index, help=str(help_text), placeholder=placeholder)
        return Input(name, label, "number", display_value(self._value(name, initial)),
                     side_index=side_index, minimum=None, maximum=spec.get("maximum"),
                     step=spec.get("multiple_of"), help=str(help_text))

    def _picker(self, name: str, label: str, initial: Any, picker: Picker,
                side_index: int | None) -> Input:
        """Toggles per code (posted as ``name``, one value each) and a joker count."""
        if self.post is not None:
            codes = posted_codes(self.post, name)
            jokers = str(self.post.get(name + "-jokers", "0"))
        else:
            stored = [str(c) for c in initial] if isinstance(initial, list) else []
            codes = [c for c in stored if c != picker.joker_code]
            jokers = str(stored.count(picker.joker_code))
        # A folded picker is open when something is picked or its toggle was posted ticked.
        unfolded = bool(codes) or jokers not in ("", "0") or (
            self.post is not None and name + "-open" in self.post)
        return Input(name, label, "picker", " ".join(codes), side_index=side_index,
                     picker=picker, jokers=jokers, unfolded=unfolded)
