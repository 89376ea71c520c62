"""The load test's side inside the server's environment (``benchmarks/load.py``): run as
``python -m benchmarks.load seed|verify`` with the run's ``DATABASE_URL``.

``seed`` fills the fresh database: a club with one Jokeren evening, its members, rounds, tables
and seats, and one user with the scorekeeper role per client. ``verify`` checks what the
scorekeepers left against what they were told was saved.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PASSWORD = "load-test-password-1234"  # noqa: S105 - throw-away database
CLUB = "belasting"


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubmanager.project.settings")
    import django

    django.setup()


def seed(clients: int, rounds: int, out: Path) -> None:
    setup_django()
    import datetime

    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from clubmanager.models import Club, ClubRole, Member, Role
    from tournaments.models import Competition, Evening, Participant, Round, Seat, Table
    from tournaments.shared.matches import assign_sides

    club = Club.objects.create(name="Belasting", slug=CLUB)
    hashed = make_password(PASSWORD)
    User = get_user_model()
    users = User.objects.bulk_create(
        User(username=f"schrijver{i:02d}", password=hashed) for i in range(clients))
    ClubRole.objects.bulk_create(
        ClubRole(user=u, club=club, role=Role.SCOREKEEPER) for u in users)
    members = Member.objects.bulk_create(
        Member(club=club, name=f"Speler {i:03d}", member_number=f"L{i:03d}")
        for i in range(4 * clients))
    competition = Competition.objects.create(
        club=club, name="Jokeren", game="jokeren", start_date=datetime.date(2026, 9, 1),
        better="lower")
    evening = Evening.objects.create(competition=competition, date=datetime.date(2026, 9, 8),
                                     status="playing")
    people = Participant.objects.bulk_create(
        Participant(evening=evening, member=m) for m in members)
    plan: dict[str, Any] = {"users": [u.username for u in users], "tables": []}
    for r in range(1, rounds + 1):
        round_ = Round.objects.create(evening=evening, number=r, seed=r)
        tables = Table.objects.bulk_create(
            Table(round=round_, number=n + 1, game="jokeren", options={})
            for n in range(clients))
        seats = []
        for n, table in enumerate(tables):
            # a different foursome every round
            group = [people[(4 * n + k * (r * 4 + 1)) % len(people)] for k in range(4)]
            if len({p.pk for p in group}) < 4:
                group = people[4 * n: 4 * n + 4]
            sides = assign_sides("jokeren", [p.member.name for p in group])
            seats += [Seat(table=table, position=i, participant=p, side=side, team=team)
                      for i, (p, (side, team)) in enumerate(zip(group, sides, strict=True), 1)]
        Seat.objects.bulk_create(seats)
        plan["tables"].append([t.pk for t in tables])
    out.write_text(json.dumps(plan))


@dataclass
class Tally:
    """What :func:`verify` found so far."""

    problems: list[str] = field(default_factory=list)
    stored: int = 0
    unacknowledged_stored: int = 0  # sent, stored, answer lost: not a loss
    expected_totals: dict[int, int] = field(default_factory=lambda: defaultdict(int))


def verify(acks_path: Path) -> None:
    setup_django()
    from tournaments.models import Competition, Table
    from tournaments.standings.selectors.standings import season_standings

    acks = json.loads(acks_path.read_text())
    sent: dict[int, dict[int, Any]] = defaultdict(dict)
    for table, number, data in acks["acknowledged"]:
        sent[table][number] = data
    attempted = {(t, n): d for t, n, d in acks["attempted"]}
    tally = Tally()
    # every club's tables: the database is the run's own (one club, or the live test's many);
    # by 100, as SQLite refuses a prefetch of thousands of ids ("expression tree is too large")
    ids = list(Table.objects.order_by("pk").values_list("pk", flat=True))
    tables = (table for start in range(0, len(ids), 100) for table in Table.objects.filter(
        pk__in=ids[start:start + 100]).prefetch_related("seats__participant__member", "hands"))
    for table in tables:
        hands = sorted(table.hands.all(), key=lambda h: h.number)
        _check_hands(table, hands, sent.get(table.pk, {}), attempted, tally)
        _check_seats(table, hands, tally)
    standings = {row.member_id: row.total for competition in Competition.objects.all()
                 for row in season_standings(competition).rows}
    expected_totals = tally.expected_totals
    if standings != dict(expected_totals):
        diff = {k: (standings.get(k), expected_totals.get(k))
                for k in set(standings) | set(expected_totals)
                if standings.get(k) != expected_totals.get(k)}
        tally.problems.append(f"standings differ from the recomputation for {len(diff)} "
                              f"members: {list(diff.items())[:5]}")
    print(json.dumps({
        "acknowledged": len(acks["acknowledged"]), "stored": tally.stored,
        "unacknowledged_stored": tally.unacknowledged_stored, "standings_rows": len(standings),
        "problems": tally.problems[:50], "problem_count": len(tally.problems),
    }))


def _check_hands(table: Any, hands: list[Any], sent: dict[int, Any],
                 attempted: dict[tuple[int, int], Any], tally: Tally) -> None:
    """Every acknowledged hand stored as sent, and no hand stored that was not sent."""
    problems = tally.problems
    tally.stored += len(hands)
    numbers = [h.number for h in hands]
    if numbers != list(range(1, len(hands) + 1)):
        problems.append(f"table {table.pk}: hand numbers {numbers}")
    by_number = {h.number: h.data for h in hands}
    for number, data in sent.items():
        if by_number.get(number) != data:
            problems.append(f"table {table.pk} hand {number}: acknowledged {data}, "
                            f"stored {by_number.get(number)}")
    for number, data in by_number.items():
        if number not in sent:
            if attempted.get((table.pk, number)) == data:
                tally.unacknowledged_stored += 1  # sent, stored, answer lost: not a loss
            else:
                problems.append(f"table {table.pk} hand {number}: stored but never sent")


def _check_seats(table: Any, hands: list[Any], tally: Tally) -> None:
    """Each seat's stored integers equal a fresh evaluation of the table's hands."""
    from tournaments.shared.matches import evaluate_table, places_from_ranking

    seats = sorted(table.seats.all(), key=lambda s: s.position)
    evaluation = evaluate_table(table, seats, [h.data for h in hands])
    places = places_from_ranking(evaluation["ranking"]) if hands else {}
    for seat in seats:
        want = (evaluation["totals"].get(seat.side, 0),
                evaluation["competition_points"].get(seat.side, 0),
                places.get(seat.side) if hands else None)
        got = (seat.points, seat.competition_points, seat.place)
        if want != got:
            tally.problems.append(f"table {table.pk} seat {seat.position}: stored {got}, "
                                  f"engine {want}")
        if evaluation["finished"]:
            tally.expected_totals[seat.participant.member_id] += want[1]
    if bool(evaluation["finished"]) != table.finished or table.hand_count != len(hands):
        tally.problems.append(f"table {table.pk}: finished/hand_count out of step")
