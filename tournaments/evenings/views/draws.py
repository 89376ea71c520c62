"""Views: drawing rounds, redrawing, swapping seats, late arrivals and the projector page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest
from clubmanager.models import Member, Role
from tournaments.draws import services as services
from tournaments.entry.selectors.table_codes import code_sight
from tournaments.evenings.forms.draws import DrawForm, LateArrivalForm, SeatSwapForm
from tournaments.evenings.selectors import evenings as selectors
from tournaments.evenings.services import evenings as evening_services
from tournaments.models import Participant, Round
from tournaments.shared.views import add_service_errors


def _round(request: ClubRequest, pk: int) -> Round:
    return get_object_or_404(selectors.rounds_for_club(club=request.club), pk=pk)


def _to_evening(request: ClubRequest, evening_pk: int) -> HttpResponse:
    return redirect(
        "tournaments:evening_detail", club=request.club.slug, pk=evening_pk
    )


def _errors(request: ClubRequest, exc: ValidationError) -> None:
    for message in exc.messages:
        messages.error(request, message)


def _seed(request: ClubRequest) -> tuple[int | None, bool]:
    """The posted seed (None: a new random draw) and whether it was valid; a seed that is not
    a whole number from 0 to 2**62 is refused with a message, never drawn at random instead."""
    form = DrawForm(request.POST)
    if form.is_valid():
        return form.cleaned_data["seed"], True
    label = form.fields["seed"].label
    for message in form.errors.get("seed", []):
        messages.error(request, f"{label}: {message}")
    return None, False


@club_view(Role.ADMIN)
@require_POST
def round_draw(request: ClubRequest, pk: int) -> HttpResponse:
    evening = get_object_or_404(selectors.evenings_for_club(club=request.club), pk=pk)
    seed, valid = _seed(request)
    if not valid:
        return _to_evening(request, evening.pk)
    try:
        round_ = services.round_draw(evening=evening, seed=seed, by=request.user)
    except ValidationError as exc:
        _errors(request, exc)
    else:
        messages.success(request, _("Round %(number)s has been drawn.") % {"number": round_.number})
    return _to_evening(request, evening.pk)


@club_view(Role.ADMIN)
@require_POST
def round_redraw(request: ClubRequest, pk: int) -> HttpResponse:
    round_ = _round(request, pk)
    seed, valid = _seed(request)
    if not valid:
        return _to_evening(request, round_.evening_id)
    try:
        services.round_redraw(round=round_, seed=seed, by=request.user)
    except ValidationError as exc:
        _errors(request, exc)
    else:
        messages.success(
            request, _("Round %(number)s has been drawn again.") % {"number": round_.number}
        )
    return _to_evening(request, round_.evening_id)


@club_view(Role.ADMIN)
def seat_swap(request: ClubRequest, pk: int) -> HttpResponse:
    round_ = _round(request, pk)
    seats = selectors.seats_for_club(club=request.club).filter(table__round=round_).order_by(
        "table__number", "position"
    )
    form = SeatSwapForm(request.POST if request.method == "POST" else None, seats=seats)
    if request.method == "POST" and form.is_valid():
        try:
            services.seat_swap(
                first=form.cleaned_data["first"], second=form.cleaned_data["second"],
                by=request.user,
            )
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            messages.success(request, _("The seats have been swapped."))
            return _to_evening(request, round_.evening_id)
    return render(request, "tournaments/seat_swap.html", {
        "form": form, "round": round_, "evening": round_.evening,
        "view": selectors.round_view(round_=round_, sight=code_sight(
            club=request.club, user=request.user, role=request.club_role)),
    })


@club_view(Role.ADMIN)
def late_arrival(request: ClubRequest, pk: int) -> HttpResponse:
    club = request.club
    round_ = _round(request, pk)
    evening = round_.evening
    unseated = selectors.unseated_participants(round_=round_)
    absent = selectors.absent_members(evening=evening)
    data = request.POST if request.method == "POST" else None
    form = LateArrivalForm(data, unseated=unseated, absent=absent)
    if request.method == "POST" and form.is_valid():
        person = form.cleaned_data["person"]
        guest = (form.cleaned_data["guest_name"] or "").strip()
        try:
            if person.startswith("p"):
                participant = get_object_or_404(Participant, pk=person[1:], evening=evening)
            elif person.startswith("m"):
                member = get_object_or_404(Member, pk=person[1:], club=club)
                participant = evening_services.participant_checkin(
                    evening=evening, member=member, by=request.user
                )
            else:
                participant = evening_services.participant_add_guest(
                    evening=evening, name=guest, by=request.user
                )
            seat = services.seat_late_arrival(round=round_, participant=participant,
                                              by=request.user)
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            messages.success(request, _("%(name)s sits at table %(table)s, seat %(seat)s.") % {
                "name": participant.name, "table": seat.table.number, "seat": seat.position,
            })
            return _to_evening(request, evening.pk)
    return render(request, "tournaments/late_arrival.html", {
        "form": form, "round": round_, "evening": evening,
    })


def _round_page(request: ClubRequest, pk: int, template: str, **context: Any) -> HttpResponse:
    round_ = _round(request, pk)
    return render(request, template, {
        "round": round_, "evening": round_.evening, "competition": round_.evening.competition,
        **{name: read(round_=round_) for name, read in context.items()},
    })


@club_view(Role.MEMBER)
def round_projector(request: ClubRequest, pk: int) -> HttpResponse:
    """The round on the wall; its QR codes only for the club admin's and the scorekeepers'
    logins (a member's projector page, at home too, shows none)."""
    sight = code_sight(club=request.club, user=request.user, role=request.club_role,
                       own_table=False)
    return _round_page(request, pk, "tournaments/round_projector.html",
                       view=lambda round_: selectors.round_view(round_=round_, sight=sight))


@club_view(Role.MEMBER)
def round_draw_check(request: ClubRequest, pk: int) -> HttpResponse:
    return _round_page(request, pk, "tournaments/round_draw_check.html",
                       check=selectors.draw_check)


urlpatterns: list[URLPattern] = [
    path("evenings/<id:pk>/draw/", round_draw, name="round_draw"),
    path("rounds/<id:pk>/redraw/", round_redraw, name="round_redraw"),
    path("rounds/<id:pk>/swap/", seat_swap, name="seat_swap"),
    path("rounds/<id:pk>/late-arrival/", late_arrival, name="late_arrival"),
    path("rounds/<id:pk>/projector/", round_projector, name="round_projector"),
    path("rounds/<id:pk>/draw-check/", round_draw_check, name="round_draw_check"),
]
