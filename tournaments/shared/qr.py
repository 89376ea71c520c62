"""A table code as a QR code (segno): its URL, and inline SVG for the pages.

The SVG is plain markup (a ``<path>`` with a class and presentation attributes, no ``style``
attribute), so the Content-Security-Policy (no inline styles) allows it; its size and white
background come from the stylesheet (``.qr svg``). The PDFs draw the same matrix as vector
paths: ``tournaments/entry/pdf/code_mark.py``.
"""

from __future__ import annotations

import segno
from django.http import HttpRequest
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

#: M: about 15 % of the code may be unreadable (a fold or a stain on a printed sheet).
ERROR_LEVEL = "m"


def code_path(code: str) -> str:
    return reverse("table_code:table_scores", kwargs={"code": code})


def code_url(request: HttpRequest, code: str) -> str:
    """The absolute URL a phone opens: on the host the page was asked for (open the round page
    through the address the phones reach, not 127.0.0.1)."""
    return request.build_absolute_uri(code_path(code))


def make(url: str) -> segno.QRCode:
    return segno.make(url, error=ERROR_LEVEL, micro=False)


def svg(url: str, *, title: str) -> SafeString:
    """Inline SVG of the QR code of ``url`` with an accessible title (segno escapes it)."""
    markup: str = make(url).svg_inline(scale=1, omitsize=True, title=title, svgclass="qr-code",
                                  lineclass="qr-dark")
    return mark_safe(markup.replace("<svg ", '<svg role="img" ', 1))  # noqa: S308 (segno's markup)
