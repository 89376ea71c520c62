"""Writes: table codes (what a code may do is read in ``selectors.permissions``).

A table code lets the phones at a table enter, correct and confirm that table's scores without
an account. It is random, made by the one generator of codes
(``tournaments.codes.tokens.code_new``: 128 bits), never derived from the seed or an id. Every
table gets one when it is created (the draw, a late arrival's new table); a club admin renews a
table's code (the old one stops at once: it is revoked in the same transaction) or turns codes
off for a competition (``Competition.table_codes``, its settings form).

What a code may do, and nothing else: enter, change, delete and confirm on its own table,
while the evening is open and the competition has codes on
(``selectors.permissions.code_may_enter``). A match whose last change came through the table's
code is not confirmed through its code, unless the club allows that
(``Club.code_self_confirm``): the code is the table, not a second person.
The score services take a :class:`ViaCode` instead of a user and record it in the history.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from clubmanager.models import Club
from tournaments.codes.tokens import code_new
from tournaments.models import Table, TableCode

__all__ = [
    "ViaCode",
    "club_code_self_confirm_set",
    "table_code_renew",
    "table_codes_issue",
]

USER_AGENT_LENGTH = 300


@dataclass(frozen=True)
class ViaCode:
    """A change made through a table code: the code and the device's user agent."""

    code: TableCode
    user_agent: str = ""

    @property
    def device(self) -> str:
        return self.user_agent[:USER_AGENT_LENGTH]


def table_codes_issue(*, tables: Iterable[Table]) -> list[TableCode]:
    """A new code for each of ``tables`` (new tables, without one): the draw's part."""
    return TableCode.objects.bulk_create(TableCode(table=t, code=code_new()) for t in tables)


@transaction.atomic
def table_code_renew(*, table: Table, by: User | None = None) -> TableCode:
    """Revoke the table's code (it stops at once) and issue a new one."""
    Table.objects.select_for_update().filter(pk=table.pk).values_list("pk").first()
    TableCode.objects.filter(table=table, revoked_at__isnull=True).update(
        revoked_at=timezone.now())
    return TableCode.objects.create(table=table, code=code_new())


@transaction.atomic
def club_code_self_confirm_set(*, club: Club, allowed: bool, by: User | None = None) -> Club:
    """Whether a table code may confirm a match whose last change came through it."""
    club.code_self_confirm = allowed
    club._history_user = by  # type: ignore[attr-defined]  # the club's history: who
    club.save(update_fields=["code_self_confirm"])
    return club
