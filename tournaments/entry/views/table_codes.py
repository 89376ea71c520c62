"""Views: score entry through a table code, without a login (``/t/<code>/…``).

Scanning a table's QR code opens ``/t/<code>/``: the table's own score page (``views.scores``,
the same templates), with the code as the one who enters (``views.entrant``). The code's URLs
(``tournaments/entry/table_code_urls.py``) mirror the score pages' names (namespace ``table_code``),
and nothing else answers to a code: no other table, no admin or history page, no standings. A
logged-in visitor of a code URL is the code there too. The code is looked up and refused as
every code is (``tournaments.codes``: an unknown or renewed code is 404 and counts towards that
code's limit, 429 once it is reached, never for a right code); a right code of a closed evening,
or of a competition with codes off, is 403 with a sentence. Each refusal says what became of a
save (``X-Entry-Outcome``), so a save waiting on a phone stops retrying.

The club admin's side (renewing a table's code, the club's setting) is at the bottom.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest, HtmxRequest
from clubmanager.models import Club, Role
from tournaments.codes.views import TABLE_CODE, code_required, refusal_page
from tournaments.entry.selectors.table_codes import active_code
from tournaments.entry.services import table_codes as services
from tournaments.entry.services.table_codes import ViaCode
from tournaments.entry.views import scores
from tournaments.entry.views.entrant import Entrant
from tournaments.models import Hand, Table, TableCode

View = Callable[..., HttpResponse]


class CodeRequest(HtmxRequest):
    """The request :func:`code_view` hands a code's view: the table's ``club``, no role, and
    the code as the one who enters (``entrant``); ``user`` is whoever is logged in, if anyone
    (a login does not count at a code URL)."""

    club: Club
    club_role: None
    entrant: Entrant
    user: User | AnonymousUser


def _score_request(request: CodeRequest) -> ClubRequest:
    """The code's request for the score views, which serve a login and a code alike: they read
    ``club`` and ``htmx``, and who enters and what they may do from ``entrant_of`` (the
    code's ``entrant``), never the role or the user of a code's request."""
    return cast(ClubRequest, request)


def _refused(request: HttpRequest, status: int, message: str, outcome: str) -> HttpResponse:
    """A right code this page refuses (the code refusal's page, ``tournaments.codes``);
    ``outcome`` tells offline.js what became of a save it sent here (``code-void``: this code no
    longer works, the save is kept on the phone to be discarded or moved; ``locked``: the
    evening is closed)."""
    return refusal_page(request, TABLE_CODE, status, message, {"X-Entry-Outcome": outcome})


#: The table code of the URL (``tournaments.codes``): its ``TableCode``, or the one refusal
#: (404, or 429 once that code was tried too often; ``X-Entry-Outcome: code-void``).
table_code_required = code_required(active_code, TABLE_CODE)


def code_view(view: View) -> View:
    """The table of the code in the URL, or the refusal; the view gets the table."""

    @table_code_required
    @wraps(view)
    def wrapper(request: HttpRequest, found: TableCode, *args: Any, **kwargs: Any) -> HttpResponse:
        table = found.table
        competition = table.round.evening.competition
        if not competition.table_codes:
            return _refused(request, 403, _("Table codes are turned off for this competition."),
                            "code-void")
        if not table.round.evening.is_open:
            return _refused(request, 403, _(
                "The evening is closed: this table code no longer works."), "locked")
        # what the club pages set (clubmanager.core.access), and who enters (views.entrant)
        admitted = cast(CodeRequest, request)
        admitted.club, admitted.club_role = competition.club, None
        user_agent = str(request.META.get("HTTP_USER_AGENT", ""))
        admitted.entrant = Entrant(None, None, ViaCode(found, user_agent))
        return view(admitted, table, *args, **kwargs)

    return wrapper


def _hand(table: Table, pk: int) -> Hand:
    """A hand of the code's own table (any other is 404)."""
    return get_object_or_404(Hand.objects.select_related("table"), pk=pk, table=table)


@code_view
@require_GET
def table_scores(request: CodeRequest, table: Table) -> HttpResponse:
    return scores.table_page(_score_request(request), table)


@code_view
@require_POST
def hand_check(request: CodeRequest, table: Table) -> HttpResponse:
    return scores.live_check(_score_request(request), table)


@code_view
@require_POST
def hand_add(request: CodeRequest, table: Table) -> HttpResponse:
    return scores.hand_save(_score_request(request), table)


@code_view
def hand_edit(request: CodeRequest, table: Table, pk: int) -> HttpResponse:
    return scores.hand_page(_score_request(request), table, _hand(table, pk))


@code_view
@require_POST
def hand_delete(request: CodeRequest, table: Table, pk: int) -> HttpResponse:
    score_request = _score_request(request)
    repeated = scores.repeated_delete(score_request, pk, table=table)  # its answer lost: again
    if repeated is not None:
        return repeated
    return scores.hand_removal(score_request, table, _hand(table, pk))


@code_view
@require_POST
def table_confirm(request: CodeRequest, table: Table) -> HttpResponse:
    return scores.confirmation(_score_request(request), table)


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
