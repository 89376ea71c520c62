"""The one write path of score entry: add, change and delete a hand (:func:`_change`).

Read, check and evaluate outside any transaction, then claim the table's version in one short
transaction and write; a key already applied at the table is answered, not made again. Every
step, and why one path: docs/architecture.md ("One write path for every save", "Offline, and a
save that cannot be lost or doubled").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import F

from clubmanager.models import Role
from tournaments.entry.entry_keys import AppliedChange, applied_change
from tournaments.entry.history import through_code
from tournaments.entry.selectors.permissions import (
    code_is_active,
    code_may_enter,
    may_enter,
    role_at,
)
from tournaments.entry.selectors.scores import seats_and_hands
from tournaments.entry.services.scores.checks import (
    HandRejected,
    TableChanged,
    check_open,
    check_reason,
    evaluate_change,
)
from tournaments.entry.services.scores.sqlite_retry import retry_when_locked
from tournaments.entry.services.table_codes import ViaCode
from tournaments.models import Hand, Seat, Table, stamp_evening
from tournaments.shared.guards import TableLocked
from tournaments.shared.matches import MatchView, apply_view, match_view

#: A version no table is at (versions start at 0): a table not read yet, or gone, carries it,
#: so it is read again; a form that posts no version gets it, so it is refused as changed.
NO_VERSION = -1


@dataclass(frozen=True)
class HandChange:
    """A hand as a save sends it: its ``data``, the table version the form was rendered at
    (``expected_version``), the save's idempotency key (``tournaments.entry.entry_keys``), whether
    the user saw the engine's warnings (``acknowledge_warnings``), and a club admin's adjusted
    score (``adjusted_points`` per side, with its written ``adjusted_reason``)."""

    data: dict[str, Any]
    expected_version: int
    key: str = ""
    acknowledge_warnings: bool = False
    adjusted_reason: str = ""
    adjusted_points: Mapping[str, Any] | None = None


def _read_table(table_pk: int) -> Table:
    """The table with its round, evening, competition, club and confirmer, as committed now
    (a table that no longer exists — redrawn before its first hand — at :data:`NO_VERSION`)."""
    try:
        return Table.objects.select_related(
            "round__evening__competition__club", "confirmed_by").get(pk=table_pk)
    except Table.DoesNotExist:
        return Table(pk=table_pk, version=NO_VERSION)


def _for_history(hand: Hand, by: User | None, reason: str, key: str = "") -> Hand:
    """Who, why and with which idempotency key, for django-simple-history's record of the next
    save or delete of ``hand`` (the key through ``models.KeyedChange``)."""
    hand._history_user = by
    hand._change_reason = reason  # at most REASON_MAX_LENGTH (``_check_reason``): never cut
    hand._change_key = key
    return hand


def _write_hands(hands: list[Hand], changed: Hand | None, removed: Hand | None, by: User | None,
                 reason: str, key: str) -> None:
    """The hands as they are now, in order: ``removed`` deleted, ``changed`` saved (added or
    edited) and every later hand renumbered; each through the ORM, so simple-history records
    each with ``by`` and its reason (and the change itself with ``key``)."""
    if removed is not None:
        _for_history(removed, by, reason, key).delete()
    for number, hand in enumerate(hands, start=1):
        if hand is changed:
            hand.number = number
            if hand.pk is None:
                hand.entry_key = key
            _for_history(hand, by, reason, key).save()
        elif hand.number != number:
            hand.number = number
            hand.updated_by = by
            _for_history(hand, by, "renumbered").save()


def _write_seats(seats: Sequence[Seat]) -> None:
    """Every seat's derived integers, one ``update()`` each: ``bulk_update``'s one
    CASE statement costs more to build than these few short ones (benchmarks in the README)."""
    for seat in seats:
        Seat.objects.filter(pk=seat.pk).update(
            points=seat.points, competition_points=seat.competition_points, place=seat.place)


@dataclass
class Saved:
    """What a save wrote, as committed: the table, its seats (derived values applied), its
    hands in order and their evaluation (the page renders from these, no re-read); ``number``:
    the changed (or deleted) hand's number. ``repeated``: the save's key had made this change
    already; nothing was written, ``number`` is the hand's number when that change was made and
    the rest is the table as it is now (``hand`` None when that hand is gone since)."""

    hand: Hand | None
    table: Table
    seats: list[Seat]
    hands: list[Hand]
    match: MatchView
    number: int = 0
    repeated: bool = False


@dataclass
class _Change:
    """One change of a table's hands: ``make(table, hands, by)`` returns the hands after it in
    order, the hand added or changed (None for a delete) and the one deleted (or None)."""

    make: Callable[[Table, list[Hand], User | None], tuple[list[Hand], Hand | None, Hand | None]]
    reason: str
    acknowledge_warnings: bool = False
    adjusted_reason: str = ""
    adjusted_points: Mapping[str, Any] | None = None
    # A repeat that passes the version check is stopped without a look-up first: an added
    # hand's key by the constraint, a deleted hand by its absence. A correction is not.
    stopped_when_repeated: bool = True


def _repeat(prior: AppliedChange, given: Table) -> Saved:
    """The answer to a key already applied: that change, and the table as it is now."""
    table = _read_table(prior.table_id)
    seats, hands = seats_and_hands(table)
    view = match_view(table, seats, [(h.data, h.adjusted_points) for h in hands])
    given.version = table.version
    hand = next((h for h in hands if h.pk == prior.hand_id), None)
    return Saved(hand, table, seats, hands, view, number=prior.number, repeated=True)


def _ensure_may_enter(by: User | None, via: ViaCode | None, table: Table, seats: list[Seat],
                      role: str | None) -> str | None:
    """PermissionDenied unless ``by`` (a user) or ``via`` (a table code) may enter scores at
    ``table``; the user's role (None for a code)."""
    if via is not None:
        if not code_may_enter(via.code, table):
            raise PermissionDenied
        return None
    role = role if role is not None else role_at(by, table)
    if not may_enter(by, table, seats, role):
        raise PermissionDenied
    return role


def _change(*, table: Table, change: _Change, by: User | None, expected_version: int, key: str = "",
            role: str | None = None, seats: list[Seat] | None = None,
            hands: list[Hand] | None = None, via: ViaCode | None = None) -> Saved:
    """The change is made (:func:`_change_once`); when it is not (the table moved on since the
    version the form carries, the key's hand exists, the change is refused or locked), the key
    is looked up: a save whose first attempt committed (its answer lost, or still on its way)
    is answered with that change instead (module docstring). A change that nothing stops
    when repeated (a correction) is looked up first."""
    if not change.stopped_when_repeated and (
            prior := applied_change(table_pk=table.pk, key=key)) is not None:
        return _repeat(prior, table)
    try:
        return _change_once(table=table, change=change, by=by, expected_version=expected_version,
                            key=key, role=role, seats=seats, hands=hands, via=via)
    except (TableChanged, IntegrityError, HandRejected, TableLocked):
        if (prior := applied_change(table_pk=table.pk, key=key)) is None:
            raise
        return _repeat(prior, table)


def _change_once(*, table: Table, change: _Change, by: User | None, expected_version: int, key: str,
                 role: str | None, seats: list[Seat] | None,
                 hands: list[Hand] | None, via: ViaCode | None = None) -> Saved:
    """Read (unless given), check, evaluate, then claim the table and write (module docstring).
    ``role``: the user's role in the table's club when the caller already knows it; ``via``:
    the table code the change comes through (then ``by`` is None)."""
    given = table
    if seats is None or hands is None or table.version != expected_version:
        table = _read_table(table.pk)
        seats, hands = seats_and_hands(table) if table.version == expected_version else ([], [])
    if table.version != expected_version:
        raise TableChanged(table)
    check_open(table)
    role = _ensure_may_enter(by, via, table, seats, role)
    after, changed, removed = change.make(table, hands, by)
    view = evaluate_change(
        table=table, seats=seats, hands=after, changed=changed,
        is_admin=Role.at_least(role, Role.ADMIN),
        acknowledge_warnings=change.acknowledge_warnings,
        adjusted_reason=change.adjusted_reason, adjusted_points=change.adjusted_points,
    )
    apply_view(table, seats, view)
    with transaction.atomic():
        if via is not None and not code_is_active(via.code):  # renewed or turned off meanwhile
            raise PermissionDenied
        claimed = Table.objects.filter(pk=table.pk, version=expected_version).update(
            version=F("version") + 1, hand_count=table.hand_count, finished=table.finished)
        if claimed:
            reason = (changed.adjusted_reason if changed is not None else "") or change.reason
            with through_code(via.code if via else None, via.device if via else ""):
                _write_hands(after, changed, removed, by, reason, key)
            _write_seats(seats)
            stamp_evening(table.round.evening)  # the live pages' change stamp
    if not claimed:
        raise TableChanged(_read_table(table.pk))
    table.version = given.version = expected_version + 1
    number = changed.number if changed is not None else removed.number if removed else 0
    return Saved(changed, table, seats, after, view, number=number)


def _the_hand(table: Table, hands: list[Hand], pk: int) -> Hand:
    found = next((h for h in hands if h.pk == pk), None)
    if found is None:  # deleted meanwhile (the version check makes this unlikely)
        raise TableChanged(table)
    return found


# -- services -------------------------------------------------------------------------------
@retry_when_locked
def hand_add(*, table: Table, change: HandChange, by: User | None, via: ViaCode | None = None,
             role: str | None = None, seats: list[Seat] | None = None,
             hands: list[Hand] | None = None) -> Saved:
    """Append a hand to the table's match. ``by``: the user (None for a table code, ``via``);
    ``seats`` and ``hands``: the match as the caller read it together with ``table`` at
    ``table.version`` (else it is read); ``role``: the user's role in the table's club when the
    caller knows it. A key already applied here answers with that hand (module docstring)."""

    def make(table: Table, hands: list[Hand], by: User | None) -> tuple[list[Hand], Hand, None]:
        new = Hand(table=table, number=len(hands) + 1, data=change.data, created_by=by,
                   updated_by=by)
        return [*hands, new], new, None

    return _change(
        table=table, by=by, expected_version=change.expected_version, key=change.key,
        role=role, seats=seats, hands=hands, via=via,
        change=_Change(make, "added", change.acknowledge_warnings, change.adjusted_reason,
                       change.adjusted_points))


@retry_when_locked
def hand_update(*, hand: Hand, change: HandChange, by: User | None,
                via: ViaCode | None = None) -> Saved:
    """Change a saved hand; the whole match is re-evaluated with the change applied (the key
    as for :func:`hand_add`)."""

    def make(table: Table, hands: list[Hand], by: User | None) -> tuple[list[Hand], Hand, None]:
        current = _the_hand(table, hands, hand.pk)
        current.data = change.data
        current.updated_by = by
        return hands, current, None

    return _change(
        table=Table(pk=hand.table_id, version=NO_VERSION), by=by,
        expected_version=change.expected_version, key=change.key, via=via,
        change=_Change(make, "changed", change.acknowledge_warnings, change.adjusted_reason,
                       change.adjusted_points, stopped_when_repeated=False))


@retry_when_locked
def hand_delete(*, hand: Hand, by: User | None, expected_version: int, reason: str = "",
                key: str = "", via: ViaCode | None = None) -> Saved:
    """Delete a saved hand; later hands move up one number. Refused if that makes a later hand
    invalid. ``key``: the save's idempotency key (as for :func:`hand_add`)."""

    def make(table: Table, hands: list[Hand], by: User | None) -> tuple[list[Hand], None, Hand]:
        current = _the_hand(table, hands, hand.pk)
        return [h for h in hands if h is not current], None, current

    check_reason(reason.strip())
    return _change(table=Table(pk=hand.table_id, version=NO_VERSION), by=by,
                   expected_version=expected_version, key=key, via=via,
                   change=_Change(make, reason.strip() or "deleted", acknowledge_warnings=True))
