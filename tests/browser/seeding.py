"""Big seasons for the screen tests, written in bulk (thousands of rows)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from clubmanager.models import Member
from tournaments.models import Evening, Participant, Round, Seat, Table


def seed_round(evening: Evening, members: Sequence[Member], *, per_table: int,
               points: Callable[[int], int], finished: bool = True) -> None:
    """Everyone in ``members`` plays one round of ``evening`` at tables of ``per_table`` in the
    order given; the ``i``-th scores ``points(i)`` and takes their place at the table."""
    people = Participant.objects.bulk_create(
        Participant(evening=evening, member=member) for member in members)
    round_ = Round.objects.create(evening=evening, number=1, seed=1)
    tables = Table.objects.bulk_create(
        Table(round=round_, number=n + 1, game=evening.competition.game, finished=finished,
              hand_count=int(finished))
        for n in range((len(people) + per_table - 1) // per_table))
    Seat.objects.bulk_create(
        Seat(table=tables[i // per_table], position=i % per_table + 1, participant=person,
             side=person.name, points=points(i), competition_points=points(i),
             place=i % per_table + 1)
        for i, person in enumerate(people))
