"""Reading the posted form into the engine's hand format (the rules in the package
docstring): per field kind, the game's entry traits undone (a flag asked as a choice becomes
the flag again), conditions on other fields applied, and the inputs the form refuses itself
(a number no column holds, a NUL character) named with their message.

See docs/architecture.md ("The hand form"); the package's why: ``entry/forms/__init__.py``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from scoring.spec import ExceptSides
from tournaments.games import Entry, Picker
from tournaments.shared.numbers import in_int_range, whole_number

from .fields import (
    MISSING,
    PREFIX,
    condition_holds,
    conditions_of,
    is_static,
    number_of,
    posted_codes,
    static_ok,
)


class Reader:
    """Reads ``post`` for the fields ``specs`` of one table (``sides``, ``options``) and the
    game's ``entry`` traits. ``refusals`` after :meth:`parse`: (input name, message) of each
    input the form refuses itself; the engine never sees those."""

    def __init__(self, *, entry: Entry, sides: Sequence[str], options: Mapping[str, Any],
                 specs: Sequence[Mapping[str, Any]], post: Mapping[str, Any]) -> None:
        self.entry, self.sides, self.options = entry, list(sides), options
        self.specs, self.post = specs, post
        self.refusals: list[tuple[str, str]] = []
        self.filled: dict[str, Any] = {}  # inputs the form filled in (a complement) → value

    def parse(self) -> dict[str, Any]:
        """The posted form as a hand in the engine's format."""
        post = self.post
        data: dict[str, Any] = {}
        for spec in self.specs:
            if not static_ok(spec, sides=self.sides, options=self.options):
                continue
            name, kind, key = spec["name"], spec["kind"], PREFIX + spec["name"]
            nullable = spec.get("nullable")
            if kind == "per_side":
                item = spec.get("item") or {}
                values: dict[str, Any] = {}
                for index, side in enumerate(self.sides):
                    if item.get("kind") == "object":
                        values[side] = self._side_entry(item, f"{key}-{index}", post)
                    else:
                        name_i = f"{key}-{index}"
                        raw = self._posted(post, name_i)
                        values[side] = None if raw == "" else self._number(name_i, raw)
                data[name] = self._complemented(name, key, values)
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
                if value is not MISSING:
                    data[name] = value
        # Conditions on other fields: a field that does not apply is left out; a per-side
        # field limited to some sides names only those.
        for spec in self.specs:
            name = spec["name"]
            if name not in data:
                continue
            for condition in conditions_of(spec):
                if isinstance(condition, ExceptSides):
                    excluded = data.get(condition.field) or []
                    if isinstance(data[name], dict):
                        data[name] = {s: v for s, v in data[name].items() if s not in excluded}
                elif not is_static(condition) and not condition_holds(
                    condition, data=data, sides=self.sides, options=self.options
                ):
                    del data[name]
                    break
        return data

    def _complemented(self, name: str, key: str, values: dict[str, Any]) -> dict[str, Any]:
        """A complement pair (``Entry.complements``) with one side typed: the other side is
        the total minus it, noted in ``filled`` (input name → value)."""
        total = self.entry.complements.get(name)
        if total is None or len(self.sides) != 2:
            return values
        typed = [s for s in self.sides if isinstance(values.get(s), int)]
        empty = [s for s in self.sides if values.get(s) is None]
        if len(typed) == 1 and len(empty) == 1:
            values[empty[0]] = total - values[typed[0]]
            self.filled[f"{key}-{self.sides.index(empty[0])}"] = values[empty[0]]
        return values

    def _side_entry(self, item: Mapping[str, Any], prefix: str, post: Mapping[str, Any]
                    ) -> dict[str, Any]:
        """One side's object: its sub-fields as posted (``prefix``: ``h-sides-0``)."""
        entry: dict[str, Any] = {}
        flag = self.entry.choice_flag
        for sub in item.get("fields", []):
            if flag is not None and sub["name"] == flag.flag:
                # yes when a value of its choice is chosen (Entry.choice_flag)
                entry[sub["name"]] = self._posted(post, f"{prefix}-{flag.choice}") != ""
                continue
            value = self._parse_scalar(sub, f"{prefix}-{sub['name']}", post)
            if value is not MISSING:
                entry[sub["name"]] = value
        return entry

    def _picked(self, post: Mapping[str, Any], key: str, picker: Picker) -> Any:
        codes = posted_codes(post, key)
        jokers = whole_number(str(post.get(key + "-jokers", "0")).strip()) or 0
        codes += [picker.joker_code] * max(0, min(jokers, picker.jokers))
        return codes or MISSING

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
        value = number_of(raw)
        if isinstance(value, int) and not in_int_range(value):
            self._refuse(key, _("This number is far too large.") if value > 0
                         else _("This number is far too small."))
            return raw
        return value

    def _refuse(self, key: str, message: str) -> None:
        """The model refuses this input (the engine never sees it): its message, at it."""
        self.refusals.append((key, message))

    def _parse_scalar(self, spec: Mapping[str, Any], key: str, post: Mapping[str, Any]) -> Any:
        flag = self.entry.flag_choice
        if flag is not None and key in (PREFIX + flag.flag, PREFIX + flag.choice):
            # The yes/no asked as a button of its choice (Entry.flag_choice): that button
            # says yes and names no value of the choice; any other choice leaves the flag out.
            chosen = self._posted(post, PREFIX + flag.choice) == flag.value
            if key == PREFIX + flag.flag:
                return True if chosen else MISSING
            if chosen:
                return MISSING
        kind = spec.get("kind")
        if kind == "boolean":  # an optional box left unticked is left out (its default)
            return True if key in post else (False if spec.get("required") else MISSING)
        raw = self._posted(post, key)
        if (kind == "text_list" and raw == ""
                and self.entry.picker(spec["name"], 1) is not None):
            raw = " "  # the picker posts its codes as a list and its jokers beside them
        if raw == "":  # a required field that allows null gets null; otherwise left out
            return None if spec.get("nullable") and spec.get("required") else MISSING
        if kind == "text_list":
            picker = self.entry.picker(spec["name"], len(self.sides))
            if picker is not None:
                return self._picked(post, key, picker)
            return [t.upper() for t in re.split(r"[\s,;]+", raw) if t]
        if kind == "choice":
            return raw
        return self._number(key, raw)
