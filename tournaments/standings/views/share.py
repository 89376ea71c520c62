"""Views: sharing an evening's results (docs/privacy.md, "Sharing").

After the evening (it is closed) the results page gives a club admin a share link, an
unguessable ``/uitslag/<code>/`` (``shared_results``), and everyone a "Deel via WhatsApp"
button: an ordinary ``https://wa.me/?text=`` link with the club, the date and the link, so no
service of ours is involved. The share page shows only that evening's results, read-only,
each name as a visitor who is not logged in sees it (``clubmanager/privacy.py``), whether or
not the club's public pages are on. A wrong or revoked code is refused as every code is
(``tournaments.codes``: 404, counted towards that code's limit, 429 past it). The admin can
renew the link (the old one stops working) or revoke it, and mail the results to the members
who asked for them (``evening_results_mail``), once unless sent again on purpose.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any
from urllib.parse import quote

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path, reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest
from clubmanager.models import Role
from clubmanager.privacy import rows_for_viewer
from tournaments.codes.views import SHARE_CODE, code_required
from tournaments.models import Evening
from tournaments.shared.views import logo_png_response
from tournaments.standings.selectors.prizes import evening_prizes
from tournaments.standings.selectors.sharing import results_mail_outcome, shared_evening
from tournaments.standings.selectors.standings import evening_results as evening_results_of
from tournaments.standings.services import sharing as services


def share_url(evening: Evening) -> str:
    """The share link on the site's own address (``settings.SITE_URL``, as the reset mail's
    link), never on the Host header of a request."""
    return settings.SITE_URL + reverse("share:results", kwargs={"code": evening.share_code})


def share_context(evening: Evening) -> dict[str, Any]:
    """What the results page shows to share: the link and the WhatsApp link (empty when the
    evening has no link; a reopened evening keeps its link, so the admin can still stop it)."""
    # who got the results mail: read only where the template shows it (a club admin's page)
    outcome = {"mail_outcome": partial(results_mail_outcome, evening=evening)}
    if not evening.share_code:
        return {"share_url": "", "whatsapp_url": "", **outcome}
    url = share_url(evening)
    text = _("Results of %(club)s, %(date)s: %(url)s") % {
        "club": evening.competition.club.name,
        "date": date_format(evening.date, "j F Y"), "url": url}
    return {"share_url": url, "whatsapp_url": "https://wa.me/?text=" + quote(text, safe=""),
            **outcome}


#: The share code of the URL (``tournaments.codes``): its evening, or the one refusal (404, or
#: 429 once that code was tried too often).
share_code_required = code_required(shared_evening, SHARE_CODE)


@require_GET
@share_code_required
def shared_results(request: HttpRequest, evening: Evening) -> HttpResponse:
    """The evening's results for whoever has the link: names as for a visitor."""
    club = evening.competition.club
    results = evening_results_of(evening)
    results = replace(results, overall=rows_for_viewer(results.overall, club=club, full=False))
    response = render(request, "tournaments/standings/evening.html", {
        "evening": evening, "competition": evening.competition, "club": club,
        "results": results, "public": True, "shared": True, "full_names": False,
        "prizes": evening_prizes(evening, results=results)})
    response["X-Robots-Tag"] = "noindex"
    return response


@require_GET
@share_code_required
def shared_logo(request: HttpRequest, evening: Evening, version: str) -> HttpResponse:
    """The club's logo for the share page: whoever holds the link sees it, also when the club's
    pages are not public (its own address, ``/clubs/<club>/logo/...``, is for members then)."""
    club = evening.competition.club
    if version != club.logo_version:
        if not club.logo_version:
            raise Http404("No logo")
        return redirect("share:logo", code=evening.share_code, version=club.logo_version)
    return logo_png_response(club)


def _evening(request: ClubRequest, pk: int) -> Evening:
    return get_object_or_404(Evening.objects.select_related("competition__club"),
                             pk=pk, competition__club=request.club)


@club_view(Role.ADMIN)
@require_POST
def evening_share(request: ClubRequest, pk: int) -> HttpResponse:
    """Make or renew the share link (``action=renew``) or revoke it (``action=revoke``)."""
    evening = _evening(request, pk)
    if request.POST.get("action") == "revoke":
        services.evening_share_code_revoke(evening=evening, by=request.user)
        messages.success(request, _("The share link no longer works."))
    else:
        try:
            services.evening_share_code_renew(evening=evening, by=request.user)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(request, _("The share link is ready. An earlier link no longer "
                                        "works."))
    return redirect("tournaments:evening_results", club=request.club.slug, pk=evening.pk)


@club_view(Role.ADMIN)
@require_POST
def evening_results_mail(request: ClubRequest, pk: int) -> HttpResponse:
    """Mail the results to the members who asked for them: once; again only when asked, to
    all (``again``) or to those who did not get it (``unsent``)."""
    evening = _evening(request, pk)
    again, unsent = request.POST.get("again") == "1", request.POST.get("unsent") == "1"
    try:
        sent = services.evening_results_mail(
            evening=evening, by=request.user, again=again, unsent=unsent,
            share_link=share_url(evening) if evening.share_code else "")
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        if sent is None:
            messages.info(request, _("The results were mailed before. Use “Mail again” to send "
                                     "them once more."))
        elif sent == 0:
            messages.info(request, _("Everyone who asked for the results has got them.")
                          if unsent else _("No member has asked for the results by e-mail."))
        else:
            messages.info(request, ngettext(
                "The results are being mailed to %(count)s member: see below whether it "
                "went out.",
                "The results are being mailed to %(count)s members: see below who got them.",
                sent) % {"count": sent})
    return redirect("tournaments:evening_results", club=request.club.slug, pk=evening.pk)


urlpatterns: list[URLPattern] = [
    path("evenings/<id:pk>/share/", evening_share, name="evening_share"),
    path("evenings/<id:pk>/mail-results/", evening_results_mail, name="evening_results_mail"),
]
