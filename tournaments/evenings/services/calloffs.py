"""Writes: call-offs ("afmelden"). A member who cannot come says so before the evening, or the
club admin notes it at check-in; the standings then score the absence as *notified* (the
competition's rule "Wat krijgt wie zich heeft afgemeld?"). See docs/season-rules.md, "Afmelden".

- A call-off is a member × evening, once; who recorded it and when are kept, and adding or
  withdrawing it is in the history (simple-history).
- A member who is checked in cannot be called off (undo the check-in first); a called-off
  member who turns up after all is simply checked in (by the admin or at the door), and the
  check-in takes the call-off's place: the participant keeps when it was made and by whom
  (:func:`calloff_replaced`, :func:`calloff_clear` with the reason "checked in"). Undoing that
  check-in brings the call-off back as it was (:func:`calloff_restore`, reason "check-in
  undone"), unless it was withdrawn meanwhile. Both steps are in the call-off's history.
- Closed means closed: on a closed evening the call-offs stay as they are, since they change
  the standings.
- The member themselves may call off (and undo it) only until the evening starts
  (:func:`calloff_self_set`); the club admin may until the evening is closed.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubmanager.models import Member
from tournaments.evenings.selectors.calloffs import evening_started
from tournaments.models import CallOff, Evening, Participant
from tournaments.shared.guards import evening_ensure_open

#: The history's reasons when a check-in takes a call-off's place, and when undoing it brings
#: the call-off back.
CHECKED_IN = "checked in"
CHECKIN_UNDONE = "check-in undone"


def _locked(evening: Evening, member: Member) -> Evening:
    evening = Evening.objects.select_for_update().select_related("competition").get(pk=evening.pk)
    if member.club_id != evening.competition.club_id:
        raise ValidationError(_("This member belongs to another club."))
    evening_ensure_open(evening)
    return evening


@transaction.atomic
def calloff_add(*, evening: Evening, member: Member, by: User | None = None) -> CallOff:
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
def calloff_remove(*, evening: Evening, member: Member, by: User | None = None) -> None:
    """Withdraw a call-off (idempotent), also one a check-in replaced: undoing that check-in
    then leaves the member without a call-off."""
    evening = _locked(evening, member)
    _withdraw(evening, member, by)


def _withdraw(evening: Evening, member: Member, by: User | None) -> None:
    calloff_clear(evening=evening, member=member, by=by)
    for participant in Participant.objects.filter(evening=evening, member=member,
                                                  replaced_calloff_at__isnull=False):
        participant.replaced_calloff_at = participant.replaced_calloff_by = None
        participant._history_user = by
        participant.save(update_fields=["replaced_calloff_at", "replaced_calloff_by"])


def calloff_clear(*, evening: Evening, member: Member, by: User | None = None,
                  reason: str | None = None) -> None:
    """Delete the call-off, if any, inside the caller's transaction (a check-in's, with the
    reason :data:`CHECKED_IN`)."""
    for calloff in CallOff.objects.filter(evening=evening, member=member):
        calloff._history_user = by
        if reason:
            calloff._change_reason = reason
        calloff.delete()


def calloff_replaced(*, evening: Evening, member: Member) -> dict[str, Any]:
    """The fields of a new check-in that keep the member's call-off it replaces (none when the
    member has not called off); the caller then clears the call-off with :data:`CHECKED_IN`."""
    calloff = CallOff.objects.filter(evening=evening, member=member).first()
    if calloff is None:
        return {}
    return {"replaced_calloff_at": calloff.created,
            "replaced_calloff_by_id": calloff.created_by_id}


def calloff_restore(*, participant: Participant, by: User | None = None) -> CallOff | None:
    """Inside the transaction that undoes ``participant``'s check-in: the call-off it replaced
    comes back as it was (when, and who recorded it), in the history as :data:`CHECKIN_UNDONE`.
    None when the check-in replaced none."""
    if participant.member_id is None or participant.replaced_calloff_at is None:
        return None
    found = CallOff.objects.filter(evening_id=participant.evening_id,
                                   member_id=participant.member_id).first()
    if found is not None:
        return found
    calloff = CallOff(evening_id=participant.evening_id, member_id=participant.member_id,
                      created_by_id=participant.replaced_calloff_by_id)
    calloff._history_user = by
    calloff._change_reason = CHECKIN_UNDONE
    calloff.save()
    # the time it was made, not the time of the undo (auto_now_add sets that on save)
    CallOff.objects.filter(pk=calloff.pk).update(created=participant.replaced_calloff_at)
    calloff.created = participant.replaced_calloff_at
    return calloff


@transaction.atomic
def calloff_self_set(*, evening: Evening, member: Member, called_off: bool,
                     by: User | None = None) -> None:
    """The member calls off (or undoes it) from their own phone: only before the evening
    starts."""
    locked = _locked(evening, member)
    if evening_started(locked):
        raise ValidationError(_("This evening has already started; calling off is no longer "
                                "possible. Please let the club know."))
    if called_off:
        calloff_add(evening=locked, member=member, by=by)
    else:
        _withdraw(locked, member, by)
