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
from tournaments.standings.templatetags.standings import rules_lines

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


@pytest.mark.parametrize(("options", "mars"), [({"deals": 2}, 262),
                                               ({"deals": 2, "pit_bonus": 50}, 212)])
def test_1600_points_and_a_mars_credits_the_engines_mars(
        four_seat_game: str, club: Any, admin_user: Any, options: dict[str, Any],
        mars: int) -> None:
    """De Pitslag: "Verplicht stilzitten ... levert 1600 punten en een mars op". What a mars
    is worth is the engine's (162 and the pit bonus under the competition's options)."""
    comp = competition(club, {"sit_out": {"score": {"fixed": 1600}, "sweep": True}})
    comp.options = options
    comp.save(update_fields=["options"])
    evening = _evening(comp, members(club, 9))
    _three_rounds(evening, admin_user)
    credits = round_credits(competition=comp)
    assert [c.points for c in credits] == [1600 + mars] * 3 and all(c.sat_out for c in credits)
    results = {row.name: row.total for row in evening_results(evening)}
    for credit in credits:
        assert results[credit.participant.name] - 1600 - mars in (248, 324, 400)
    assert (f"Wie volgens het rooster een ronde stilzit, krijgt daarvoor 1600 punten en een mars "
            f"({mars} punten).") in rules_lines(comp)


def test_the_reglement_form_asks_for_the_mars_in_words(
        four_seat_game: str, club: Any, admin_client: Any) -> None:
    from django.urls import reverse

    from tests.tournaments.competitions.test_competitions import form_data

    url = reverse("tournaments:competition_add", kwargs={"club": club.slug})
    page = admin_client.get(f"{url}?game={four_seat_game}").content.decode()
    assert "En een mars erbij" in page
    data = form_data(four_seat_game, sit_out="fixed", sit_out_fixed="1600", sit_out_sweep="on")
    response = admin_client.post(f"{url}?game={four_seat_game}", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    comp = Competition.objects.get(club=club, game=four_seat_game)
    assert comp.rules["sit_out"] == {"score": {"fixed": 1600}, "sweep": True}
    edit = admin_client.get(reverse("tournaments:competition_edit",
                                    kwargs={"club": club.slug, "pk": comp.pk})).content.decode()
    box = edit[edit.index('name="sit_out_sweep"'):]
    assert "checked" in box[:box.index(">")]  # the edit form shows the mars as set
    assert rules_errors({"sit_out": {"sweep": "ja"}}, "higher")[0]["field"] == "sit_out.sweep"


def test_the_season_workbook_shows_the_sit_outs_and_the_import_reads_them_back(
        four_seat_game: str, club: Any, admin_user: Any) -> None:
    from tests.tournaments.workbook.test_season_import import do_import, empty_like, sheets
    from tournaments.workbook.selectors import season_workbook

    comp = competition(club, {"sit_out": {"score": {"fixed": 1600}, "sweep": True}})
    evening = _evening(comp, members(club, 9))
    _three_rounds(evening, admin_user)
    first = season_workbook(comp)
    rows = sheets(first)["Stilzitters"]
    assert rows[0] == ("Datum", "Ronde", "Lidnummer", "Naam", "Punten uit het reglement")
    sat = sorted((s.round.number, s.participant.name) for s in SitOut.objects.filter(
        round__evening=evening).select_related("participant__member"))
    assert [(r[1], r[3]) for r in rows[1:]] == sat
    assert {r[4] for r in rows[1:]} == {1600 + 262}
    target = empty_like(comp)
    try:  # the rules sheet brings the reglement along
        do_import(first, target, admin_user)
    except Exception as e:
        raise AssertionError(getattr(e, "preview", None) and e.preview.problems) from e
    target.refresh_from_db()
    assert target.rules == comp.rules
    copied = sorted((s.round.number, s.participant.name) for s in SitOut.objects.filter(
        round__evening__competition=target).select_related("participant__member"))
    assert copied == sat
    assert ({r.name: r.total for r in season_standings(target).rows}
            == {r.name: r.total for r in season_standings(comp).rows})
    assert sheets(season_workbook(target)) == sheets(first)


def test_a_sit_out_row_naming_nobody_at_the_evening_is_refused(
        four_seat_game: str, club: Any, admin_user: Any) -> None:
    from tests.tournaments.workbook.test_season_import import edit, empty_like
    from tournaments.workbook.check import check_season
    from tournaments.workbook.read import parse_season
    from tournaments.workbook.selectors import season_workbook

    comp = competition(club, SIT_OUT)
    evening = _evening(comp, members(club, 9))
    _three_rounds(evening, admin_user)
    data = edit(season_workbook(comp), "Stilzitters", "D2", "Niemand")
    data = edit(data, "Stilzitters", "C2", None)
    data = edit(data, "Stilzitters", "B3", 7)
    from clubmanager.models import Member

    preview = check_season(parse_season(data, "seizoen.xlsx"), competition=empty_like(comp),
                           members={m.member_number: m for m in Member.objects.filter(club=club)})
    text = " ".join(preview.problems)
    assert "Niemand speelde op" in text and "rij 2" in text
    assert "er is geen ronde 7 op" in text and "rij 3" in text


def test_a_member_sees_the_sit_out_on_the_projector_results_and_my_results(
        four_seat_game: str, club: Any, admin_user: Any, member_user: Any,
        client_for: Any) -> None:
    from django.urls import reverse

    comp = competition(club, {"sit_out": {"score": {"fixed": 1600}, "sweep": True}})
    evening = _evening(comp, members(club, 9))
    rounds = _three_rounds(evening, admin_user)
    first = rounds[0].sit_outs.select_related("participant__member").get().participant
    first.member.user = member_user
    first.member.save(update_fields=["user"])
    client = client_for(member_user)
    projector = client.get(reverse("tournaments:round_projector", kwargs={
        "club": club.slug, "pk": rounds[0].pk})).content.decode()
    assert f"Zitten stil:</strong> {first.name}</p>" in projector
    results = client.get(reverse("tournaments:evening_results", kwargs={
        "club": club.slug, "pk": evening.pk})).content.decode()
    row = results[results.index(f"<td>{first.name}"):]
    assert "stilgezeten in ronde 1: 1862" in row[:row.index("</tr>")]
    mine = client.get(reverse("tournaments:my_results", kwargs={"club": club.slug}))
    assert ("<strong>Ronde 1</strong>: stilgezeten volgens het rooster, 1862 punten volgens "
            "het reglement") in mine.content.decode()


def test_a_klaverjas_evening_gives_day_prizes_and_a_poedelprijs_with_the_sit_out_scores(
        four_seat_game: str, club: Any, admin_user: Any) -> None:
    """The formula of 4 over the 9 players' evening scores, sit-out scores included; the
    poedelprijs goes to the worst score."""
    from tournaments.standings.selectors.prizes import evening_prizes

    comp = competition(club, {**SIT_OUT, "prizes": {"rule": {"first": 4, "then_every": 4},
                                                    "booby": True}})
    people = members(club, 9)
    # Who sits out and who partners whom follow the draw, which hashes the member ids (other
    # on PostgreSQL, whose ids run on between tests): play evenings until the worst score is
    # one player's alone and no prize's (tied with the 8th, the poedelprijs is not given).
    for day in range(1, 15):
        evening = _evening(comp, people, day=day)
        _three_rounds(evening, admin_user, seed=day * 10)
        overall = evening_results(evening).overall
        totals = sorted(r.total for r in overall)
        if totals[0] < totals[1]:
            break
    else:
        pytest.fail("no evening of 14 had a single worst score")
    prizes = evening_prizes(evening)
    assert prizes is not None
    won = [row for row in prizes.rows if not row.booby]
    ranked = sorted((r.total for r in overall), reverse=True)
    assert {p for row in won for p in row.positions} == {1, 2, 3, 4, 8}  # 9 players
    assert all(ranked[p - 1] == row.score for row in won for p in row.positions)
    booby = [row for row in prizes.rows if row.booby]
    assert len(booby) == 1 and booby[0].score == min(r.total for r in overall)
    assert booby[0].place == "Poedelprijs"
