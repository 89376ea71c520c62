"""``{% table_qr code number %}``: a table code's QR as inline SVG, with its URL's host taken
from the request (``tournaments.shared.qr``)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from tournaments.shared import qr

register = template.Library()


@register.simple_tag(takes_context=True)
def table_qr(context: dict[str, Any], code: str, number: int) -> SafeString:
    title = _("Table %(n)s: scan to enter the scores") % {"n": number}
    return qr.svg(qr.code_url(context["request"], code), title=title)


@register.simple_tag(takes_context=True)
def table_code_url(context: dict[str, Any], code: str) -> str:
    return qr.code_url(context["request"], code)
