"""Writes: undoing a planned evening. A secretary who planned an evening on
the wrong date moves it; one planned by mistake she cancels, with its call-offs. Both only while
the evening is planned and has no results (no hand at any table); after that the evening is
part of the season and stays. Each change is in the history (simple-history): the move as a
change of date with the reason "moved", the cancelling as the evening's and each call-off's
deletion with the reason "cancelled", both with who did it.
"""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.evenings.selectors.evenings import evening_undoable
from tournaments.models import CallOff, Evening

MOVED = "moved"
CANCELLED = "cancelled"


def _locked(evening: Evening) -> Evening:
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    if not evening_undoable(evening=evening):
        raise ValidationError(
            _("Only a planned evening without results can be moved or cancelled."))
    return evening


@transaction.atomic
def evening_move(*, evening: Evening, date: datetime.date,
                 start_time: datetime.time | None = None, by: User | None = None) -> Evening:
    """Give a planned evening another date (and start time); its call-offs go with it."""
    evening = _locked(evening)
    if Evening.objects.filter(competition_id=evening.competition_id, date=date).exclude(
            pk=evening.pk).exists():
        raise ValidationError({"date": _("This competition already has an evening on that date.")})
    evening.date, evening.start_time = date, start_time
    evening._history_user = by
    evening._change_reason = MOVED
    evening.save()
    return evening


@transaction.atomic
def evening_cancel(*, evening: Evening, by: User | None = None) -> None:
    """Delete a planned evening and its call-offs; the history keeps both, with who did it."""
    evening = _locked(evening)
    for calloff in CallOff.objects.filter(evening=evening):
        calloff._history_user = by
        calloff._change_reason = CANCELLED
        calloff.delete()
    evening._history_user = by
    evening._change_reason = CANCELLED
    evening.delete()
