"""The score sheet's header in English: its long words are never broken
inside the word, and the grid starts below the header's last row."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from tests.tournaments.test_pdf import english_club, pdf_text, played_round  # noqa: F401
from tournaments.entry.pdf import sheets
from tournaments.entry.selectors.sheets import round_tables
from tournaments.pdf.layout import Styles, content_width, fonts_for

GAMES = ("jokeren", "big_five", "high_five_1959", "high_five_tiles")


@pytest.mark.parametrize("game", GAMES)
def test_english_header_words_are_whole(game: str, played_round: Any) -> None:  # noqa: F811
    round_ = played_round(game)
    tables = round_tables(round_)
    # With the table code's QR in the corner, the facts have the least room.
    data = sheets.round_sheets_pdf(round_, tables, filled=True, code_urls={
        tables[0].table.pk: "https://club.example.org/t/ABCD-EFGH/"})
    if os.environ.get("PDF_DUMP"):
        Path(os.environ["PDF_DUMP"], f"header-{game}.pdf").write_bytes(data)
    lines = pdf_text(data)[0].splitlines()
    for word in ("Competition", "Scorekeeper", "First dealer"):
        assert any(word in line for line in lines), word


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_header_row_is_as_tall_as_what_it_holds(language: str,
                                                    played_round: Any) -> None:  # noqa: F811
    round_ = played_round("jokeren")
    table = round_tables(round_)[0]
    with translation.override(language):
        styles = Styles(fonts_for([round_.evening.competition.name]))
        header = sheets._header(round_, table, styles, True, content_width(),
                                "https://club.example.org/t/ABCD-EFGH/")
        _width, height = header.wrap(content_width(), 1000)
        cell = header._cellvalues[0][0]
        needed = sum(f.wrap(header._colWidths[0], 1000)[1] for f in cell)
    assert needed <= height


@pytest.mark.parametrize(("language", "expected", "foreign"), [
    ("nl", "ronde-1-ingevuld.pdf", "round"), ("en", "round-1-filled-in.pdf", "ronde")])
def test_file_names_are_in_the_sheets_language(
        language: str, expected: str, foreign: str, played_round: Any,  # noqa: F811
        client_for: Any, member_user: Any) -> None:
    round_ = played_round("jokeren")
    club = round_.evening.competition.club
    club.language = language
    club.save()
    client = client_for(member_user)
    sheets_url = reverse("tournaments:round_sheets", kwargs={
        "club": club.slug, "round_id": round_.pk})
    disposition = client.get(sheets_url + "?filled=1")["Content-Disposition"]
    assert disposition.endswith(f'{expected}"') and foreign not in disposition
    client.cookies["django_language"] = language
    prizes = client.get(reverse("tournaments:prize_list_pdf", kwargs={
        "club": club.slug, "evening_id": round_.evening.pk}))["Content-Disposition"]
    assert ("prijzen" if language == "nl" else "prizes") in prizes
