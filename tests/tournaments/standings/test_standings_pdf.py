"""The standings PDF shows what the standings page shows: the figure the
season is ranked by in bold and in the subtitle, a column per period, the evenings that do not
count struck through, absence scores marked (called off or not) and how many evenings a member
still needs. With PDF_DUMP=dir set, the PDFs are written there to look at
(``pdftoppm -png -r 70``)."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournaments.models import CallOff, Seat
from tournaments.standings.selectors.standings import season_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(club: Any) -> Any:
    from benchmarks.season import build_jokeren_season

    competition = build_jokeren_season(club, evenings=6, members=8, rounds=1,
                                       name="Winter 2025")
    evenings = list(competition.evenings.order_by("date"))
    # Speler 008 misses the 2nd evening (called off) and the 3rd (did not), and the 4th to 6th
    Seat.objects.filter(participant__member__member_number="B008",
                        table__round__evening__in=evenings[1:]).delete()
    member = competition.evenings.first().participants.get(member__member_number="B008").member
    CallOff.objects.create(evening=evenings[1], member=member)
    return competition


def _pdf(client: Any, competition: Any) -> tuple[bytes, str]:
    url = reverse("tournaments:standings_pdf", kwargs={"club": competition.club.slug,
                                                       "competition_id": competition.pk})
    content = client.get(url).content
    target = os.environ.get("PDF_DUMP")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        (Path(target) / f"standings-{competition.rules.get('rank_by', 'total')}.pdf"
         ).write_bytes(content)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages)
    return content, " ".join(text.split())  # a cell a line: one line of words


def _cells_after(text: str, row: Any, n: int) -> list[str]:
    """The ``n`` cells after the member's number on their row."""
    return text.split(f"{row.name} {row.member_number} ", 1)[1].split()[:n]


def test_ranked_by_average_the_pdf_says_so_and_shows_the_average_first(
        season: Any, client_for: Any, member_user: Any) -> None:
    season.rules = {"count": {"best": 4}, "rank_by": "average", "min_played": 3,
                    "absent": {"notified": "worst", "unnotified": "nothing"}}
    season.save()
    _content, text = _pdf(client_for(member_user), season)
    assert "laagste gemiddelde wint" in text
    assert "laagste totaal wint" not in text
    assert "Gemiddelde" in text  # the header in one piece, not "Gemidd elde"
    standings = season_standings(season)
    first = standings.rows[0]
    # the average comes right after the member number, the total last of the figures
    figures = _cells_after(text, first, 4)
    assert figures[0] == first.average_display
    assert figures[3] == str(first.total)
    # Speler 008 played 1 evening: grey, with what they need
    assert re.search(r"Speler 008\s+nog 2 avonden nodig", text)
    assert "Cursief: een score voor een afwezigheid; * afgemeld." in text
    assert "Doorgestreept: een avond die niet meetelt." in text


def test_periods_have_a_column_each_and_a_dropped_period_is_struck_through(
        season: Any, client_for: Any, member_user: Any) -> None:
    evenings = list(season.evenings.order_by("date"))
    starts = [evenings[0].date.isoformat(), evenings[3].date.isoformat()]
    season.rules = {"periods": {"starts": starts, "count": {"best": 2},
                                "season_count": {"best": 1}}}
    season.save()
    _content, text = _pdf(client_for(member_user), season)
    assert "Periode 1" in text and "Periode 2" in text
    assert "laagste totaal wint" in text
    row = next(r for r in season_standings(season).rows if r.name == "Speler 001")
    # total, played, wins, average, then a cell per period
    assert _cells_after(text, row, 6)[4:] == [str(p["total"]) for p in row.periods]
    assert sum(not p["counted"] for p in row.periods) == 1  # one of the two is dropped

