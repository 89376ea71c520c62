"""Views: the season import (upload → preview → confirm, like the member import).

Only club admins import. The upload is read by ``tournaments.workbook.read`` through
``clubmanager.core.spreadsheet`` (archive limits, no formulas) and checked by
``tournaments.workbook.check``; nothing is written until the admin confirms the preview, and
then only by ``services.season_import.season_import_apply``.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest
from clubmanager.core.spreadsheet import ImportFileError
from clubmanager.models import Role
from clubmanager.selectors import members_by_number
from clubmanager.services import preview_key, preview_store, preview_take
from tournaments.shared.views import club_competition
from tournaments.workbook.check import check_season
from tournaments.workbook.forms import SeasonImportForm
from tournaments.workbook.read import ParsedSeason, parse_season
from tournaments.workbook.season_rules_sheet import competition_sweep, season_rules_sentences
from tournaments.workbook.selectors import competition_is_empty
from tournaments.workbook.services import SeasonImportRefused, season_import_apply

PREVIEW_OK_ROWS = 200  # matches without problems shown in the preview; errors are all shown


@club_view(Role.ADMIN)
def season_import(request: ClubRequest, competition_id: int) -> HttpResponse:
    """Upload a season workbook and see the preview. Nothing is written here."""
    competition = club_competition(request, competition_id)
    empty = competition_is_empty(competition)
    form = SeasonImportForm(request.POST or None, request.FILES or None)
    context: dict[str, object] = {"form": form, "competition": competition, "empty": empty}
    if request.method != "POST" or not empty or not form.is_valid():
        return render(request, "tournaments/season_import.html", context)
    upload = form.cleaned_data["file"]
    try:
        parsed = parse_season(upload.read(), upload.name)
    except ImportFileError as exc:
        form.add_error("file", str(exc))
        return render(request, "tournaments/season_import.html", context)
    preview = check_season(
        parsed, competition=competition,
        members=members_by_number(club=request.club),
    )
    token = ""
    if preview.valid:
        token = preview_store(request.session, preview_key("season", competition.pk),
                              {"filename": upload.name, "parsed": parsed.to_dict()})
    ok = [t for t in preview.tables if not t.problems]
    season_rules = preview.season_rules
    context.update({
        # in words only once the engine accepted them (the problems say what it refused)
        "rule_lines": season_rules_sentences(season_rules.rules, competition_sweep(competition))
        if season_rules.rules is not None and preview.season_rules_ok else None,
        "has_rules": season_rules.rules is not None,
        "not_counting": sum(1 for counts in (season_rules.evenings or {}).values() if not counts),
        "calloffs": len(season_rules.calloffs),
        "preview": preview, "token": token, "filename": upload.name,
        "error_tables": preview.errors, "ok_tables": ok[:PREVIEW_OK_ROWS],
        "ok_hidden": max(0, len(ok) - PREVIEW_OK_ROWS),
    })
    return render(request, "tournaments/season_import_preview.html", context)


@club_view(Role.ADMIN)
@require_POST
def season_import_confirm(request: ClubRequest, competition_id: int) -> HttpResponse:
    competition = club_competition(request, competition_id)
    back = redirect("tournaments:season_import", club=competition.club.slug,
                    competition_id=competition.pk)
    stored = preview_take(request.session, preview_key("season", competition.pk),
                          request.POST.get("token"))
    if stored is None:
        messages.error(request, _("This preview has expired. Upload the file again."))
        return back
    parsed = ParsedSeason.from_dict(stored["parsed"])
    try:
        outcome = season_import_apply(competition=competition, parsed=parsed, by=request.user)
    except SeasonImportRefused as exc:
        if exc.reason == "not_empty":
            messages.error(request, _("Nothing was imported: this competition already has "
                                      "evenings. Import into a new, empty competition."))
        else:
            messages.error(request, _("Nothing was imported: the file no longer passes the "
                                      "checks. Upload it again to see why."))
        return back
    messages.success(request, _(
        "Season imported: %(evenings)s evenings, %(tables)s tables, %(hands)s hands, "
        "%(members)s new members.") % {
        "evenings": outcome.evenings, "tables": outcome.tables, "hands": outcome.hands,
        "members": outcome.members_created})
    return back


urlpatterns: list[URLPattern] = [
    path("<id:competition_id>/import/", season_import, name="season_import"),
    path("<id:competition_id>/import/confirm/", season_import_confirm,
         name="season_import_confirm"),
]
