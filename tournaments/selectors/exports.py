"""Reads for the printed sheets, the result PDFs and the season workbook.

Each function runs a fixed number of queries, whatever the size of the round or the season:
tables come with their seats (participant and member joined) and their hands prefetched.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch, QuerySet

from clubmanager.models import Member

from ..models import Competition, Evening, Hand, Round, Seat, Table


@dataclass
class TableData:
    """One table with its seats (in seat order) and its hands as entered (in order)."""

    table: Table
    seats: list[Seat]
    hands: list[dict[str, Any]]
    #: (number, data, adjusted points or None, adjusted reason) per hand, in order
    entries: list[tuple[int, dict[str, Any], Any, str]] = field(default_factory=list)


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


def season_evenings(competition: Competition) -> list[Evening]:
    return list(Evening.objects.filter(competition=competition).order_by("date"))


def season_tables(competition: Competition, *, with_hands: bool = True) -> Iterator[TableData]:
    """Every table of the season, in date, round and table order (3 queries).

    Loaded in one go: a 40-evening season of 20 tables a round is a few thousand rows.
    """
    tables = (
        Table.objects.filter(round__evening__competition=competition)
        .select_related("round__evening")
        .order_by("round__evening__date", "round__number", "number")
    )
    yield from _table_data(tables, with_hands=with_hands)


def club_members(competition: Competition) -> list[Member]:
    return list(
        Member.objects.filter(club_id=competition.club_id).order_by("name", "member_number")
    )


def competition_is_empty(competition: Competition) -> bool:
    return not Evening.objects.filter(competition=competition).exists()


def standings_and_evenings(
    competition: Competition, evenings: list[Evening] | None = None
) -> tuple[list[Any], list[Evening]]:
    """The season standings rows (``selectors.standings.season_standings``) and the evenings
    they have a column for."""
    from .standings import season_standings

    result = season_standings(competition)
    rows = list(result.rows)
    columns = list(getattr(result, "evenings", None) or [])
    if not columns:
        columns = evenings if evenings is not None else season_evenings(competition)
    return rows, columns
