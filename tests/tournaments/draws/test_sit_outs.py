"""An individual klaverjas evening: tables of four with drawn partners, the rest sitting out by
the rota, the reglement's sit-out score credited; and fixed pairs under the koppel movement."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.draws.four_seats import competition, four_seat_game, members, play
from tournaments.draws.selectors import round_credits
from tournaments.draws.services import round_draw, round_redraw
from tournaments.evenings.selectors.evenings import draw_check, evening_rounds
from tournaments.evenings.services.evenings import evening_create, participant_checkin
from tournaments.models import Competition, Evening, FixedPair, Round, SitOut
from tournaments.shared.season_rules import rules_errors, rules_sentences
from tournaments.standings.selectors.standings import evening_results, season_standings

__all__ = ["four_seat_game"]

SIT_OUT = {"sit_out": {"score": {"fixed": 1600}, "missed": {"fixed": 1450}}}


def _evening(comp: Competition, people: list[Any], day: int = 1) -> Evening:
    evening = evening_create(competition=comp, date=comp.start_date.replace(day=day))
    for member in people:
        participant_checkin(evening=evening, member=member)
    return evening


def _play_round(round_: Round, by: Any) -> None:
    for table in round_.tables.order_by("number"):
        play(table, by, 100, 62)  # seats 1 & 3: 200 a boompje, seats 2 & 4: 124


def _three_rounds(evening: Evening, by: Any, seed: int = 1) -> list[Round]:
    rounds = []
    for number in range(3):
        round_ = round_draw(evening=evening, seed=seed + number)
        _play_round(round_, by)
        rounds.append(round_)
    return rounds


def test_nine_players_three_rounds_each_sits_out_at_most_once_and_scores_1600(
        four_seat_game: str, club: Any, admin_user: Any) -> None:
    comp = competition(club, SIT_OUT)
    evening = _evening(comp, members(club, 9))
    rounds = _three_rounds(evening, admin_user)
    for round_ in rounds:
        assert [t.seats.count() for t in round_.tables.all()] == [4, 4]  # never a table of three
        assert round_.sit_outs.count() == 1
    out = list(SitOut.objects.filter(round__evening=evening).values_list("participant", flat=True))
    assert len(set(out)) == 3
    results = {row.name: row.total for row in evening_results(evening)}
    assert len(results) == 9
    sat_out = {s.participant.name for s in SitOut.objects.filter(round__evening=evening)}
    for name in sat_out:  # two boompjes played (124 or 200 each) and 1600 for the third round
        assert results[name] - 1600 in (248, 324, 400)
    for name in set(results) - sat_out:  # three boompjes
        assert results[name] in (372, 448, 524, 600)
    standings = {row.name: row.total for row in season_standings(comp).rows}
    assert standings == results
    shown = evening_rounds(evening=evening)
    assert sorted(n for rv in shown for n in rv.sitting_out) == sorted(sat_out)


def test_the_draw_check_recomputes_who_sits_out(four_seat_game: str, club: Any) -> None:
    evening = _evening(competition(club), members(club, 10))
    round_draw(evening=evening, seed=5)
    round_ = round_draw(evening=evening, seed=6)
    check = draw_check(round_=round_)
    assert check.matches and len(check.sitting_out) == 2


def test_the_next_evening_the_rota_remembers_who_sat_out(
        four_seat_game: str, club: Any) -> None:
    comp = competition(club)
    people = members(club, 9)
    first = _evening(comp, people)
    for seed in (1, 2, 3):
        round_draw(evening=first, seed=seed)
    earlier = set(SitOut.objects.values_list("participant__member", flat=True))
    second = _evening(comp, people, day=8)
    for seed in (4, 5, 6):
        round_draw(evening=second, seed=seed)
    later = set(SitOut.objects.filter(round__evening=second)
                .values_list("participant__member", flat=True))
    assert len(later) == 3 and not later & earlier  # 6 different players over two evenings


def test_the_round_average_and_a_round_missed_otherwise(
        four_seat_game: str, club: Any, admin_user: Any) -> None:
    rules = {"sit_out": {"score": "average", "missed": {"fixed": 1450}}}
    comp = competition(club, rules)
    people = members(club, 10)
    evening = _evening(comp, people[:9])
    round_ = round_draw(evening=evening, seed=3)
    late = participant_checkin(evening=evening, member=people[9])  # came after the draw
    assert [c.sat_out for c in round_credits(competition=comp)] == [False]  # no average yet
    _play_round(round_, admin_user)
    credits = {c.participant.name: (c.points, c.sat_out) for c in round_credits(competition=comp)}
    sitter = round_.sit_outs.get().participant.name
    assert credits == {sitter: (162, True), late.name: (1450, False)}  # (200 + 124) / 2


def test_redraw_draws_the_sit_out_again_and_too_few_is_refused(
        four_seat_game: str, club: Any) -> None:
    comp = competition(club)
    people = members(club, 5)
    evening = _evening(comp, people)
    round_ = round_draw(evening=evening, seed=1)
    first = round_.sit_outs.get().participant
    round_redraw(round=round_, seed=2)
    assert round_.sit_outs.count() == 1 and round_.tables.count() == 1
    assert first.evening_id == evening.pk  # the first draw's sit-out was replaced, not added
    small = _evening(comp, people[:3], day=8)
    with pytest.raises(ValidationError):
        round_draw(evening=small)


@pytest.mark.parametrize("pairs", [4, 6])
def test_koppel_movement_even_pairs_stay_odd_pairs_move_on(
        four_seat_game: str, club: Any, pairs: int) -> None:
    comp = competition(club, {"pairs_movement": True})
    people = members(club, 2 * pairs)
    for n in range(pairs):
        FixedPair.objects.create(competition=comp, first=people[2 * n], second=people[2 * n + 1])
    evening = _evening(comp, list(reversed(people)))
    tables = pairs // 2
    met = set()
    for number in range(1, tables + 1):
        round_ = round_draw(evening=evening)
        for table in round_.tables.order_by("number"):
            seats = [s.participant.member for s in table.seats.order_by("position")]
            odd, even = people.index(seats[0]) // 2 + 1, people.index(seats[1]) // 2 + 1
            assert (seats[2], seats[3]) == (people[2 * odd - 1], people[2 * even - 1])
            assert even == 2 * table.number  # even pairs stay
            assert odd == 2 * ((table.number - number) % tables) + 1  # odd pairs move on
            met.add((odd, even))
    assert len(met) == tables * tables  # every odd pair met every even pair once


def test_the_reglement_form_asks_the_sit_out_scores_in_words(
        four_seat_game: str, club: Any, admin_client: Any) -> None:
    from django.urls import reverse

    from tests.tournaments.competitions.test_competitions import form_data

    url = reverse("tournaments:competition_add", kwargs={"club": club.slug})
    page = admin_client.get(f"{url}?game={four_seat_game}").content.decode()
    assert "Wat krijgt wie volgens het rooster een ronde stilzit?" in page
    data = form_data(four_seat_game, sit_out="fixed", sit_out_fixed="1600",
                     sit_out_missed="1450", pairs_movement="on")
    response = admin_client.post(f"{url}?game={four_seat_game}", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    comp = Competition.objects.get(club=club, game=four_seat_game)
    assert comp.rules["sit_out"] == {"score": {"fixed": 1600}, "missed": {"fixed": 1450}}
    assert comp.rules["pairs_movement"] is True
    assert "Wie volgens het rooster een ronde stilzit, krijgt daarvoor 1600 punten." in (
        rules_sentences(comp.rules))
    refused = form_data(four_seat_game, sit_out="fixed", sit_out_fixed="")
    page = admin_client.post(f"{url}?game={four_seat_game}", refused).content.decode()
    assert "Vul het aantal punten in." in page


def test_a_stored_sit_out_rule_the_form_cannot_make_is_refused() -> None:
    assert rules_errors({"sit_out": {"score": {"fixed": "1600"}}}, "higher")[0]["field"] == (
        "sit_out.score")
    assert rules_errors({"sit_out": {"score": "average", "missed": {"fixed": 1450}},
                         "pairs_movement": True}, "higher") == []
