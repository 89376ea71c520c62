"""Views: score sheets, result PDFs and the season workbook (the import is ``season_import``).

Members may download the PDFs and the workbook of their own club (the score sheets carry the
tables' codes for the club admin and the scorekeepers only).
Thin: look the object up within the club, call a selector and a renderer, send the bytes.
"""

from __future__ import annotations

from django.conf import settings
from django.http import FileResponse, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import URLPattern, path
from django.utils.text import slugify

from clubmanager.access import club_view
from clubmanager.http import ClubRequest
from clubmanager.models import Role
from clubmanager.selectors import club_logo_png
from tournaments.entry.pdf.sheets import round_sheets_pdf
from tournaments.entry.selectors.sheets import round_tables
from tournaments.entry.selectors.table_codes import active_codes, code_sight
from tournaments.models import Competition, Evening, Round
from tournaments.shared.qr import code_url
from tournaments.standings.pdf import results
from tournaments.standings.pdf.prizes import prize_list_pdf as prize_list_pdf_of
from tournaments.standings.selectors.prizes import evening_prizes
from tournaments.standings.selectors.standings import season_and_champion
from tournaments.workbook.selectors import season_workbook_file

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


def chosen_language(request: ClubRequest) -> str | None:
    """The language the reader chose with the site's language switch (its cookie), or None:
    a sheet is then in the club's language."""
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    return chosen if chosen in dict(settings.LANGUAGES) else None


@club_view(Role.MEMBER)
def round_sheets(request: ClubRequest, round_id: int) -> HttpResponse:
    """The score sheets of a round: blank by default, ``?filled=1`` with the entered scores.
    Each table's code (its QR) is on the sheets of the club admin and the scorekeepers only:
    a code is a key to the table's score entry, and a member's download is not theirs to
    hand out."""
    round_ = get_object_or_404(
        Round.objects.select_related("evening__competition__club"),
        pk=round_id, evening__competition__club=request.club,
    )
    filled = request.GET.get("filled") == "1"
    tables = round_tables(round_)
    evening = round_.evening
    codes = (active_codes(table_ids=[t.table.pk for t in tables])
             if evening.is_open and evening.competition.table_codes
             and code_sight(club=request.club, user=request.user, role=request.club_role,
                            own_table=False).every_table else {})
    content = round_sheets_pdf(round_, tables, filled=filled, code_urls={
        pk: code_url(request, code) for pk, code in codes.items()},
        language=chosen_language(request), logo=club_logo_png(club=request.club))
    name = slugify(f"{evening.competition.name} {evening.date} round {round_.number}")
    return _download(content, PDF, f"{name}{'-filled' if filled else ''}.pdf")


urlpatterns: list[URLPattern] = [
    path("rounds/<id:round_id>/sheets.pdf", round_sheets, name="round_sheets"),
]


@club_view(Role.MEMBER)
def season_xlsx(request: ClubRequest, competition_id: int) -> FileResponse:
    competition = get_object_or_404(
        Competition.objects.select_related("club"),
        pk=competition_id, club=request.club,
    )
    # Built once per change and kept on disk (``workbook.cache``), sent in chunks.
    name = f"{slugify(competition.name) or 'season'}.xlsx"
    response = FileResponse(season_workbook_file(competition), content_type=XLSX,
                            as_attachment=True, filename=name)
    response["Cache-Control"] = "private, no-store"
    return response


urlpatterns.append(
    path("<id:competition_id>/season.xlsx", season_xlsx, name="season_xlsx"),
)


def club_competition(request: ClubRequest, competition_id: int) -> Competition:
    """The competition of the request's club, or 404."""
    return get_object_or_404(
        Competition.objects.select_related("club"),
        pk=competition_id, club=request.club,
    )


# --- Result PDFs ----------------------------------------------------------------------------
@club_view(Role.MEMBER)
def evening_results_pdf(request: ClubRequest, evening_id: int) -> HttpResponse:
    from tournaments.standings.selectors.standings import evening_results

    evening = get_object_or_404(
        Evening.objects.select_related("competition__club"),
        pk=evening_id, competition__club=request.club,
    )
    ranking = evening_results(evening)
    content = results.evening_results_pdf(evening, ranking,
                                          evening_prizes(evening, results=ranking),
                                          logo=club_logo_png(club=request.club))
    name = slugify(f"{evening.competition.name} {evening.date}")
    return _download(content, PDF, f"{name}.pdf")


@club_view(Role.MEMBER)
def standings_pdf(request: ClubRequest, competition_id: int) -> HttpResponse:
    competition = club_competition(request, competition_id)
    standings, champion = season_and_champion(competition)
    content = results.standings_pdf(standings, champion, logo=club_logo_png(club=request.club))
    return _download(content, PDF, f"{slugify(competition.name) or 'standings'}.pdf")


@club_view(Role.MEMBER)
def prize_list_pdf(request: ClubRequest, evening_id: int) -> HttpResponse:
    """The evening's prize list for the prize table (big type, a box to tick)."""
    evening = get_object_or_404(
        Evening.objects.select_related("competition__club"),
        pk=evening_id, competition__club=request.club,
    )
    content = prize_list_pdf_of(evening, evening_prizes(evening))
    name = slugify(f"{evening.competition.name} {evening.date} prizes")
    return _download(content, PDF, f"{name}.pdf")


urlpatterns += [
    path("evenings/<id:evening_id>/results.pdf", evening_results_pdf,
         name="evening_results_pdf"),
    path("evenings/<id:evening_id>/prizes.pdf", prize_list_pdf, name="prize_list_pdf"),
    path("<id:competition_id>/standings.pdf", standings_pdf, name="standings_pdf"),
]
