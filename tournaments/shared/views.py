"""View helpers more than one feature uses: a service's refusal on a form, the club's logo
as an answer, a download, the reader's chosen language and the club's competition or 404."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404

from clubmanager.core.http import ClubRequest
from clubmanager.models import Club, Role
from clubmanager.selectors import club_logo_png
from tournaments.models import Competition


def add_service_errors(form: forms.Form, exc: ValidationError) -> None:
    """Show a service's ValidationError on the form: at a field the form has, else on top."""
    if not hasattr(exc, "error_dict"):
        form.add_error(None, exc)
        return
    for name, errors in exc.error_dict.items():
        form.add_error(name if name in form.fields else None, errors)


def logo_png_response(club: Club) -> HttpResponse:
    """The club's logo as stored (``version`` already checked by the caller), 404 without."""
    png = club_logo_png(club=club)
    if png is None:
        raise Http404("No logo")
    response = HttpResponse(png, content_type="image/png")
    response["Content-Disposition"] = 'inline; filename="logo.png"'
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    visible = "public" if club.public_pages else "private"
    response["Cache-Control"] = f"{visible}, max-age=31536000, immutable"
    return response


def download(
    content: bytes, content_type: str, filename: str, inline: bool = True
) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    response["Cache-Control"] = "private, no-store"
    return response


def chosen_language(request: ClubRequest) -> str | None:
    """The language the reader chose with the site's language switch (its cookie), or None:
    a sheet is then in the club's language."""
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    return chosen if chosen in dict(settings.LANGUAGES) else None


def club_competition(request: ClubRequest, competition_id: int) -> Competition:
    """The competition of the request's club, or 404 (also for an archived one, unless the
    reader is a club admin)."""
    found = Competition.objects.select_related("club").filter(club=request.club)
    if request.club_role != Role.ADMIN:
        found = found.filter(archived_at__isnull=True)
    return get_object_or_404(found, pk=competition_id)
