"""Reads for the printed score sheets: a round's tables as the plain ``TableData`` that
``tournaments/pdf/`` draws (docs/architecture.md). The PDFs never query; they get these rows.

A fixed number of queries, whatever the size of the round: tables come with their seats
(participant and member joined) and their hands prefetched.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet

from tournaments.models import Hand, Round, Seat, Table
from tournaments.pdf.grid import TableData


def _seats() -> Prefetch[str, QuerySet[Seat]]:
    return Prefetch(
        "seats",
        queryset=Seat.objects.select_related("participant__member").order_by("position"),
    )


def _hands() -> Prefetch[str, QuerySet[Hand]]:
    return Prefetch("hands", queryset=Hand.objects.only(
        "id", "table_id", "number", "data", "adjusted_points", "adjusted_reason"
    ).order_by("number"))


def _table_data(tables: QuerySet[Table], *, with_hands: bool = True) -> list[TableData]:
    prefetches: list[Any] = [_seats()]
    if with_hands:
        prefetches.append(_hands())
    result = []
    for table in tables.prefetch_related(*prefetches):
        stored = list(table.hands.all()) if with_hands else []
        result.append(TableData(
            table=table, seats=list(table.seats.all()), hands=[h.data for h in stored],
            entries=[(h.number, h.data, h.adjusted_points, h.adjusted_reason) for h in stored],
        ))
    return result


def round_tables(round_: Round) -> list[TableData]:
    """The tables of a round in table order, with seats and hands (3 queries)."""
    return _table_data(Table.objects.filter(round=round_).order_by("number"))
