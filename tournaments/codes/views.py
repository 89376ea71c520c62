"""The one answer to a refused code, and the decorator that gives it.

:func:`code_required` is to a code what Django's ``user_passes_test`` is to a login: it looks up
the ``code`` of the URL (``lookup.code_lookup``) and hands the view what the code opens, or
answers the refusal itself. Each kind is a thin wrapper of it in its own feature
(``table_code_required``, ``door_code_required``, ``share_code_required``) with its finder and
its :class:`CodeKind`. The answer (:func:`code_refusal`) is one page for all three: 404 for a
wrong, renewed or revoked code, 429 with ``Retry-After`` when that code was tried too often; in
the kind's layout (the door's has no menu) and with the kind's headers (a table code's says
``X-Entry-Outcome: code-void``, which the score page's offline client reads).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import wraps
from typing import Any, TypeVar

from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.codes.lookup import BLOCKED, CodeRefused, code_lookup

TEMPLATE = "tournaments/codes/refused.html"
View = Callable[..., HttpResponseBase]
Found = TypeVar("Found")


@dataclass(frozen=True)
class CodeKind:
    """How a refusal of one kind of code reads: the page's title and layout, the sentence for
    a wrong and for a blocked code, and the headers every refusal of the kind carries."""

    title: str | Promise
    wrong: str | Promise
    blocked: str | Promise
    base: str = "base.html"
    headers: Mapping[str, str] = field(default_factory=dict)


TABLE_CODE = CodeKind(
    title=_("Table code"),
    wrong=_("This table code does not work (any more). Scan the code on the table's current "
            "score sheet, or ask the club admin."),
    blocked=_("This table code does not work (any more) and has been tried too often. Scan the "
              "code on the table's current score sheet, or ask the club admin."),
    # what became of a save sent here: this code no longer works (static/js/offline/answers.js)
    headers={"X-Entry-Outcome": "code-void"})
DOOR_CODE = CodeKind(
    title=_("Check in"),
    wrong=_("This check-in code does not work. Ask the club admin."),
    blocked=_("This check-in code does not work and has been tried too often. Ask the club "
              "admin."),
    base="tournaments/door_base.html")
SHARE_CODE = CodeKind(
    title=_("Results"),
    wrong=_("This link does not work (any more). Ask the club for a new one."),
    blocked=_("This link does not work (any more) and has been tried too often. Ask the club "
              "for a new one."))
KINDS = {"table": TABLE_CODE, "door": DOOR_CODE, "share": SHARE_CODE}


def refusal_page(request: HttpRequest, kind: CodeKind, status: int, message: str | Promise,
                 headers: Mapping[str, str] | None = None) -> HttpResponse:
    """The page that refuses a code, in the kind's layout and with its headers (``headers``
    overrides them); also for a right code its feature refuses (403: a closed evening)."""
    response = render(request, TEMPLATE, {"base": kind.base, "title": kind.title,
                                          "message": message}, status=status)
    for name, value in {**kind.headers, **(headers or {})}.items():
        response[name] = value
    return response


def code_refusal(request: HttpRequest, refused: CodeRefused, kind: CodeKind) -> HttpResponse:
    """The one answer to :class:`CodeRefused`: 404, or 429 with ``Retry-After``."""
    if refused.reason == BLOCKED:
        response = refusal_page(request, kind, 429, kind.blocked)
        response["Retry-After"] = str(refused.retry_after)
        return response
    return refusal_page(request, kind, 404, kind.wrong)


def code_required(find: Callable[[str], Found | None],
                  kind: CodeKind) -> Callable[[View], View]:
    """A decorator for a view of ``/<prefix>/<code>/…``: the view gets what ``find`` finds for
    the code in place of the code (``view(request, found, *args, **kwargs)``), or the request
    gets the refusal."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, code: str, **kwargs: Any) -> HttpResponseBase:
            try:
                found = code_lookup(code, find)
            except CodeRefused as refused:
                return code_refusal(request, refused, kind)
            return view(request, found, *args, **kwargs)

        return wrapper

    return decorator
