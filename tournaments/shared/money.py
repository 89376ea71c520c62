"""Money as whole cents, shown in euros the way the language writes them ("€ 5,00", "€5.00").

Amounts are stored as integers (cents) and added as integers; only the page, the PDF and the
workbook turn them into euros (exactly: ``Decimal``, never a float).
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import get_language

#: The largest fee a form accepts, in cents (€ 1.000,00): a typo, not an entry fee, above it.
FEE_MAX_CENTS = 100_000


def euros(cents: int) -> Decimal:
    return Decimal(int(cents)) / 100


def format_cents(cents: int) -> str:
    """€ 5,00 in Dutch, €5.00 in English (the euro sign as each language writes it)."""
    amount = number_format(euros(cents), 2, use_l10n=True, force_grouping=True)
    if (get_language() or "nl").startswith("en"):
        return f"-€{amount[1:]}" if amount.startswith("-") else f"€{amount}"
    return f"€\u00a0{amount}"  # never "€" at a line's end and the amount on the next
