"""The workbook reads as a secretary writes: the rules in words, the raw
form the import reads in hidden columns, and no HTML entity in a cell."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from django.utils import translation
from openpyxl import load_workbook

from tests.tournaments.workbook.test_season_import import do_import, empty_like, sheets
from tests.tournaments.workbook.test_workbook_reglement import assert_same_season, build_season
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


def test_reglement_and_hands_show_words_and_hide_the_raw_form_the_import_reads(
        club: Any, other_club: Any, admin_user: Any, make_competition: Callable[..., Any],
        make_member: Callable[..., Any], make_evening: Callable[..., Any],
        make_round: Callable[..., Any]) -> None:
    competition = build_season(club, "jokeren", make_competition, make_member, make_evening,
                               make_round)
    with translation.override("nl"):
        data = season_workbook(competition)
    book = load_workbook(io.BytesIO(data))
    for title in ("Reglement", "Handen"):
        sheet = book[title]
        hidden = {letter for letter, dim in sheet.column_dimensions.items() if dim.hidden}
        visible = [cell.value for row in sheet.iter_rows() for cell in row
                   if cell.column_letter not in hidden and cell.value is not None]
        assert hidden, title
        assert not any("JSON" in str(v) or str(v).startswith(("{", "[")) for v in visible)
    answers = [row[3] for row in sheets(data)["Reglement"][1:]]
    assert "De slechtste avond van elk lid valt af." in answers
    assert "Een poedelprijs voor de slechtste score." in " ".join(answers)
    # The round trip: the hidden columns bring the same season into another club.
    target = empty_like(competition, club=other_club)
    do_import(data, target, admin_user)
    assert_same_season(target, competition)
