"""Who may do what at a table: enter scores, confirm a match, through a login or a table code.

These are reads (a role, the seats, the latest history row), asked once by the score views
before they show a form or call a service, and again by the score services inside the save
(``services.scores``), so they live in one module below both: a view and a service ask the same
question the same way. The rules as a scorekeeper meets them: docs/scorekeeper-guide.md
("Confirmation", "Table codes"); the save they guard: docs/architecture.md ("One write path for
every save").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from django.contrib.auth.models import AnonymousUser, User

from clubmanager.models import Role
from clubmanager.selectors import role_in_club
from tournaments.models import Hand, Seat, Table, TableCode

__all__ = [
    "LAST_BY_UNKNOWN",
    "code_is_active",
    "code_may_confirm",
    "code_may_enter",
    "last_changed_by",
    "may_confirm",
    "may_enter",
    "role_at",
]

#: Who asks: a login, an anonymous visitor, or nobody (a table code's entry has no user).
Visitor = User | AnonymousUser | None

#: ``last_by`` not given: who made the latest change is read from the history. (None is an
#: answer of its own: no user, the latest change came through a table code.) No user id is -1.
LAST_BY_UNKNOWN = -1


def role_at(user: Visitor, table: Table) -> str | None:
    """The user's role in the club of ``table`` (superusers: admin), or None."""
    return role_in_club(user, table.round.evening.competition.club)


def may_enter(user: Visitor, table: Table, seats: Sequence[Seat], role: str | None = None) -> bool:
    """The table's scorekeeper (the member at its scorekeeper seat), a scorekeeper of the club,
    or a club admin. ``seats`` with ``participant__member`` loaded."""
    if user is None or not user.is_authenticated:
        return False
    role = role if role is not None else role_at(user, table)
    if Role.at_least(role, Role.SCOREKEEPER):
        return True
    if role is None:
        return False
    for seat in seats:
        member = seat.participant.member
        if seat.position == table.scorekeeper and member is not None:
            return bool(member.user_id == user.pk)
    return False


def last_changed_by(table: Table) -> int | None:
    """The user id behind the latest recorded change of the table's hands."""
    return cast("int | None", (
        Hand.history.filter(table_id=table.pk)
        .order_by("-history_date", "-history_id")
        .values_list("history_user_id", flat=True)
        .first()
    ))


def may_confirm(
    user: Visitor, table: Table, seats: Sequence[Seat], role: str | None = None,
    last_by: int | None = LAST_BY_UNKNOWN,
) -> bool:
    """A club admin, or an opponent: a user linked to a seated member, other than whoever
    entered the last change."""
    if user is None or not user.is_authenticated:
        return False
    role = role if role is not None else role_at(user, table)
    if Role.at_least(role, Role.ADMIN):
        return True
    if role is None:
        return False
    seated = {s.participant.member.user_id for s in seats if s.participant.member is not None}
    if user.pk not in seated:
        return False
    last_by = last_changed_by(table) if last_by == LAST_BY_UNKNOWN else last_by
    return bool(last_by != user.pk)


# -- a table code (services.table_codes) ------------------------------------------------------
def code_may_enter(code: TableCode, table: Table) -> bool:
    """Its own table, an active code, codes on for the competition. (An open evening and an
    unconfirmed match are every entry's conditions: ``services.scores``.) ``table`` with its
    round, evening and competition loaded."""
    return (code.table_id == table.pk and code.revoked_at is None
            and table.round.evening.competition.table_codes)


def code_is_active(code: TableCode) -> bool:
    """As stored now: not revoked, codes still on (a renewal or "codes off" meanwhile stops a
    save that was already under way)."""
    return TableCode.objects.filter(
        pk=code.pk, revoked_at__isnull=True,
        table__round__evening__competition__table_codes=True,
    ).exists()


def code_may_confirm(code: TableCode, table: Table) -> bool:
    """Its own table; not a match whose last change came through a code of this table, unless
    the club allows it. ``table`` with its round, evening, competition and club loaded."""
    if not code_may_enter(code, table):
        return False
    if table.round.evening.competition.club.code_self_confirm:
        return True
    last = (Hand.history.filter(table_id=table.pk).order_by("-history_date", "-history_id")
            .values_list("table_code_id", flat=True).first())
    return last is None
