"""Build a played season directly in the database (benchmarks and export/import tests).

Tables are seated the way the draw seats them (``matches.assign_sides``) and every hand goes
through the engine (``matches.evaluate_table`` / ``apply_evaluation``), so the stored per-seat
integers are the engine's.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence
from typing import Any

from clubmanager.models import Club, Member
from tournaments.games import sample_hands
from tournaments.models import (
    Competition,
    Evening,
    EveningStatus,
    Hand,
    Participant,
    Round,
    Seat,
    Table,
)
from tournaments.shared.matches import apply_evaluation, assign_sides, evaluate_table


def jokeren_hands(rng: random.Random, sides: Sequence[str]) -> list[dict[str, Any]]:
    """A complete Jokeren match: the game's own sample hands (``tournaments.games``, the same
    the demo and the tests play), a random variant of them per table."""
    return sample_hands("jokeren", sides, rng.randrange(60))


def play_table(table: Table, seats: list[Seat], hands: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Store ``hands`` for a seated table and write the engine's values onto the seats."""
    evaluation = evaluate_table(table, seats, hands)
    if not evaluation["valid"]:
        raise ValueError(evaluation["errors"])
    Hand.objects.bulk_create(
        Hand(table=table, number=n, data=data) for n, data in enumerate(hands, start=1)
    )
    apply_evaluation(table, seats, evaluation)
    Seat.objects.bulk_update(seats, ["points", "competition_points", "place"])
    table.save(update_fields=["hand_count", "finished"])
    return evaluation


def seat_table(round_: Round, participants: Sequence[Participant], number: int,
               **fields: Any) -> tuple[Table, list[Seat]]:
    competition = round_.evening.competition
    table = Table.objects.create(round=round_, number=number, game=competition.game,
                                 options=competition.options, **fields)
    sides = assign_sides(competition.game, [p.name for p in participants])
    seats = Seat.objects.bulk_create(
        Seat(table=table, position=i, participant=p, side=side, team=team)
        for i, (p, (side, team)) in enumerate(zip(participants, sides, strict=True), start=1)
    )
    return table, list(seats)


def build_jokeren_season(
    club: Club, *, evenings: int, members: int, rounds: int, seed: int = 7,
    guests: Sequence[str] = (), name: str = "Seizoen",
) -> Competition:
    """A Jokeren season: everyone plays every evening at tables of four (guests too)."""
    rng = random.Random(seed)
    start = datetime.date(2025, 9, 2)
    competition = Competition.objects.create(
        club=club, name=name, game="jokeren", start_date=start, better="lower"
    )
    existing = {m.member_number for m in Member.objects.filter(club=club)}
    Member.objects.bulk_create(
        Member(club=club, name=f"Speler {i:03d}", member_number=f"B{i:03d}")
        for i in range(1, members + 1) if f"B{i:03d}" not in existing
    )
    people = list(Member.objects.filter(club=club, member_number__startswith="B")
                  .order_by("member_number")[:members])
    for e in range(evenings):
        evening = Evening.objects.create(competition=competition,
                                         date=start + datetime.timedelta(days=7 * e),
                                         status=EveningStatus.CLOSED)
        Participant.objects.bulk_create(
            [Participant(evening=evening, member=m) for m in people]
            + [Participant(evening=evening, guest_name=g) for g in guests]
        )
        participants = list(evening.participants.select_related("member").order_by("pk"))
        for r in range(1, rounds + 1):
            round_ = Round.objects.create(evening=evening, number=r, seed=rng.randrange(10**9))
            order = participants[:]
            rng.shuffle(order)
            for t in range(0, len(order), 4):
                group = order[t:t + 4]
                if len(group) < 2:
                    break
                table, seats = seat_table(round_, group, t // 4 + 1)
                play_table(table, seats, jokeren_hands(rng, [s.side for s in seats]))
    return competition
