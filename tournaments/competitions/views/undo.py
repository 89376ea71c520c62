"""Views: deleting, archiving and restoring a competition. One page asks
first (no JavaScript needed): delete when it has no results, archive when it has; an archived
competition's page offers to restore it."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext as _

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest
from clubmanager.models import Role
from tournaments.competitions import selectors
from tournaments.competitions.services import undo as services


@club_view(Role.ADMIN)
def competition_remove(request: ClubRequest, pk: int) -> HttpResponse:
    club = request.club
    competition = get_object_or_404(selectors.competitions_for_club(club=club, archived=True),
                                    pk=pk)
    has_results = selectors.competition_has_results(competition=competition)
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "delete":
                services.competition_delete(competition=competition, by=request.user)
                messages.success(request, _("%(name)s has been deleted.")
                                 % {"name": competition.name})
                return redirect("tournaments:competition_list", club=club.slug)
            if action == "archive":
                services.competition_archive(competition=competition, by=request.user)
                messages.success(request, _("%(name)s has been archived: members no longer "
                                            "see it.") % {"name": competition.name})
            elif action == "restore":
                services.competition_restore(competition=competition, by=request.user)
                messages.success(request, _("%(name)s is back for the members.")
                                 % {"name": competition.name})
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        return redirect("tournaments:competition_detail", club=club.slug, pk=competition.pk)
    return render(request, "tournaments/competition_remove.html", {
        "competition": competition, "has_results": has_results,
        "evenings": competition.evenings.count(),
    })


urlpatterns: list[URLPattern] = [
    path("<id:pk>/remove/", competition_remove, name="competition_remove"),
]
