"""The tournaments demo loader: a competition per game per club (and the klaverjas club's koppel
competition), tonight drawn, idempotent."""

import io

import pytest
from django.utils import timezone

from scoring import GAMES, evaluate
from tournaments.demo import clubs as club_demo
from tournaments.demo import competitions as demo
from tournaments.games import sample_hands
from tournaments.models import Competition, Evening, FixedPair, Round, Seat, Table


def test_demo_loader_is_idempotent_and_draws_tonight(db: None) -> None:
    club_demo.load(io.StringIO())
    demo.load(io.StringIO())
    counts = (Competition.objects.count(), Evening.objects.count(), Round.objects.count(),
              Table.objects.count())
    demo.load(io.StringIO())
    assert counts == (Competition.objects.count(), Evening.objects.count(),
                      Round.objects.count(), Table.objects.count())
    assert counts[0] == 2 * len(GAMES) + 1  # and the klaverjas club's koppel competition
    assert set(Competition.objects.values_list("game", flat=True)) == set(GAMES)
    # named as a Dutch club knows the games: the three High Fives told apart in Dutch
    names = {name.rsplit(" ", 1)[0] for name in Competition.objects.values_list("name", flat=True)}
    assert names == {"Amerikaans Jokeren", "Big Five", "High Five (kaartspel, teams)",
                     "High Five (Frans, kronen)", "HIGH FIVE! (tegelspel)", "Klaverjassen",
                     "Koppelklaverjassen"}
    for evening in Evening.objects.filter(date=timezone.localdate()):
        assert evening.status == "playing"
        # 16 and more; the koppel evening its six pairs
        koppel = evening.competition.rules.get("pairs_movement") is True
        assert evening.participants.count() == 12 if koppel else evening.participants.count() >= 16
        assert evening.rounds.get().tables.exists()
    # tonight's tables carry their table codes (the QR on the round page and the sheets)
    tonight = Table.objects.filter(round__evening__date=timezone.localdate())
    assert tonight.exists()
    assert all(table.codes.filter(revoked_at=None).count() == 1 for table in tonight)


def test_the_demo_shows_the_season_rules(db: None) -> None:
    from tournaments.demo import scores as score_demo
    from tournaments.standings.selectors.standings import season_standings

    club_demo.load(io.StringIO())
    demo.load(io.StringIO())
    score_demo.load(io.StringIO())
    rules = [c.rules for c in Competition.objects.filter(club__slug="harten-vrouw")]
    assert {"count": {"best": 6}, "rank_by": "average", "min_played": 2} in rules
    periods = Competition.objects.filter(club__slug="harten-vrouw", rules__has_key="periods")
    assert periods.count() == 1
    standings = season_standings(periods.get())
    assert standings.rows and not standings.errors
    assert any(row.dropped for row in standings.rows)  # the best evening of a period counts
    # one competition has a points champion beside its standings
    from tournaments.standings.selectors.standings import season_and_champion
    champion = Competition.objects.get(club__slug="harten-vrouw", rules__champion=True)
    assert season_and_champion(champion)[1].rows


def test_the_team_game_has_a_fixed_pair_sitting_together_tonight(db: None) -> None:
    club_demo.load(io.StringIO())
    demo.load(io.StringIO())
    demo.load(io.StringIO())  # a second run adds no second pair
    for competition in Competition.objects.filter(game="high_five_1959"):
        pair = FixedPair.objects.get(competition=competition)
        tonight = competition.evenings.get(date=timezone.localdate())
        seats = {s.participant.member_id: s for s in Seat.objects.filter(
            table__round__evening=tonight).select_related("participant")}
        first, second = seats[pair.first_id], seats[pair.second_id]
        assert first.table_id == second.table_id and first.team == second.team


@pytest.mark.parametrize("game, players", [
    ("jokeren", 4), ("jokeren", 3), ("jokeren", 2), ("high_five_1959", 2),
    ("big_five", 4), ("high_five_crowns", 3), ("high_five_tiles", 4), ("high_five_tiles", 2),
])
def test_sample_hands_stay_legal_for_every_variant(game: str, players: int) -> None:
    """The demo's and the load test's matches (a variant per round, 40 rounds and more in a
    load run) are accepted by the engine and finish: they once grew past what 106 cards are
    worth from round 15 on, and the load test's scorekeepers got stuck there."""
    sides = ["Ann", "Bob", "Cor", "Dirk"][:players]
    for variant in range(60):
        result = evaluate({"game": game, "sides": sides, "options": {},
                           "hands": sample_hands(game, sides, variant)})
        assert result["errors"] == [], (variant, result["errors"])
        assert result["finished"], variant


def test_the_demo_scores_a_calloff_as_the_evenings_worst(db: None) -> None:
    """The demo: one competition gives who called off the evening's worst score, and
    members did call off, so the standings show such a score marked "afgemeld"."""
    from tournaments.demo import scores as score_demo
    from tournaments.standings.selectors.standings import season_standings

    club_demo.load(io.StringIO())
    demo.load(io.StringIO())
    score_demo.load(io.StringIO())
    competition = Competition.objects.get(club__slug="harten-vrouw",
                                          rules__absent__notified="worst")
    rows = season_standings(competition).rows
    marked = [(row, e) for row in rows for e, kind in row.absent_kind.items()
              if kind == "notified"]
    assert marked
    row, evening = marked[0]
    scores = [r.per_evening[evening] for r in rows if evening not in r.absent_scores
              and r.per_evening.get(evening) is not None]
    worst = min(scores) if competition.better == "higher" else max(scores)
    assert row.absent_scores[evening] == worst
    prizes = Competition.objects.get(club__slug="harten-vrouw", rules__has_key="prizes")
    assert prizes.rules["prizes"]["booby"] is True


@pytest.mark.parametrize("club", ["harten-vrouw", "ons-genoegen"])
def test_the_klaverjas_club_evening_has_three_boompjes(db: None, club: str) -> None:
    """The demo's latest played klaverjas evening (drawn partners): three rounds (boompjes) of 16
    deals each, every pair's score its players' evening total."""
    from tournaments.demo import scores as score_demo

    club_demo.load(io.StringIO())
    demo.load(io.StringIO())
    score_demo.load(io.StringIO())
    competition = Competition.objects.exclude(rules__has_key="pairs_movement").get(
        club__slug=club, game="klaverjassen")
    played = competition.evenings.filter(status="closed").order_by("-date")
    assert played.count() == 3
    latest = played.first()
    assert latest is not None and latest.rounds.count() == 3
    tables = Table.objects.filter(round__evening=latest)
    assert tables.count() == 3 * 3 and all(t.finished and t.hand_count == 16 for t in tables)


def _pair_tables(evening: Evening, number: dict[int, int]) -> dict[int, dict[int, int]]:
    """Per round: each pair's number and the table it sat at, checking that partners sit
    together (same table, same team, opposite seats) and nobody else is at a table."""
    tables: dict[int, dict[int, int]] = {}
    for round_ in evening.rounds.order_by("number"):
        at: dict[int, int] = {}
        for table in round_.tables.order_by("number"):
            seats = list(table.seats.order_by("position").select_related("participant"))
            assert len(seats) == 4
            pairs = [number[s.participant.member_id] for s in seats]
            assert pairs[0] == pairs[2] and pairs[1] == pairs[3] and pairs[0] != pairs[1]
            assert seats[0].team == seats[2].team != seats[1].team == seats[3].team
            at.update({pairs[0]: table.number, pairs[1]: table.number})
        tables[round_.number] = at
    return tables


def test_the_klaverjas_club_plays_a_koppel_evening(db: None) -> None:
    """Ons Genoegen's koppelklaverjassen: six fixed pairs, last week's evening three boompjes by
    the koppel movement (even pairs stay at their table, odd pairs move one table on), every
    table played, and the standings credit each player with the pair's three boompjes; tonight
    round 1 is drawn by the same movement. A second run changes nothing."""
    from tournaments.demo import scores as score_demo
    from tournaments.standings.selectors.standings import season_standings

    club_demo.load(io.StringIO())
    demo.load(io.StringIO())
    score_demo.load(io.StringIO())
    counts = (Competition.objects.count(), Evening.objects.count(), Table.objects.count(),
              Seat.objects.count(), FixedPair.objects.count())
    demo.load(io.StringIO())
    score_demo.load(io.StringIO())
    assert counts == (Competition.objects.count(), Evening.objects.count(),
                      Table.objects.count(), Seat.objects.count(), FixedPair.objects.count())

    competition = Competition.objects.get(club__slug="ons-genoegen", game="klaverjassen",
                                          rules__pairs_movement=True)
    assert competition.name.startswith("Koppelklaverjassen ")
    pairs = list(FixedPair.objects.filter(competition=competition).order_by("pk"))
    assert len(pairs) == 6
    number = {m: i for i, p in enumerate(pairs, start=1) for m in (p.first_id, p.second_id)}
    assert len(number) == 12  # nobody in two pairs

    played = competition.evenings.get(status="closed")
    assert played.participants.count() == 12
    tables = Table.objects.filter(round__evening=played)
    assert tables.count() == 3 * 3 and all(t.finished and t.hand_count == 16 for t in tables)
    at = _pair_tables(played, number)
    # round 1: table t has pairs 2t - 1 and 2t; then the even pairs stay, the odd ones move on
    assert at[1] == {p: (p + 1) // 2 for p in range(1, 7)}
    for round_number in (2, 3):
        for pair in range(1, 7):
            before = at[round_number - 1][pair]
            assert at[round_number][pair] == (before if pair % 2 == 0 else before % 3 + 1)
    # in three boompjes every odd pair met every even pair once
    met = {(odd, even) for r in at.values() for odd in (1, 3, 5) for even in (2, 4, 6)
           if r[odd] == r[even]}
    assert len(met) == 9

    tonight = competition.evenings.get(date=timezone.localdate())
    assert _pair_tables(tonight, number) == {1: at[1]}

    # the standings: each player the sum of the pair's three boompjes, partners level
    pair_total: dict[int, int] = {}
    for seat in Seat.objects.filter(table__round__evening=played).select_related("participant"):
        pair = number[seat.participant.member_id]
        if seat.position <= 2:  # one seat a pair a table
            pair_total[pair] = pair_total.get(pair, 0) + seat.competition_points
    standings = season_standings(competition)
    assert not standings.errors and [e.pk for e in standings.evenings] == [played.pk]
    assert len(standings.rows) == 12
    by_member = {row.member_id: row for row in standings.rows}
    for member, pair in number.items():
        assert by_member[member].total == pair_total[pair] > 3 * 1400
    totals = [row.total for row in standings.rows]
    assert totals == sorted(totals, reverse=True) and len(set(totals)) == 6
    assert [row.rank for row in standings.rows[:2]] == [1, 1]  # the best pair, both first
