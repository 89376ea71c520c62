"""Whole numbers and ids as the site takes them from a request: bounded, never a 500.

Every integer the site accepts lies in a range that follows from the game or the model. The
game's own bounds are the engine's to check and name (``describe()``'s minimum and maximum, and
``scoring.side_points_bounds`` for points that never pass through a hand). What is left is the
model: numbers that end up in an ``IntegerField`` (a hand's derived points, a competition's
fields and options) must fit PostgreSQL's ``integer``, ids and seeds its ``bigint``. A number
outside those is refused by the form with a message, before the database sees it; an id that
is not one is a 404.
"""

from __future__ import annotations

import re
from typing import cast

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.http import Http404

#: PostgreSQL ``integer`` (Django's IntegerField on every backend we run).
INT_MIN, INT_MAX = -(2**31), 2**31 - 1
#: PostgreSQL ``bigint``: ids (BigAutoField) and draw seeds.
BIGINT_MAX = 2**63 - 1

# Digits as a user types them (unicode digits such as '٣' or '３' count, as Python reads them);
# no sign, spaces inside, separators or fractions.
_WHOLE = re.compile(r"[+-]?\d+")
_ID = re.compile(r"[0-9]{1,19}")


def whole_number(raw: str) -> int | None:
    """``raw`` (stripped) as a whole number, or None when it is not one. Any length is safe:
    more digits than any bound are not converted (Python refuses 4,300+ digit strings)."""
    text = raw.strip()
    if not _WHOLE.fullmatch(text):
        return None
    if len(text.lstrip("+-").lstrip("0")) > 20:  # beyond every bound below: no need to read it
        sign = -1 if text.startswith("-") else 1
        return sign * 10**20
    return int(text)


def in_int_range(value: int) -> bool:
    return INT_MIN <= value <= INT_MAX


def id_or_404(raw: object) -> int:
    """An object id taken from POST or GET: a positive whole number that fits the id column,
    else 404 (the same answer as an id that names nothing)."""
    text = str(raw if raw is not None else "").strip()
    if not _ID.fullmatch(text) or not 0 < int(text) <= BIGINT_MAX:
        raise Http404("not an id")
    return int(text)


def column_range(model: type[models.Model], name: str) -> tuple[int, int]:
    """What PostgreSQL stores in ``model.name``'s column (Django's ranges per field type)."""
    internal = model._meta.get_field(name).get_internal_type()
    return BaseDatabaseOperations.integer_field_ranges[internal]


def bound(field: forms.Field, low: int | None = INT_MIN, high: int | None = INT_MAX) -> None:
    """Narrow an integer form field to ``low``..``high`` where it allows more (or no bound):
    the validators say so with Django's own messages, and the widget's min and max too."""
    current_low = getattr(field, "min_value", None)
    current_high = getattr(field, "max_value", None)
    if low is not None and (current_low is None or current_low < low):
        cast(forms.IntegerField, field).min_value = low
        field.validators.append(MinValueValidator(low))
        field.widget.attrs["min"] = low
    if high is not None and (current_high is None or current_high > high):
        cast(forms.IntegerField, field).max_value = high
        field.validators.append(MaxValueValidator(high))
        field.widget.attrs["max"] = high
