"""Fixtures for the tournaments app: a competition per game and tables seated directly.

``make_competition(club, game, **fields)`` creates a competition with the game's default
standings direction; ``make_evening(competition, members=None, guests=())`` checks people in;
``seat_table(round, participants, number=1)`` seats them at a new table the way the draw does
(the engine's sides via ``tournaments.shared.matches.assign_sides``).
"""

import datetime
import itertools
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from scoring import GAMES
from tournaments.models import (
    Competition,
    Evening,
    EveningStatus,
    Participant,
    Round,
    Seat,
    Table,
)
from tournaments.shared.matches import assign_sides

_dates = itertools.count(0)


@pytest.fixture
def make_competition(db: None) -> Callable[..., Competition]:
    def make(club: Any, game: str = "jokeren", **fields: Any) -> Competition:
        fields.setdefault("name", f"{GAMES[game].name} {next(_dates)}")
        fields.setdefault("start_date", datetime.date(2026, 9, 1))
        fields.setdefault("better", GAMES[game].better)
        return Competition.objects.create(club=club, game=game, **fields)

    return make


@pytest.fixture
def make_evening(db: None) -> Callable[..., Evening]:
    def make(
        competition: Competition,
        members: Sequence[Any] = (),
        guests: Sequence[str] = (),
        status: str = EveningStatus.PLAYING,
        date: datetime.date | None = None,
    ) -> Evening:
        date = date or competition.start_date + datetime.timedelta(days=7 * next(_dates))
        evening = Evening.objects.create(competition=competition, date=date, status=status)
        for member in members:
            Participant.objects.create(evening=evening, member=member)
        for guest in guests:
            Participant.objects.create(evening=evening, guest_name=guest)
        return evening

    return make


@pytest.fixture
def seat_table(db: None) -> Callable[..., Table]:
    def seat(
        round_: Round, participants: Sequence[Participant], number: int = 1, **fields: Any
    ) -> Table:
        competition = round_.evening.competition
        table = Table.objects.create(
            round=round_, number=number, game=competition.game,
            options=competition.options, **fields,
        )
        sides = assign_sides(competition.game, [p.name for p in participants])
        Seat.objects.bulk_create(
            Seat(table=table, position=i, participant=p, side=side, team=team)
            for i, (p, (side, team)) in enumerate(zip(participants, sides, strict=True), start=1)
        )
        return table

    return seat


@pytest.fixture
def make_round(db: None) -> Callable[..., Round]:
    def make(evening: Evening, number: int | None = None, seed: int = 12345) -> Round:
        number = number or evening.rounds.count() + 1
        return Round.objects.create(evening=evening, number=number, seed=seed)

    return make


@pytest.fixture
def play_big_five(make_member: Any, make_competition: Any, make_evening: Any, make_round: Any,
                  seat_table: Any, scorekeeper_user: Any) -> Callable[..., dict[str, Any]]:
    """A Big Five evening of the club's members with these names, its one table played out
    (the game's sample hands): {"competition", "evening", "table", "members"}."""
    from tournaments.entry.services.scores import HandChange, hand_add
    from tournaments.games import sample_hands
    from tournaments.shared.matches import sides_of

    def play(club: Any, names: Sequence[str]) -> dict[str, Any]:
        members = [make_member(club, name=n) for n in names]
        competition = make_competition(club, "big_five")
        evening = make_evening(competition, members)
        table = seat_table(make_round(evening), list(evening.participants.all()))
        for version, hand in enumerate(sample_hands("big_five", sides_of(table.seats.all()))):
            hand_add(table=table, by=scorekeeper_user,
                     change=HandChange(data=hand, expected_version=version))
        return {"competition": competition, "evening": evening, "table": table,
                "members": members}

    return play
