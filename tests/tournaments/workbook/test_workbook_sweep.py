"""The workbook's Reglement sheet names the game's deal with every trick as the standings pages
do: "een mars (262 punten)" for klaverjassen, valued under the competition's options, not the
words that fit any game ("een spel met alle slagen"); and the import's preview says it so too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.tournaments.workbook.test_season_import import empty_like, sheets
from tests.tournaments.workbook.test_workbook_reglement import build_season
from tournaments.competitions.selectors import competition_rules_sentences
from tournaments.workbook.selectors import season_workbook

SIT_OUT = {"sit_out": {"score": {"fixed": 1600}, "sweep": True}, "pairs_movement": True}


def _sit_out_answer(data: bytes) -> str:
    rows = {row[0]: row[3] for row in sheets(data)["Reglement"][1:]}
    return str(rows["sit_out"])


def test_the_reglement_sheet_names_the_mars_and_its_worth(
        club: Any, make_competition: Callable[..., Any], make_member: Callable[..., Any],
        make_evening: Callable[..., Any], make_round: Callable[..., Any]) -> None:
    competition = build_season(club, "klaverjassen", make_competition, make_member,
                               make_evening, make_round, rules=SIT_OUT)
    answer = _sit_out_answer(season_workbook(competition))  # the club's language: Dutch
    assert answer == ("Wie volgens het rooster een ronde stilzit, krijgt daarvoor 1600 punten en "
                      "een mars (262 punten).")
    assert "alle slagen" not in answer
    # the standings pages' sentence, word for word
    assert answer in competition_rules_sentences(competition=competition)
    # the mars is worth 162 and the competition's pit bonus
    competition.options = {**competition.options, "pit_bonus": 50}
    competition.save(update_fields=["options"])
    assert "een mars (212 punten)" in _sit_out_answer(season_workbook(competition))


def test_the_import_preview_names_the_mars(
        club: Any, make_competition: Callable[..., Any], make_member: Callable[..., Any],
        make_evening: Callable[..., Any], make_round: Callable[..., Any], client_for: Any,
        admin_user: Any) -> None:
    source = build_season(club, "klaverjassen", make_competition, make_member, make_evening,
                          make_round, rules=SIT_OUT)
    target = empty_like(source)
    url = reverse("tournaments:season_import", kwargs={"club": club.slug,
                                                       "competition_id": target.pk})
    upload = SimpleUploadedFile("seizoen.xlsx", season_workbook(source),
                                content_type="application/octet-stream")
    response = client_for(admin_user).post(url, {"file": upload})
    assert response.status_code == 200 and response.context["preview"].valid
    assert ("1600 punten en een mars (262 punten)" in " ".join(response.context["rule_lines"]))
