"""Standings: a season by the competition's rules, and one evening's results.

The counting rules are the rules engine's (``scoring.standings``, contract
``../shared/rules/season.md``; the stored reglement: ``tournaments/shared/season_rules.py``).
Here is the query work, in a fixed number of queries whatever the season's size:

1. the competition's evenings;
2. ONE aggregate: per (member, evening) the sum of competition points and the number of table
   wins (place 1), over the tables that count;
3. the call-offs ("afgemeld"): each evening's ``notified`` list;
4. the names of the members in it.

Which tables count: finished ones, and only confirmed ones when the competition requires
confirmation. Guests are never in the standings. In a team game every seat of a team carries the
team's competition points, so each partner gets them. A member's evening score is the sum of
their counting tables that evening; the engine gets those scores and answers the ranking, what
counts, the absence scores and who qualifies, and the pages show what it answers.
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
from scoring import standings as engine_standings
from tournaments.draws.selectors import round_credits
from tournaments.models import Better, CallOff, Competition, Evening, Seat, Table
from tournaments.shared.season_rules import engine_rules


@dataclass
class StandingRow:
    rank: int | None
    member_id: int
    name: str
    member_number: str
    total: int
    evenings_played: int
    counted: list[int]  # the counted scores, in evening order
    qualified: bool
    per_evening: dict[int, int | None]
    wins: int
    best_evening: int | None
    average: Fraction | None  # over the counted evenings, exactly (the engine's average)
    absent_scores: dict[int, int] = field(default_factory=dict)
    absent_kind: dict[int, str] = field(default_factory=dict)  # "notified" / "unnotified"
    dropped: set[int] = field(default_factory=set)  # evenings with a score that does not count
    needed: int = 0  # evenings still to play to qualify
    periods: list[dict[str, Any]] | None = None

    @property
    def notified_evenings(self) -> set[int]:
        """The evenings of an absence score for which the member called off."""
        return {e for e, kind in self.absent_kind.items() if kind == "notified"}

    @property
    def scored(self) -> int:
        """The evenings the member has a score for (played, or an absence score)."""
        return sum(1 for v in self.per_evening.values() if v is not None)

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


@dataclass
class Standings:
    competition: Competition
    evenings: list[Evening]  # the played evenings that count, in order: a column each
    rows: list[StandingRow]
    errors: list[dict[str, Any]] = field(default_factory=list)  # the engine's, if it refused
    periods: list[list[int]] = field(default_factory=list)  # evening ids per period

    @property
    def higher_is_better(self) -> bool:
        return self.competition.better == Better.HIGHER

    @property
    def by_average(self) -> bool:
        """Ranked by the average over the counted evenings: then the average is the figure a
        member looks for first (the page, the TV), the total comes after."""
        return (self.competition.rules or {}).get("rank_by") == "average"

    @property
    def drops(self) -> bool:
        """Some member has a score that does not count (best N, drop K, periods)."""
        return any(row.dropped for row in self.rows)


@dataclass
class _Scores:
    scores: dict[int, dict[int, int]]  # evening -> member -> score
    wins: dict[int, dict[int, int]]  # evening -> member -> tables won


def _evening_scores(competition: Competition) -> _Scores:
    """The one aggregate: per (member, evening) the points and wins of the counting tables."""
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
    found = _Scores(defaultdict(dict), defaultdict(dict))
    for member, evening, points, won in aggregate:
        found.scores[evening][member] = points
        found.wins[evening][member] = won
    for credit in round_credits(competition=competition):  # sit-outs, rounds missed
        member = credit.participant.member_id
        if member is not None:
            found.scores[credit.evening_id][member] = (
                found.scores[credit.evening_id].get(member, 0) + credit.points)
    return found


def member_key(pk: int, name: str) -> str:
    """The engine's name for a member: their name, then their id, so that two members with the
    same name stay two, and A→Z still reads by name."""
    return f"{name}\x00{pk:012d}"


@dataclass
class _Season:
    """What the standings are computed from (``_season_data``: 4 queries)."""

    evenings: list[Evening]
    found: _Scores
    notified: dict[int, list[int]]  # evening -> members who called off
    members: dict[int, tuple[str, str]]  # every member with a score or a call-off: name, number


def _season_data(competition: Competition, leave_out: frozenset[int]) -> _Season:
    """``leave_out``: evenings as if not there yet (a live ranking hidden: live.py)."""
    evenings = [e for e in Evening.objects.filter(competition=competition).order_by("date", "pk")
                if e.pk not in leave_out]
    found = _evening_scores(competition)
    for pk in leave_out:
        found.scores.pop(pk, None)
        found.wins.pop(pk, None)
    notified: dict[int, list[int]] = defaultdict(list)
    for evening_id, member_id in CallOff.objects.filter(
            evening__competition=competition).values_list("evening_id", "member_id"):
        if evening_id not in leave_out:
            notified[evening_id].append(member_id)
    member_ids = {m for scores in found.scores.values() for m in scores}
    member_ids |= {m for called in notified.values() for m in called}
    members = {pk: (name, number) for pk, name, number in Member.objects.filter(
        pk__in=member_ids).values_list("pk", "name", "member_number")}
    return _Season(evenings, found, notified, members)


def season_standings(competition: Competition,
                     leave_out: frozenset[int] = frozenset()) -> Standings:
    """The season's standings under the competition's reglement; without the evenings in
    ``leave_out`` (an evening whose live ranking is hidden: the standings as before it)."""
    return _ranked(competition, _season_data(competition, leave_out), every_evening=False)


def has_champion(competition: Competition) -> bool:
    """The reglement has a points champion beside the standings (``rules["champion"]``)."""
    return isinstance(competition.rules, dict) and competition.rules.get("champion") is True


def season_and_champion(competition: Competition, leave_out: frozenset[int] = frozenset()
                        ) -> tuple[Standings, Standings | None]:
    """The standings, and the points champion's ranking when the reglement has one: everyone's
    total over every evening played, also those that do not count, ranked by the engine under
    its plainest rules (all evenings, by total, no absence scores, no minimum). From the same
    queries as the standings alone; ``leave_out`` as for :func:`season_standings`."""
    data = _season_data(competition, leave_out)
    champion = _ranked(competition, data, every_evening=True) if has_champion(
        competition) else None
    return _ranked(competition, data, every_evening=False), champion


def _ranked(competition: Competition, data: _Season, every_evening: bool) -> Standings:
    evenings, found, members = data.evenings, data.found, data.members
    counts = {e.pk: every_evening or e.counts for e in evenings}
    # The season's members: who played or called off on an evening the standings use (one
    # that counts and was played), so that a member who only called off is ranked too.
    used = [e.pk for e in evenings if counts[e.pk] and found.scores.get(e.pk)]
    notified = {} if every_evening else {
        pk: data.notified[pk] for pk in used if data.notified.get(pk)}
    season = {m for pk in used for m in found.scores[pk]}
    season |= {m for called in notified.values() for m in called}
    keys = {pk: member_key(pk, name) for pk, (name, _number) in members.items()}
    stored = {} if every_evening else competition.rules
    rules = engine_rules(stored, competition.better, [(str(e.pk), e.date) for e in evenings])
    # Table wins only when a tie-break asks for them: the engine checks every number it gets.
    tiebreaks = rules.get("tiebreaks") if isinstance(rules, dict) else None
    wins = isinstance(tiebreaks, list) and "wins" in tiebreaks
    document = {"rules": rules, "evenings": [{
        "id": str(e.pk), "counts": counts[e.pk],
        "scores": {keys[m]: v for m, v in found.scores.get(e.pk, {}).items()},
        **({"wins": {keys[m]: v for m, v in found.wins.get(e.pk, {}).items()}} if wins else {}),
        **({"notified": sorted(keys[m] for m in notified[e.pk])} if notified.get(e.pk) else {}),
    } for e in evenings], "members": sorted(keys[m] for m in season)}
    result = engine_standings(document)
    played = [e for e in evenings if counts[e.pk] and found.scores.get(e.pk)]
    by_key = {key: pk for pk, key in keys.items()}
    ids = {str(e.pk): e.pk for e in evenings}
    higher = competition.better == Better.HIGHER
    minimum = stored.get("min_played", 0) if isinstance(stored, dict) else 0
    rows = [_row(raw, by_key[raw["member"]], members[by_key[raw["member"]]], found, ids, higher,
                 minimum if isinstance(minimum, int) else 0)
            for raw in result["rows"]]
    periods = rules.get("periods") if isinstance(rules, dict) else None
    groups = [[int(i) for i in group] for group in periods["periods"]] if isinstance(
        periods, dict) else []
    return Standings(competition, played, rows, result["errors"], groups)


_NONE: dict[int, int] = {}


def _row(raw: dict[str, Any], pk: int, member: tuple[str, str], found: _Scores,
         ids: dict[str, int], higher: bool, minimum: int) -> StandingRow:
    """The engine's row, by evening id, with what the pages show beside it."""
    name, number = member
    per_evening: dict[int, int | None] = {}
    absent: dict[int, int] = {}
    kind: dict[int, str] = {}
    counted: list[int] = []
    dropped: set[int] = set()
    own: list[int] = []
    wins = 0
    for evening_id, entry in raw["evenings"].items():
        evening = ids[evening_id]
        score = per_evening[evening] = entry["score"]
        if entry["absent"] is not None and score is not None:
            absent[evening] = score
            kind[evening] = entry["absent"]
        if entry["counted"]:
            counted.append(score)
        elif score is not None:
            dropped.add(evening)
        own_score = found.scores.get(evening, _NONE).get(pk)
        if own_score is not None:
            own.append(own_score)
            wins += found.wins[evening].get(pk, 0)
    return StandingRow(
        rank=raw["rank"], member_id=pk, name=name, member_number=number, total=raw["total"],
        evenings_played=raw["played"], counted=counted, qualified=raw["qualified"],
        per_evening=per_evening, wins=wins,
        best_evening=(max if higher else min)(own) if own else None,
        average=Fraction(sum(counted), len(counted)) if counted else None,
        absent_scores=absent, absent_kind=kind, dropped=dropped,
        needed=max(0, minimum - raw["played"]), periods=raw["periods"])


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
    # The reglement's round scores in the total: (round, points, sat out by the rota; False:
    # a round missed otherwise), so the row says why it has points without a table.
    credits: list[tuple[int, int, bool]] = field(default_factory=list)


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
    result per participant over the tables that count, plus the reglement's round scores for
    sitting out (2 queries; 6 with a sit-out rule)."""
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
    for credit in round_credits(competition=evening.competition, evening=evening):
        person = credit.participant
        entry = totals.setdefault(person.pk, {
            "name": person.name, "is_guest": person.is_guest,
            "member_number": person.member.member_number if person.member is not None else "",
            "total": 0, "tables": 0, "wins": 0})
        entry["total"] += credit.points
        entry.setdefault("credits", []).append((credit.round_number, credit.points,
                                                credit.sat_out))
    ordered = sorted(totals.values(), key=lambda e: (-e["total"] if higher else e["total"],
                                                     e["name"].casefold()))
    overall: list[OverallRow] = []
    for position, entry in enumerate(ordered, start=1):
        same = overall and overall[-1].total == entry["total"]
        overall.append(OverallRow(overall[-1].rank if same else position, **entry))
    return EveningResults(evening, list(rounds.values()), overall)
