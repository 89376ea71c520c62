"""Writes: evenings, their status and check-in.

Status runs planned → check-in → playing → closed. A club admin may reopen a closed evening
(back to playing); every change is kept in the evening's history (simple-history) with the user
and, for a reopening, the reason "reopened".
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from clubmanager.models import Member
from tournaments.codes.tokens import code_new
from tournaments.evenings.services.calloffs import (
    CHECKED_IN,
    calloff_clear,
    calloff_replaced,
    calloff_restore,
)
from tournaments.models import (
    Competition,
    DoorCheckin,
    Evening,
    EveningStatus,
    Participant,
    Seat,
    Table,
)
from tournaments.shared.guards import evening_ensure_open

S = EveningStatus
#: Allowed moves (forward, and one step back before play starts).
TRANSITIONS: dict[str, set[str]] = {
    S.PLANNED: {S.CHECKIN},
    S.CHECKIN: {S.PLAYING, S.PLANNED},
    S.PLAYING: {S.CLOSED},
    S.CLOSED: set(),  # reopening is evening_reopen
}
REOPENED = "reopened"


def _save(evening: Evening, by: User | None, reason: str | None = None) -> None:
    evening._history_user = by
    if reason:
        evening._change_reason = reason
    evening.save()


@transaction.atomic
def evening_create(
    *, competition: Competition, date: datetime.date, start_time: datetime.time | None = None,
    by: User | None = None, not_counting: bool = False,
) -> Evening:
    evening = Evening(competition=competition, date=date, start_time=start_time,
                      counts=not not_counting)
    try:
        evening.full_clean()
    except ValidationError as exc:
        if "__all__" in exc.message_dict or "date" in exc.message_dict:
            raise ValidationError(
                {"date": _("This competition already has an evening on that date.")}
            ) from exc
        raise
    _save(evening, by)
    return evening


@transaction.atomic
def evening_update(
    *, evening: Evening, date: datetime.date, start_time: datetime.time | None,
    by: User | None = None,
) -> Evening:
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    evening.date, evening.start_time = date, start_time
    evening.full_clean()
    _save(evening, by)
    return evening


@transaction.atomic
def evening_counts_set(*, evening: Evening, counts: bool, by: User | None = None) -> Evening:
    """Whether the evening counts for the competition; the standings follow on their next read
    (they are computed on read), and the change is in the evening's history."""
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    if evening.counts != counts:
        evening.counts = counts
        _save(evening, by)
    return evening


@transaction.atomic
def evening_status_set(*, evening: Evening, status: str, by: User | None = None) -> Evening:
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    if status not in TRANSITIONS.get(evening.status, set()):
        raise ValidationError(
            _("An evening cannot go from %(old)s to %(new)s.")
            % {"old": evening.get_status_display(), "new": S(status).label if status in S.values
               else status}
        )
    was_open = evening.is_open
    evening.status = status
    _save(evening, by)
    if evening.is_open != was_open:
        _tables_changed(evening)
    return evening


def _tables_changed(evening: Evening) -> None:
    """Closing or reopening changes whether scores may be saved: bump every table's version, so
    a score form rendered before is refused as "changed" (see services.scores), and on
    PostgreSQL wait for saves in progress on these tables."""
    Table.objects.filter(round__evening=evening).update(version=F("version") + 1)


@transaction.atomic
def evening_reopen(*, evening: Evening, by: User | None) -> Evening:
    """A club admin reopens a closed evening; the history records who and why."""
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    if evening.status != S.CLOSED:
        raise ValidationError(_("Only a closed evening can be reopened."))
    evening.status = S.PLAYING
    _save(evening, by, REOPENED)
    _tables_changed(evening)
    return evening


def _open_for_checkin(evening: Evening, by: User | None) -> None:
    evening_ensure_open(evening)
    if evening.status == S.PLANNED:
        evening.status = S.CHECKIN
        _save(evening, by)


@transaction.atomic
def participant_checkin(*, evening: Evening, member: Member, by: User | None = None) -> Participant:
    """Mark a member present (idempotent). A planned evening moves to check-in; a call-off of
    the member for this evening gives way to the check-in (they came after all), which keeps
    it so that undoing the check-in brings it back."""
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    if member.club_id != evening.competition.club_id:
        raise ValidationError(_("This member belongs to another club."))
    _open_for_checkin(evening, by)
    participant = Participant.objects.filter(evening=evening, member=member).first()
    if participant is None:
        participant = Participant(evening=evening, member=member,
                                  fee_cents=evening.competition.fee_member_cents,
                                  **calloff_replaced(evening=evening, member=member))
        participant._history_user = by
        participant.save()
        calloff_clear(evening=evening, member=member, by=by, reason=CHECKED_IN)
    return participant


@transaction.atomic
def participant_add_guest(*, evening: Evening, name: str, by: User | None = None) -> Participant:
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    name = name.strip()
    if not name:
        raise ValidationError({"guest_name": _("Enter the guest's name.")})
    _open_for_checkin(evening, by)
    guest = Participant(evening=evening, guest_name=name,
                        fee_cents=evening.competition.fee_guest_cents)
    guest.full_clean(exclude=["evening", "member"], validate_unique=False,
                     validate_constraints=False)
    guest.save()
    return guest


@transaction.atomic
def participant_remove(*, participant: Participant, by: User | None = None) -> None:
    """Undo a check-in; refused once the participant has a seat at a table. A call-off the
    check-in replaced comes back (``calloff_restore``)."""
    evening_ensure_open(Evening.objects.select_for_update().get(pk=participant.evening_id))
    current = Participant.objects.filter(pk=participant.pk).first()  # as it is now
    if current is None:  # undone already
        return
    participant = current
    if Seat.objects.filter(participant=participant).exists():
        raise ValidationError(
            _("%(name)s already has a seat at a table and stays checked in.")
            % {"name": participant.name}
        )
    participant._history_user = by
    try:
        participant.delete()
    except IntegrityError as exc:  # pragma: no cover - a seat created concurrently
        raise ValidationError(_("This participant has a seat.")) from exc
    calloff_restore(participant=participant, by=by)


# -- the door: members check themselves in (evenings/views/door.py)
# ---------------------------------------
#: The door's limits, each a minute. From one device (its door cookie; without one, its
#: address): a tablet by the door checks in one person every few seconds at most. From one
#: address: a club hall's wifi puts every phone behind one. At one evening's door in all: a
#: real door sees a few a minute, and a script with the code cannot tick the whole club off.
#: So one person with the code uses up their own device's limit, not the others'.
DOOR_CHECKINS_PER_DEVICE = 10
DOOR_CHECKINS_PER_ADDRESS = 30
DOOR_CHECKINS_PER_MINUTE = 60
DOOR_WINDOW = datetime.timedelta(minutes=1)


@dataclass(frozen=True)
class DoorClient:
    """Who is at the door, as the limits count them: SHA-256 digests of the device's door
    cookie (or of its address, without a cookie) and of its address
    (``tournaments.codes.throttle.code_hash``)."""

    device: str = ""
    address: str = ""


class DoorRefusal(Exception):
    """Why the door refused: "closed" (check-in is not open), "busy" (a rate limit), "taken"
    (this member is already checked in)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@transaction.atomic
def evening_door_code_ensure(*, evening: Evening, by: User | None = None) -> Evening:
    """The evening's door code, made once (128 random bits); not kept in the history."""
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    if not evening.door_code:
        evening.door_code = code_new()
        evening.save(update_fields=["door_code"])
    return evening


def _door_busy(evening: Evening, client: DoorClient) -> bool:
    """Has this device, this address or the evening's door used up its minute? Check-ins
    older than the window go."""
    now = timezone.now()
    DoorCheckin.objects.filter(at__lt=now - 2 * DOOR_WINDOW).delete()
    recent = DoorCheckin.objects.filter(evening=evening, at__gte=now - DOOR_WINDOW)
    return (recent.filter(device=client.device).count() >= DOOR_CHECKINS_PER_DEVICE
            or recent.filter(address=client.address).count() >= DOOR_CHECKINS_PER_ADDRESS
            or recent.count() >= DOOR_CHECKINS_PER_MINUTE)


@transaction.atomic
def participant_self_checkin(*, evening: Evening, member: Member,
                             client: DoorClient = DoorClient()) -> Participant:
    """A member checks themselves in at the door: only while check-in is open, once (a name
    already checked in cannot be taken twice), within the door's limits a minute per device,
    per address and per evening. Their call-off, if any, gives way to the check-in."""
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    if evening.status != S.CHECKIN:
        raise DoorRefusal("closed")
    if member.club_id != evening.competition.club_id or not member.is_active:
        raise DoorRefusal("closed")
    if Participant.objects.filter(evening=evening, member=member).exists():
        raise DoorRefusal("taken")
    if _door_busy(evening, client):
        raise DoorRefusal("busy")
    participant = Participant(evening=evening, member=member, self_checkin=True,
                              fee_cents=evening.competition.fee_member_cents,
                              **calloff_replaced(evening=evening, member=member))
    participant._history_user = None  # the door, not whoever is logged in on that browser
    try:
        with transaction.atomic():
            participant.save()
    except IntegrityError as exc:  # the same name from two phones at once: one wins
        raise DoorRefusal("taken") from exc
    DoorCheckin.objects.create(evening=evening, device=client.device, address=client.address)
    calloff_clear(evening=evening, member=member, by=None, reason=CHECKED_IN)
    return participant
