"""The tournaments demo loader: a competition per game per club, tonight drawn, idempotent."""

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
    assert counts[0] == 2 * len(GAMES)
    assert set(Competition.objects.values_list("game", flat=True)) == set(GAMES)
    # named as a Dutch club knows the games: the three High Fives told apart in Dutch
    names = {name.rsplit(" ", 1)[0] for name in Competition.objects.values_list("name", flat=True)}
    assert names == {"Amerikaans Jokeren", "Big Five", "High Five (kaartspel, teams)",
                     "High Five (Frans, kronen)", "HIGH FIVE! (tegelspel)", "Klaverjassen"}
    for evening in Evening.objects.filter(date=timezone.localdate()):
        assert evening.status == "playing"
        assert evening.participants.count() >= 16
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
    """Issue 23's demo: one competition gives who called off the evening's worst score, and
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


def test_the_klaverjas_club_evening_has_three_boompjes(db: None) -> None:
    """The demo's latest played klaverjas evening: three rounds (boompjes) of 16 deals each, every
    pair's score its players' evening total."""
    from tournaments.demo import scores as score_demo

    club_demo.load(io.StringIO())
    demo.load(io.StringIO())
    score_demo.load(io.StringIO())
    competition = Competition.objects.get(club__slug="harten-vrouw", game="klaverjassen")
    played = competition.evenings.filter(status="closed").order_by("-date")
    assert played.count() == 3
    latest = played.first()
    assert latest is not None and latest.rounds.count() == 3
    tables = Table.objects.filter(round__evening=latest)
    assert tables.count() == 3 * 3 and all(t.finished and t.hand_count == 16 for t in tables)
