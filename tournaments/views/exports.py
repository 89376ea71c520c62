"""Views: score sheets, result PDFs, the season workbook and the season import.

Members may download the PDFs and the workbook of their own club; only club admins import.
Thin: look the object up within the club, call a selector and a renderer, send the bytes.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubmanager.access import club_view
from clubmanager.models import Role
from clubmanager.selectors import members_by_number

from .. import imports
from ..exports import season_workbook
from ..forms.imports import SeasonImportForm
from ..models import Competition, Evening, Round
from ..pdf import results
from ..pdf.sheets import round_sheets_pdf
from ..selectors.exports import (
    competition_is_empty,
    round_tables,
    standings_and_evenings,
)
from ..services import imports as import_services

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _download(
    content: bytes, content_type: str, filename: str, inline: bool = True
) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    response["Cache-Control"] = "private, no-store"
    return response


@club_view(Role.MEMBER)
def round_sheets(request: HttpRequest, round_id: int) -> HttpResponse:
    """The score sheets of a round: blank by default, ``?filled=1`` with the entered scores."""
    round_ = get_object_or_404(
        Round.objects.select_related("evening__competition__club"),
        pk=round_id, evening__competition__club=request.club,  # type: ignore[attr-defined]
    )
    filled = request.GET.get("filled") == "1"
    content = round_sheets_pdf(round_, round_tables(round_), filled=filled)
    evening = round_.evening
    name = slugify(f"{evening.competition.name} {evening.date} round {round_.number}")
    return _download(content, PDF, f"{name}{'-filled' if filled else ''}.pdf")


urlpatterns: list[URLPattern] = [
    path("rounds/<id:round_id>/sheets.pdf", round_sheets, name="round_sheets"),
]


@club_view(Role.MEMBER)
def season_xlsx(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = get_object_or_404(
        Competition.objects.select_related("club"),
        pk=competition_id, club=request.club,  # type: ignore[attr-defined]
    )
    content = season_workbook(competition)
    return _download(content, XLSX, f"{slugify(competition.name) or 'season'}.xlsx",
                     inline=False)


urlpatterns.append(
    path("<id:competition_id>/season.xlsx", season_xlsx, name="season_xlsx"),
)


# --- Season import: upload → preview → confirm (like the member import) ----------------------
def _import_session_key(competition_id: int) -> str:
    return f"season_import:{competition_id}"


def _competition(request: HttpRequest, competition_id: int) -> Competition:
    return get_object_or_404(
        Competition.objects.select_related("club"),
        pk=competition_id, club=request.club,  # type: ignore[attr-defined]
    )


PREVIEW_OK_ROWS = 200  # matches without problems shown in the preview; errors are all shown


@club_view(Role.ADMIN)
def season_import(request: HttpRequest, competition_id: int) -> HttpResponse:
    """Upload a season workbook and see the preview. Nothing is written here."""
    competition = _competition(request, competition_id)
    empty = competition_is_empty(competition)
    form = SeasonImportForm(request.POST or None, request.FILES or None)
    context: dict[str, object] = {"form": form, "competition": competition, "empty": empty}
    if request.method == "POST" and empty and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            parsed = imports.parse_season(upload.read(), upload.name)
        except imports.ImportFileError as exc:
            form.add_error("file", str(exc))
        else:
            preview = imports.check_season(
                parsed, competition=competition,
                members=members_by_number(club=request.club),  # type: ignore[attr-defined]
            )
            token = uuid.uuid4().hex
            if preview.valid:
                request.session[_import_session_key(competition.pk)] = {
                    "token": token, "filename": upload.name, "parsed": parsed.to_dict(),
                }
            ok = [t for t in preview.tables if not t.problems]
            context.update({
                "preview": preview, "token": token, "filename": upload.name,
                "error_tables": preview.errors, "ok_tables": ok[:PREVIEW_OK_ROWS],
                "ok_hidden": max(0, len(ok) - PREVIEW_OK_ROWS),
            })
            return render(request, "tournaments/season_import_preview.html", context)
    return render(request, "tournaments/season_import.html", context)


@club_view(Role.ADMIN)
@require_POST
def season_import_confirm(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = _competition(request, competition_id)
    key = _import_session_key(competition.pk)
    stored = request.session.get(key)
    if not stored or stored.get("token") != request.POST.get("token"):
        messages.error(request, _("This preview has expired. Upload the file again."))
        return redirect("tournaments:season_import", club=competition.club.slug,
                        competition_id=competition.pk)
    parsed = imports.ParsedSeason.from_dict(stored["parsed"])
    try:
        outcome = import_services.season_import(
            competition=competition, parsed=parsed, by=request.user
        )
    except import_services.SeasonImportRefused as exc:
        del request.session[key]
        if exc.reason == "not_empty":
            messages.error(request, _("Nothing was imported: this competition already has "
                                      "evenings. Import into a new, empty competition."))
        else:
            messages.error(request, _("Nothing was imported: the file no longer passes the "
                                      "checks. Upload it again to see why."))
        return redirect("tournaments:season_import", club=competition.club.slug,
                        competition_id=competition.pk)
    del request.session[key]
    messages.success(request, _(
        "Season imported: %(evenings)s evenings, %(tables)s tables, %(hands)s hands, "
        "%(members)s new members.") % {
        "evenings": outcome.evenings, "tables": outcome.tables, "hands": outcome.hands,
        "members": outcome.members_created})
    return redirect("tournaments:season_import", club=competition.club.slug,
                    competition_id=competition.pk)


urlpatterns += [
    path("<id:competition_id>/import/", season_import, name="season_import"),
    path("<id:competition_id>/import/confirm/", season_import_confirm,
         name="season_import_confirm"),
]


# --- Result PDFs ----------------------------------------------------------------------------
@club_view(Role.MEMBER)
def evening_results_pdf(request: HttpRequest, evening_id: int) -> HttpResponse:
    from ..selectors.standings import evening_results

    evening = get_object_or_404(
        Evening.objects.select_related("competition__club"),
        pk=evening_id, competition__club=request.club,  # type: ignore[attr-defined]
    )
    content = results.evening_results_pdf(evening, evening_results(evening))
    name = slugify(f"{evening.competition.name} {evening.date}")
    return _download(content, PDF, f"{name}.pdf")


@club_view(Role.MEMBER)
def standings_pdf(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = _competition(request, competition_id)
    rows, evenings = standings_and_evenings(competition)
    content = results.standings_pdf(competition, rows, evenings)
    return _download(content, PDF, f"{slugify(competition.name) or 'standings'}.pdf")


urlpatterns += [
    path("evenings/<id:evening_id>/results.pdf", evening_results_pdf,
         name="evening_results_pdf"),
    path("<id:competition_id>/standings.pdf", standings_pdf, name="standings_pdf"),
]
