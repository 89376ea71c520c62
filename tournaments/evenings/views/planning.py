"""Views: moving or cancelling a planned evening. Each asks first, on a page
of its own (no JavaScript needed); the services refuse once the evening has results."""

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
from tournaments.evenings.forms.evenings import MoveForm
from tournaments.evenings.selectors import evenings as selectors
from tournaments.evenings.services import planning as services
from tournaments.models import Evening
from tournaments.shared.views import add_service_errors


def _evening(request: ClubRequest, pk: int) -> Evening:
    return get_object_or_404(
        selectors.evenings_for_club(club=request.club).select_related("competition"), pk=pk)


def _refused(request: ClubRequest, evening: Evening) -> HttpResponse:
    messages.error(request, _("Only a planned evening without results can be moved or "
                              "cancelled."))
    return redirect("tournaments:evening_detail", club=request.club.slug, pk=evening.pk)


@club_view(Role.ADMIN)
def evening_move(request: ClubRequest, pk: int) -> HttpResponse:
    evening = _evening(request, pk)
    if not selectors.evening_undoable(evening=evening):
        return _refused(request, evening)
    form = MoveForm(request.POST if request.method == "POST" else None,
                    initial={"date": evening.date, "start_time": evening.start_time})
    if request.method == "POST" and form.is_valid():
        try:
            services.evening_move(evening=evening, by=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            messages.success(request, _("The evening has been moved."))
            return redirect("tournaments:evening_detail", club=request.club.slug, pk=evening.pk)
    return render(request, "tournaments/evening_move.html", {
        "form": form, "evening": evening, "competition": evening.competition,
        "calloffs": evening.calloffs.count(),
    })


@club_view(Role.ADMIN)
def evening_cancel(request: ClubRequest, pk: int) -> HttpResponse:
    evening = _evening(request, pk)
    if not selectors.evening_undoable(evening=evening):
        return _refused(request, evening)
    competition = evening.competition
    if request.method == "POST":
        try:
            services.evening_cancel(evening=evening, by=request.user)
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
            return redirect("tournaments:evening_detail", club=request.club.slug, pk=pk)
        messages.success(request, _("The evening has been cancelled."))
        return redirect("tournaments:competition_detail", club=request.club.slug,
                        pk=competition.pk)
    return render(request, "tournaments/evening_cancel.html", {
        "evening": evening, "competition": competition,
        "calloffs": evening.calloffs.select_related("member"),
    })


urlpatterns: list[URLPattern] = [
    path("evenings/<id:pk>/move/", evening_move, name="evening_move"),
    path("evenings/<id:pk>/cancel/", evening_cancel, name="evening_cancel"),
]
