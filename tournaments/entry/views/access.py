"""The two ways into the score views, one decorator: :func:`entry_view`.

A score view is one function, listed in both URL sets: the login's
(``/clubs/<club>/competitions/tables/<pk>/…``, ``entry/urls.py``) and the table code's
(``/t/<code>/…``, ``entry/table_code_urls.py``, the same URL names). The decorator tells them
apart by the URL's ``code`` and makes the one ``EntryRequest`` (``views.entrant``):
through ``club_object_view``/``club_view`` for a login (``clubmanager.core.access``: login,
404, 403 as on every club page), through ``table_codes.code_view`` for a code (its refusals).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, cast

from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404

from clubmanager.core.access import MarkedView, View, club_object_view, club_view
from clubmanager.core.http import ClubRequest
from clubmanager.models import Role
from tournaments.entry.selectors.scores import hand_in_club, table_access, table_in_club
from tournaments.entry.views.entrant import Entrant, EntryRequest
from tournaments.entry.views.table_codes import code_view
from tournaments.models import Hand, Table


def _by_login(view: View) -> View:
    """What ``club_view`` admitted, as an entry request: the user and their role."""

    @wraps(view)
    def as_entry(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        admitted = cast(ClubRequest, request)
        entry = cast(EntryRequest, request)
        entry.entrant = Entrant(admitted.user, admitted.club_role)
        entry.code_table = None
        return view(entry, *args, **kwargs)

    return as_entry


def entry_view(min_role: str, *, table: bool = True) -> Callable[[View], View]:
    """One view for both ways in. ``table``: the URL's ``pk`` is a table's, and the view gets
    the table (a code's own table through a code); otherwise the view gets ``pk`` (a hand's)
    and finds it within reach (``scores.context.hand_in_reach``). ``min_role``: a login's; a
    code counts as a member, so a page above that has no code URL and refuses a code."""

    def decorator(view: View) -> View:
        login = _by_login(view)
        by_login = (club_object_view(min_role, table_access)(login) if table
                    else club_view(min_role)(login))
        by_code = code_view(view, with_table=table)

        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if "code" not in kwargs:
                return by_login(request, *args, **kwargs)
            if min_role != Role.MEMBER:
                raise Http404("Not a table code's page")
            return by_code(request, *args, **kwargs)

        cast(MarkedView, wrapper).club_min_role = min_role
        return wrapper

    return decorator


def hand_in_reach(request: EntryRequest, pk: int) -> Hand:
    """The hand ``pk`` (404 out of reach): of the code's own table, or of the login's club
    (with its table, round, evening, competition and club)."""
    if request.code_table is not None:
        return get_object_or_404(Hand.objects.select_related("table"), pk=pk,
                                 table=request.code_table)
    return hand_in_club(request.club, pk)


def table_in_reach(request: EntryRequest, pk: int) -> Table:
    """The table ``pk`` (404 out of reach): the code's own, or one of the login's club."""
    if request.code_table is not None:
        if request.code_table.pk != pk:
            raise Http404("Not this code's table")
        return request.code_table
    return table_in_club(request.club, pk)
