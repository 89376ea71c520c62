"""``{{ cents|euro }}``: whole cents as euros in the page's language
(tournaments/shared/money.py)."""

from django import template

from tournaments.shared.money import format_cents

register = template.Library()


@register.filter
def euro(cents: int) -> str:
    return format_cents(int(cents or 0))
