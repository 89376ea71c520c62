"""The live page of an evening: each table's progress and running totals, and the
provisional ranking ("voorlopig" until the evening is closed), for the club's members on the
phone and at home, and for visitors when the club has public pages (as the public standings).

Names as each member chose for visitors (``clubmanager/privacy.py``); members see full names.
The club can hide the ranking from a round on or some minutes after the start
(``Competition.live_hide_from_round``, ``live_hide_after_minutes``; the rule is
``selectors/live.py``, which the standings and the TV follow too); progress stays visible.
The page polls every few seconds (``polling.py``), refreshes itself without JavaScript, and is
read in a fixed number of queries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path
from django.views.decorators.http import require_GET

from clubmanager.core.access import public_club_view
from clubmanager.core.http import PublicClubRequest
from clubmanager.privacy import participant_name, viewer_sees_full_names
from tournaments.games import site_game
from tournaments.models import Better, Evening, EveningStatus
from tournaments.standings.selectors.live import live_ranking_hidden, with_last_round
from tournaments.standings.selectors.standings import evening_results
from tournaments.standings.views.polling import (
    POLL_SECONDS,
    etag,
    kept,
    poll_etag,
    polled,
    rendered,
)


@dataclass
class LiveRow:
    rank: int
    name: str
    total: int
    tables: int


def _evenings(request: PublicClubRequest) -> QuerySet[Evening]:
    """The club's evenings a live page can show: not a planned one (nothing to show, and no
    names before the evening), not one of an archived competition (hidden from the members);
    each with the last round drawn, for the hidden ranking's rule."""
    return with_last_round(Evening.objects.all()).filter(
        competition__club=request.club, competition__archived_at__isnull=True).exclude(
        status=EveningStatus.PLANNED)


def _evening(request: PublicClubRequest, pk: int) -> Evening:
    return get_object_or_404(_evenings(request), pk=pk)


def _live_etag(request: PublicClubRequest, pk: int) -> str | None:
    if not request.htmx:  # the full page carries a CSRF token: rendered for its viewer
        return None
    evening = kept(request, f"live-evening:{pk}", [f"evening:{pk}"],
                   lambda: _evenings(request).filter(pk=pk).first())
    if evening is None:
        return None
    # the clock hides the ranking without a write: the hidden state is part of the tag
    return etag(request, evening.changed, "live", viewer_sees_full_names(request.club_role),
                live_ranking_hidden(evening))


def _ranking(tables: list[Any], higher: bool, full: bool) -> list[LiveRow]:
    """Every participant's competition points over the tables with hands so far."""
    totals: dict[int, LiveRow] = {}
    for table in tables:
        if not table.hand_count:
            continue
        for seat in table.seats.all():
            row = totals.setdefault(seat.participant_id, LiveRow(
                0, participant_name(seat.participant, full=full), 0, 0))
            row.total += seat.competition_points
            row.tables += 1
    ordered = sorted(totals.values(), key=lambda r: (-r.total if higher else r.total,
                                                     r.name.casefold()))
    for position, row in enumerate(ordered, start=1):
        same = position > 1 and ordered[position - 2].total == row.total
        row.rank = ordered[position - 2].rank if same else position
    return ordered


def _context(request: PublicClubRequest, evening: Evening) -> dict[str, Any]:
    full = viewer_sees_full_names(request.club_role)
    results = evening_results(evening)
    competition = evening.competition
    tables = [t for _round, round_tables in results.rounds for t in round_tables]
    rounds = [(round_, [(table, site_game(table.game).page.deals(table.options),
                         [(participant_name(s.participant, full=full), s.points)
                          for s in sorted(table.seats.all(), key=lambda s: s.position)])
                        for table in round_tables]) for round_, round_tables in results.rounds]
    hidden = live_ranking_hidden(evening)
    return {"evening": evening, "competition": competition, "rounds": rounds,
        "ranking": [] if hidden else _ranking(tables, competition.better == Better.HIGHER, full),
        "hidden": hidden, "provisional": evening.is_open, "poll_seconds": POLL_SECONDS}


@public_club_view
@require_GET
@polled(_live_etag)
def evening_live(request: PublicClubRequest, pk: int) -> HttpResponse:
    template = "tournaments/standings/live.html"
    tag = poll_etag(request)
    if tag is None:
        return render(request, template, _context(request, _evening(request, pk)))
    # the ETag found the evening: read again only when the answer is rendered
    return rendered(f"live:{pk}:{tag}", lambda: render(
        request, template + "#live", _context(request, _evening(request, pk))))


urlpatterns: list[URLPattern] = [
    path("evenings/<id:pk>/live/", evening_live, name="evening_live"),
]
