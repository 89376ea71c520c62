"""Views: the evening money. Thin: parse, call, render.

The competition's money page sets the entry fee and shows the season per member (evenings,
due, paid, still owed); the attendance list is a PDF per evening. "Betaald" is ticked on the
check-in page (evenings/views/evenings.py, action "paid").
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest
from clubmanager.models import Role
from tournaments.competitions import selectors as competition_selectors
from tournaments.evenings.pdf.attendance import attendance_pdf
from tournaments.evenings.selectors import evenings as evening_selectors
from tournaments.evenings.selectors.money import evening_money, season_money
from tournaments.evenings.services import money as services
from tournaments.shared.money import euros
from tournaments.shared.money_forms import FeesForm


@club_view(Role.ADMIN)
def competition_money(request: ClubRequest, pk: int) -> HttpResponse:
    competition = get_object_or_404(
        competition_selectors.competitions_for_club(club=request.club), pk=pk)
    initial = {"member": euros(competition.fee_member_cents),
               "guest": euros(competition.fee_guest_cents)}
    form = FeesForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.competition_fees_set(competition=competition, by=request.user,
                                          **form.cents())
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("The entry fee is saved."))
            return redirect("tournaments:competition_money", club=request.club.slug,
                            pk=competition.pk)
    return render(request, "tournaments/money.html", {
        "competition": competition, "form": form,
        "season": season_money(competition=competition, guests_label=_("Guests")),
    })


@club_view(Role.ADMIN)
def evening_attendance_pdf(request: ClubRequest, pk: int) -> HttpResponse:
    evening = get_object_or_404(evening_selectors.evenings_for_club(club=request.club)
                                .select_related("competition__club"), pk=pk)
    content = attendance_pdf(evening, evening_money(evening=evening))
    name = slugify(" ".join((evening.competition.name, str(evening.date),
                             _("attendance list"))))
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{name}.pdf"'
    response["Cache-Control"] = "private, no-store"
    return response


urlpatterns: list[URLPattern] = [
    path("<id:pk>/money/", competition_money, name="competition_money"),
    path("evenings/<id:pk>/attendance.pdf", evening_attendance_pdf, name="attendance_pdf"),
]
