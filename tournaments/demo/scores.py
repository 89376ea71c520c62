"""Demo data: played evenings with scores, so the standings have something to show.

For each demo club and each competition (created by ``tournaments.demo``): three evenings in
the past weeks with 12 members checked in, one round drawn, every table's complete match entered
through the score services by the club's demo scorekeeper, two members who play the other
evenings called off, and the evening closed; the latest of the three plays as many rounds as
the game's club evening has (``Samples.rounds_per_evening``: a klaverjas club plays three
boompjes).

A koppel competition (``competitions.pairs_game``: koppelklaverjassen) plays one evening last
week instead: every fixed pair checked in and the game's club evening in full, each round drawn
by the koppel movement (even pairs stay, odd pairs move one table on).

Today's evening (drawn by ``tournaments.demo``) stays open so the demo scorekeepers can enter
scores. Idempotent: a competition that already has a closed evening is left alone.
"""

from __future__ import annotations

import datetime
from typing import Any, TextIO

from django.db import transaction
from django.utils import timezone

from clubmanager.models import ClubRole, Member, Role
from tournaments.draws.services import round_draw
from tournaments.entry.services.scores import HandChange, hand_add, table_confirm
from tournaments.evenings.services.calloffs import calloff_add
from tournaments.evenings.services.evenings import (
    evening_create,
    evening_status_set,
    participant_checkin,
)
from tournaments.shared.matches import playing_order

from ..games import SiteGame, sample_hands, site_game
from ..models import Competition, Evening, EveningStatus, FixedPair, Table
from .competitions import pairs_game

PLAYED_EVENINGS = 3
PRESENT = 12


def _present(members: list[Member], week: int, shift: int) -> list[Member]:
    start = (week * 5 + shift) % len(members)
    return (members[start:] + members[:start])[:PRESENT]


def _play(table: Table, competition: Competition, keeper: Any, admin: Any,
          variant: int) -> None:
    """A table's complete match from the game's sample hands, confirmed where asked."""
    sides = playing_order(table, table.seats.all())
    for version, hand in enumerate(sample_hands(competition.game, sides, variant)):
        hand_add(table=table, by=keeper, change=HandChange(data=hand, expected_version=version,
                                                           acknowledge_warnings=True))
    if competition.requires_confirmation:
        table.refresh_from_db()
        table_confirm(table=table, by=admin)


def _close(evening: Evening) -> None:
    evening.refresh_from_db()
    if evening.status != EveningStatus.PLAYING:
        evening_status_set(evening=evening, status=EveningStatus.PLAYING)
    evening_status_set(evening=evening, status=EveningStatus.CLOSED)


def _play_pairs(competition: Competition, game: SiteGame, keeper: Any, admin: Any,
                today: datetime.date) -> None:
    """Last week's evening of a koppel competition: every fixed pair, the club evening's rounds
    each drawn by the movement, every table played."""
    date = today - datetime.timedelta(weeks=1)
    if date < competition.start_date or competition.evenings.filter(date=date).exists():
        return
    evening = evening_create(competition=competition, date=date,
                             start_time=datetime.time(19, 30))
    for pair in FixedPair.objects.filter(competition=competition).select_related(
            "first", "second").order_by("pk"):
        participant_checkin(evening=evening, member=pair.first)
        participant_checkin(evening=evening, member=pair.second)
    for number in range(game.samples.rounds_per_evening):
        round_ = round_draw(evening=evening, seed=8000 + competition.pk + 1000 * number)
        for index, table in enumerate(round_.tables.order_by("number")):
            _play(table, competition, keeper, admin, 3 * number + index)
    _close(evening)


@transaction.atomic
def load(stdout: TextIO) -> None:
    today = timezone.localdate()
    for competition in Competition.objects.select_related("club").filter(
        club__slug__in=("harten-vrouw", "ons-genoegen")
    ).order_by("pk"):
        if competition.evenings.filter(status=EveningStatus.CLOSED).exists():
            continue
        club = competition.club
        keeper_role = ClubRole.objects.filter(club=club, role=Role.SCOREKEEPER).first()
        admin_role = ClubRole.objects.filter(club=club, role=Role.ADMIN).first()
        if keeper_role is None or admin_role is None:
            continue
        keeper, admin = keeper_role.user, admin_role.user
        pairs = pairs_game(competition)
        if pairs is not None:
            _play_pairs(competition, pairs, keeper, admin, today)
            stdout.write(f"Played koppel evening with scores: {club.name} – "
                         f"{competition.name}\n")
            continue
        members = list(Member.objects.filter(club=club, is_active=True).order_by("member_number"))
        if len(members) < 4:
            continue
        weeks = range(PLAYED_EVENINGS, 0, -1)
        presents = {week: _present(members, week, competition.pk) for week in weeks}
        for week in weeks:
            date = today - datetime.timedelta(weeks=week)
            if date < competition.start_date or competition.evenings.filter(date=date).exists():
                continue
            evening = evening_create(competition=competition, date=date,
                                     start_time=datetime.time(19, 30))
            present = presents[week]
            for member in present:
                participant_checkin(evening=evening, member=member)
            # Two members who play other evenings called off for this one ("afgemeld")
            others = {m.pk for w, p in presents.items() if w != week for m in p}
            for member in [m for m in members if m not in present and m.pk in others][:2]:
                calloff_add(evening=evening, member=member, by=admin)
            # The latest evening plays the game's club evening in full (three boompjes at a
            # klaverjas club); the others one round, so the demo loads quickly.
            rounds = site_game(competition.game).samples.rounds_per_evening if week == 1 else 1
            for number in range(rounds):
                round_ = round_draw(evening=evening,
                                    seed=7000 + 10 * week + competition.pk + 1000 * number)
                for variant, table in enumerate(round_.tables.order_by("number")):
                    _play(table, competition, keeper, admin, variant + week + number)
            _close(evening)
        stdout.write(f"Played evenings with scores: {club.name} – {competition.name}\n")
