"""Views: competitions (seasons). Thin: parse, call a service or selector, render."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils import timezone
from django.utils.translation import gettext as _

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest
from clubmanager.models import Role
from tournaments.competitions import selectors as selectors
from tournaments.competitions.forms.competitions import APPLY_PRESET, CompetitionForm
from tournaments.competitions.forms.season_rules import preset_answers
from tournaments.competitions.services import competitions as services
from tournaments.games import game_keys, site_game, site_games
from tournaments.shared.views import add_service_errors


@club_view(Role.MEMBER)
def competition_list(request: ClubRequest) -> HttpResponse:
    club = request.club
    today = timezone.localdate()
    return render(request, "tournaments/competition_list.html", {
        "competitions": selectors.competitions_for_club(club=club),
        "archived": (selectors.competitions_for_club(club=club, archived=True)
                     .filter(archived_at__isnull=False)
                     if request.club_role == Role.ADMIN else []),
        "deleted": (selectors.deleted_competitions(club=club)
                    if request.club_role == Role.ADMIN else []),
        "current_ids": set(
            selectors.current_competitions(club=club, today=today).values_list("pk", flat=True)
        ),
    })


@club_view(Role.MEMBER)
def competition_detail(request: ClubRequest, pk: int) -> HttpResponse:
    competition = get_object_or_404(selectors.competitions_for_club(
        club=request.club, archived=request.club_role == Role.ADMIN), pk=pk)
    return render(request, "tournaments/competition_detail.html", {
        "competition": competition,
        "game": site_game(competition.game),
        "team_game": site_game(competition.game).team_game,
        "evenings": selectors.competition_evenings(competition=competition),
        "today": timezone.localdate(),
        "season_rules_changes": selectors.season_rules_changes(competition=competition),
        "cancelled": (selectors.cancelled_evenings(competition=competition)
                      if request.club_role == Role.ADMIN else []),
    })


def _chosen_game(request: ClubRequest, default: str | None) -> str | None:
    game = request.POST.get("game") or request.GET.get("game") or default
    return game if game in game_keys() else None


def _form_page(request: ClubRequest, form: CompetitionForm, competition: object) -> HttpResponse:
    if request.method == "POST" and APPLY_PRESET in request.POST:
        form = form.with_preset_applied()
    return render(request, "tournaments/competition_form.html", {
        "form": form, "competition": competition, "game": site_game(form.game),
        "games": list(site_games()), "preset_answers": preset_answers(),
    })


@club_view(Role.ADMIN)
def competition_add(request: ClubRequest) -> HttpResponse:
    club = request.club
    defaults = selectors.club_defaults(club=club)  # the club settings page's
    game = _chosen_game(request, None if "choose" in request.GET else defaults.game or None)
    if game is None:
        return render(request, "tournaments/competition_game.html",
                      {"games": list(site_games())})
    form = CompetitionForm(request.POST if request.method == "POST" else None, game=game,
                           defaults=defaults)
    if request.method == "POST" and APPLY_PRESET not in request.POST and form.is_valid():
        data = dict(form.cleaned_data)
        data.pop("game")
        try:
            competition = services.competition_create(club=club, game=game, **data)
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            messages.success(request, _("%(name)s has been created.") % {"name": competition.name})
            return redirect("tournaments:competition_detail", club=club.slug, pk=competition.pk)
    return _form_page(request, form, None)


@club_view(Role.ADMIN)
def competition_edit(request: ClubRequest, pk: int) -> HttpResponse:
    club = request.club
    competition = get_object_or_404(selectors.competitions_for_club(club=club, archived=True),
                                    pk=pk)
    game = competition.game
    # evening_count is competitions_for_club's Count annotation: django-stubs' WithAnnotations
    # would type it, but its get_object_or_404 drops the annotation again
    if competition.evening_count == 0:  # type: ignore[attr-defined]  # see above
        game = _chosen_game(request, competition.game) or competition.game
    form = CompetitionForm(
        request.POST if request.method == "POST" else None, game=game, competition=competition
    )
    if request.method == "POST" and APPLY_PRESET not in request.POST and form.is_valid():
        data = dict(form.cleaned_data)
        try:
            services.competition_update(competition=competition, **data)
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            messages.success(request, _("%(name)s has been saved.") % {"name": data["name"]})
            return redirect("tournaments:competition_detail", club=club.slug, pk=competition.pk)
    return _form_page(request, form, competition)


urlpatterns: list[URLPattern] = [
    path("", competition_list, name="competition_list"),
    path("new/", competition_add, name="competition_add"),
    path("<id:pk>/", competition_detail, name="competition_detail"),
    path("<id:pk>/edit/", competition_edit, name="competition_edit"),
]
