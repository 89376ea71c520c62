"""The workbook reads as a secretary writes (issue 33, item 6): no HTML entity reaches a cell."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import translation

from tests.tournaments.workbook.test_season_import import sheets
from tests.tournaments.workbook.test_workbook_reglement import build_season
from tournaments.workbook.selectors import season_workbook


def test_the_info_sheet_has_no_html_entities(
        club: Any, make_competition: Callable[..., Any], make_member: Callable[..., Any],
        make_evening: Callable[..., Any], make_round: Callable[..., Any]) -> None:
    competition = build_season(club, "jokeren", make_competition, make_member, make_evening,
                               make_round)
    with translation.override("nl"):
        book = sheets(season_workbook(competition))
    cells = [str(cell) for rows in book.values() for row in rows for cell in row if cell]
    assert any("zo'n" in cell for cell in cells)  # the sentence that showed "zo&#x27;n"
    for entity in ("&#", "&amp;", "&quot;", "&lt;", "&gt;", "&#x27;"):
        assert not any(entity in cell for cell in cells), entity
