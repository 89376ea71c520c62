"""Views: the result PDFs: an evening's results, its prize list and the season's standings.

Members may download the PDFs of their own club. While the club hides tonight's ranking
(``selectors/live.py``), a member's standings PDF leaves tonight out and tonight's results and
prize list are not found; a club admin, who runs the evening and hands out the prizes, gets
them all.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import URLPattern, path
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest
from clubmanager.models import Role
from clubmanager.selectors import club_logo_png
from tournaments.models import Evening
from tournaments.shared.views import club_competition, download
from tournaments.standings.pdf import results
from tournaments.standings.pdf.prizes import prize_list_pdf as prize_list_pdf_of
from tournaments.standings.selectors.live import (
    hidden_evenings,
    live_ranking_hidden,
    with_last_round,
)
from tournaments.standings.selectors.prizes import evening_prizes
from tournaments.standings.selectors.standings import season_and_champion

PDF = "application/pdf"


def _evening(request: ClubRequest, evening_id: int) -> Evening:
    """The club's evening; one whose ranking is hidden now only for a club admin."""
    evening = get_object_or_404(
        with_last_round(Evening.objects.select_related("competition__club")),
        pk=evening_id, competition__club=request.club,
    )
    if request.club_role != Role.ADMIN and live_ranking_hidden(evening):
        raise Http404("tonight's ranking is hidden until the evening is closed")
    return evening


@club_view(Role.MEMBER)
def evening_results_pdf(request: ClubRequest, evening_id: int) -> HttpResponse:
    from tournaments.standings.selectors.standings import evening_results

    evening = _evening(request, evening_id)
    ranking = evening_results(evening)
    content = results.evening_results_pdf(evening, ranking,
                                          evening_prizes(evening, results=ranking),
                                          logo=club_logo_png(club=request.club))
    name = slugify(f"{evening.competition.name} {evening.date}")
    return download(content, PDF, f"{name}.pdf")


@club_view(Role.MEMBER)
def standings_pdf(request: ClubRequest, competition_id: int) -> HttpResponse:
    competition = club_competition(request, competition_id)
    hidden = frozenset() if request.club_role == Role.ADMIN else hidden_evenings(competition)
    standings, champion = season_and_champion(competition, leave_out=hidden)
    content = results.standings_pdf(standings, champion, logo=club_logo_png(club=request.club))
    name = slugify(" ".join((competition.name, _("standings"))))
    return download(content, PDF, f"{name}.pdf")


@club_view(Role.MEMBER)
def prize_list_pdf(request: ClubRequest, evening_id: int) -> HttpResponse:
    """The evening's prize list for the prize table (big type, a box to tick)."""
    evening = _evening(request, evening_id)
    content = prize_list_pdf_of(evening, evening_prizes(evening))
    name = slugify(" ".join((evening.competition.name, str(evening.date), _("prizes"))))
    return download(content, PDF, f"{name}.pdf")


urlpatterns: list[URLPattern] = [
    path("evenings/<id:evening_id>/results.pdf", evening_results_pdf,
         name="evening_results_pdf"),
    path("evenings/<id:evening_id>/prizes.pdf", prize_list_pdf, name="prize_list_pdf"),
    path("<id:competition_id>/standings.pdf", standings_pdf, name="standings_pdf"),
]
