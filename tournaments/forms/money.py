"""Forms: the competition's entry fee, typed in euros ("5,00"), kept in whole cents."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _

from ..money import FEE_MAX_CENTS, euros


def fee_initial(cents: int) -> Decimal:
    """A fee as the form shows it: 5,00, not 5."""
    return euros(cents).quantize(Decimal("0.01"))


class FeesForm(forms.Form):
    member = forms.DecimalField(
        label=_("Entry fee per evening for members (€)"), min_value=Decimal(0),
        max_value=euros(FEE_MAX_CENTS), max_digits=6, decimal_places=2, localize=True,
        help_text=_("For example 5,00 (soup included) or 1,50 table money; 0 for no fee."))
    guest = forms.DecimalField(
        label=_("Entry fee per evening for guests (€)"), min_value=Decimal(0),
        max_value=euros(FEE_MAX_CENTS), max_digits=6, decimal_places=2, localize=True,
        help_text=_("What a guest pays; 0 for free."))

    def cents(self) -> dict[str, int]:
        return {"member_cents": int(self.cleaned_data["member"] * 100),
                "guest_cents": int(self.cleaned_data["guest"] * 100)}
