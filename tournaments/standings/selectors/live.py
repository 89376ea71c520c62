"""When the live ranking of an evening is hidden: the one rule the live page, the standings pages
and the club TV follow.

The club may keep the last part of an evening exciting (``Competition.live_hide_from_round``,
``live_hide_after_minutes``). While an evening is being played (check-in or playing), its
ranking is hidden

- from the moment round N is drawn (``live_hide_from_round``: "from round N on"), or
- from N minutes after the evening's start time (``live_hide_after_minutes``; an evening
  without a start time is never hidden by the clock),

until the evening is closed. Progress (which table plays which deal) stays visible. The live
page then shows no ranking; the standings and the TV leave the evening out, as they were before
it, and say so; the TV shows no prizes of it.

A drawn round and a closed evening move the change stamp (``tournaments/models/stamps.py``);
the clock does not, so each polled page puts :func:`poll_state`'s answer in its ETag.
"""

from __future__ import annotations

import datetime
import uuid
from dataclasses import dataclass

from django.db.models import FilteredRelation, Max, Q, QuerySet
from django.utils import timezone

from tournaments.models import Competition, Evening, EveningStatus

#: An evening being played: the only one whose ranking can be hidden (a planned one has none,
#: a closed one shows everything).
PLAYED_NOW = (EveningStatus.CHECKIN, EveningStatus.PLAYING)


def hidden_now(*, status: str, date: datetime.date, start_time: datetime.time | None,
               last_round: int | None, from_round: int | None, after_minutes: int | None,
               now: datetime.datetime | None = None) -> bool:
    """The rule, on plain values: is this evening's ranking hidden at ``now``?"""
    if status not in PLAYED_NOW:
        return False
    if from_round is not None and (last_round or 0) >= from_round:
        return True
    if after_minutes is None or start_time is None:
        return False
    start = timezone.make_aware(datetime.datetime.combine(date, start_time))
    return (now or timezone.now()) >= start + datetime.timedelta(minutes=after_minutes)


def with_last_round(evenings: QuerySet[Evening]) -> QuerySet[Evening]:
    """The evenings with ``last_round``, the highest round drawn (None: none yet), which
    :func:`live_ranking_hidden` reads: in the evening's own query."""
    return evenings.select_related("competition").annotate(last_round=Max("rounds__number"))


def live_ranking_hidden(evening: Evening, now: datetime.datetime | None = None) -> bool:
    """Is the evening's ranking hidden now? The evening comes from :func:`with_last_round`
    (no query here)."""
    competition = evening.competition
    return hidden_now(status=evening.status, date=evening.date, start_time=evening.start_time,
                      last_round=evening.last_round,  # type: ignore[attr-defined]
                      from_round=competition.live_hide_from_round,
                      after_minutes=competition.live_hide_after_minutes, now=now)


def hidden_evenings(competition: Competition,
                    now: datetime.datetime | None = None) -> frozenset[int]:
    """The competition's evenings whose ranking is hidden now (one query; none when the club
    hides nothing)."""
    if competition.live_hide_from_round is None and competition.live_hide_after_minutes is None:
        return frozenset()
    state = poll_state(competition_poll_rows(club_id=competition.club_id,
                                             competition_id=competition.pk, archived=True), now)
    return state.hidden if state is not None else frozenset()


@dataclass(frozen=True)
class PollState:
    """What a poll of the standings or the TV is tagged with: the change stamp, and the
    evenings hidden now (the clock can hide one without a write)."""

    stamp: uuid.UUID
    hidden: frozenset[int]

    @property
    def hidden_tag(self) -> str:
        return ".".join(str(pk) for pk in sorted(self.hidden)) or "0"


#: What a competition's poll reads from the database, as plain values that a cache can keep
#: until the competition or one of its evenings moves: (stamp, hide from round, hide after
#: minutes, [(evening, status, date, start time, last round) of the evenings being played]).
PollRows = tuple[uuid.UUID, int | None, int | None,
                 list[tuple[int, str, datetime.date, datetime.time | None, int | None]]]


def competition_poll_rows(*, club_id: int, competition_id: int,
                          archived: bool = False) -> PollRows | None:
    """The competition's stamp and what the clock needs to hide an evening, in ONE query; None
    when the club has no such competition (an archived one counts only with ``archived``).
    Nothing here depends on the clock: :func:`poll_state` works that out on each poll."""
    playing = FilteredRelation("evenings", condition=Q(evenings__status__in=PLAYED_NOW))
    found = Competition.objects.filter(pk=competition_id, club_id=club_id)
    if not archived:
        found = found.filter(archived_at__isnull=True)
    rows = (
        found.annotate(playing=playing)
        .values_list("changed", "live_hide_from_round", "live_hide_after_minutes",
                     "playing__pk", "playing__status", "playing__date", "playing__start_time")
        .annotate(last_round=Max("playing__rounds__number"))
        .order_by())
    result: PollRows | None = None
    for changed, from_round, minutes, pk, status, date, start, last in rows:
        if result is None:
            result = (changed, from_round, minutes, [])
        if pk is not None:
            result[3].append((pk, status, date, start, last))
    return result


def poll_state(rows: PollRows | None, now: datetime.datetime | None = None) -> PollState | None:
    """The stamp and the evenings hidden at ``now``, from :func:`competition_poll_rows`."""
    if rows is None:
        return None
    stamp, from_round, minutes, evenings = rows
    return PollState(stamp, frozenset(
        pk for pk, status, date, start, last in evenings if hidden_now(
            status=status, date=date, start_time=start, last_round=last,
            from_round=from_round, after_minutes=minutes, now=now)))
