"""Views: season standings, evening results, the public pages and the club-room TV."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubmanager.core.access import club_view, public_club_view
from clubmanager.core.http import ClubRequest, PublicClubRequest
from clubmanager.models import Role
from clubmanager.privacy import rows_for_viewer, viewer_sees_full_names
from clubmanager.selectors import own_member_ids
from tournaments.entry.selectors.scores import evening_board
from tournaments.models import Competition, Evening, EveningStatus
from tournaments.standings.selectors.live import (
    competition_poll_rows,
    hidden_evenings,
    live_ranking_hidden,
    poll_state,
    with_last_round,
)
from tournaments.standings.selectors.prizes import evening_complete, evening_prizes
from tournaments.standings.selectors.standings import evening_results as evening_results_of
from tournaments.standings.selectors.standings import season_and_champion, season_standings
from tournaments.standings.services.publishing import club_public_pages_set
from tournaments.standings.views.polling import etag, kept, poll_etag, polled, rendered
from tournaments.standings.views.share import share_context


def _competition(request: ClubRequest | PublicClubRequest, pk: int) -> Competition:
    """The club's competition; an archived one only for a club admin."""
    found = Competition.objects.filter(club=request.club)
    if request.club_role != Role.ADMIN:
        found = found.filter(archived_at__isnull=True)
    return get_object_or_404(found, pk=pk)


def _evening(request: ClubRequest | PublicClubRequest, pk: int) -> Evening:
    """The club's evening, with its last round for the hidden ranking (``selectors/live.py``)."""
    found = with_last_round(Evening.objects.select_related("competition__club")).filter(
        competition__club=request.club)
    if request.club_role != Role.ADMIN:
        found = found.filter(competition__archived_at__isnull=True)
    return get_object_or_404(found, pk=pk)


def _standings_context(competition: Competition, public: bool,
                       own: set[int] | None = None, champion: bool = True) -> dict[str, Any]:
    """The standings; an evening whose live ranking is hidden now is left out (as before it),
    and the page says so (``selectors/live.py``)."""
    hidden = hidden_evenings(competition)
    if champion:
        standings, points_champion = season_and_champion(competition, leave_out=hidden)
    else:
        standings, points_champion = season_standings(competition, leave_out=hidden), None
    return {"competition": competition, "standings": standings, "champion": points_champion,
            "public": public, "own": own or set(), "hidden_evenings": hidden}


def _public_names(request: PublicClubRequest, context: dict[str, Any]) -> dict[str, Any]:
    """The standings with each name as this visitor may see it (clubmanager/privacy.py)."""
    full = viewer_sees_full_names(request.club_role)
    for key in ("standings", "champion"):  # the points champion's ranking, when there is one
        if context.get(key) is not None:
            context[key] = replace(context[key], rows=rows_for_viewer(
                context[key].rows, club=request.club, full=full))
    context["full_names"] = full
    return context


def _etag(request: ClubRequest | PublicClubRequest, pk: int, *parts: object) -> str | None:
    """The competition's change stamp and the evenings whose live ranking is hidden now, None
    when the club has no such competition for this viewer (an archived one: a club admin's
    only). What the database says is kept until the competition moves (``polling.kept``); the
    clock, which hides an evening without a write, is read on each poll."""
    admin = request.club_role == Role.ADMIN
    rows = kept(request, f"competition-poll:{pk}:{admin}", [f"competition:{pk}"],
                lambda: competition_poll_rows(club_id=request.club.pk, competition_id=pk,
                                              archived=admin))
    state = poll_state(rows)
    return etag(request, state.stamp, *parts, state.hidden_tag) if state is not None else None


def _partial_etag(request: ClubRequest | PublicClubRequest, pk: int, *parts: object) -> str | None:
    """A poll of the standings' partial (the full page carries a CSRF token: never shared)."""
    return _etag(request, pk, *parts) if request.htmx else None


def _standings_page(request: ClubRequest | PublicClubRequest,
                    context: Callable[[], dict[str, Any]]) -> HttpResponse:
    """The page, or its polled partial rendered once per ETag."""
    template = "tournaments/standings/standings.html"
    tag = poll_etag(request)
    if tag is None:
        return render(request, template, context())
    return rendered(f"standings:{request.path}:{tag}",
                    lambda: render(request, template + "#table", context()))


@club_view(Role.MEMBER)
@require_GET
@polled(lambda request, pk: _partial_etag(request, pk, "m", request.user.pk))
def standings(request: ClubRequest, pk: int) -> HttpResponse:
    competition = _competition(request, pk)
    own = own_member_ids(club=request.club, user=request.user)
    return _standings_page(request, lambda: _standings_context(competition, public=False,
                                                               own=own))


@club_view(Role.MEMBER)
@require_GET
def evening_results(request: ClubRequest, pk: int) -> HttpResponse:
    evening = _evening(request, pk)
    results = evening_results_of(evening)
    hidden = live_ranking_hidden(evening)
    return render(request, "tournaments/standings/evening.html",
                  {"evening": evening, "competition": evening.competition,
                   "results": replace(results, overall=[]) if hidden else results,
                   "public": False, "full_names": True, "hidden": hidden,
                   "prizes": None if hidden else evening_prizes(evening, results=results),
                   **share_context(evening)})


@public_club_view
@require_GET
@polled(lambda request, pk: _partial_etag(
    request, pk, "p", viewer_sees_full_names(request.club_role)))
def public_standings(request: PublicClubRequest, pk: int) -> HttpResponse:
    competition = _competition(request, pk)
    return _standings_page(request, lambda: _public_names(
        request, _standings_context(competition, public=True)))


@public_club_view
@require_GET
def public_evening(request: PublicClubRequest, pk: int) -> HttpResponse:
    evening = _evening(request, pk)
    full = viewer_sees_full_names(request.club_role)
    results = evening_results_of(evening)
    hidden = live_ranking_hidden(evening)
    results = replace(results, overall=[] if hidden else rows_for_viewer(
        results.overall, club=request.club, full=full))
    return render(request, "tournaments/standings/evening.html",
                  {"evening": evening, "competition": evening.competition,
                   "results": results, "public": True, "full_names": full, "hidden": hidden,
                   "prizes": None if hidden else evening_prizes(evening, results=results)})


TV_EVENINGS = 2  # the last evenings the TV shows per member when some do not count


def _tv_etag(request: PublicClubRequest, pk: int) -> str | None:
    return _etag(request, pk, "tv", viewer_sees_full_names(request.club_role),
                 timezone.localdate().isoformat())


@public_club_view
@require_GET
@polled(_tv_etag)
def tv(request: PublicClubRequest, pk: int) -> HttpResponse:
    tag = poll_etag(request)
    return rendered(f"tv:{pk}:{tag}", lambda: _tv(request, pk))


def _tv(request: PublicClubRequest, pk: int) -> HttpResponse:
    """The club-room screen: standings and tonight's tables, refreshing itself.

    The evening shown is tonight's, else the last one played (never a planned one ahead). Every
    row of the standings is sent: the screen lays them out in as many columns as fit and turns
    pages by itself when they do not (static/js/tv.js, docs/secretary-guide.md)."""
    competition = _competition(request, pk)
    evening = (competition.evenings.filter(date__lte=timezone.localdate())
               .exclude(status=EveningStatus.PLANNED)
               .order_by("-date", "-start_time").first())
    context = _public_names(request, _standings_context(competition, public=True,
                                                        champion=False))
    rows = context["standings"].rows
    unplaced = any(row.rank is None for row in rows)
    board = evening_board(evening) if evening else None
    # At the end of tonight (every table done, or the evening closed): its prize list.
    over = evening is not None and evening.date == timezone.localdate() and evening_complete(
        board) and evening.pk not in context["hidden_evenings"]  # no prizes while hidden
    context.update({
        "prizes": evening_prizes(evening, full=context["full_names"]) if over and evening
        else None,
        "evening": evening,
        "tonight": evening is not None and evening.date == timezone.localdate(),
        "board": board,
        "rows": rows,
        "unplaced": unplaced,  # the legend explains "–", a column says how many evenings to go
        # With evenings that do not count: the last one or two (one when the "to go" column
        # needs the room), a dropped score struck through.
        "recent": context["standings"].evenings[-(TV_EVENINGS - unplaced):]
        if context["standings"].drops else [],
    })
    template = "tournaments/standings/tv.html"
    if request.htmx:
        template += "#screen"
    return render(request, template, context)


@club_view(Role.ADMIN)
def public_pages_setting(request: ClubRequest) -> HttpResponse:
    """A club admin turns the public standings pages on or off."""
    club = request.club
    if request.method == "POST":
        public = request.POST.get("public_pages") == "on"
        club_public_pages_set(club=club, public=public, by=request.user)
        messages.success(request,
                         _("Public pages are on.") if public else _("Public pages are off."))
        return redirect("tournaments:public_pages_setting", club=club.slug)
    return render(request, "tournaments/standings/public_setting.html", {"club": club})


urlpatterns: list[URLPattern] = [
    path("<id:pk>/standings/", standings, name="standings"),
    path("evenings/<id:pk>/results/", evening_results, name="evening_results"),
    path("public/<id:pk>/", public_standings, name="public_standings"),
    path("public/evenings/<id:pk>/", public_evening, name="public_evening"),
    path("public/<id:pk>/tv/", tv, name="tv"),
    path("public-pages/", public_pages_setting, name="public_pages_setting"),
]
