"""``{{ cents|euro }}``: whole cents as euros in the page's language (tournaments/money.py)."""

from django import template

from ..money import format_cents

register = template.Library()


@register.filter
def euro(cents: int) -> str:
    return format_cents(int(cents or 0))
