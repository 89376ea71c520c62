"""Standings against hand calculations: every game, every standings rule, fixed queries."""

import datetime
import re
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.entry.services.scores import HandChange, hand_add
from tournaments.evenings.services.calloffs import calloff_add
from tournaments.games import sample_hands
from tournaments.models import Participant, Round, Seat, Table
from tournaments.shared.matches import playing_order
from tournaments.standings.selectors.standings import evening_results, season_standings

pytestmark = pytest.mark.django_db


# -- every game: matches entered through the services, expectations by hand ----------------
GAME_CASES = {
    # game: (players, expected competition points per player name, better)
    # Jokeren 7 deals: Ann 0+10+5+0+2+50+0, Bob 45+0+5+20+0+60+31, Cor 12+12+0+20+30+0+61,
    # Dirk 88+8+8+20+40+70+62.
    "jokeren": (4, {"Ann": 67, "Bob": 161, "Cor": 135, "Dirk": 296}),
    # High Five 1959, 4 players = teams Ann & Cor v Bob & Dirk: round 1 Ann & Cor go out:
    # 640 + 50 × 7 + 100 − 40 + 80 (Bob & Dirk's failed number) = 1130 → 11; Bob & Dirk
    # 310 + 250 − 115 = 445 but then 3 crosses → 0. Each partner gets the team's points.
    "high_five_1959": (4, {"Ann": 11, "Cor": 11, "Bob": 0, "Dirk": 0}),
    # Big Five, one game: Ann went out (0), Bob 4 and Cor 7 cards left.
    "big_five": (3, {"Ann": 0, "Bob": 4, "Cor": 7}),
    # French HIGH FIVE, one game, scoring "wins": Ann wins.
    "high_five_crowns": (3, {"Ann": 1, "Bob": 0, "Cor": 0}),
    # HIGH FIVE! tiles, 2 players: 24 turns (tournaments/games/high_five_tiles.py, sample_hands);
    # points cycle 2, 4, 6 per turn:
    # 12 turns each = 48; Ann is first out: +2.
    "high_five_tiles": (2, {"Ann": 50, "Bob": 48}),
}


@pytest.mark.parametrize("game", sorted(GAME_CASES))
def test_standings_of_every_game_match_a_hand_calculation(
    game, club, make_member, make_competition, make_evening, make_round, seat_table,
    scorekeeper_user,
):
    players, expected = GAME_CASES[game]
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor", "Dirk")[:players]]
    competition = make_competition(club, game)
    evening = make_evening(competition, members)
    table = seat_table(make_round(evening), list(evening.participants.all()))
    for version, hand in enumerate(sample_hands(game, playing_order(table, table.seats.all()))):
        hand_add(table=table, by=scorekeeper_user,
                 change=HandChange(data=hand, expected_version=version))
    standings = season_standings(competition)
    assert {r.name: r.total for r in standings.rows} == expected
    assert [e.pk for e in standings.evenings] == [evening.pk]
    # ranks follow the game's direction
    best = (max if competition.better == "higher" else min)(expected.values())
    assert {r.name for r in standings.rows if r.rank == 1} == {
        n for n, v in expected.items() if v == best}
    overall = {r.name: r.total for r in evening_results(evening).overall}
    assert overall == expected


# -- standings rules on stored seat integers --------------------------------------------------
class Season:
    def __init__(self, club: Any, make_member: Any, make_competition: Any, make_evening: Any,
                 game: str = "jokeren", names: str = "Ann Bob Cor Dirk", **fields: Any):
        self.members = {n: make_member(club, name=n) for n in names.split()}
        self.competition = make_competition(club, game, **fields)
        self.make_evening = make_evening
        self.day = 0

    def evening(self, *tables: dict[str, int], confirmed: bool = True,
                guests: dict[str, int] | None = None) -> Any:
        self.day += 1
        names = {n for t in tables for n in t}
        evening = self.make_evening(
            self.competition, [self.members[n] for n in sorted(names) if n in self.members],
            guests=list(guests or {}),
            date=self.competition.start_date + datetime.timedelta(days=7 * self.day))
        people = {p.name: p for p in evening.participants.select_related("member")}
        round_ = Round.objects.create(evening=evening, number=1, seed=1)
        for number, result in enumerate(tables, start=1):
            result = {**result, **(guests or {})} if number == 1 else result
            self._table(round_, number, people, result, confirmed)
        return evening

    def _table(self, round_: Round, number: int, people: dict[str, Participant],
               result: dict[str, int], confirmed: bool) -> None:
        higher = self.competition.better == "higher"
        table = Table.objects.create(round=round_, number=number, game=self.competition.game,
                                     finished=True, hand_count=1)
        if confirmed and self.competition.requires_confirmation:
            from django.utils import timezone
            table.confirmed_at = timezone.now()
            table.save()
        for position, (name, points) in enumerate(result.items(), start=1):
            ahead = sum(1 for v in result.values() if (v > points if higher else v < points))
            Seat.objects.create(table=table, position=position, participant=people[name],
                                side=name, points=points, competition_points=points,
                                place=ahead + 1)


@pytest.fixture
def season(club, make_member, make_competition, make_evening):
    def make(**fields: Any) -> Season:
        return Season(club, make_member, make_competition, make_evening, **fields)

    return make


def table_of(standings) -> list[tuple[Any, str, int]]:
    return [(r.rank, r.name, r.total) for r in standings.rows]


def test_all_evenings_lower_is_better(season):
    s = season(game="jokeren")
    s.evening({"Ann": 40, "Bob": 100, "Cor": 70})
    s.evening({"Ann": 90, "Bob": 20, "Cor": 70})
    # Ann 130, Bob 120, Cor 140
    assert table_of(season_standings(s.competition)) == [
        (1, "Bob", 120), (2, "Ann", 130), (3, "Cor", 140)]


def test_two_tables_in_an_evening_add_up_and_wins_count(season):
    s = season(game="big_five")
    s.evening({"Ann": 0, "Bob": 5}, {"Cor": 3, "Dirk": 0})
    s.evening({"Ann": 2, "Cor": 0}, {"Bob": 0, "Dirk": 9})
    rows = {r.name: r for r in season_standings(s.competition).rows}
    assert (rows["Ann"].total, rows["Ann"].wins, rows["Ann"].evenings_played) == (2, 1, 2)
    assert (rows["Dirk"].total, rows["Dirk"].wins) == (9, 1)


def test_best_n_higher_is_better(season):
    s = season(game="high_five_crowns", rules={"count": {"best": 2}})
    s.evening({"Ann": 5, "Bob": 1})
    s.evening({"Ann": 1, "Bob": 4})
    s.evening({"Ann": 3, "Bob": 4})
    # Ann: best two of 5, 1, 3 = 8; Bob: best two of 1, 4, 4 = 8 → tied, shared rank
    standings = season_standings(s.competition)
    assert table_of(standings) == [(1, "Ann", 8), (1, "Bob", 8)]
    assert sorted(standings.rows[0].counted, reverse=True) == [5, 3]


def test_best_n_lower_is_better_takes_the_lowest(season):
    s = season(game="jokeren", rules={"count": {"best": 1}})
    s.evening({"Ann": 50, "Bob": 60})
    s.evening({"Ann": 80, "Bob": 30})
    assert table_of(season_standings(s.competition)) == [(1, "Bob", 30), (2, "Ann", 50)]


def test_min_evenings_lists_unqualified_last_without_rank(season):
    s = season(game="high_five_crowns", rules={"min_played": 2})
    s.evening({"Ann": 1, "Bob": 3, "Cor": 9})
    s.evening({"Ann": 2, "Bob": 0})
    standings = season_standings(s.competition)
    assert table_of(standings) == [(1, "Ann", 3), (2, "Bob", 3), (None, "Cor", 9)] or \
        table_of(standings) == [(1, "Ann", 3), (1, "Bob", 3), (None, "Cor", 9)]
    assert [r.qualified for r in standings.rows] == [True, True, False]


def test_absent_nothing(season):
    s = season(game="high_five_crowns")
    e1 = s.evening({"Ann": 4, "Bob": 2, "Cor": 1})
    s.evening({"Ann": 1, "Bob": 2})
    rows = {r.name: r for r in season_standings(s.competition).rows}
    assert rows["Cor"].total == 1 and rows["Cor"].per_evening[e1.pk] == 1
    assert list(rows["Cor"].per_evening.values()) == [1, None]


def test_absent_fixed_points(season):
    s = season(game="jokeren", rules={"absent": {"unnotified": {"fixed": 150}}})
    s.evening({"Ann": 40, "Bob": 100, "Cor": 70})
    s.evening({"Ann": 90, "Bob": 20})
    # Cor: 70 + 150 = 220
    assert table_of(season_standings(s.competition)) == [
        (1, "Bob", 120), (2, "Ann", 130), (3, "Cor", 220)]


def test_absent_worst_result_of_that_evening(season):
    s = season(game="jokeren", rules={"absent": {"unnotified": "worst"}})
    s.evening({"Ann": 40, "Bob": 100, "Cor": 70})
    s.evening({"Ann": 90, "Bob": 20})
    # evening 2's worst (lower is better → highest) is 90: Cor 70 + 90 = 160
    rows = {r.name: r.total for r in season_standings(s.competition).rows}
    assert rows == {"Ann": 130, "Bob": 120, "Cor": 160}


def test_called_off_member_gets_the_worst_score_and_who_did_not_gets_nothing(season):
    """The rule "afgemeld: worst, not called off: nothing" (season.md, example 4)."""
    s = season(game="high_five_crowns",
               rules={"absent": {"notified": "worst", "unnotified": "nothing"}})
    s.evening({"Ann": 50, "Bob": 40, "Cor": 30, "Dirk": 20})
    second = s.evening({"Ann": 50, "Bob": 40})
    calloff_add(evening=second, member=s.members["Cor"])  # Dirk stayed away unannounced
    standings = season_standings(s.competition)
    assert table_of(standings) == [(1, "Ann", 100), (2, "Bob", 80), (3, "Cor", 70),
                                   (4, "Dirk", 20)]
    cor = next(r for r in standings.rows if r.name == "Cor")
    dirk = next(r for r in standings.rows if r.name == "Dirk")
    assert cor.absent_kind == {second.pk: "notified"} and cor.per_evening[second.pk] == 40
    assert dirk.absent_kind == {} and dirk.per_evening[second.pk] is None


def test_absent_worst_higher_is_better(season):
    s = season(game="high_five_crowns", rules={"absent": {"unnotified": "worst"}})
    s.evening({"Ann": 4, "Bob": 2, "Cor": 3})
    s.evening({"Ann": 1, "Bob": 5})
    rows = {r.name: r.total for r in season_standings(s.competition).rows}
    assert rows["Cor"] == 3 + 1


def test_absent_own_average_rounded_half_up(season):
    s = season(game="high_five_crowns", rules={"absent": {"unnotified": "average"}})
    s.evening({"Ann": 4, "Bob": 2, "Cor": 3})
    s.evening({"Ann": 1, "Bob": 5, "Cor": 4})
    s.evening({"Ann": 2, "Bob": 5})
    rows = {r.name: r for r in season_standings(s.competition).rows}
    # Cor's average (3 + 4) / 2 = 3.5 → 4: total 3 + 4 + 4 = 11
    assert rows["Cor"].total == 11 and rows["Cor"].evenings_played == 2
    assert rows["Cor"].absent_scores == {s.competition.evenings.order_by("date").last().pk: 4}


@pytest.mark.parametrize(("tiebreaks", "expected"), [
    ([], [(1, "Ann"), (1, "Bob")]),                  # no tie-break: shared rank
    (["played"], [(1, "Bob"), (2, "Ann")]),        # Bob played 3 evenings, Ann 2
    (["best_evening"], [(1, "Ann"), (2, "Bob")]),    # Ann's best 6 against Bob's 3
    (["wins"], [(1, "Ann"), (1, "Bob")]),            # one table win each: still shared
    (["average"], [(1, "Ann"), (2, "Bob")]),         # 6 / 2 = 3 against 6 / 3 = 2
    (["wins", "played"], [(1, "Bob"), (2, "Ann")]),
    (["name"], [(1, "Ann"), (2, "Bob")]),
])
def test_each_tiebreak(season, tiebreaks, expected):
    s = season(game="high_five_crowns", rules={"tiebreaks": tiebreaks})
    s.evening({"Ann": 6, "Bob": 3})
    s.evening({"Ann": 0, "Bob": 3})
    s.evening({"Bob": 0, "Cor": 1})
    rows = season_standings(s.competition).rows
    assert [(r.rank, r.name) for r in rows if r.total == 6] == expected
    assert [(r.name, r.total) for r in rows][-1] == ("Cor", 1)


def test_wins_and_average_tiebreaks(season):
    s = season(game="high_five_crowns", rules={"tiebreaks": ["wins"]})
    s.evening({"Ann": 3, "Bob": 1}, {"Cor": 2, "Dirk": 0})
    s.evening({"Ann": 0, "Bob": 1}, {"Cor": 1, "Dirk": 9})
    # Ann 3 (1 win), Bob 2, Cor 3 (1 win in evening 1... Cor 2 > Dirk 0 → win; 1 < 9 no win)
    rows = season_standings(s.competition).rows
    assert [(r.name, r.total, r.wins) for r in rows][:3] == [
        ("Dirk", 9, 1), ("Ann", 3, 1), ("Cor", 3, 1)]
    assert rows[1].rank == rows[2].rank == 2  # equal after wins: shared
    s.competition.rules = {"tiebreaks": ["average"]}
    s.competition.save()
    s.evening({"Ann": 5}, {"Cor": 5})  # Ann avg 8/3, Cor avg 8/3 → still shared
    rows = season_standings(s.competition).rows
    assert [r.rank for r in rows if r.name in ("Ann", "Cor")] == [2, 2]
    s.competition.rules = {"tiebreaks": ["average", "name"]}
    s.competition.save()
    rows = season_standings(s.competition).rows
    assert [(r.rank, r.name) for r in rows if r.name in ("Ann", "Cor")] == [(2, "Ann"), (3, "Cor")]


def test_evenings_tiebreak_before_best(season):
    s = season(game="high_five_crowns", rules={"tiebreaks": ["played", "best_evening"]})
    s.evening({"Ann": 6, "Cor": 0})
    s.evening({"Bob": 3, "Cor": 0})
    s.evening({"Bob": 3, "Cor": 0})
    rows = season_standings(s.competition).rows
    assert [(r.rank, r.name) for r in rows][:2] == [(1, "Bob"), (2, "Ann")]
    s.competition.rules = {"tiebreaks": ["best_evening", "played"]}
    s.competition.save()
    rows = season_standings(s.competition).rows
    assert [(r.rank, r.name) for r in rows][:2] == [(1, "Ann"), (2, "Bob")]


def test_unconfirmed_tables_do_not_count_when_confirmation_is_required(season):
    s = season(game="jokeren", requires_confirmation=True)
    s.evening({"Ann": 40, "Bob": 100})
    s.evening({"Ann": 90, "Bob": 20}, confirmed=False)
    standings = season_standings(s.competition)
    assert table_of(standings) == [(1, "Ann", 40), (2, "Bob", 100)]
    assert len(standings.evenings) == 1


def test_guests_are_never_in_the_standings(season):
    s = season(game="jokeren")
    s.evening({"Ann": 40, "Bob": 100}, guests={"Gast": 10})
    assert [r.name for r in season_standings(s.competition).rows] == ["Ann", "Bob"]


@pytest.mark.parametrize("rules", [
    {},
    {"count": {"best": 6}, "rank_by": "average", "min_played": 2,
     "absent": {"unnotified": "worst"}, "tiebreaks": ["played", "wins", "best_evening"]},
    {"periods": {"starts": ["2026-09-01", "2026-11-01", "2027-01-01"], "count": {"drop": 1},
                 "season_count": {"best": 2}}},
])
def test_standings_page_queries_do_not_grow_with_the_season(season, client_for, member_user,
                                                            club, rules,
                                                            django_assert_max_num_queries):
    def count(evenings: int) -> int:
        s = season(game="jokeren", names=" ".join(f"M{evenings}x{i}" for i in range(8)),
                   rules=rules)
        names = list(s.members)
        for i in range(evenings):
            evening = s.evening({n: (i * 7 + j * 13) % 90 for j, n in enumerate(names[:4])},
                                {n: (i * 5 + j * 11) % 90 for j, n in enumerate(names[5:])})
            calloff_add(evening=evening, member=s.members[names[4]])  # afgemeld every evening
        # evenings, the one aggregate, the call-offs, the names
        with django_assert_max_num_queries(4):
            standings = season_standings(s.competition)
        assert len(standings.rows) == 8 and not standings.errors
        client = client_for(member_user)
        url = reverse("tournaments:standings", kwargs={"club": club.slug,
                                                       "pk": s.competition.pk})
        client.get(url)  # warm up sessions etc.
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200
        return len(queries)

    small, large = count(2), count(40)
    assert small == large
    assert small <= 12, small


def test_standings_page_shows_each_row_as_the_member_reads_it(season, client_for, member_user,
                                                              club):
    s = season(game="jokeren", rules={"absent": {"unnotified": {"fixed": 150}}, "min_played": 2},
               names="Ann Bob <b>Cor</b> Dirk")
    s.evening({"Ann": 40, "Bob": 100, "<b>Cor</b>": 70, "Dirk": 5})
    s.evening({"Ann": 90, "Bob": 20})
    url = reverse("tournaments:standings", kwargs={"club": club.slug, "pk": s.competition.pk})
    body = client_for(member_user).get(url).content.decode()
    rows = [" ".join(r.split()) for r in body.split("<tr")[2:]]  # after the header row
    # rank, name, total, evenings, wins, best, average, then evening 1 and evening 2
    assert rows[0].startswith('><td>1</td><td>Bob</td><td class="num"><strong>120</strong>'
                              '</td><td class="num">2</td><td class="num">1</td>'
                              '<td class="num">20</td><td class="num">60,0</td>'
                              '<td class="num">100</td><td class="num">20</td></tr>')
    assert rows[1].startswith('><td>2</td><td>Ann</td><td class="num"><strong>130</strong>')
    # one evening played: not qualified, no rank; the missed evening scored by the rule, marked
    cor = next(r for r in rows if "Cor" in r)
    assert "&lt;b&gt;Cor&lt;/b&gt;" in cor and "<b>Cor" not in cor  # escaped
    assert cor.startswith('class="unqualified"><td><span title="te weinig avonden gespeeld">')
    assert "<small>(nog 1 avond nodig)</small>" in cor
    assert ('<td class="num absent" title="Afwezig: score volgens de afwezigheidsregel: afwezig">'
            '150<span class="visually-hidden"> (afwezig)</span></td>' in cor)
    assert '<td class="num"><strong>220</strong>' in cor


def test_averages_use_the_languages_decimal_sign() -> None:
    from fractions import Fraction

    from django.utils import translation

    from tournaments.standings.selectors.standings import _round_display

    with translation.override("nl"):
        assert _round_display(Fraction(403, 2)) == "201,5"
        assert _round_display(Fraction(1, 20)) == "0,1"  # 0.05 rounds half up
    with translation.override("en"):
        assert _round_display(Fraction(403, 2)) == "201.5"


def test_a_member_finds_their_own_row_without_hover(season, client_for, member_user, club):
    """The viewer's own row stands out with "(jij)"; columns are named in words (no hover-only
    abbreviation a phone cannot show); a phone is told that the table scrolls."""
    s = season(game="jokeren", names="Ann Bob Cor")
    s.members["Bob"].user = member_user
    s.members["Bob"].save()
    evening = s.evening({"Ann": 40, "Bob": 100, "Cor": 70})
    client = client_for(member_user)
    page = client.get(reverse("tournaments:standings", kwargs={
        "club": club.slug, "pk": s.competition.pk})).content.decode()
    own_rows = re.findall(r'<tr class="own">(.*?)</tr>', page, re.S)
    assert len(own_rows) == 1 and "Bob <small>(jij)</small>" in own_rows[0]
    assert "Schuif de tabel opzij voor alle avonden" in page
    public = client.get(reverse("tournaments:public_standings", kwargs={
        "club": club.slug, "pk": s.competition.pk})).content.decode()
    assert 'class="own"' not in public
    results = client.get(reverse("tournaments:evening_results", kwargs={
        "club": club.slug, "pk": evening.pk})).content.decode()
    assert "<abbr" not in results and "Competitie\u00adpunten" in results  # breaks at the hyphen


def test_an_evening_marked_as_not_counting_leaves_the_standings(season, client_for, admin_user,
                                                                club):
    s = season(game="high_five_crowns")
    s.evening({"Ann": 5, "Bob": 1})
    opening = s.evening({"Ann": 0, "Bob": 9})
    assert table_of(season_standings(s.competition)) == [(1, "Bob", 10), (2, "Ann", 5)]
    url = reverse("tournaments:evening_counts", kwargs={"club": club.slug, "pk": opening.pk})
    assert client_for(admin_user).post(url, {"not_counting": "on"}).status_code == 302
    standings = season_standings(s.competition)
    assert table_of(standings) == [(1, "Ann", 5), (2, "Bob", 1)]
    assert opening.pk not in [e.pk for e in standings.evenings]
    opening.refresh_from_db()
    assert [h.counts for h in opening.history.order_by("history_id")][-1] is False
    page = client_for(admin_user).get(reverse("tournaments:evening_detail",
                                              kwargs={"club": club.slug, "pk": opening.pk}))
    assert "telt niet mee voor de competitie" in page.content.decode()


def test_dropped_evenings_are_struck_through_with_words(season, client_for, member_user, club):
    s = season(game="high_five_crowns", rules={"count": {"best": 1}, "min_played": 3})
    s.evening({"Ann": 5, "Bob": 1})
    s.evening({"Ann": 2, "Bob": 4})
    standings = season_standings(s.competition)
    ann = next(r for r in standings.rows if r.name == "Ann")
    assert (ann.total, ann.counted, len(ann.dropped), ann.needed) == (5, [5], 1, 1)
    url = reverse("tournaments:standings", kwargs={"club": club.slug, "pk": s.competition.pk})
    body = client_for(member_user).get(url).content.decode()
    assert ('<td class="num dropped"><s>2</s><span class="visually-hidden"> telt niet mee'
            '</span></td>') in body
    assert "nog 1 avond nodig" in body
    assert "De beste avond telt mee." in body


def test_periods_by_date_give_each_period_its_best(season):
    s = season(game="high_five_crowns")
    days = [s.evening({"Ann": a, "Bob": b}).date for a, b in ((5, 1), (9, 2), (4, 3), (6, 8))]
    s.competition.rules = {"periods": {"starts": [days[0].isoformat(), days[2].isoformat()],
                                       "count": {"best": 1}, "season_count": "all"}}
    rows = {r.name: r for r in season_standings(s.competition).rows}
    # example 6 of the contract: Ann 9 + 6; Bob 2 + 8
    assert (rows["Ann"].total, rows["Bob"].total) == (15, 10)
    assert [p["total"] for p in rows["Ann"].periods] == [9, 6]


def test_a_season_ranked_by_average_shows_the_average_first(season, client_for, member_user,
                                                            club):
    """Ranked by average, the bold figure next to the name is the average (the order reads
    1, 2, 3 by it on a phone, where the columns further right are off screen), and the total
    moves to the average's place; the TV shows the average too."""
    s = season(game="jokeren", names="Ann Bob", rules={"rank_by": "average"})
    s.evening({"Ann": 10, "Bob": 30})
    s.evening({"Bob": 30})  # Bob: total 60 over 2 evenings (30); Ann: 10 over 1 (10)
    client = client_for(member_user)
    kwargs = {"club": club.slug, "pk": s.competition.pk}
    page = client.get(reverse("tournaments:standings", kwargs=kwargs)).content.decode()
    headers = re.findall(r'<th class="num">([^<]+)</th>', page)
    assert headers[:5] == ["Gemiddelde", "Avonden", "Winst", "Beste", "Totaal"]
    rows = re.findall(r"<tr[^>]*><td>(\d+)</td><td>(\w+)[^<]*</td><td class=\"num\">"
                      r"<strong>([^<]+)</strong>", page)
    assert [(rank, name, first) for rank, name, first in rows] == [
        ("1", "Ann", "10,0"), ("2", "Bob", "30,0")]
    tv = client.get(reverse("tournaments:tv", kwargs=kwargs)).content.decode()
    assert "Gemiddelde" in tv and "<strong>30,0</strong>" in tv and "<strong>60</strong>" not in tv
