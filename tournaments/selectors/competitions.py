"""Reads: competitions of a club."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, QuerySet

from clubmanager.models import Club

from ..models import Competition, Evening, Seat, Table


def competitions_for_club(*, club: Club) -> QuerySet[Competition]:
    return Competition.objects.filter(club=club).annotate(evening_count=Count("evenings"))


def current_competitions(*, club: Club, today: datetime.date) -> QuerySet[Competition]:
    """Competitions running on ``today`` (started, not yet ended)."""
    return competitions_for_club(club=club).filter(
        Q(end_date__isnull=True) | Q(end_date__gte=today), start_date__lte=today
    )


@dataclass
class TonightItem:
    evening: Evening
    own_table: Table | None  # where the logged-in user's member sits in the latest round


def evenings_tonight(*, club: Club, today: datetime.date, user: Any) -> list[TonightItem]:
    """Today's evenings of the club (not yet closed), each with the table the user's member
    sits at in its latest round, if any (2 queries)."""
    evenings = list(
        Evening.objects.filter(competition__club=club, date=today)
        .exclude(status="closed").select_related("competition")
        .annotate(present=Count("participants", distinct=True),
                  round_count=Count("rounds", distinct=True))
        .order_by("start_time", "competition__name")
    )
    own: dict[int, Table] = {}
    if evenings and getattr(user, "is_authenticated", False):
        seats = (Seat.objects.filter(table__round__evening__in=evenings,
                                     participant__member__user=user)
                 .select_related("table__round").order_by("table__round__number"))
        for seat in seats:  # the latest round wins
            own[seat.table.round.evening_id] = seat.table
    return [TonightItem(e, own.get(e.pk)) for e in evenings]


def competition_evenings(*, competition: Competition) -> QuerySet[Evening]:
    return competition.evenings.annotate(
        present=Count("participants", distinct=True),
        round_count=Count("rounds", distinct=True),
    ).order_by("date")
