"""Reads for score entry: a table's match with the engine's evaluation, and the evening board."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, OuterRef, Prefetch, Q
from django.shortcuts import get_object_or_404

from clubmanager.models import Club, Member
from clubmanager.selectors import role_subquery
from tournaments.models import Evening, Hand, Seat, Table
from tournaments.shared.matches import MatchView, match_view, sides_of

_CHAIN = "round__evening__competition__club"


def table_access(*, user_id: int, club_slug: str, pk: int) -> tuple[Club, str | None, Table] | None:
    """The table ``pk`` of the club ``club_slug`` with its round, evening, competition, club
    and confirmer, and the user's role in that club (None without one), in one query; None
    when the club has no such table."""
    try:  # get(), not first(): no ORDER BY through the models' orderings for one row
        table = (
            Table.objects.select_related(_CHAIN, "confirmed_by")
            .annotate(user_role=role_subquery(user_id,
                                              OuterRef("round__evening__competition__club")))
            .get(pk=pk, round__evening__competition__club__slug=club_slug)
        )
    except Table.DoesNotExist:
        return None
    return table.round.evening.competition.club, table.user_role, table


def confirmer_name(table: Table) -> str:
    """Who confirmed the match, as the club knows them: the member's name of the login (one
    query), else the login's full name, else the login itself; "" when not confirmed by one."""
    user = table.confirmed_by
    if user is None:
        return ""
    club_id = table.round.evening.competition.club_id
    member = Member.objects.filter(club_id=club_id, user=user).only("name").first()
    return member.name if member else (user.get_full_name() or user.get_username())


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
    """The table's seats (by position, with ``participant__member``) and hands (by number),
    each knowing ``table`` (not read again): what a save checks and evaluates, and what the
    table page shows (2 queries)."""
    seats = list(table.seats.select_related("participant__member").order_by("position"))
    hands = list(table.hands.order_by("number"))
    return seats, hands


@dataclass(frozen=True)
class EntryRead:
    """What a save reads before it asks anything: the table's seats and hands (as stored at
    ``table.version``, which the add service checks and writes against, no second read), its
    sides, and the match as the entry finds it (``before``: all hands for a new one, the hands
    before it for a correction)."""

    seats: list[Seat]
    hands: list[Hand]
    sides: list[str]
    before: MatchView


def entry_read(table: Table, editing: Hand | None) -> EntryRead:
    seats, hands = seats_and_hands(table)
    before = match_view(table, seats, [(h.data, h.adjusted_points) for h in hands
                                       if editing is None or h.number < editing.number])
    return EntryRead(seats, hands, sides_of(seats), before)


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
    view: MatchView
    side_rows: list[SideRow]
    hand_rows: list[HandRow]

    @property
    def evaluation(self) -> MatchView:
        """The evaluation (templates read ``match.evaluation.options``)."""
        return self.view

    @property
    def state(self) -> Any:
        return self.view.state

    @property
    def finished(self) -> bool:
        return self.view.finished

    @property
    def total_cells(self) -> list[tuple[str, str, str, str]]:
        """Per side as shown in the totals, in place order (seat order among equal places and
        before any place is known): place, side, points, competition points."""
        rows = sorted(self.side_rows, key=lambda r: (r.place is None, r.place or 0))
        return [(_text(r.place), r.side, _text(r.points), _text(r.competition_points))
                for r in rows]

    @property
    def short_sides(self) -> list[tuple[str, str]]:
        """(short label, full name) per side for narrow columns: first names ("Ann & Cor"),
        the full name where two sides would read the same ("Gast Bep", "Gast Johan")."""
        short = [" & ".join(part.split()[0] for part in side.split(" & ") if part.split())
                 for side in self.sides]
        return [(label if short.count(label) == 1 else side, side)
                for label, side in zip(short, self.sides, strict=True)]


def match_state(table: Table, *, seats: list[Seat] | None = None,
                hands: list[Hand] | None = None, view: MatchView | None = None) -> MatchState:
    """Seats, hands and the engine's evaluation of a table (2 queries). A caller that has just
    saved passes what it wrote (seats by position with ``participant__member``, hands by number,
    their evaluation): no query, no second evaluation."""
    if seats is None or hands is None:
        seats, hands = seats_and_hands(table)
    if view is None:
        view = match_view(table, seats, [(h.data, h.adjusted_points) for h in hands])
    sides = list(view.sides)
    players: dict[str, list[str]] = {s: [] for s in sides}
    for seat in seats:
        players[seat.side].append(seat.participant.name)
    by_side = {s.side: s for s in seats}
    side_rows = [
        SideRow(side, players[side], by_side[side].points, by_side[side].competition_points,
                by_side[side].place, view.adjusted.get(side, 0))
        for side in sides
    ]
    hand_rows = []
    for position, hand in enumerate(hands):
        hand_points = view.hand_points(position)
        points = [hand_points.get(s) for s in sides]
        hand_rows.append(HandRow(hand, points, dict(view.derived(position) or {})))
    return MatchState(table, seats, hands, sides, view, side_rows, hand_rows)


def evaluate_draft(match: MatchState, draft: dict[str, Any],
                   replacing: Hand | None = None) -> tuple[dict[str, Any], int]:
    """The match with a draft hand added (or replacing a saved one): the evaluation (a new
    dict, issues with the table's hand numbers) and the table's number of the draft hand."""
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
    view = match_view(match.table, match.seats, entries)
    table_number = {e: p for p, e in enumerate(view.engine_numbers, start=1) if e}
    evaluation = view.as_dict()
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
