"""Forms: an amount of money typed in euros ("5,00"), kept in whole cents; the entry fees.

Every amount the site asks for is read by ``cents_from_text`` (through ``EuroField``): the money
page, a new competition's fees and the club's default fees. What it takes (docs/security.md,
"Input bounds"; docs/secretary-guide.md, "Inleg"), in either site language:

* the digits 0 to 9 only: an underscore ("1_000") or a digit of another script ("٣", "３") is
  refused with a sentence, never read as a number as Python would;
* a comma is the decimal separator, with at most two digits after it ("2,50", "2,5", "5,-");
* a point followed by one or two digits at the end is one too ("2.50"): no Dutch amount is
  written that way, so it is not ambiguous; points between groups of three digits are
  thousands separators ("1.000", "1.000,00"), as are commas before a decimal point
  ("1,000.00"); "1,000" is refused (three decimals), never guessed;
* a euro sign and spaces around the amount are left out ("€ 2,50", "2,50 €");
* then the bounds: from € 0,00 up to the most the field allows.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tournaments.shared.money import FEE_MAX_CENTS, euros, format_cents

_GROUPED = {sep: re.compile(r"[0-9]{1,3}(" + re.escape(sep) + r"[0-9]{3})+") for sep in ".,"}
_WHOLE = re.compile(r"[0-9]+")
_CENTS = re.compile(r"[0-9]{1,2}")
_MAX_DIGITS = 12  # beyond any bound here: refused by the bounds, never converted


def _euros_and_cents(text: str) -> tuple[str, str]:
    """The whole euros (digits, separators gone) and the cents (two digits) of ``text``;
    ValidationError when it is no amount."""
    invalid = ValidationError(_("Type an amount in euros, for example 2,50 or 1.000,00."),
                              code="invalid")
    whole, cents = text, ""
    last = max(text.rfind(","), text.rfind("."))
    tail = text[last + 1:]
    # The last separator is the decimal one if it is a comma, or a point before 1 or 2 digits.
    if last >= 0 and (text[last] == "," or _CENTS.fullmatch(tail)):
        whole, cents = text[:last], "" if tail == "-" and text[last] == "," else tail
        if cents and not _WHOLE.fullmatch(cents) or not cents and tail != "-":
            raise invalid
        if len(cents) > 2:
            raise ValidationError(_("Type at most two digits after the comma (whole cents)."),
                                  code="decimals")
    groups = {c for c in whole if c in ".,"}  # the other separator, between groups of three
    if len(groups) > 1 or groups and not _GROUPED[groups.pop()].fullmatch(whole):
        raise invalid
    whole = whole.replace(".", "").replace(",", "")
    if not _WHOLE.fullmatch(whole):
        raise invalid
    return whole, cents.ljust(2, "0")


def cents_from_text(raw: str, *, max_cents: int) -> int:
    """The amount typed in ``raw`` in whole cents (0..``max_cents``), else ValidationError with
    a sentence saying what to type."""
    text = raw.replace("\u00a0", " ").strip()
    text = text.removeprefix("€").removesuffix("€").strip()
    if "_" in text:
        raise ValidationError(_("Type the amount without “_”, for example 1000 or 1.000,00."),
                              code="underscore")
    if any(c.isdigit() and not "0" <= c <= "9" for c in text):
        raise ValidationError(_("Type the amount with the digits 0 to 9."), code="digits")
    bounds = ValidationError(_("Type an amount from %(low)s to %(high)s."), code="bounds",
                             params={"low": format_cents(0), "high": format_cents(max_cents)})
    if text.startswith("-") and len(text) > 1:
        raise bounds
    whole, cents = _euros_and_cents(text)
    whole = whole.lstrip("0") or "0"
    if len(whole) > _MAX_DIGITS or int(whole) * 100 + int(cents) > max_cents:
        raise bounds
    return int(whole) * 100 + int(cents)


class EuroField(forms.Field):
    """An amount typed in euros (``cents_from_text``), cleaned into whole cents."""

    widget = forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"})

    def __init__(self, *, max_cents: int, **kwargs: Any) -> None:
        self.max_cents = max_cents
        super().__init__(localize=True, **kwargs)  # shown as the language writes it: 5,00

    def to_python(self, value: Any) -> int | None:
        text = str(value if value is not None else "")
        if not text.strip():
            return None
        return cents_from_text(text, max_cents=self.max_cents)


def fee_initial(cents: int) -> Decimal:
    """A fee as the form shows it: 5,00, not 5."""
    return euros(cents).quantize(Decimal("0.01"))


class FeesForm(forms.Form):
    member = EuroField(
        label=_("Entry fee per evening for members (€)"), max_cents=FEE_MAX_CENTS,
        help_text=_("For example 5,00 (soup included) or 1,50 table money; 0 for no fee."))
    guest = EuroField(
        label=_("Entry fee per evening for guests (€)"), max_cents=FEE_MAX_CENTS,
        help_text=_("What a guest pays; 0 for free."))

    def cents(self) -> dict[str, int]:
        return {"member_cents": self.cleaned_data["member"],
                "guest_cents": self.cleaned_data["guest"]}
