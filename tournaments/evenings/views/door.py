"""Views: self check-in at the door (docs/security.md "Self check-in at the door").

The door is a page of its own, ``/deur/<code>/``: the club admin opens the door screen
(``door_screen``, in the admin's session) only to get that link, and opens the link on the
tablet or the TV by the door (or scans its QR with the tablet), so no admin session is left at
the door. The door's pages show the check-in and nothing else (``door_base.html``: no menu, no
login, no link out), read nothing of whoever is logged in on that browser and record the
check-in as the door's, not theirs. A member taps their name in a big-button list
(``door_names``; on a wide screen also a QR to do it on their own phone) and confirms on a
second screen, "Ben jij Henk van Leeuwen?" (``door_confirm``): a wrong tap costs nothing. The
code checks in only: it opens no other page and enters no scores; it works while check-in is
open and ends with the evening; a name already checked in cannot be taken twice. The limits
per device and per evening: ``services.evenings.participant_self_checkin``. A wrong code is
looked up and refused as every code is (``tournaments.codes``: 404, counted towards that code's
limit, 429 past it). The admin's check-in page marks who checked in themselves and can
undo it.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest
from clubmanager.models import Member, Role
from tournaments.codes.throttle import code_hash
from tournaments.codes.views import DOOR_CODE, code_required, refusal_page
from tournaments.evenings.selectors import evenings as selectors
from tournaments.evenings.services import evenings as services
from tournaments.models import Evening, EveningStatus
from tournaments.shared import qr

TEMPLATE = "tournaments/door.html"
#: The door's device cookie: a random name for this browser, only to count its check-ins
#: (``services.evenings.DoorClient``); only the door's pages get it.
DEVICE_COOKIE = "door_device"


def _client(request: HttpRequest) -> services.DoorClient:
    """This browser at the door, as the limits count it: its device cookie, or without one
    its address (a script that drops cookies counts per address), and its address."""
    address = str(request.META.get("REMOTE_ADDR", ""))
    cookie = request.COOKIES.get(DEVICE_COOKIE, "")[:64]
    return services.DoorClient(
        device=code_hash("device:" + cookie if cookie else "address:" + address),
        address=code_hash("address:" + address))


def _with_device(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Give a browser without one its device cookie (a year; this site and the door only)."""
    if DEVICE_COOKIE not in request.COOKIES:
        response.set_cookie(DEVICE_COOKIE, secrets.token_urlsafe(16), max_age=365 * 24 * 3600,
                            path="/deur/", secure=settings.SESSION_COOKIE_SECURE, httponly=True,
                            samesite="Lax")
    return response


#: The door code of the URL (``tournaments.codes``): its evening, or the one refusal (404, or
#: 429 once that code was tried too often), on the door's own layout.
door_code_required = code_required(selectors.door_evening, DOOR_CODE)


def _closed(request: HttpRequest, evening: Evening) -> HttpResponse | None:
    """The refusal of a right code while check-in is not open (403), or None."""
    if evening.status == EveningStatus.CLOSED:
        message = _("This evening is over: the door is closed.")
    elif evening.status == EveningStatus.PLAYING:
        message = _("Play has started: check-in at the door is closed. Ask the club admin.")
    elif evening.status != EveningStatus.CHECKIN:
        message = _("Check-in for this evening is not open: ask the club admin at the door.")
    else:
        return None
    return refusal_page(request, DOOR_CODE, 403, message)


@never_cache
@require_GET
@door_code_required
def door_names(request: HttpRequest, evening: Evening) -> HttpResponse:
    """Step 1: the names not checked in yet, one big button each."""
    if (closed := _closed(request, evening)) is not None:
        return closed
    code = evening.door_code
    return _with_device(request, render(request, TEMPLATE, {
        "step": "names", "evening": evening, "code": code,
        "members": selectors.door_members(evening=evening),
        "qr": qr.svg(request.build_absolute_uri(reverse("door:names", kwargs={"code": code})),
                     title=_("Check-in code of this evening")),
    }))


@never_cache
@require_http_methods(["GET", "POST"])
@door_code_required
def door_confirm(request: HttpRequest, evening: Evening, member_id: int) -> HttpResponse:
    """Step 2: "Ben jij …?"; yes checks in (POST), no goes back to the list."""
    if (closed := _closed(request, evening)) is not None:
        return closed
    code = evening.door_code
    member = get_object_or_404(Member, pk=member_id, club_id=evening.competition.club_id,
                               is_active=True)
    context = {"evening": evening, "code": code, "member": member}
    if request.method == "POST":
        try:
            services.participant_self_checkin(evening=evening, member=member,
                                              client=_client(request))
        except services.DoorRefusal as refusal:
            messages = {
                "taken": _("%(name)s is already checked in. Is that not you? Tell the club "
                           "admin.") % {"name": member.name},
                "busy": _("Many people are checking in at once: wait a moment and try again."),
                "closed": _("Check-in for this evening is not open: ask the club admin at "
                            "the door."),
            }
            status = {"taken": 409, "busy": 429, "closed": 403}[refusal.reason]
            response = render(request, TEMPLATE, {**context, "step": "refused",
                                                  "message": messages[refusal.reason]},
                              status=status)
            if refusal.reason == "busy":
                response["Retry-After"] = str(int(services.DOOR_WINDOW.total_seconds()))
            return response
        return render(request, TEMPLATE, {**context, "step": "done"})
    return _with_device(request, render(request, TEMPLATE, {**context, "step": "confirm"}))


@club_view(Role.ADMIN)
def door_screen(request: ClubRequest, pk: int) -> HttpResponse:
    """For the club admin: the door's link and its QR, to open on the tablet or the TV by the
    door (not this page: it is in the admin's session)."""
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
