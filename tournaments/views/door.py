"""Views: self check-in at the door (issue 26, item 3; docs/security.md "Self check-in").

The club admin shows the evening's door QR (``door_screen``) on a tablet or the TV at the door.
A member who scans it, logged in or not, taps their name in a big-button list (``door_names``)
and confirms on a second screen, "Ben jij Henk van Leeuwen?" (``door_confirm``): a wrong tap
costs nothing. The code checks in only: it opens no other page and enters no scores; it works
while check-in is open; a name already checked in cannot be taken twice; at most
``DOOR_CHECKINS_PER_MINUTE`` a minute per evening. A wrong code is 404 and counts towards that
code's limit, as a wrong table code does (``tournaments.throttle``). The admin's check-in page
marks who checked in themselves and can undo it.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubmanager.access import club_view
from clubmanager.http import ClubRequest
from clubmanager.models import Member, Role

from .. import qr, throttle
from ..models import Evening, EveningStatus
from ..selectors import evenings as selectors
from ..services import evenings as services

TEMPLATE = "tournaments/door.html"


def _refused(request: HttpRequest, status: int, message: str) -> HttpResponse:
    return render(request, TEMPLATE, {"step": "refused", "message": message}, status=status)


def _open_evening(request: HttpRequest, code: str) -> Evening | HttpResponse:
    evening = selectors.door_evening(code)
    if evening is None:
        if throttle.is_blocked(code):
            response = _refused(request, 429, _(
                "This check-in code does not work and has been tried too often. Ask the club "
                "admin."))
            response["Retry-After"] = str(int(throttle.cooloff().total_seconds()))
            return response
        throttle.record_failure(code)
        return _refused(request, 404, _("This check-in code does not work. Ask the club admin."))
    if evening.status != EveningStatus.CHECKIN:
        return _refused(request, 403, _(
            "Check-in for this evening is not open: ask the club admin at the door."))
    return evening


@require_GET
def door_names(request: HttpRequest, code: str) -> HttpResponse:
    """Step 1: the names not checked in yet, one big button each."""
    evening = _open_evening(request, code)
    if isinstance(evening, HttpResponse):
        return evening
    return render(request, TEMPLATE, {
        "step": "names", "evening": evening, "code": code,
        "members": selectors.door_members(evening=evening),
    })


def door_confirm(request: HttpRequest, code: str, member_id: int) -> HttpResponse:
    """Step 2: "Ben jij …?"; yes checks in (POST), no goes back to the list."""
    if request.method not in ("GET", "POST"):
        return HttpResponse(status=405, headers={"Allow": "GET, POST"})
    evening = _open_evening(request, code)
    if isinstance(evening, HttpResponse):
        return evening
    member = get_object_or_404(Member, pk=member_id, club_id=evening.competition.club_id,
                               is_active=True)
    context = {"evening": evening, "code": code, "member": member}
    if request.method == "POST":
        try:
            services.participant_self_checkin(evening=evening, member=member)
        except services.DoorRefusal as refusal:
            messages = {
                "taken": _("%(name)s is already checked in. Is that not you? Tell the club "
                           "admin.") % {"name": member.name},
                "busy": _("Many people are checking in at once: wait a moment and try again."),
                "closed": _("Check-in for this evening is not open: ask the club admin at "
                            "the door."),
            }
            status = {"taken": 409, "busy": 429, "closed": 403}[refusal.reason]
            return render(request, TEMPLATE, {**context, "step": "refused",
                                              "message": messages[refusal.reason]},
                          status=status)
        return render(request, TEMPLATE, {**context, "step": "done"})
    return render(request, TEMPLATE, {**context, "step": "confirm"})


@club_view(Role.ADMIN)
def door_screen(request: ClubRequest, pk: int) -> HttpResponse:
    """The door's QR, big, for a tablet or the TV at the door (a club admin opens it)."""
    evening = get_object_or_404(selectors.evenings_for_club(club=request.club)
                                .select_related("competition__club"), pk=pk)
    evening = services.evening_door_code_ensure(evening=evening, by=request.user)
    url = request.build_absolute_uri(reverse("door:names", kwargs={"code": evening.door_code}))
    return render(request, "tournaments/door_screen.html", {
        "evening": evening, "competition": evening.competition, "door_url": url,
        "qr": qr.svg(url, title=_("Check-in code of this evening")),
        "is_open": evening.status == EveningStatus.CHECKIN,
    })


urlpatterns: list[URLPattern] = [
    path("evenings/<id:pk>/door/", door_screen, name="door_screen"),
]
