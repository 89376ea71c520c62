"""Views: evenings, their status and the check-in. Thin: parse, call, render."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest
from clubmanager.models import Member, Role
from tournaments.competitions import selectors as competition_selectors
from tournaments.entry.selectors.table_codes import code_sight
from tournaments.evenings.forms.draws import DrawForm
from tournaments.evenings.forms.evenings import CountsForm, EveningForm, GuestForm, StatusForm
from tournaments.evenings.selectors import evenings as selectors
from tournaments.evenings.selectors.money import evening_money
from tournaments.evenings.services import calloffs as calloff_services
from tournaments.evenings.services import evenings as services
from tournaments.evenings.services import money as money_services
from tournaments.models import Evening, EveningStatus, Participant
from tournaments.shared.numbers import id_or_404
from tournaments.shared.views import add_service_errors

#: The buttons of the evening page: (status to go to, label).
NEXT_STEPS: dict[str, list[tuple[str, Promise]]] = {
    # Checking the first person in opens the check-in: no separate button beside "Check people in".
    EveningStatus.PLANNED: [],
    EveningStatus.CHECKIN: [(EveningStatus.PLAYING, gettext_lazy("Start playing")),
                            (EveningStatus.PLANNED, gettext_lazy("Back to planned"))],
    EveningStatus.PLAYING: [(EveningStatus.CLOSED, gettext_lazy("Close the evening"))],
    EveningStatus.CLOSED: [],
}


def _evening(request: ClubRequest, pk: int) -> Evening:
    return get_object_or_404(
        selectors.evenings_for_club(club=request.club).select_related(
            "competition__club"
        ),
        pk=pk,
    )


@club_view(Role.ADMIN)
def evening_add(request: ClubRequest, pk: int) -> HttpResponse:
    club = request.club
    competition = get_object_or_404(
        competition_selectors.competitions_for_club(club=club), pk=pk
    )
    form = EveningForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            evening = services.evening_create(
                competition=competition, by=request.user, **form.cleaned_data
            )
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            messages.success(request, _("The evening has been planned."))
            return redirect("tournaments:evening_detail", club=club.slug, pk=evening.pk)
    return render(request, "tournaments/evening_form.html", {
        "form": form, "competition": competition,
    })


@club_view(Role.MEMBER)
def evening_detail(request: ClubRequest, pk: int) -> HttpResponse:
    evening = _evening(request, pk)
    if evening.competition.is_archived and request.club_role != Role.ADMIN:
        raise Http404("Archived")
    template = "tournaments/evening_detail.html"
    if request.htmx and request.htmx.target == "evening-tables":
        template += "#tables"
    return render(request, template, {
        "evening": evening,
        "competition": evening.competition,
        "rounds": selectors.evening_rounds(evening=evening, sight=code_sight(
            club=request.club, user=request.user, role=request.club_role)),
        "present": evening.participants.count(),
        "money": evening_money(evening=evening) if request.club_role == Role.ADMIN else None,
        "next_steps": [(s, str(label)) for s, label in NEXT_STEPS[evening.status]],
        "draw_form": DrawForm(),
        "unfinished": (_linked(request, selectors.unfinished_tables(evening=evening))
                       if evening.status == EveningStatus.CLOSED else []),
        "undoable": request.club_role == Role.ADMIN and selectors.evening_undoable(evening=evening),
        "history": evening.history.select_related("history_user").order_by("-history_date")[:10],
    })


@club_view(Role.ADMIN)
@require_POST
def evening_counts(request: ClubRequest, pk: int) -> HttpResponse:
    evening = _evening(request, pk)
    form = CountsForm(request.POST)
    form.is_valid()  # a checkbox: always valid
    counts = not form.cleaned_data.get("not_counting", False)
    services.evening_counts_set(evening=evening, counts=counts, by=request.user)
    messages.success(request, _("This evening counts for the competition.") if counts
                     else _("This evening does not count for the competition."))
    return redirect("tournaments:evening_detail", club=request.club.slug, pk=evening.pk)


@club_view(Role.ADMIN)
@require_POST
def evening_status(request: ClubRequest, pk: int) -> HttpResponse:
    evening = _evening(request, pk)
    try:
        if request.POST.get("action") == "reopen":
            services.evening_reopen(evening=evening, by=request.user)
            messages.success(request, _("The evening has been reopened."))
        else:
            form = StatusForm(request.POST)
            if not form.is_valid():
                raise ValidationError(_("Unknown status."))
            if (form.cleaned_data["status"] == EveningStatus.CLOSED
                    and not request.POST.get("close_unfinished")):
                unfinished = selectors.unfinished_tables(evening=evening)
                if unfinished:  # ask once more, naming them
                    return _close_page(request, evening, unfinished)
            services.evening_status_set(
                evening=evening, status=form.cleaned_data["status"], by=request.user
            )
            messages.success(request, _("The evening's status has been changed."))
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    return redirect("tournaments:evening_detail", club=request.club.slug, pk=evening.pk)


def _linked(request: ClubRequest, unfinished: list[selectors.UnfinishedTable]
            ) -> list[tuple[selectors.UnfinishedTable, str | None]]:
    score_url = selectors.score_url_maker(request.club)
    return [(u, score_url(u.table.pk)) for u in unfinished]


def _close_page(request: ClubRequest, evening: Evening,
                unfinished: list[selectors.UnfinishedTable]) -> HttpResponse:
    return render(request, "tournaments/evening_close.html", {
        "evening": evening, "competition": evening.competition,
        "unfinished": _linked(request, unfinished),
    })


def _checkin_context(evening: Evening, guest_form: GuestForm | None = None) -> dict[str, object]:
    rows, guests = selectors.checkin_rows(evening=evening)
    return {
        "evening": evening, "competition": evening.competition, "rows": rows, "guests": guests,
        "present": sum(1 for r in rows if r.participant) + len(guests),
        "at_door": sum(1 for r in rows if r.participant and r.participant.self_checkin),
        "called_off": [r.member for r in rows if r.called_off],
        "guest_form": guest_form or GuestForm(),
        "money": evening_money(evening=evening),
    }


@club_view(Role.ADMIN)
def checkin(request: ClubRequest, pk: int) -> HttpResponse:
    """Tap the members present; mark who called off ("Afgemeld"); add a walk-in guest. Every
    button is a plain form (htmx swaps the list when available)."""
    club = request.club
    evening = _evening(request, pk)
    guest_form = None
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "in":
                member = get_object_or_404(Member, pk=id_or_404(request.POST.get("member")),
                                           club=club)
                services.participant_checkin(evening=evening, member=member, by=request.user)
            elif action in ("calloff", "uncalloff"):
                member = get_object_or_404(Member, pk=id_or_404(request.POST.get("member")),
                                           club=club)
                (calloff_services.calloff_add if action == "calloff"
                 else calloff_services.calloff_remove)(evening=evening, member=member,
                                                       by=request.user)
            elif action == "paid":
                participant = get_object_or_404(
                    Participant, pk=id_or_404(request.POST.get("participant")), evening=evening
                )
                money_services.participant_paid_set(
                    participant=participant, method=str(request.POST.get("method", "")),
                    by=request.user)
            elif action == "out":
                participant = get_object_or_404(
                    Participant, pk=id_or_404(request.POST.get("participant")), evening=evening
                )
                services.participant_remove(participant=participant, by=request.user)
            elif action == "guest":
                guest_form = GuestForm(request.POST)
                if guest_form.is_valid():
                    services.participant_add_guest(
                        evening=evening, name=guest_form.cleaned_data["guest_name"],
                        by=request.user,
                    )
                    guest_form = None
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        evening.refresh_from_db()
        if not request.htmx and guest_form is None:
            return redirect("tournaments:checkin", club=club.slug, pk=evening.pk)
    template = "tournaments/checkin.html"
    if request.htmx:
        template += "#checkin"
    return render(request, template, _checkin_context(evening, guest_form))


urlpatterns: list[URLPattern] = [
    path("<id:pk>/evenings/new/", evening_add, name="evening_add"),
    path("evenings/<id:pk>/", evening_detail, name="evening_detail"),
    path("evenings/<id:pk>/status/", evening_status, name="evening_status"),
    path("evenings/<id:pk>/counts/", evening_counts, name="evening_counts"),
    path("evenings/<id:pk>/checkin/", checkin, name="checkin"),
]
