"""Views: a competition's fixed pairs (partners who always play together in a team game)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest
from clubmanager.models import Role
from clubmanager.selectors import member_search
from tournaments.competitions import selectors as selectors
from tournaments.competitions.forms.pairs import FixedPairForm
from tournaments.competitions.services import pairs as services
from tournaments.games import site_game
from tournaments.models import FixedPair
from tournaments.shared.views import add_service_errors


@club_view(Role.ADMIN)
def fixed_pairs(request: ClubRequest, pk: int) -> HttpResponse:
    club = request.club
    competition = get_object_or_404(selectors.competitions_for_club(club=club), pk=pk)
    pairs = list(
        competition.fixed_pairs.select_related("first", "second").order_by(
            "first__name", "second__name"
        )
    )
    paired = {pair.first_id for pair in pairs} | {pair.second_id for pair in pairs}
    form = FixedPairForm(
        request.POST if request.method == "POST" else None,
        members=member_search(club=club, status="all"),
        available=[m for m in member_search(club=club) if m.pk not in paired],
    )
    if request.method == "POST" and form.is_valid():
        first, second = form.cleaned_data["first"], form.cleaned_data["second"]
        try:
            services.fixed_pair_create(
                competition=competition, first=first, second=second, by=request.user
            )
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            messages.success(request, _("%(first)s and %(second)s now always play together.")
                             % {"first": first.name, "second": second.name})
            return redirect("tournaments:fixed_pairs", club=club.slug, pk=competition.pk)
    return render(request, "tournaments/fixed_pairs.html", {
        "competition": competition, "game": site_game(competition.game), "pairs": pairs,
        "form": form, "team_game": site_game(competition.game).team_game,
    })


@club_view(Role.ADMIN)
@require_POST
def fixed_pair_delete(request: ClubRequest, pk: int, pair_pk: int) -> HttpResponse:
    club = request.club
    pair = get_object_or_404(
        FixedPair.objects.select_related("first", "second"),
        pk=pair_pk, competition_id=pk, competition__club=club,
    )
    services.fixed_pair_delete(pair=pair, by=request.user)
    messages.success(request, _("%(first)s and %(second)s are no longer a fixed pair.")
                     % {"first": pair.first.name, "second": pair.second.name})
    return redirect("tournaments:fixed_pairs", club=club.slug, pk=pk)


urlpatterns: list[URLPattern] = [
    path("<id:pk>/pairs/", fixed_pairs, name="fixed_pairs"),
    path("<id:pk>/pairs/<id:pair_pk>/delete/", fixed_pair_delete, name="fixed_pair_delete"),
]
