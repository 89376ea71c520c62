"""A member's own results: every evening they played, table by table and hand by hand, and where
they stand in each competition ("Mijn uitslagen").

Reads the stored per-seat integers for places and points; the points of each hand come from the
rules engine's evaluation of the table (``tournaments.shared.matches``), never from a rule of our
own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch

from clubmanager.models import Club
from clubmanager.selectors import own_member_ids
from tournaments.draws.selectors import round_credits
from tournaments.models import Competition, Evening, Hand, Seat, Table
from tournaments.shared.matches import match_view
from tournaments.standings.selectors.live import hidden_evenings
from tournaments.standings.selectors.standings import StandingRow, season_standings


@dataclass(frozen=True)
class PlayerLine:
    name: str
    place: int | None
    points: int
    competition_points: int
    mine: bool


@dataclass(frozen=True)
class HandLine:
    number: int
    points: int | None  # the member's side in this hand; None when the engine gave none
    adjusted: bool


@dataclass(frozen=True)
class TableResult:
    table: Table
    mine: Seat
    players: list[PlayerLine]
    hands: list[HandLine]


@dataclass(frozen=True)
class RoundCredit:
    """A round the member scored by the reglement, not at a table: sat out by the rota
    (``sat_out``), or missed otherwise."""

    round_number: int
    points: int
    sat_out: bool


@dataclass
class EveningResult:
    evening: Evening
    tables: list[TableResult] = field(default_factory=list)
    credits: list[RoundCredit] = field(default_factory=list)


@dataclass(frozen=True)
class CompetitionPlace:
    competition: Competition
    row: StandingRow | None  # None: not in the standings yet (no counting table)
    of: int
    counted: list[Evening] = field(default_factory=list)  # the member's evenings that count
    dropped: list[Evening] = field(default_factory=list)  # played or scored, not counted
    by_average: bool = False  # the season is ranked by the average: show it, not the total
    hidden: bool = False  # tonight's ranking hidden: the place as before tonight (live.py)


@dataclass
class MyResults:
    evenings: list[EveningResult]
    competitions: list[CompetitionPlace]

    @property
    def empty(self) -> bool:
        return not self.evenings


def _hand_lines(table: Table, seats: list[Seat], hands: list[Hand], side: str) -> list[HandLine]:
    view = match_view(table, seats, [(h.data, h.adjusted_points) for h in hands])
    return [HandLine(number=hand.number, points=view.hand_points(position).get(side),
                     adjusted=view.hand_map[position] is None)
            for position, hand in enumerate(hands)]


def my_results(*, club: Club, user: Any) -> MyResults:
    """The logged-in member's results in ``club``: four queries for the evenings, then the
    standings of each competition they played in."""
    members = own_member_ids(club=club, user=user)
    mine = list(
        Seat.objects.filter(participant__member_id__in=members,
                            table__round__evening__competition__club=club,
                            table__round__evening__competition__archived_at__isnull=True)
        .select_related("table__round__evening__competition")
        .prefetch_related(
            Prefetch("table__seats", queryset=Seat.objects.select_related("participant__member")
                     .order_by("position")),
            Prefetch("table__hands", queryset=Hand.objects.order_by("number")),
        )
        .order_by("-table__round__evening__date", "table__round__number")
    )
    evenings: dict[int, EveningResult] = {}
    competitions: dict[int, Competition] = {}
    for seat in mine:
        table = seat.table
        evening = table.round.evening
        competitions[evening.competition_id] = evening.competition
        seats = list(table.seats.all())
        players = [
            PlayerLine(name=s.participant.name, place=s.place, points=s.points,
                       competition_points=s.competition_points,
                       mine=s.participant.member_id in members)
            for s in sorted(seats, key=lambda s: (s.place or 99, s.position))
        ]
        hands = _hand_lines(table, seats, list(table.hands.all()), seat.side)
        evenings.setdefault(evening.pk, EveningResult(evening)).tables.append(
            TableResult(table=table, mine=seat, players=players, hands=hands))
    for competition in competitions.values():  # sit-outs: no query without a sit-out rule
        for credit in round_credits(competition=competition):
            if credit.participant.member_id in members and credit.evening_id in evenings:
                evenings[credit.evening_id].credits.append(
                    RoundCredit(credit.round_number, credit.points, credit.sat_out))
    places = []
    for competition in sorted(competitions.values(), key=lambda c: c.start_date, reverse=True):
        hidden = hidden_evenings(competition)  # no query unless the club hides the ranking
        standings = season_standings(competition, leave_out=hidden)
        by_member = {r.member_id: r for r in standings.rows}
        row = next((by_member[m] for m in members if m in by_member), None)
        dropped = row.dropped if row else set()
        scored = {e for e, v in row.per_evening.items() if v is not None} if row else set()
        places.append(CompetitionPlace(
            competition=competition, row=row, of=sum(1 for r in standings.rows if r.qualified),
            counted=[e for e in standings.evenings if e.pk in scored and e.pk not in dropped],
            dropped=[e for e in standings.evenings if e.pk in dropped],
            by_average=standings.by_average, hidden=bool(hidden)))
    return MyResults(evenings=list(evenings.values()), competitions=places)
