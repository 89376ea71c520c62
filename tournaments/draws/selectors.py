"""Reads of the draw: who met whom before, and the tables a round's seed gives.

Drawing a round (``draws/services.py``) and checking a draw afterwards
(``selectors/evenings.draw_check``) ask the same questions, so both read them here; the draw
itself is ``tournaments.draws.draw`` (pure). Players are known across the season by their member id
and a walk-in guest by minus their participant id (:func:`player_key`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from django.db.models import BooleanField, ExpressionWrapper, Q

from tournaments.draws import draw as drawing
from tournaments.draws import rota
from tournaments.games import site_game
from tournaments.models import Competition, Evening, FixedPair, Participant, Round, Seat, SitOut
from tournaments.shared.sit_out_rules import SitOutRule, pairs_movement, sit_out_rule

History = dict[frozenset[int], int]
SatOut = tuple[dict[int, int], dict[int, int]]  # player -> sit-outs this evening, this season


def player_key(participant: Participant) -> int:
    """Members by member id (the same across the season); guests by minus their participant id."""
    return participant.member_id if participant.member_id else -participant.pk


def draw_history(*, evening: Evening, exclude_round: Round | None = None,
                 before: Round | None = None) -> dict[str, History]:
    """Who met whom earlier this evening and this season, and who partnered whom (one query).
    With ``before``, only the rounds drawn before that one (created earlier) count: what its
    draw saw, for checking it afterwards."""
    seats = Seat.objects.filter(table__round__evening__competition_id=evening.competition_id)
    if before is not None:
        seats = seats.filter(table__round__pk__lt=before.pk)
    rows = (
        seats.exclude(table__round=exclude_round)
        .values_list(
            "table_id", "table__round__evening_id", "participant_id", "participant__member_id",
            "team",
        )
    )
    tables: dict[int, list[tuple[int, int | None]]] = defaultdict(list)
    table_evening: dict[int, int] = {}
    for table_id, evening_id, participant_id, member_id, team in rows:
        tables[table_id].append((member_id or -participant_id, team))
        table_evening[table_id] = evening_id
    met_evening: History = {}
    met_season: History = {}
    partners: History = {}
    for table_id, seated in tables.items():
        target = met_evening if table_evening[table_id] == evening.pk else met_season
        for i in range(len(seated)):
            for j in range(i + 1, len(seated)):
                key = drawing.pair(seated[i][0], seated[j][0])
                target[key] = target.get(key, 0) + 1
                if seated[i][1] is not None and seated[i][1] == seated[j][1]:
                    partners[key] = partners.get(key, 0) + 1
    return {"met_evening": met_evening, "met_season": met_season, "partners_season": partners}


def sit_out_history(*, evening: Evening, exclude_round: Round | None = None,
                    before: Round | None = None) -> SatOut:
    """How often each player sat out this evening and this season (the season's count holds
    the evening's), leaving out ``exclude_round``; with ``before``, only the rounds drawn before
    it (one query)."""
    rows = SitOut.objects.filter(round__evening__competition_id=evening.competition_id)
    if before is not None:
        rows = rows.filter(round__pk__lt=before.pk)
    if exclude_round is not None:
        rows = rows.exclude(round=exclude_round)
    this_evening: Counter[int] = Counter()
    season: Counter[int] = Counter()
    for evening_id, participant_id, member_id in rows.values_list(
            "round__evening_id", "participant_id", "participant__member_id"):
        key = member_id or -participant_id
        season[key] += 1
        if evening_id == evening.pk:
            this_evening[key] += 1
    return dict(this_evening), dict(season)


@dataclass(frozen=True)
class DrawnRound:
    """What a round's seed gives: the table sizes, the player keys per table (seat order) and
    who sits out."""

    sizes: list[int]
    tables: list[list[int]]
    sitting_out: list[int]


def drawn_tables(round_: Round, participants: list[Participant], *,
                 history: dict[str, History], sat_out: SatOut) -> DrawnRound:
    """The tables the seeded draw gives these participants: what drawing a round stores, and
    what checking a draw afterwards recomputes. A game played only at full tables leaves the
    rest sitting out by the rota; fixed pairs under the koppel movement take their tables
    first (``draws/rota.py``)."""
    competition = round_.evening.competition
    game = site_game(competition.game)
    keys = sorted(player_key(p) for p in participants)
    present = set(keys)
    fixed = [
        (a, b) for a, b in FixedPair.objects.filter(competition=competition).order_by("pk")
        .values_list("first_id", "second_id")
    ]
    pairs = [(a, b) for a, b in fixed if a in present and b in present]
    moved: list[list[int]] = []
    if game.team_game and pairs_movement(competition.rules):
        moved, _out = rota.movement(pairs, round_.number)
        seated = {k for table in moved for k in table}
        keys = [k for k in keys if k not in seated]
        pairs = [p for p in pairs if p[0] not in seated]
    sizes, out = _sizes_and_sit_outs(round_, competition, keys, pairs, sat_out)
    playing = [k for k in keys if k not in out]
    tables = drawing.draw(
        playing, sizes, round_.seed, fixed_pairs=pairs, team_tables=game.team_game, **history,
    ) if playing else []
    return DrawnRound([4] * len(moved) + sizes, moved + tables, sorted(out))


def _sizes_and_sit_outs(round_: Round, competition: Competition, keys: list[int],
                        pairs: list[tuple[int, int]], sat_out: SatOut
                        ) -> tuple[list[int], list[int]]:
    game = site_game(competition.game)
    fixed_size = rota.is_fixed_size(game.table_range)
    if fixed_size and len(keys) < game.table_range[0] or len(keys) < 2 and keys:
        return [], list(keys)  # too few left for a table (beside the movement's): all sit out
    if not keys:
        return [], []
    sizes = drawing.table_sizes(game, len(keys), competition.table_min, competition.table_max)
    out = rota.sit_outs(keys, len(keys) - sum(sizes), round_.seed, *sat_out, pairs=pairs)
    return sizes, out


@dataclass(frozen=True)
class Credit:
    """A round's score from the reglement, not from a table: for sitting out by the rota, or
    for a round missed otherwise (``shared/sit_out_rules.py``)."""

    evening_id: int
    round_number: int
    participant: Participant
    points: int
    sat_out: bool  # False: a round missed otherwise


def _sit_out_score(rule: SitOutRule, scores: list[int], sweep: int | None) -> int | None:
    """The fixed sit-out score, or the round's average per player (rounded half up; None while
    no table of the round counts), plus the game's best deal when the reglement gives it (a
    mars, valued by the engine: ``sweep``)."""
    extra = sweep or 0
    if rule.fixed is not None:
        return rule.fixed + extra
    if rule.average:
        return (2 * sum(scores) + len(scores)) // (2 * len(scores)) + extra if scores else None
    return sweep


def round_credits(*, competition: Competition, evening: Evening | None = None) -> list[Credit]:
    """The reglement's round scores of the competition's (or one evening's) drawn rounds: a
    sit-out gets the fixed score or the round's average per player over its counting tables
    (none while no table counts), and a mars on top when the reglement says so; someone
    checked in, neither seated nor sitting out, gets the
    score for a round missed otherwise. No query without such a rule, else four."""
    rule = sit_out_rule(competition.rules)
    if not rule.scores:
        return []
    sweep = site_game(competition.game).sweep_points(competition.options) if rule.sweep else None
    scope = Q(evening=evening) if evening is not None else Q(evening__competition=competition)
    rounds = list(Round.objects.filter(scope).order_by("evening_id", "number"))
    counting = Q(table__finished=True)
    if competition.requires_confirmation:
        counting &= Q(table__confirmed_at__isnull=False)
    seated: dict[int, set[int]] = defaultdict(set)
    points: dict[int, list[int]] = defaultdict(list)
    for round_id, participant_id, score, counts in Seat.objects.filter(
            table__round__in=rounds).annotate(
            counts=ExpressionWrapper(counting, output_field=BooleanField())).values_list(
            "table__round_id", "participant_id", "competition_points", "counts"):
        seated[round_id].add(participant_id)
        if counts:
            points[round_id].append(score)
    sitting = set(SitOut.objects.filter(round__in=rounds).values_list("round_id",
                                                                      "participant_id"))
    people: dict[int, list[Participant]] = defaultdict(list)
    for participant in Participant.objects.filter(
            evening_id__in={r.evening_id for r in rounds}).select_related("member"):
        people[participant.evening_id].append(participant)
    credits = []
    for round_ in rounds:
        for participant in people[round_.evening_id]:
            if participant.pk in seated[round_.pk]:
                continue
            sat = (round_.pk, participant.pk) in sitting
            due = _sit_out_score(rule, points[round_.pk], sweep) if sat else rule.missed
            if due is not None:
                credits.append(Credit(round_.evening_id, round_.number, participant, due, sat))
    return credits
