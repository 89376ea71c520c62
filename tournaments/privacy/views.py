"""Views: "Mijn gegevens" (a member's profile, their public-name choice and their data as JSON
and PDF), the same download for a club admin, and removing a member who left (AVG;
docs/privacy.md)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubmanager import services as member_services
from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest
from clubmanager.forms import PublicNameForm
from clubmanager.models import Member, Role
from tournaments.privacy.pdf.member_data import member_data_pdf as data_pdf
from tournaments.privacy.selectors import login_data, member_data
from tournaments.privacy.services import member_remove as remove_member


def _own_member(request: ClubRequest) -> Member | None:
    return (Member.objects.filter(club=request.club, user=request.user, removed_at__isnull=True)
            .first() if request.user.is_authenticated else None)


def _filename(member: Member) -> str:
    return slugify(" ".join((_("my data"), member.club.name, member.name)))


def _json(data: dict[str, Any], filename: str) -> HttpResponse:
    body = json.dumps(data, ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}.json"'
    return response


def _pdf(data: dict[str, Any], filename: str, language: str) -> HttpResponse:
    response = HttpResponse(data_pdf(data, language=language), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}.pdf"'
    return response


def _own_data(request: ClubRequest) -> tuple[dict[str, Any], str]:
    """The logged-in user's data in the club: as a member, or (no member) as a login."""
    member = _own_member(request)
    if member is not None:
        return member_data(member=member), _filename(member)
    return (login_data(club=request.club, user=request.user),
            f"gegevens-{request.club.slug}-login-{request.user.pk}")


@club_view(Role.MEMBER)
def my_data(request: ClubRequest) -> HttpResponse:
    member = _own_member(request)
    form = PublicNameForm(request.POST or None, initial={
        "public_name": member.public_name, "results_by_mail": member.results_by_mail,
    } if member else None)
    if request.method == "POST":
        if member is None:
            raise Http404
        if form.is_valid():
            member_services.member_update(member=member,
                                          public_name=form.cleaned_data["public_name"],
                                          results_by_mail=form.cleaned_data["results_by_mail"])
            messages.success(request, _("Your choice has been saved."))
            return redirect("clubmanager:my_data", club=request.club.slug)
    return render(request, "clubmanager/my_data.html", {"member": member, "form": form})


@club_view(Role.MEMBER)
@require_GET
def my_data_json(request: ClubRequest) -> HttpResponse:
    return _json(*_own_data(request))


@club_view(Role.MEMBER)
@require_GET
def my_data_pdf(request: ClubRequest) -> HttpResponse:
    return _pdf(*_own_data(request), request.club.language)


@club_view(Role.ADMIN)
def member_data_json(request: ClubRequest, pk: int) -> HttpResponse:
    member = get_object_or_404(Member, pk=pk, club=request.club)  # another club's: 404 first
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    return _json(member_data(member=member), _filename(member))


@club_view(Role.ADMIN)
def member_data_pdf(request: ClubRequest, pk: int) -> HttpResponse:
    member = get_object_or_404(Member, pk=pk, club=request.club)  # another club's: 404 first
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    return _pdf(member_data(member=member), _filename(member), request.club.language)


@club_view(Role.ADMIN)
def member_remove(request: ClubRequest, pk: int) -> HttpResponse:
    """A confirmation page; its POST erases the member (``services.privacy.member_remove``)."""
    club = request.club
    member = get_object_or_404(Member, pk=pk, club=club)
    if request.method == "POST":
        old = member.name
        try:
            removed = remove_member(member=member, by=request.user)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
            return redirect("clubmanager:member_edit", club=club.slug, pk=member.pk)
        messages.success(request, _(
            "%(name)s has been removed. Their results stay as %(former)s.")
            % {"name": old, "former": removed.name})
        return redirect("clubmanager:member_list", club=club.slug)
    return render(request, "clubmanager/member_remove.html", {"member": member})
