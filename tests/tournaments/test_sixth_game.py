"""A sixth game, added through the public registries only, plays through the whole site.

"Plain points": each side scores a number per hand (never below 0), highest total wins after
N hands (option ``hands``). The engine side subclasses ``scoring.base.Game`` and is added with
``scoring.register``; the site side subclasses ``tournaments.games.SiteGame`` and the parts it
changes, and is added with ``tournaments.games.register``. Nothing else of the site is
touched: a competition, the draw, score entry through the page, standings, the score-sheet PDF
and the season workbook export and import all work from the registries.
"""

from __future__ import annotations

import datetime
import io
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

import scoring
from clubmanager.models import Member
from scoring.base import Game, Outcome
from scoring.issues import Issue
from scoring.spec import INTEGER, PER_SIDE, Field, Option
from scoring.values import check_keys, per_side_ints
from tests.tournaments.entry.test_score_views import form_post
from tournaments import games
from tournaments.competitions.services.competitions import competition_create
from tournaments.draws.services import round_draw
from tournaments.evenings.services.evenings import evening_create, participant_checkin
from tournaments.games.sentences import Ctx
from tournaments.models import Competition, Evening, Table
from tournaments.pdf.grid import Sheet, side_widths, total_rows
from tournaments.shared.messages import issue_message
from tournaments.workbook.read import parse_season
from tournaments.workbook.selectors import season_workbook
from tournaments.workbook.services import season_import_apply

KEY = "plain_points"
PP_NEGATIVE = "PP_NEGATIVE"


MOST = 1000  # the most one side scores in one hand


@dataclass(frozen=True)
class _State:
    sides: tuple[str, ...]
    hands: int
    played: int = 0


class PlainPoints(Game):
    key = KEY
    name = "Plain points"
    min_sides = 2
    max_sides = 4
    better = "higher"
    options = (Option("hands", INTEGER, 3, "Hands per match.", minimum=1, maximum=20),)
    hand_fields = (Field("points", PER_SIDE, "Points per side.",
                         item=Field("score", INTEGER, minimum=0, maximum=MOST)),)
    error_codes = (PP_NEGATIVE,)

    def start(self, sides: Sequence[str], options: Mapping[str, Any]) -> _State:
        return _State(tuple(sides), options["hands"])

    def finished(self, state: _State) -> bool:
        return state.played >= state.hands

    def side_points_bounds(self, options: Mapping[str, Any], side_count: int) -> tuple[int, int]:
        return 0, MOST

    def play(self, state: _State, hand: dict[str, Any]) -> Outcome:
        errors = check_keys(hand, required=("points",))
        if errors:
            return Outcome(errors)
        points, errors = per_side_ints(hand["points"], state.sides, "points")
        if points is None:
            return Outcome(errors)
        negative = [Issue(PP_NEGATIVE, side=s, field="points", params={"value": v})
                    for s, v in points.items() if v < 0]
        if negative:
            return Outcome(negative)
        return Outcome([], [], {"points": points}, replace(state, played=state.played + 1))


class PlainPointsWords(games.Words):
    field_labels = {"points": "points", "score": "score"}
    messages = {PP_NEGATIVE: lambda c: f"{c.side}: a score cannot be below 0 ({c.get('value')})."}


class PlainPointsOptions(games.Options):
    texts = {"hands": ("Hands", "Hands per match.")}


class PlainPointsSheet(games.ScoreSheet):
    def render(self, sheet: Sheet) -> list[Flowable]:
        rows: list[list[Any]] = [[sheet.head("Hand")] + [sheet.side_head(s) for s in sheet.sides]]
        for number in range(1, sheet.options["hands"] + 1):
            derived = sheet.hands[number - 1] if number <= len(sheet.hands) else None
            rows.append([sheet.num(number)] + [
                sheet.num(derived["points"][s]) if derived else "" for s in sheet.sides])
        rows += total_rows(sheet, "Total points", with_competition=True)
        return [sheet.grid(rows, side_widths(sheet, 40 * mm, 1))]


class PlainPointsSamples(games.Samples):
    def hands(self, sides: Sequence[str], variant: int = 0) -> list[dict[str, Any]]:
        return [{"points": {s: 10 * (i + 1) + hand + variant for i, s in enumerate(sides)}}
                for hand in range(3)]


class PlainPointsSite(games.SiteGame):
    """Only the parts it changes: the rest (entry form, score page, workbook) is the default."""

    key = KEY
    words_class = PlainPointsWords
    options_class = PlainPointsOptions
    sheet_class = PlainPointsSheet
    samples_class = PlainPointsSamples


@pytest.fixture
def plain_points() -> Iterator[None]:
    scoring.register(PlainPoints())
    games.register(PlainPointsSite())
    try:
        yield
    finally:
        games.unregister(KEY)
        scoring.unregister(KEY)


def _sheets(data: bytes) -> dict[str, list[tuple[Any, ...]]]:
    book = load_workbook(io.BytesIO(data))
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in book.worksheets}


def _pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def _play_evening(club: Any, admin_client: Any, competition: Competition) -> Evening:
    evening = evening_create(competition=competition, date=competition.start_date)
    for member in Member.objects.filter(club=club).order_by("member_number")[:8]:
        participant_checkin(evening=evening, member=member)
    round_ = round_draw(evening=evening, seed=6)
    for table in Table.objects.filter(round=round_).order_by("number"):
        sides = [s.side for s in table.seats.order_by("position")]
        url = reverse("tournaments:hand_add", kwargs={"club": club.slug, "pk": table.pk})
        for hand in games.sample_hands(KEY, sides):
            table.refresh_from_db()
            response = admin_client.post(url, form_post(table, hand))
            assert response.status_code in (200, 302)
        table.refresh_from_db()
        assert table.finished and table.hand_count == 3
    return evening


def test_a_sixth_game_plays_through_the_site(plain_points: None, club: Any, admin_client: Any,
                                             make_member: Any, admin_user: Any) -> None:
    for n in range(8):
        make_member(club, name=f"Speler {n}")
    assert KEY in games.game_keys()
    # the competition form offers it and shows the game's own words for its option
    page = admin_client.get(reverse("tournaments:competition_add", kwargs={"club": club.slug})
                            + f"?game={KEY}")
    assert page.status_code == 200 and "Hands per match." in page.content.decode()
    competition = competition_create(club=club, game=KEY, name="Plain", options={"hands": 3},
                                     start_date=datetime.date(2026, 9, 1))
    assert competition.better == "higher"
    evening = _play_evening(club, admin_client, competition)
    table = Table.objects.filter(round__evening=evening).order_by("number").first()
    assert table is not None
    # the score page (the club's Dutch): the game's word for its hands, the generic one here
    page = admin_client.get(reverse("tournaments:table_scores",
                                    kwargs={"club": club.slug, "pk": table.pk})).content.decode()
    assert "Invoeren" in page
    # standings: the evening counts, highest total first
    page = admin_client.get(reverse("tournaments:standings",
                                    kwargs={"club": club.slug, "pk": competition.pk}))
    assert page.status_code == 200 and "Speler 0" in page.content.decode()
    # the score sheets, filled in: the game's grid with the engine's totals
    round_ = evening.rounds.get()
    pdf = admin_client.get(reverse("tournaments:round_sheets",
                                   kwargs={"club": club.slug, "round_id": round_.pk})
                           + "?filled=1")
    text = _pdf_text(b"".join(pdf.streaming_content) if pdf.streaming else pdf.content)
    assert "Total points" in text and "Plain points" in text
    seat = table.seats.order_by("position").first()
    assert seat is not None and re.search(rf"\b{seat.points}\b", text)
    # the season workbook: export, import into an empty competition, export again: the same
    data = season_workbook(competition)
    copy = Competition.objects.create(club=club, name="Kopie", game=KEY, options={"hands": 3},
                                      start_date=competition.start_date, better="higher")
    outcome = season_import_apply(competition=copy, parsed=parse_season(data, "s.xlsx"),
                            by=admin_user)
    assert outcome.hands == 3 * Table.objects.filter(round__evening=evening).count()
    assert _sheets(season_workbook(copy)) == _sheets(data)


def test_its_own_code_reads_as_its_sentence_and_it_goes_away_again(plain_points: None) -> None:
    result = scoring.evaluate({"game": KEY, "sides": ["Ann", "Bob"],
                               "hands": [{"points": {"Ann": 3, "Bob": -1}}]})
    assert issue_message(result["errors"][0]) == "Bob: a score cannot be below 0 (-1)."
    assert isinstance(Ctx(result["errors"][0], None).side, str)


def test_unregistered_it_is_gone_from_both_registries() -> None:
    assert KEY not in scoring.GAMES and KEY not in games.game_keys()
