"""Reads for table codes: the table behind a code, the active codes of tables, and which codes
a login may see (:func:`code_sight`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from clubmanager.models import Club, Member, Role
from tournaments.models import Table, TableCode


@dataclass(frozen=True)
class CodeSight:
    """Which tables' codes a page may show its viewer. A code is a key: whoever has it enters
    scores at its table without a login. The club admin and the scorekeepers see every table's
    code (they print the sheets and run the projector); a member sees, online, only the code of
    the table they sit at themselves; anyone else none."""

    every_table: bool = False
    member_id: int | None = None  # the viewer's own member in the club (seated: their code)

    def shows(self, table: Table) -> bool:
        """``table``'s seats must come with their participants (prefetched, no query)."""
        if self.every_table:
            return True
        return self.member_id is not None and any(
            seat.participant.member_id == self.member_id for seat in table.seats.all())


NO_CODES = CodeSight()


def code_sight(*, club: Club, user: Any, role: str | None, own_table: bool = True) -> CodeSight:
    """The codes ``user`` (with ``role`` in ``club``) may see: every table's for a scorekeeper
    or the club admin; with ``own_table``, a member's own table's (one query for the member);
    otherwise none (the projector and the sheets with codes are for the club's staff)."""
    if Role.at_least(role, Role.SCOREKEEPER):
        return CodeSight(every_table=True)
    if not own_table or role is None or not getattr(user, "is_authenticated", False):
        return NO_CODES
    member_id = (Member.objects.filter(club=club, user=user)
                 .values_list("pk", flat=True).first())
    return CodeSight(member_id=member_id)


def active_code(code: str) -> TableCode | None:
    """The active code ``code`` with its table, round, evening, competition, club and the
    table's confirmer (one query); None for an unknown or renewed code. Looked up through
    ``tournaments.codes.lookup.code_lookup``, which checks the code's form first."""
    return (TableCode.objects
            .select_related("table__round__evening__competition__club", "table__confirmed_by")
            .filter(code=code, revoked_at__isnull=True).first())


def active_codes(*, table_ids: Iterable[int]) -> dict[int, str]:
    """Table id → its active code (one query)."""
    return dict(TableCode.objects.filter(table_id__in=list(table_ids), revoked_at__isnull=True)
                .values_list("table_id", "code"))
