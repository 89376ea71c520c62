"""The evening's status board: every table of the running round, how far it is, who confirmed.

With htmx the board region (``#board``) refreshes itself. What the evening's organiser reads
from it: docs/scorekeeper-guide.md.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest
from clubmanager.models import Role
from tournaments.entry.selectors.scores import evening_board
from tournaments.models import Evening


@club_view(Role.MEMBER)
@require_GET
def evening_status_board(request: ClubRequest, pk: int) -> HttpResponse:
    evening = get_object_or_404(
        Evening.objects.select_related("competition"),
        pk=pk, competition__club=request.club,
    )
    context = {"evening": evening, "competition": evening.competition,
               "board": evening_board(evening)}
    template = "tournaments/scores/board.html"
    if request.htmx:
        template += "#board"
    return render(request, template, context)
