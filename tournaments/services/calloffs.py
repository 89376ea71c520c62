"""Writes: call-offs ("afmelden"). A member who cannot come says so before the evening, or the
club admin notes it at check-in; the standings then score the absence as *notified* (the
competition's rule "Wat krijgt wie zich heeft afgemeld?"). See docs/season-rules.md, "Afmelden".

- A call-off is a member × evening, once; who recorded it and when are kept, and adding or
  withdrawing it is in the history (simple-history).
- A member who is checked in cannot be called off (undo the check-in first); a called-off
  member who turns up after all is simply checked in, and the check-in removes the call-off
  (``participant_checkin`` calls :func:`calloff_clear`).
- Closed means closed: on a closed evening the call-offs stay as they are, since they change
  the standings.
- The member themselves may call off (and undo it) only until the evening starts
  (:func:`calloff_self_set`); the club admin may until the evening is closed.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubmanager.models import Member

from ..models import CallOff, Evening, Participant
from ..selectors.calloffs import evening_started
from .guards import evening_ensure_open


def _locked(evening: Evening, member: Member) -> Evening:
    evening = Evening.objects.select_for_update().select_related("competition").get(pk=evening.pk)
    if member.club_id != evening.competition.club_id:
        raise ValidationError(_("This member belongs to another club."))
    evening_ensure_open(evening)
    return evening


@transaction.atomic
def calloff_add(*, evening: Evening, member: Member, by: Any = None) -> CallOff:
    """Record that ``member`` called off for ``evening`` (idempotent)."""
    evening = _locked(evening, member)
    if Participant.objects.filter(evening=evening, member=member).exists():
        raise ValidationError(
            _("%(name)s is checked in; undo the check-in first.") % {"name": member.name})
    found = CallOff.objects.filter(evening=evening, member=member).first()
    if found is not None:
        return found
    calloff = CallOff(evening=evening, member=member,
                      created_by=by if getattr(by, "is_authenticated", False) else None)
    calloff._history_user = by
    calloff.save()
    return calloff


@transaction.atomic
def calloff_remove(*, evening: Evening, member: Member, by: Any = None) -> None:
    """Withdraw a call-off (idempotent)."""
    evening = _locked(evening, member)
    calloff_clear(evening=evening, member=member, by=by)


def calloff_clear(*, evening: Evening, member: Member, by: Any = None) -> None:
    """Delete the call-off, if any, inside the caller's transaction (the check-in's)."""
    for calloff in CallOff.objects.filter(evening=evening, member=member):
        calloff._history_user = by
        calloff.delete()


@transaction.atomic
def calloff_self_set(*, evening: Evening, member: Member, called_off: bool,
                     by: Any = None) -> None:
    """The member calls off (or undoes it) from their own phone: only before the evening
    starts."""
    locked = _locked(evening, member)
    if evening_started(locked):
        raise ValidationError(_("This evening has already started; calling off is no longer "
                                "possible. Please let the club know."))
    if called_off:
        calloff_add(evening=locked, member=member, by=by)
    else:
        calloff_clear(evening=locked, member=member, by=by)
