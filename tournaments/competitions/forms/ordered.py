"""An ordered list of choices that works without JavaScript: one select per position.

For an option whose value is a list of the engine's choice codes in play order (a game's own
module asks for it, ``Options.ordered``). Each position is a select of the choices in the
club's words, or "— none —"; empty positions are left out, so a list gets shorter by emptying a
position. A form shows the positions filled now and a few empty ones (up to the engine's
``max_items``): saving and editing again gives more. The field checks no code: the rules engine
does, and its refusal names the offending value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

SPARE = 3  # empty positions shown after the filled ones


class OrderedChoicesWidget(forms.Widget):
    template_name = "tournaments/widgets/ordered_choices.html"

    def __init__(self, *, choices: Sequence[tuple[str, Any]], max_items: int,
                 position_label: Any, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs)
        self.choices = list(choices)
        self.max_items = max_items
        self.position_label = position_label

    def value_from_datadict(self, data: Mapping[str, Any], files: Any, name: str) -> list[str]:
        return [str(data.get(f"{name}_{i}", "")) for i in range(self.max_items)]

    def value_omitted_from_data(self, data: Mapping[str, Any], files: Any, name: str) -> bool:
        return not any(f"{name}_{i}" in data for i in range(self.max_items))

    def id_for_label(self, id_: str) -> str:
        return f"{id_}_0" if id_ else id_

    def render(self, name: str, value: Any, attrs: dict[str, Any] | None = None,
               renderer: Any = None) -> SafeString:
        values = [str(v) for v in value] if isinstance(value, list | tuple) else []
        while values and not values[-1]:
            values.pop()
        count = min(self.max_items, len(values) + SPARE)
        base = (attrs or {}).get("id") or self.attrs.get("id") or f"id_{name}"
        # every position may be left empty: no "required" on a select
        extra = {k: v for k, v in {**self.attrs, **(attrs or {})}.items()
                 if k not in ("id", "required")}
        positions = [{
            "name": f"{name}_{i}", "id": f"{base}_{i}",
            "label": self.position_label % {"n": i + 1},
            "value": values[i] if i < len(values) else "",
        } for i in range(count)]
        known = {code for code, _label in self.choices}
        for position in positions:  # a code the form does not offer stays visible as itself
            if position["value"] and position["value"] not in known:
                position["unknown"] = position["value"]
        return SafeString(render_to_string(self.template_name, {
            "positions": positions, "choices": self.choices, "attrs": extra,
            "empty_label": _("— none —")}))


class OrderedChoiceField(forms.Field):
    """A list of choice codes in order; blanks dropped; ``None`` when empty (not required)."""

    def __init__(self, *, choices: Sequence[tuple[str, Any]], max_items: int,
                 position_label: Any, **kwargs: Any) -> None:
        kwargs.setdefault("widget", OrderedChoicesWidget(
            choices=choices, max_items=max_items, position_label=position_label))
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> list[str] | None:
        if not value:
            return None
        if isinstance(value, str):
            value = [value]
        items = [str(v).strip() for v in value if str(v).strip()]
        return items or None

    def validate(self, value: Any) -> None:
        if self.required and not value:
            raise ValidationError(self.error_messages["required"], code="required")
