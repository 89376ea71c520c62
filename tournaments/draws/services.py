"""Writes: drawing rounds, redrawing, swapping seats and seating late arrivals.

Players are identified across the season by their member id; a walk-in guest is only known
within the evening (negative participant id, so never equal to a member id). The draw itself is
``tournaments.draws.draw`` (pure) and what it is fed is read by ``draws/selectors.py``; here we
store the seed and create the tables, each a match of the competition's game with its options,
and the seats via the engine bridge.

Late arrival (the issue left the rule open): the newcomer joins the smallest table of the round
that has no scores yet and still has room (fewest earlier meetings first). When every such table
is full, a table that can spare a player without going below the smallest size gives one (its
last seat) and the two form a new table. When neither is possible the late arrival is refused
with a message: they are checked in, so the next round's draw seats them.
"""

from __future__ import annotations

import secrets

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max, QuerySet
from django.utils.translation import gettext as _

from tournaments.draws import draw as drawing
from tournaments.draws.selectors import draw_history, drawn_tables, player_key, sit_out_history
from tournaments.entry.services.table_codes import table_codes_issue
from tournaments.games import site_game
from tournaments.models import (
    Evening,
    EveningStatus,
    Hand,
    Participant,
    Round,
    Seat,
    SitOut,
    Table,
)
from tournaments.models.stamps import stamp_evening
from tournaments.shared.guards import evening_ensure_open
from tournaments.shared.matches import assign_sides


def new_seed() -> int:
    return secrets.randbits(48)


def _lock_tables(tables: QuerySet[Table]) -> None:
    """Row-lock tables before checking them for scores (PostgreSQL: a first hand being saved
    commits before, or waits until after, the re-seating; SQLite has one writer anyway)."""
    list(tables.select_for_update().values_list("pk", flat=True))


def _tables_with_scores(round_: Round) -> set[int]:
    started = set(round_.tables.filter(hand_count__gt=0).values_list("pk", flat=True))
    started |= set(
        Hand.objects.filter(table__round=round_).values_list("table_id", flat=True).distinct()
    )
    return started


def _seat(table: Table, participants: list[Participant], *, new: bool = False) -> None:
    """(Re)create the seats of an unscored table in the given order. Re-seating bumps the
    table's version: a score form rendered for the old seating is refused as "changed" (see
    services.scores); a ``new`` table starts at version 0."""
    if not new:
        Table.objects.filter(pk=table.pk).update(version=F("version") + 1)
    table.seats.all().delete()
    roles = (table.first_dealer, table.scorekeeper)
    if table.first_dealer > len(participants) or table.scorekeeper > len(participants):
        table.first_dealer, table.scorekeeper = drawing.table_roles(
            table.round.seed + table.number, [len(participants)]
        )[0]
    table.scorekeeper = drawing.member_scorekeeper(
        table.scorekeeper, table.first_dealer, [p.member_id is not None for p in participants]
    )
    if (table.first_dealer, table.scorekeeper) != roles:
        table.save(update_fields=["first_dealer", "scorekeeper"])
    sides = assign_sides(table.game, [p.name for p in participants])
    Seat.objects.bulk_create(
        Seat(table=table, position=i, participant=p, side=side, team=team)
        for i, (p, (side, team)) in enumerate(zip(participants, sides, strict=True), start=1)
    )


def _fill_round(round_: Round, participants: list[Participant]) -> None:
    competition = round_.evening.competition
    by_key = {player_key(p): p for p in participants}
    drawn = drawn_tables(
        round_, participants, history=draw_history(evening=round_.evening, exclude_round=round_),
        sat_out=sit_out_history(evening=round_.evening, exclude_round=round_),
    )
    if not drawn.tables:
        raise drawing.DrawError(_("Too few people are checked in for a full table."))
    sizes, tables = drawn.sizes, drawn.tables
    SitOut.objects.bulk_create(SitOut(round=round_, participant=by_key[k])
                               for k in drawn.sitting_out)
    roles = drawing.table_roles(round_.seed, sizes)
    created = []
    for number, (keys, (dealer, keeper)) in enumerate(zip(tables, roles, strict=True), start=1):
        table = Table.objects.create(
            round=round_, number=number, game=competition.game, options=competition.options,
            first_dealer=dealer, scorekeeper=keeper,
        )
        _seat(table, [by_key[k] for k in keys], new=True)
        created.append(table)
    table_codes_issue(tables=created)  # each table's code, random (not from the seed)


def _present(evening: Evening) -> list[Participant]:
    return list(evening.participants.select_related("member"))


@transaction.atomic
def round_draw(*, evening: Evening, seed: int | None = None, by: User | None = None) -> Round:
    """Draw the next round of the evening for everyone checked in."""
    evening = Evening.objects.select_for_update().select_related("competition").get(pk=evening.pk)
    evening_ensure_open(evening)
    stamp_evening(evening)  # the live pages' change stamp
    if evening.status not in (EveningStatus.CHECKIN, EveningStatus.PLAYING):
        raise ValidationError(_("Rounds are drawn after check-in has started and before closing."))
    participants = _present(evening)
    if len(participants) < 2:
        raise ValidationError(_("At least two people must be checked in to draw a round."))
    number = (evening.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    round_ = Round.objects.create(
        evening=evening, number=number, seed=new_seed() if seed is None else seed
    )
    try:
        _fill_round(round_, participants)
    except drawing.DrawError as exc:
        raise ValidationError(str(exc)) from exc
    if evening.status == EveningStatus.CHECKIN:
        evening.status = EveningStatus.PLAYING
        evening._history_user = by
        evening.save()
    return round_


@transaction.atomic
def round_redraw(*, round: Round, seed: int | None = None, by: User | None = None) -> Round:  # noqa: A002
    """Draw a round again (a new seed) for everyone now checked in; refused once scored."""
    round_ = Round.objects.select_for_update().select_related("evening__competition").get(
        pk=round.pk
    )
    evening_ensure_open(round_.evening)
    stamp_evening(round_.evening)  # the live pages' change stamp
    _lock_tables(round_.tables.all())
    if _tables_with_scores(round_):
        raise ValidationError(
            _("Round %(number)s already has scores and cannot be redrawn.")
            % {"number": round_.number}
        )
    participants = _present(round_.evening)
    if len(participants) < 2:
        raise ValidationError(_("At least two people must be checked in to draw a round."))
    old_seed = round_.seed
    round_.seed = new_seed() if seed is None else seed
    while seed is None and round_.seed == old_seed:  # pragma: no cover - 1 in 2**48
        round_.seed = new_seed()
    round_.save(update_fields=["seed"])
    Seat.objects.filter(table__round=round_).delete()
    round_.tables.all().delete()
    round_.sit_outs.all().delete()
    try:
        _fill_round(round_, participants)
    except drawing.DrawError as exc:
        raise ValidationError(str(exc)) from exc
    return round_


@transaction.atomic
def seat_swap(*, first: Seat, second: Seat, by: User | None = None) -> None:
    """Swap the people in two seats of the same round; refused when either table has scores."""
    seats = {
        s.pk: s
        for s in Seat.objects.select_for_update(of=("self",))
        .select_related("table__round__evening", "participant__member")
        .filter(pk__in=[first.pk, second.pk])
    }
    if len(seats) != 2 or first.pk == second.pk:
        raise ValidationError(_("Choose two different seats."))
    a, b = seats[first.pk], seats[second.pk]
    round_ = a.table.round
    if b.table.round_id != round_.pk:
        raise ValidationError(_("Both seats must be in the same round."))
    evening_ensure_open(round_.evening)
    stamp_evening(round_.evening)  # the live pages' change stamp
    _lock_tables(Table.objects.filter(pk__in=[a.table_id, b.table_id]))
    started = _tables_with_scores(round_)
    if a.table_id in started or b.table_id in started:
        raise ValidationError(_("A table with scores keeps its seats."))
    tables = {a.table_id: a.table, b.table_id: b.table}
    order = {
        t: list(Seat.objects.filter(table_id=t).select_related("participant__member")
                .order_by("position"))
        for t in tables
    }
    people = {t: [s.participant for s in order[t]] for t in tables}
    people[a.table_id][a.position - 1], people[b.table_id][b.position - 1] = (
        b.participant, a.participant
    )
    for table_id, table in tables.items():
        _seat(table, people[table_id])


@transaction.atomic
def seat_late_arrival(*, round: Round, participant: Participant, by: User | None = None) -> Seat:  # noqa: A002
    """Seat someone who arrived after the draw (see the module docstring for the rule)."""
    round_ = Round.objects.select_for_update().select_related("evening__competition").get(
        pk=round.pk
    )
    evening, competition = round_.evening, round_.evening.competition
    if participant.evening_id != evening.pk:
        raise ValidationError(_("Check this person in for the evening first."))
    evening_ensure_open(evening)
    stamp_evening(evening)  # the live pages' change stamp
    if Seat.objects.filter(table__round=round_, participant=participant).exists():
        raise ValidationError(
            _("%(name)s already has a seat in this round.") % {"name": participant.name}
        )
    low, high = drawing.table_range(site_game(competition.game), competition.table_min,
                                    competition.table_max)
    _lock_tables(round_.tables.all())
    started = _tables_with_scores(round_)
    tables = [t for t in round_.tables.order_by("number") if t.pk not in started]
    seated = {
        t.pk: list(Seat.objects.filter(table=t).select_related("participant__member")
                   .order_by("position"))
        for t in tables
    }
    history = draw_history(evening=evening)
    me = player_key(participant)

    def met(table: Table) -> int:
        keys = [drawing.pair(me, player_key(s.participant)) for s in seated[table.pk]]
        return sum(
            drawing.EVENING_WEIGHT * history["met_evening"].get(k, 0)
            + history["met_season"].get(k, 0)
            for k in keys
        )

    with_room = [t for t in tables if len(seated[t.pk]) < high]
    if with_room:
        table = min(with_room, key=lambda t: (len(seated[t.pk]), met(t), t.number))
        _seat(table, [s.participant for s in seated[table.pk]] + [participant])
        return Seat.objects.get(table=table, participant=participant)
    donors = [t for t in tables if len(seated[t.pk]) - 1 >= max(low, 2)]
    if not donors:
        raise ValidationError(
            _("No table without scores has room for %(name)s. They are checked in and the "
              "next round's draw seats them.") % {"name": participant.name}
        )
    donor = max(donors, key=lambda t: (len(seated[t.pk]), t.number))
    moved = seated[donor.pk][-1].participant
    _seat(donor, [s.participant for s in seated[donor.pk][:-1]])
    number = (round_.tables.aggregate(n=Max("number"))["n"] or 0) + 1
    dealer, keeper = drawing.table_roles(round_.seed + number, [2])[0]
    table = Table.objects.create(
        round=round_, number=number, game=competition.game, options=competition.options,
        first_dealer=dealer, scorekeeper=keeper,
    )
    _seat(table, [moved, participant], new=True)
    table_codes_issue(tables=[table])
    return Seat.objects.get(table=table, participant=participant)
