"""View: a member calls off ("Ik kan niet komen") from the club home on their own phone, or
undoes it, until the evening starts. Thin: parse, call, redirect. See docs/season-rules.md,
"Afmelden"; the club admin's button is on the check-in page (evenings/views/evenings.py)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import URLPattern, path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest
from clubmanager.models import Member, Role
from tournaments.evenings.selectors import evenings as evening_selectors
from tournaments.evenings.services.calloffs import calloff_self_set
from tournaments.shared.numbers import id_or_404


@club_view(Role.MEMBER)
@require_POST
def calloff_self(request: ClubRequest, pk: int) -> HttpResponse:
    evening = get_object_or_404(evening_selectors.evenings_for_club(club=request.club), pk=pk)
    own = Member.objects.filter(club=request.club, user=request.user).order_by("pk")
    if request.POST.get("member"):  # one login may be two members (a couple): which one
        own = own.filter(pk=id_or_404(request.POST.get("member")))
    member = own.first()
    if member is None:
        messages.error(request, _("No member of this club is linked to your login."))
        return redirect("clubmanager:club_home", club=request.club.slug)
    called_off = request.POST.get("action") != "undo"
    try:
        calloff_self_set(evening=evening, member=member, called_off=called_off, by=request.user)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("You have called off for this evening.") if called_off
                         else _("You have withdrawn your call-off."))
    return redirect("clubmanager:club_home", club=request.club.slug)


urlpatterns: list[URLPattern] = [
    path("evenings/<id:pk>/calloff/", calloff_self, name="calloff_self"),
]
