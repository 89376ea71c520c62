"""Game options the engine describes as ``custom``, in form widgets: never typed JSON.

A game's site module names the shape of such an option (``Options.shapes``):

* ``CHOICE_NUMBERS``: an object giving every engine choice a whole number (HIGH FIVE!'s score
  card), shown as a table with one number per choice in the club's words. Every choice or none:
  all empty is none (the option's null).
* ``PLAYER_COUNT_NUMBERS``: an object from a player count to a whole number (Big Five's cards
  by the number of players), one number per count; the empty ones are left out, all empty is
  none.

Both work without JavaScript: one ``<input type="number">`` per row, posted as
``<name>_<key>``. The field checks the numbers' form (whole, within the engine's bounds); the
rules engine checks the rest when the form is saved (``option_refusals``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from tournaments.shared.numbers import INT_MAX, INT_MIN, whole_number


class NumberTableWidget(forms.Widget):
    """One number input per row (key, label), in a two-column table."""

    template_name = "tournaments/widgets/number_table.html"

    def __init__(self, *, rows: Sequence[tuple[str, Any]], heads: tuple[Any, Any],
                 minimum: int | None = None, maximum: int | None = None,
                 attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs)
        self.rows = list(rows)
        self.heads = heads
        self.minimum = minimum
        self.maximum = maximum

    def value_from_datadict(self, data: Mapping[str, Any], files: Any,
                            name: str) -> dict[str, str]:
        return {key: str(data.get(f"{name}_{key}", "")) for key, _label in self.rows}

    def value_omitted_from_data(self, data: Mapping[str, Any], files: Any, name: str) -> bool:
        return not any(f"{name}_{key}" in data for key, _label in self.rows)

    def id_for_label(self, id_: str) -> str:
        return f"{id_}_{self.rows[0][0]}" if id_ and self.rows else id_

    def render(self, name: str, value: Any, attrs: dict[str, Any] | None = None,
               renderer: Any = None) -> SafeString:
        values = value if isinstance(value, Mapping) else {}
        base = (attrs or {}).get("id") or self.attrs.get("id") or f"id_{name}"
        described = (attrs or {}).get("aria-describedby", "")
        rows = [{
            "name": f"{name}_{key}", "id": f"{base}_{key}", "label": label,
            "value": "" if values.get(key) is None else str(values.get(key)),
        } for key, label in self.rows]
        return SafeString(render_to_string(self.template_name, {
            "rows": rows, "heads": self.heads, "min": self.minimum, "max": self.maximum,
            "described": described}))


class NumberTableField(forms.Field):
    """An object from row keys to whole numbers; ``None`` when every row is empty.

    ``complete``: a partly filled table is refused (every row or none)."""

    def __init__(self, *, rows: Sequence[tuple[str, Any]], heads: tuple[Any, Any],
                 complete: bool, minimum: int | None = None, maximum: int | None = None,
                 **kwargs: Any) -> None:
        self.rows = list(rows)
        self.complete = complete
        self.minimum = minimum
        self.maximum = maximum
        kwargs.setdefault("widget", NumberTableWidget(
            rows=rows, heads=heads, minimum=minimum, maximum=maximum))
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> dict[str, int] | None:
        if isinstance(value, Mapping) and all(
                v is None or isinstance(v, int) for v in value.values()):
            numbers = {k: v for k, v in value.items() if v is not None}
            return dict(numbers) or None  # already a stored value (initial)
        texts = dict(value) if isinstance(value, Mapping) else {}
        labels = dict(self.rows)
        result: dict[str, int] = {}
        missing: list[str] = []
        for key, _label in self.rows:
            text = str(texts.get(key, "") or "").strip()
            if not text:
                missing.append(key)
                continue
            number = whole_number(text)
            if number is None:
                raise ValidationError(_("%(row)s: enter a whole number."),
                                      params={"row": labels[key]})
            low = INT_MIN if self.minimum is None else self.minimum
            high = INT_MAX if self.maximum is None else self.maximum
            if not low <= number <= high:
                raise ValidationError(_("%(row)s: enter a whole number from %(low)s to "
                                        "%(high)s."),
                                      params={"row": labels[key], "low": low, "high": high})
            result[key] = number
        if result and missing and self.complete:
            raise ValidationError(
                _("Fill in every row, or leave them all empty. Still empty: %(rows)s."),
                params={"rows": ", ".join(str(labels[k]) for k in missing)})
        return result or None

    def prepare_value(self, value: Any) -> Any:
        return value

    def validate(self, value: Any) -> None:
        if self.required and not value:
            raise ValidationError(self.error_messages["required"], code="required")
