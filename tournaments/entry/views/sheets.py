"""Views: a round's score sheets as a PDF (blank, or filled with the entered scores).

Members may download the sheets of their own club; the tables' codes are on the sheets of the
club admin and the scorekeepers only.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import URLPattern, path
from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubmanager.core.access import club_view
from clubmanager.core.http import ClubRequest
from clubmanager.models import Role
from clubmanager.selectors import club_logo_png
from tournaments.entry.pdf.sheets import round_sheets_pdf
from tournaments.entry.selectors.sheets import round_tables
from tournaments.entry.selectors.table_codes import active_codes, code_sight
from tournaments.models import Round
from tournaments.shared.qr import code_url
from tournaments.shared.views import chosen_language, download

PDF = "application/pdf"


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
    # The file's name in the sheet's language: "ronde-1-ingevuld" in Dutch, "round-1-filled-in".
    with translation.override(chosen_language(request) or request.club.language):
        words = [evening.competition.name, str(evening.date),
                 _("round %(number)s") % {"number": round_.number}]
        words += [_("filled in")] if filled else []
    return download(content, PDF, f"{slugify(' '.join(words))}.pdf")


urlpatterns: list[URLPattern] = [
    path("rounds/<id:round_id>/sheets.pdf", round_sheets, name="round_sheets"),
]
