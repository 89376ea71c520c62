"""Reads for score entry: a table's match with the engine's evaluation, and the evening board."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, Prefetch, Q
from django.shortcuts import get_object_or_404

from clubmanager.models import Club, ClubRole, Member
from clubmanager.rows import Columns, db, fetch, name

from ..matches import evaluate_entries, sides_of
from ..models import Competition, Evening, Hand, Participant, Round, Seat, Table

# -- the table at score entry: hand-written statements (clubmanager/rows.py says why) ---------
_TABLE = (Columns(Table, "t"), Columns(Round, "r"), Columns(Evening, "e"),
          Columns(Competition, "c"), Columns(Club, "cl"), Columns(get_user_model(), "u"))
_SEAT = (Columns(Seat, "s"), Columns(Participant, "p"), Columns(Member, "m"))
_HAND = Columns(Hand, "h")


@cache
def _table_sql(vendor: str) -> str:
    user_model = get_user_model()
    return (
        f"SELECT {', '.join(c.sql() for c in _TABLE)}, cr.{name(ClubRole, 'role')} "
        f"FROM {name(Table)} t "
        f"JOIN {name(Round)} r ON r.{name(Round, 'id')} = t.{name(Table, 'round')} "
        f"JOIN {name(Evening)} e ON e.{name(Evening, 'id')} = r.{name(Round, 'evening')} "
        f"JOIN {name(Competition)} c "
        f"ON c.{name(Competition, 'id')} = e.{name(Evening, 'competition')} "
        f"JOIN {name(Club)} cl ON cl.{name(Club, 'id')} = c.{name(Competition, 'club')} "
        f"LEFT JOIN {name(user_model)} u "
        f"ON u.{name(user_model, 'id')} = t.{name(Table, 'confirmed_by')} "
        f"LEFT JOIN {name(ClubRole)} cr ON cr.{name(ClubRole, 'club')} = cl.{name(Club, 'id')} "
        f"AND cr.{name(ClubRole, 'user')} = %s "
        f"WHERE t.{name(Table, 'id')} = %s AND cl.{name(Club, 'slug')} = %s"
    )


def table_access(*, user_id: int, club_slug: str, pk: int) -> tuple[Club, str | None, Table] | None:
    """The table ``pk`` of the club ``club_slug`` with its round, evening, competition, club
    and confirmer, and the user's role in that club (None without one), in one query; None
    when the club has no such table."""
    conn = db()
    rows = fetch(_table_sql(conn.vendor), [user_id, pk, club_slug])
    if not rows:
        return None
    row = rows[0]
    objects, start = [], 0
    for columns in _TABLE:
        objects.append(columns.build(row, start, conn))
        start += len(columns)
    table, round_, evening, competition, club, confirmer = objects
    competition.club = club
    evening.competition = competition
    round_.evening = evening
    table.round = round_
    table.confirmed_by = confirmer
    return club, row[start], table


@cache
def _seats_sql(vendor: str) -> str:
    return (
        f"SELECT {', '.join(c.sql() for c in _SEAT)} FROM {name(Seat)} s "
        f"JOIN {name(Participant)} p "
        f"ON p.{name(Participant, 'id')} = s.{name(Seat, 'participant')} "
        f"LEFT JOIN {name(Member)} m ON m.{name(Member, 'id')} = p.{name(Participant, 'member')} "
        f"WHERE s.{name(Seat, 'table')} = %s ORDER BY s.{name(Seat, 'position')}"
    )


@cache
def _hands_sql(vendor: str) -> str:
    return (f"SELECT {_HAND.sql()} FROM {name(Hand)} h WHERE h.{name(Hand, 'table')} = %s "
            f"ORDER BY h.{name(Hand, 'number')}")


def table_in_club(club: Club, pk: int) -> Table:
    """The table (404 outside the club) with its round, evening, competition and confirmer;
    the competition's club is ``club`` itself (not read again)."""
    table = get_object_or_404(
        Table.objects.select_related("round__evening__competition", "confirmed_by"),
        pk=pk, round__evening__competition__club_id=club.pk,
    )
    table.round.evening.competition.club = club
    return table


def seats_and_hands(table: Table) -> tuple[list[Seat], list[Hand]]:
    """The table's seats (by position, with ``participant__member``) and hands (by number):
    what a save checks and evaluates, and what the table page shows (2 queries)."""
    conn = db()
    seat, participant, member = _SEAT
    seats = []
    for row in fetch(_seats_sql(conn.vendor), [table.pk]):
        one = seat.build(row, 0, conn)
        one.participant = participant.build(row, len(seat), conn)
        one.participant.member = member.build(row, len(seat) + len(participant), conn)
        one.table = table
        seats.append(one)
    hands = []
    for row in fetch(_hands_sql(conn.vendor), [table.pk]):
        hand = _HAND.build(row, 0, conn)
        hand.table = table
        hands.append(hand)
    return seats, hands


def hand_in_club(club: Club, pk: int) -> Hand:
    return get_object_or_404(
        Hand.objects.select_related("table__round__evening__competition__club"),
        pk=pk, table__round__evening__competition__club=club,
    )


def _text(value: int | None) -> str:
    """A whole number as the score pages show it (no thousands separator, "–" for none):
    formatted once here, not by the template's localisation per cell."""
    return "–" if value is None else str(value)


@dataclass
class SideRow:
    side: str
    players: list[str]
    points: int
    competition_points: int
    place: int | None
    adjusted: int = 0


@dataclass
class HandRow:
    hand: Hand
    points: list[int | None]  # per side, in side order
    derived: dict[str, Any] = field(default_factory=dict)

    @property
    def cells(self) -> list[str]:
        return [_text(p) for p in self.points]


@dataclass
class MatchState:
    table: Table
    seats: list[Seat]
    hands: list[Hand]
    sides: list[str]
    evaluation: dict[str, Any]
    side_rows: list[SideRow]
    hand_rows: list[HandRow]
    state: Any

    @property
    def finished(self) -> bool:
        return bool(self.evaluation.get("finished"))

    @property
    def total_cells(self) -> list[tuple[str, str, str, str]]:
        """Per side as shown in the totals: place, side, points, competition points."""
        return [(_text(r.place), r.side, _text(r.points), _text(r.competition_points))
                for r in self.side_rows]

    @property
    def short_sides(self) -> list[tuple[str, str]]:
        """(short label, full name) per side for narrow columns: first names ("Ann & Cor"),
        the full name where two sides would read the same ("Gast Bep", "Gast Johan")."""
        short = [" & ".join(part.split()[0] for part in side.split(" & ") if part.split())
                 for side in self.sides]
        return [(label if short.count(label) == 1 else side, side)
                for label, side in zip(short, self.sides, strict=True)]


def match_state(table: Table, *, seats: list[Seat] | None = None,
                hands: list[Hand] | None = None,
                evaluation: dict[str, Any] | None = None) -> MatchState:
    """Seats, hands and the engine's evaluation of a table (2 queries). A caller that has just
    saved passes what it wrote (seats by position with ``participant__member``, hands by number,
    their evaluation): no query, no second evaluation."""
    if seats is None or hands is None:
        seats, hands = seats_and_hands(table)
    sides = sides_of(seats)
    if evaluation is None:
        evaluation = evaluate_entries(table, seats, [(h.data, h.adjusted_points) for h in hands])
    players: dict[str, list[str]] = {s: [] for s in sides}
    for seat in seats:
        players[seat.side].append(seat.participant.name)
    by_side = {s.side: s for s in seats}
    side_rows = [
        SideRow(side, players[side], by_side[side].points, by_side[side].competition_points,
                by_side[side].place, evaluation["adjusted"].get(side, 0))
        for side in sides
    ]
    hand_rows = []
    for hand, index in zip(hands, evaluation["hand_map"], strict=True):
        if index is None:
            points = [(hand.adjusted_points or {}).get(s) for s in sides]
            derived: dict[str, Any] = {}
        elif index < len(evaluation["hands"]):
            derived = evaluation["hands"][index]
            points = [derived["points"].get(s) for s in sides]
        else:  # not reached by the engine (an error before it): shown as entered
            derived, points = {}, [None for _s in sides]
        hand_rows.append(HandRow(hand, points, derived))
    return MatchState(table, seats, hands, sides, evaluation, side_rows, hand_rows,
                      evaluation.get("state"))


def evaluate_draft(match: MatchState, draft: dict[str, Any],
                   replacing: Hand | None = None) -> tuple[dict[str, Any], int]:
    """The match with a draft hand added (or replacing a saved one): the evaluation and the
    table's number of the draft hand."""
    entries: list[tuple[dict[str, Any], Any]] = []
    number = len(match.hands) + 1
    for position, hand in enumerate(match.hands, start=1):
        if replacing is not None and hand.pk == replacing.pk:
            entries.append((draft, None))
            number = position
        else:
            entries.append((hand.data, hand.adjusted_points))
    if replacing is None:
        entries.append((draft, None))
    evaluation = evaluate_entries(match.table, match.seats, entries)
    table_number = {e: p for p, e in enumerate(evaluation["engine_numbers"], start=1) if e}
    for key in ("errors", "warnings"):
        evaluation[key] = [
            {**issue, "engine_hand": issue.get("hand"),
             "hand": table_number.get(issue.get("hand"), issue.get("hand"))}
            for issue in evaluation[key]
        ]
    return evaluation, number


# -- the evening board --------------------------------------------------------------------------
STATUS_ORDER = ("not_started", "in_progress", "finished", "confirmed")


@dataclass
class BoardRow:
    table: Table
    players: list[str]
    status: str


@dataclass
class Board:
    evening: Evening
    rows: list[BoardRow]
    counts: dict[str, int]
    requires_confirmation: bool

    @property
    def missing(self) -> int:
        done = "confirmed" if self.requires_confirmation else "finished"
        return sum(1 for r in self.rows if STATUS_ORDER.index(r.status) < STATUS_ORDER.index(done))


def evening_board(evening: Evening) -> Board:
    """Every table of the evening with its status (2 queries)."""
    tables = list(
        Table.objects.filter(round__evening=evening)
        .select_related("round")
        .prefetch_related(Prefetch(
            "seats", queryset=Seat.objects.select_related("participant__member")
            .order_by("position")))
        .order_by("round__number", "number")
    )
    rows = [BoardRow(t, [s.participant.name for s in t.seats.all()], t.status) for t in tables]
    counts = {status: sum(1 for r in rows if r.status == status) for status in STATUS_ORDER}
    return Board(evening, rows, counts, evening.competition.requires_confirmation)


def counting_tables_q(prefix: str = "") -> Q:
    """Tables whose results count: finished, and confirmed when the competition requires it."""
    return Q(**{f"{prefix}finished": True}) & (
        Q(**{f"{prefix}round__evening__competition__requires_confirmation": False})
        | Q(**{f"{prefix}confirmed_at__isnull": False})
    )


def table_counts(evening_ids: Sequence[int]) -> dict[int, int]:
    """Tables per evening (for overviews)."""
    return dict(
        Table.objects.filter(round__evening_id__in=evening_ids)
        .values_list("round__evening_id")
        .annotate(n=Count("pk"))
    )
