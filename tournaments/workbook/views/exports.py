"""Views: the season workbook download (the import is ``season_import``).

Members may download the workbook of their own club. Thin: look the competition up within the
club, get the built file from the selector, send it.
"""

from __future__ import annotations

from django.http import FileResponse
from django.urls import URLPattern, path
from django.utils.text import slugify

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest
from clubmanager.models import Role
from tournaments.shared.views import club_competition
from tournaments.workbook.selectors import season_workbook_file

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@club_view(Role.MEMBER)
def season_xlsx(request: ClubRequest, competition_id: int) -> FileResponse:
    competition = club_competition(request, competition_id)
    # Built once per change and kept on disk (``workbook.cache``), sent in chunks.
    name = f"{slugify(competition.name) or 'season'}.xlsx"
    response = FileResponse(season_workbook_file(competition), content_type=XLSX,
                            as_attachment=True, filename=name)
    response["Cache-Control"] = "private, no-store"
    return response


urlpatterns: list[URLPattern] = [
    path("<id:competition_id>/season.xlsx", season_xlsx, name="season_xlsx"),
]
