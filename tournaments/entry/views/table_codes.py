"""Views: a table code's way in (``/t/<code>/…``, no login), and the club admin's side.

Scanning a table's QR code opens ``/t/<code>/``: the table's own score page, the same view
functions as a login's (``views.scores``, listed in ``entry/table_code_urls.py`` under the same
names, namespace ``table_code``). :func:`code_view` finds the code and makes the score views'
request (``views.access.entry_view`` calls it for a URL with a code), with the code as the one
who enters (``views.entrant``); nothing else answers to a code: no other table, no admin or
history page, no standings. A logged-in visitor of a code URL is the code there too. The code is
looked up and refused as every code is (``tournaments.codes``: an unknown or renewed code is 404
and counts towards that code's limit, 429 once it is reached, never for a right code); a right
code of a closed evening, or of a competition with codes off, is 403 with a sentence. Each
refusal says what became of a save (``X-Entry-Outcome``), so a save waiting on a phone stops
retrying.
"""

from __future__ import annotations

from functools import wraps
from typing import Any, cast

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubmanager.core.access import View, club_view
from clubmanager.core.http import ClubRequest
from clubmanager.models import Role
from tournaments.codes.views import TABLE_CODE, code_required, refusal_page
from tournaments.entry.selectors.table_codes import active_code
from tournaments.entry.services import table_codes as services
from tournaments.entry.services.table_codes import ViaCode
from tournaments.entry.views.entrant import Entrant, EntryRequest
from tournaments.models import Table, TableCode


def _refused(request: HttpRequest, status: int, message: str, outcome: str) -> HttpResponse:
    """A right code this page refuses (the code refusal's page, ``tournaments.codes``);
    ``outcome`` tells offline.js what became of a save it sent here (``code-void``: this code no
    longer works, the save is kept on the phone to be discarded or moved; ``locked``: the
    evening is closed)."""
    return refusal_page(request, TABLE_CODE, status, message, {"X-Entry-Outcome": outcome})


#: The table code of the URL (``tournaments.codes``): its ``TableCode``, or the one refusal
#: (404, or 429 once that code was tried too often; ``X-Entry-Outcome: code-void``).
table_code_required = code_required(active_code, TABLE_CODE)


def code_view(view: View, *, with_table: bool = True) -> View:
    """The table of the code in the URL, or the refusal; the view gets an
    :class:`EntryRequest` with the code as the one who enters, and the table (``with_table``)
    or the URL's other arguments only."""

    @table_code_required
    @wraps(view)
    def wrapper(request: HttpRequest, found: TableCode, *args: Any,
                **kwargs: Any) -> HttpResponseBase:
        table = found.table
        competition = table.round.evening.competition
        if not competition.table_codes:
            return _refused(request, 403, _("Table codes are turned off for this competition."),
                            "code-void")
        if not table.round.evening.is_open:
            return _refused(request, 403, _(
                "The evening is closed: this table code no longer works."), "locked")
        # the score views' request (views.entrant), as a login's is made in views.access
        entry = cast(EntryRequest, request)
        entry.club, entry.code_table = competition.club, table
        user_agent = str(request.META.get("HTTP_USER_AGENT", ""))
        entry.entrant = Entrant(None, None, ViaCode(found, user_agent))
        if with_table:
            return view(entry, table, *args, **kwargs)
        return view(entry, *args, **kwargs)

    return wrapper


# -- the club admin's side ----------------------------------------------------------------------
@club_view(Role.ADMIN)
@require_POST
def table_code_renew(request: ClubRequest, pk: int) -> HttpResponse:
    """A new code for the table; the old one stops at once (its QR and sheet are void)."""
    club = request.club
    table = get_object_or_404(Table.objects.select_related("round"), pk=pk,
                              round__evening__competition__club=club)
    services.table_code_renew(table=table, by=request.user)
    messages.success(request, _("Table %(n)s has a new code: the old one no longer works. "
                                "Print its score sheet again.") % {"n": table.number})
    return redirect("tournaments:evening_detail", club=club.slug, pk=table.round.evening_id)


@club_view(Role.ADMIN)
def table_code_setting(request: ClubRequest) -> HttpResponse:
    """The club's table code setting: may a code confirm its own entries?"""
    club = request.club
    if request.method == "POST":
        allowed = request.POST.get("code_self_confirm") == "on"
        services.club_code_self_confirm_set(club=club, allowed=allowed, by=request.user)
        messages.success(request, _("The table code setting is saved."))
        return redirect("tournaments:table_code_setting", club=club.slug)
    return render(request, "tournaments/table_code_setting.html", {"club": club})


admin_urlpatterns: list[URLPattern] = [
    path("tables/<id:pk>/code/renew/", table_code_renew, name="table_code_renew"),
    path("table-codes/", table_code_setting, name="table_code_setting"),
]
