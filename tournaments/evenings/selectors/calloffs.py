"""Reads: call-offs ("afmelden"). When a member may still call off themselves, and the next
evening of each competition they play, for the "Ik kan niet komen" button on the club home.
See docs/season-rules.md, "Afmelden"."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Q
from django.utils import timezone

from clubmanager.models import Club
from tournaments.models import CallOff, Evening, EveningStatus


def evening_started(evening: Evening, now: datetime.datetime | None = None) -> bool:
    """Play has begun or is over, or the evening's start (its date, at its start time if it has
    one, else at the end of the day) has passed."""
    if evening.status in (EveningStatus.PLAYING, EveningStatus.CLOSED):
        return True
    now = timezone.localtime(now or timezone.now())
    if evening.start_time is None:
        return now.date() > evening.date
    return (now.date(), now.time()) >= (evening.date, evening.start_time)


@dataclass(frozen=True)
class NextEvening:
    evening: Evening
    member_id: int
    called_off: bool


def next_evenings(*, club: Club, member_ids: set[int], now: datetime.datetime | None = None,
                  ) -> list[NextEvening]:
    """For each of the user's members in ``club`` (``member_ids``): the next evening, not yet
    started, of each competition they play (took part in before, or one that has not closed an
    evening yet), with whether they called off. Two queries."""
    members = sorted(member_ids)
    if not members:
        return []
    today = timezone.localtime(now or timezone.now()).date()
    upcoming = list(
        Evening.objects.filter(competition__club=club, date__gte=today,
                               status__in=[EveningStatus.PLANNED, EveningStatus.CHECKIN])
        .filter(Q(competition__evenings__participants__member__in=members)
                | ~Q(competition__evenings__status=EveningStatus.CLOSED))
        .select_related("competition").distinct().order_by("date", "start_time", "pk"))
    if not upcoming:
        return []
    called = set(CallOff.objects.filter(evening__in=upcoming, member__in=members)
                 .values_list("evening_id", "member_id"))
    found: list[NextEvening] = []
    for member in members:
        seen: set[int] = set()
        for evening in upcoming:
            if evening.competition_id in seen or evening_started(evening, now):
                continue
            seen.add(evening.competition_id)
            found.append(NextEvening(evening, member, (evening.pk, member) in called))
    return found
