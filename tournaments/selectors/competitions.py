"""Reads: competitions of a club."""

from __future__ import annotations

import datetime

from django.db.models import Count, Q, QuerySet

from clubmanager.models import Club

from ..models import Competition, Evening


def competitions_for_club(*, club: Club) -> QuerySet[Competition]:
    return Competition.objects.filter(club=club).annotate(evening_count=Count("evenings"))


def current_competitions(*, club: Club, today: datetime.date) -> QuerySet[Competition]:
    """Competitions running on ``today`` (started, not yet ended)."""
    return competitions_for_club(club=club).filter(
        Q(end_date__isnull=True) | Q(end_date__gte=today), start_date__lte=today
    )


def competition_evenings(*, competition: Competition) -> QuerySet[Evening]:
    return competition.evenings.annotate(
        present=Count("participants", distinct=True),
        round_count=Count("rounds", distinct=True),
    ).order_by("date")
