"""The season as plain rows: what ``workbook/selectors.py`` reads and the writer writes.

The writer gets these values and never queries, so this package stays below the selectors
(docs/architecture.md, the layers).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from clubmanager.models import Member

from ..models import Competition, Evening


@dataclass
class SeasonSeat:
    """A seat of the season workbook, as plain values."""

    position: int
    name: str
    member_number: str | None
    side: str
    points: int
    competition_points: int
    place: int | None
    #: a guest's number within the evening (1, 2, … in the order they first sit), None for a
    #: member: two guests of the same name stay two people in the workbook
    guest: int | None = None


@dataclass
class SeasonTable:
    """A table of the season workbook, as plain values: seats in seat order and its hands as
    (number, data, adjusted points or None, adjusted reason), in order."""

    id: int
    date: datetime.date
    round: int
    number: int
    game: str
    options: Any
    first_dealer: int
    scorekeeper: int
    hand_count: int
    finished: bool
    seats: list[SeasonSeat] = field(default_factory=list)
    entries: list[tuple[int, Any, Any, str]] = field(default_factory=list)


@dataclass
class SeasonRows:
    """Everything the workbook shows of one season."""

    competition: Competition
    evenings: list[Evening]
    played: set[int]  # the evenings with results (each gets a sheet)
    members: list[Member]
    longest_guest: int
    longest_side: int
    standings: list[Any]  # ``selectors.standings.season_standings``' rows
    standing_evenings: list[Evening]  # the evenings the standings have a column for
    tables: Iterable[SeasonTable]  # a stream, in date, round and table order
    #: the call-offs ("afgemeld"): (evening date, member number, name), by date and name
    calloffs: list[tuple[datetime.date, str, str]] = field(default_factory=list)
    #: the sit-outs by the rota: (evening date, round, member number or "", name, points the
    #: reglement credited or None), by date, round and name
    sit_outs: list[tuple[datetime.date, int, str, str, int | None]] = field(default_factory=list)
    #: the evening money per member (``selectors.money.SeasonMoney``), None: not asked
    money: Any = None
