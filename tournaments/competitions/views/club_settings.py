"""Views: the club settings page ("Clubinstellingen") and the club's logo.

One page, three forms, each posted to its own address: the club (name, public pages, table
codes, language), the logo (upload or remove) and the defaults for new competitions. A form
that does not pass is shown again on the page with its errors (status 200); one that passes
redirects back with a message. Club admins only. The clubs' settings are clubmanager's, the
defaults the competitions' (tournaments): this view is where the two meet, as the URLs may.

The logo is served from the database as the PNG we wrote (clubmanager/logo.py), at an address
holding its digest, so it can be cached for good and a new logo is a new address.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubmanager import services as club_services
from clubmanager.core.access import club_view, public_club_view
from clubmanager.core.http import ClubRequest, PublicClubRequest
from clubmanager.forms import ClubSettingsForm, LogoForm
from clubmanager.models import Role
from tournaments.competitions.forms.club_defaults import ClubDefaultsForm
from tournaments.competitions.selectors import club_defaults
from tournaments.competitions.services.club_defaults import club_defaults_set
from tournaments.shared.views import add_service_errors, logo_png_response

TEMPLATE = "clubmanager/club_settings.html"


def _page(request: ClubRequest, **forms: Any) -> HttpResponse:
    """The page with the forms given (bound, with their errors) and fresh ones for the rest."""
    club = request.club
    context = {
        "settings_form": forms.get("settings_form")
        or ClubSettingsForm(initial=ClubSettingsForm.initial_of(club)),
        "logo_form": forms.get("logo_form") or LogoForm(),
        "defaults_form": forms.get("defaults_form")
        or ClubDefaultsForm(initial=ClubDefaultsForm.initial_of(club_defaults(club=club))),
    }
    return render(request, TEMPLATE, context)


def _back(request: ClubRequest, message: str) -> HttpResponse:
    messages.success(request, message)
    return redirect("clubmanager:club_settings", club=request.club.slug)


@club_view(Role.ADMIN)
def club_settings(request: ClubRequest) -> HttpResponse:
    if request.method != "POST":
        return _page(request)
    form = ClubSettingsForm(request.POST)
    if form.is_valid():
        try:
            club_services.club_settings_update(club=request.club, by=request.user,
                                               **form.cleaned_data)
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            return _back(request, _("The club settings are saved."))
    return _page(request, settings_form=form)


@club_view(Role.ADMIN)
@require_POST
def club_logo_upload(request: ClubRequest) -> HttpResponse:
    form = LogoForm(request.POST, request.FILES)
    if form.is_valid():
        club_services.club_logo_set(club=request.club, by=request.user,
                                    logo=form.cleaned_data["file"])
        return _back(request, _("The logo is saved."))
    return _page(request, logo_form=form)


@club_view(Role.ADMIN)
@require_POST
def club_logo_remove(request: ClubRequest) -> HttpResponse:
    club_services.club_logo_remove(club=request.club, by=request.user)
    return _back(request, _("The logo is removed."))


@club_view(Role.ADMIN)
@require_POST
def club_defaults_save(request: ClubRequest) -> HttpResponse:
    form = ClubDefaultsForm(request.POST)
    if form.is_valid():
        try:
            club_defaults_set(club=request.club, by=request.user, **form.values())
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            return _back(request, _("The defaults for new competitions are saved."))
    return _page(request, defaults_form=form)


@public_club_view
@require_GET
def club_logo(request: PublicClubRequest, version: str) -> HttpResponse:
    """The logo as a PNG we wrote; its own strict policy, never sniffed as anything else."""
    club = request.club
    if version != club.logo_version:
        if not club.logo_version:
            raise Http404("No logo")
        return redirect("clubmanager:club_logo", club=club.slug, version=club.logo_version)
    return logo_png_response(club)

