"""Confirming a finished match, and withdrawing a confirmation.

A second person confirms (an opponent, a club admin, or a table code when the club allows it);
the match is final from then on, until a club admin withdraws the confirmation for a
correction. Who may is read in ``selectors.permissions``; each change bumps the table's version,
so a score form rendered before is refused as changed. The rules as a scorekeeper meets them:
docs/scorekeeper-guide.md ("Confirmation").
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from clubmanager.models import Role
from tournaments.entry.selectors.permissions import (
    code_is_active,
    code_may_confirm,
    may_confirm,
    role_at,
)
from tournaments.entry.selectors.scores import seats_and_hands
from tournaments.entry.services.scores.sqlite_retry import retry_when_locked
from tournaments.entry.services.table_codes import ViaCode
from tournaments.models import Table, stamp_evening
from tournaments.shared.guards import TableLocked, evening_ensure_open


def _lock(table: Table) -> Table:
    return (
        Table.objects.select_for_update()
        .select_related("round__evening__competition__club")
        .get(pk=table.pk)
    )


def _set_confirmation(table: Table, by: User | None, via: ViaCode | None = None) -> Table:
    table.confirmed_by = by
    table.confirmed_via = via.code if via is not None else None
    table.confirmed_user_agent = via.device if via is not None else ""
    table.confirmed_at = timezone.now() if by is not None or via is not None else None
    table.version += 1
    table.save(update_fields=["confirmed_by", "confirmed_via", "confirmed_user_agent",
                              "confirmed_at", "version"])
    stamp_evening(table.round.evening)  # the live pages' change stamp
    return table


@retry_when_locked
@transaction.atomic
def table_confirm(*, table: Table, by: User | None, via: ViaCode | None = None) -> Table:
    """A second person confirms a finished match; it is final from then on. Through a table
    code (``via``, ``by`` None): see ``table_codes.code_may_confirm``."""
    locked = _lock(table)
    evening_ensure_open(locked.round.evening)
    if not locked.finished:
        raise TableLocked("not_finished")
    if locked.confirmed_at is not None:
        raise TableLocked("already_confirmed")
    if via is not None:
        if not (code_is_active(via.code) and code_may_confirm(via.code, locked)):
            raise PermissionDenied
        return _set_confirmation(locked, None, via)
    seats, _hands = seats_and_hands(locked)
    if not may_confirm(by, locked, seats):
        raise PermissionDenied
    return _set_confirmation(locked, by)


@retry_when_locked
@transaction.atomic
def table_unconfirm(*, table: Table, by: User | None) -> Table:
    """A club admin reopens a confirmed match for a correction (while the evening is open)."""
    locked = _lock(table)
    if not Role.at_least(role_at(by, locked), Role.ADMIN):
        raise PermissionDenied
    evening_ensure_open(locked.round.evening)
    return _set_confirmation(locked, None)
