"""Reads for table codes: the table behind a code, and the active codes of tables."""

from __future__ import annotations

from collections.abc import Iterable

from ..models import TableCode


def active_code(code: str) -> TableCode | None:
    """The active code ``code`` with its table, round, evening, competition, club and the
    table's confirmer (one query); None for an unknown or renewed code."""
    if not code or len(code) > 64:
        return None
    return (TableCode.objects
            .select_related("table__round__evening__competition__club", "table__confirmed_by")
            .filter(code=code, revoked_at__isnull=True).first())


def active_codes(*, table_ids: Iterable[int]) -> dict[int, str]:
    """Table id → its active code (one query)."""
    return dict(TableCode.objects.filter(table_id__in=list(table_ids), revoked_at__isnull=True)
                .values_list("table_id", "code"))
