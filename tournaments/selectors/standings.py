"""Standings: a season by the competition's rules, and one evening's results.

Computed from the stored per-seat integers (``Seat.competition_points``, ``Seat.place``) in a
fixed number of queries, whatever the season's size:

1. the competition's evenings;
2. ONE aggregate: per (member, evening) the sum of competition points and the number of table
   wins (place 1), over the tables that count;
3. the names of the members in it.

Which tables count: finished ones, and only confirmed ones when the competition requires
confirmation. Guests are never in the standings. In a team game every seat of a team carries the
team's competition points, so each partner gets them.

Then, in Python, per the competition's rules:

* an evening "played" is one with at least one counting table; a member's evening score is the
  sum of their counting tables that evening;
* absentee rule for a played evening a member missed (only evenings within the member's season,
  i.e. every played evening): ``nothing`` (no score), ``fixed`` (``absent_points``), ``worst``
  (the worst evening score among those who played it), ``average`` (the member's own average
  over the evenings they played, rounded half up to a whole number; nothing if they played
  none);
* counting: ``all`` scores, or the best N (highest or lowest per ``better``), absentee scores
  included;
* qualified: played at least ``min_evenings``; unqualified members are listed after the
  qualified ones, marked, without a rank;
* order: total (per ``better``), then the tie-breaks in ``competition.tiebreaks`` order
  (``evenings`` more played, ``best_evening``, ``wins`` more, ``average``, ``name`` A→Z);
  members equal after every tie-break share a rank (1, 2, 2, 4).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from django.db.models import Count, F, Prefetch, Q, Sum
from django.utils.formats import number_format

from clubmanager.models import Member

from ..models import AbsentRule, Better, Competition, Counting, Evening, Seat, Table


@dataclass
class StandingRow:
    rank: int | None
    member_id: int
    name: str
    member_number: str
    total: int
    evenings_played: int
    counted: list[int]
    qualified: bool
    per_evening: dict[int, int | None]
    wins: int
    best_evening: int | None
    average: Fraction | None
    absent_scores: dict[int, int] = field(default_factory=dict)

    @property
    def average_display(self) -> str:
        if self.average is None:
            return "–"
        return _round_display(self.average)


def _round_display(value: Fraction) -> str:
    """One decimal, rounded half up, with the active language's decimal sign (201,5 in Dutch)."""
    shown = (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        Decimal("0.1"), rounding=ROUND_HALF_UP)
    return number_format(shown, decimal_pos=1)


def round_half_up(value: Fraction) -> int:
    return int((Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        Decimal("1"), rounding=ROUND_HALF_UP))


@dataclass
class Standings:
    competition: Competition
    evenings: list[Evening]
    rows: list[StandingRow]

    @property
    def higher_is_better(self) -> bool:
        return self.competition.better == Better.HIGHER


def _better_key(value: int | Fraction | None, higher: bool) -> tuple[int, Any]:
    """Sort key: best first; None last."""
    if value is None:
        return (1, 0)
    return (0, -value if higher else value)


def season_standings(competition: Competition) -> Standings:
    higher = competition.better == Better.HIGHER
    evenings = list(Evening.objects.filter(competition=competition).order_by("date", "pk"))
    # The confirmation rule is known here: filter on it directly (one join fewer than
    # ``counting_tables_q``, which must also work across competitions).
    counting = Q(table__finished=True)
    if competition.requires_confirmation:
        counting &= Q(table__confirmed_at__isnull=False)
    aggregate = (
        Seat.objects.filter(
            counting,
            table__round__evening__competition=competition,
            participant__member__isnull=False,
        )
        .values_list("participant__member_id", "table__round__evening_id")
        .annotate(points=Sum("competition_points"), wins=Count("pk", filter=Q(place=1)))
        .order_by()
    )
    scores: dict[int, dict[int, int]] = defaultdict(dict)
    wins: dict[int, int] = defaultdict(int)
    played_ids: set[int] = set()
    for member, evening, points, won in aggregate:
        scores[member][evening] = points
        wins[member] += won
        played_ids.add(evening)
    played = [e for e in evenings if e.pk in played_ids]
    played_order = [e.pk for e in played]
    members = {
        pk: (name, number) for pk, name, number in Member.objects.filter(
            pk__in=list(scores)).values_list("pk", "name", "member_number")
    }
    rule = competition.absent_rule
    worst: dict[int, int] = {}
    for evening_id in played_order if rule == AbsentRule.WORST else ():
        values = [s[evening_id] for s in scores.values() if evening_id in s]
        worst[evening_id] = min(values) if higher else max(values)

    rows: list[StandingRow] = []
    for member_id, own in scores.items():
        played_values = list(own.values())
        average = Fraction(sum(played_values), len(played_values)) if played_values else None
        per_evening: dict[int, int | None] = {}
        absent: dict[int, int] = {}
        for evening_id in played_order:
            if evening_id in own:
                per_evening[evening_id] = own[evening_id]
                continue
            value: int | None = None
            if rule == AbsentRule.FIXED:
                value = competition.absent_points
            elif rule == AbsentRule.WORST:
                value = worst[evening_id]
            elif rule == AbsentRule.AVERAGE and average is not None:
                value = round_half_up(average)
            per_evening[evening_id] = value
            if value is not None:
                absent[evening_id] = value
        candidates = [v for v in per_evening.values() if v is not None]
        if competition.counting == Counting.BEST and competition.best_n:
            candidates = sorted(candidates, reverse=higher)[: competition.best_n]
        best = (max if higher else min)(played_values) if played_values else None
        name, number = members[member_id]
        rows.append(StandingRow(
            rank=None, member_id=member_id, name=name,
            member_number=number, total=sum(candidates),
            evenings_played=len(played_values), counted=candidates,
            qualified=len(played_values) >= competition.min_evenings,
            per_evening=per_evening, wins=wins[member_id], best_evening=best,
            average=average, absent_scores=absent,
        ))
    _rank(rows, competition, higher)
    return Standings(competition, played, rows)


def _tiebreak_key(row: StandingRow, name: str, higher: bool) -> Any:
    if name == "evenings":
        return -row.evenings_played
    if name == "best_evening":
        return _better_key(row.best_evening, higher)
    if name == "wins":
        return -row.wins
    if name == "average":
        return _better_key(row.average, higher)
    if name == "name":
        return row.name.casefold()
    return 0


def _rank(rows: list[StandingRow], competition: Competition, higher: bool) -> None:
    tiebreaks = [t for t in (competition.tiebreaks or []) if isinstance(t, str)]

    def key(row: StandingRow) -> tuple[Any, ...]:
        return (_better_key(row.total, higher),
                *(_tiebreak_key(row, t, higher) for t in tiebreaks))

    # Stable presentation order inside a shared rank: by name.
    rows.sort(key=lambda r: (not r.qualified, key(r), r.name.casefold(), r.member_id))
    previous: tuple[Any, ...] | None = None
    rank = 0
    for position, row in enumerate(r for r in rows if r.qualified):
        current = key(row)
        if current != previous:
            rank = position + 1
            previous = current
        row.rank = rank


# -- one evening ------------------------------------------------------------------------------
@dataclass
class OverallRow:
    rank: int
    name: str
    is_guest: bool
    total: int
    tables: int
    wins: int
    member_number: str = ""


@dataclass
class EveningResults:
    evening: Evening
    rounds: list[tuple[Any, list[Table]]]
    overall: list[OverallRow]

    def __iter__(self) -> Any:
        """Iterating gives the overall ranking (what the PDF and exports list)."""
        return iter(self.overall)


def evening_results(evening: Evening) -> EveningResults:
    """Per round and table the seats (points, competition points, place) and the overall
    result per participant over the tables that count (2 queries)."""
    higher = evening.competition.better == Better.HIGHER
    tables = list(
        Table.objects.filter(round__evening=evening)
        .select_related("round")
        .prefetch_related(Prefetch(
            "seats", queryset=Seat.objects.select_related("participant__member")
            .order_by(F("place").asc(nulls_last=True), "position")))  # as a result reads
        .order_by("round__number", "number")
    )
    rounds: dict[int, tuple[Any, list[Table]]] = {}
    totals: dict[int, dict[str, Any]] = {}
    requires = evening.competition.requires_confirmation
    for table in tables:
        rounds.setdefault(table.round_id, (table.round, []))[1].append(table)
        counts = table.finished and (not requires or table.confirmed_at is not None)
        if not counts:
            continue
        for seat in table.seats.all():
            entry = totals.setdefault(seat.participant_id, {
                "name": seat.participant.name, "is_guest": seat.participant.is_guest,
                "member_number": seat.participant.member.member_number
                if seat.participant.member is not None else "",
                "total": 0, "tables": 0, "wins": 0})
            entry["total"] += seat.competition_points
            entry["tables"] += 1
            entry["wins"] += 1 if seat.place == 1 else 0
    ordered = sorted(totals.values(), key=lambda e: (-e["total"] if higher else e["total"],
                                                     e["name"].casefold()))
    overall: list[OverallRow] = []
    for position, entry in enumerate(ordered, start=1):
        same = overall and overall[-1].total == entry["total"]
        overall.append(OverallRow(overall[-1].rank if same else position, **entry))
    return EveningResults(evening, list(rounds.values()), overall)
