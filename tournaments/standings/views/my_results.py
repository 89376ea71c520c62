"""View: "Mijn uitslagen", a member's own evenings, tables, hands and places."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import URLPattern, path
from django.views.decorators.http import require_GET

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest
from clubmanager.models import Role
from tournaments.standings.selectors.my_results import my_results as my_results_of


@club_view(Role.MEMBER)
@require_GET
def my_results(request: ClubRequest) -> HttpResponse:
    results = my_results_of(club=request.club, user=request.user)
    return render(request, "tournaments/my_results.html", {"results": results})


urlpatterns: list[URLPattern] = [
    path("my-results/", my_results, name="my_results"),
]
