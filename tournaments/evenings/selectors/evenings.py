"""Reads: an evening, its check-in and its rounds with tables and seats."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_lazy as _

from clubmanager.models import Club, Member
from scoring import GAMES
from tournaments.draws.rota import is_fixed_size
from tournaments.draws.selectors import draw_history, drawn_tables, player_key, sit_out_history
from tournaments.entry.selectors.table_codes import NO_CODES, CodeSight
from tournaments.games import site_game
from tournaments.models import (
    Evening,
    EveningStatus,
    Hand,
    Participant,
    Round,
    Seat,
    Table,
    TableCode,
)


def evenings_for_club(*, club: Club) -> QuerySet[Evening]:
    return Evening.objects.filter(competition__club=club).select_related("competition")


def rounds_for_club(*, club: Club) -> QuerySet[Round]:
    return Round.objects.filter(evening__competition__club=club).select_related(
        "evening__competition"
    )


def seats_for_club(*, club: Club) -> QuerySet[Seat]:
    return Seat.objects.filter(table__round__evening__competition__club=club).select_related(
        "table", "participant__member"
    )


TABLE_STATUS = {
    "not_started": _("not started"),
    "in_progress": _("in progress"),
    "finished": _("finished"),
    "confirmed": _("confirmed"),
}


@dataclass
class SeatView:
    position: int
    name: str
    guest: bool
    team: int | None
    dealer: bool
    scorekeeper: bool


@dataclass
class TableView:
    table: Table
    seats: list[SeatView]
    score_url: str | None
    status: str
    team_table: bool = False
    # the table code, while it works (evening open, codes on) and the viewer may see it
    code: str | None = None

    @property
    def status_label(self) -> str:
        return str(TABLE_STATUS.get(self.status, self.status))


@dataclass
class RoundView:
    round: Round
    tables: list[TableView] = field(default_factory=list)
    has_scores: bool = False
    sitting_out: list[str] = field(default_factory=list)  # by the rota, by name

    @property
    def unfinished(self) -> int:
        """Tables still to play (not started or in progress)."""
        return sum(1 for t in self.tables if t.status in ("not_started", "in_progress"))


def score_url_maker(club: Club) -> Any:
    """A function table pk -> score entry URL, or always None while that page does not exist."""
    try:
        reverse("tournaments:table_scores", kwargs={"club": club.slug, "pk": 1})
    except NoReverseMatch:
        return lambda pk: None
    return lambda pk: reverse("tournaments:table_scores", kwargs={"club": club.slug, "pk": pk})


def _table_views(tables: list[Table], club: Club, evening: Evening,
                 sight: CodeSight) -> list[TableView]:
    score_url = score_url_maker(club)
    codes_work = evening.is_open and evening.competition.table_codes
    views = []
    for table in tables:
        seats = [
            SeatView(
                position=s.position, name=s.participant.name, guest=s.participant.is_guest,
                team=s.team, dealer=s.position == table.first_dealer,
                scorekeeper=s.position == table.scorekeeper,
            )
            for s in table.seats.all()
        ]
        codes = getattr(table, "active_codes", [])
        views.append(TableView(
            table=table, seats=seats, score_url=score_url(table.pk), status=table.status,
            team_table=any(s.team for s in seats),
            code=codes[0].code if codes and codes_work and sight.shows(table) else None,
        ))
    return views


def _active_codes() -> Prefetch[str, QuerySet[TableCode]]:
    return Prefetch("codes", queryset=TableCode.objects.filter(revoked_at__isnull=True),
                    to_attr="active_codes")


def _tables_prefetch() -> Prefetch[str, QuerySet[Table]]:
    return Prefetch(
        "tables",
        queryset=Table.objects.order_by("number").prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("participant__member")
                     .order_by("position")),
            _active_codes(),
        ),
    )


def _sits_out(evening: Evening) -> bool:
    """Whether anyone can sit out a round: the game is played only at full tables."""
    return is_fixed_size(site_game(evening.competition.game).table_range)


def evening_rounds(*, evening: Evening, sight: CodeSight = NO_CODES) -> list[RoundView]:
    """Every round of the evening with its tables, seats and the codes ``sight`` shows (four
    queries)."""
    club = evening.competition.club
    rounds = evening.rounds.order_by("number").prefetch_related(_tables_prefetch())
    if _sits_out(evening):
        rounds = rounds.prefetch_related("sit_outs__participant__member")
    result = []
    for round_ in rounds:
        tables = list(round_.tables.all())
        result.append(RoundView(
            round=round_, tables=_table_views(tables, club, evening, sight),
            has_scores=any(t.hand_count for t in tables),
            sitting_out=sorted(s.participant.name for s in round_.sit_outs.all())
            if _sits_out(evening) else [],
        ))
    return result


def round_view(*, round_: Round, sight: CodeSight = NO_CODES) -> RoundView:
    """One round with its tables, seats and the codes ``sight`` shows (three queries)."""
    tables = list(round_.tables.order_by("number").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("participant__member")
                 .order_by("position")),
        _active_codes(),
    ))
    return RoundView(
        round=round_,
        tables=_table_views(tables, round_.evening.competition.club, round_.evening, sight),
        has_scores=any(t.hand_count for t in tables),
        sitting_out=sorted(s.participant.name for s in
                           round_.sit_outs.select_related("participant__member"))
        if _sits_out(round_.evening) else [],
    )


@dataclass
class CheckinRow:
    member: Member
    participant: Participant | None
    called_off: bool = False  # "afgemeld" for this evening


def checkin_rows(*, evening: Evening) -> tuple[list[CheckinRow], list[Participant]]:
    """The club's active members (and inactive ones already present), each with their check-in;
    and the walk-in guests; who called off is marked. Three queries."""
    participants = list(evening.participants.all())
    called_off = set(evening.calloffs.values_list("member_id", flat=True))
    present = {p.member_id: p for p in participants if p.member_id}
    guests = [p for p in participants if p.member_id is None]
    members = Member.objects.filter(club_id=evening.competition.club_id).order_by("name")
    rows = [
        CheckinRow(member=m, participant=present.get(m.pk), called_off=m.pk in called_off)
        for m in members
        if m.is_active or m.pk in present
    ]
    return rows, guests


def unseated_participants(*, round_: Round) -> list[Participant]:
    seated = Seat.objects.filter(table__round=round_).values("participant_id")
    return list(
        round_.evening.participants.exclude(pk__in=seated).select_related("member")
    )


def absent_members(*, evening: Evening) -> list[Member]:
    present = evening.participants.filter(member__isnull=False).values("member_id")
    return list(
        Member.objects.filter(club_id=evening.competition.club_id, is_active=True)
        .exclude(pk__in=present).order_by("name")
    )


@dataclass(frozen=True)
class DrawCheck:
    """A round's draw recomputed from its seed, its players and the rounds before it."""

    seed: int
    players: list[str]  # everyone seated in the round, by name
    drawn: list[list[str]]  # the tables the seed gives, seat by seat
    seated: list[list[str]]  # the tables as they are now
    matches: bool
    sitting_out: list[str] = field(default_factory=list)  # by the rota, by name


def draw_check(*, round_: Round) -> DrawCheck:
    """Anyone can check a draw: the same seed, players and history give the same tables.
    A swap or a late arrival after the draw shows as a difference."""
    view = round_view(round_=round_)
    seats = [s for t in view.tables for s in t.table.seats.all()]
    sitting = [s.participant for s in round_.sit_outs.select_related("participant__member")]
    participants = sorted({s.participant for s in seats} | set(sitting), key=player_key)
    names = {player_key(p): p.name for p in participants}
    history = draw_history(evening=round_.evening, before=round_)
    drawn = drawn_tables(round_, participants, history=history,
                         sat_out=sit_out_history(evening=round_.evening, before=round_))
    seated = [[player_key(s.participant) for s in t.table.seats.all()] for t in view.tables]
    sat_out = sorted(player_key(p) for p in sitting)
    return DrawCheck(
        seed=round_.seed, players=sorted(names.values()),
        drawn=[[names[k] for k in keys] for keys in drawn.tables],
        seated=[[names[k] for k in keys] for keys in seated],
        matches=drawn.tables == seated and drawn.sitting_out == sat_out,
        sitting_out=sorted(names[k] for k in sat_out),
    )


def door_evening(code: str) -> Evening | None:
    """The evening whose door code is ``code``, with its competition and club (one query).
    Looked up through ``tournaments.codes.lookup.code_lookup``, which checks the code's form
    first."""
    return (Evening.objects.select_related("competition__club")
            .filter(door_code=code).exclude(door_code="").first())


def door_members(*, evening: Evening) -> list[Member]:
    """The club's active members not checked in yet, by name: the door's list (one query)."""
    present = evening.participants.filter(member__isnull=False).values("member_id")
    return list(Member.objects.filter(club_id=evening.competition.club_id, is_active=True)
                .exclude(pk__in=present).order_by("name"))


def evening_undoable(*, evening: Evening) -> bool:
    """May the evening still be moved or cancelled: planned, and no hand at any table."""
    return (evening.status == EveningStatus.PLANNED
            and not Hand.objects.filter(table__round__evening=evening).exists())


@dataclass(frozen=True)
class UnfinishedTable:
    """A table of the evening whose match is not finished: its round, game and how far it got
    (``total``, the deals a match has, where the game fixes it: Jokeren's contracts,
    Klaverjassen's boompje; None otherwise)."""

    table: Table
    round_number: int
    game_name: str
    hands: int
    total: int | None


def _deals_in_match(game: str, options: Any) -> int | None:
    defaults = {o.name: o.default for o in GAMES[game].options} if game in GAMES else {}
    chosen = {**defaults, **(options if isinstance(options, dict) else {})}
    if isinstance(chosen.get("contracts"), list):
        return len(chosen["contracts"])
    deals = chosen.get("deals")
    return deals if isinstance(deals, int) and not isinstance(deals, bool) else None


def unfinished_tables(*, evening: Evening) -> list[UnfinishedTable]:
    """The evening's tables not finished yet (not started or under way), by round and number.
    The standings count finished tables only (``standings/selectors/standings.py``)."""
    tables = (Table.objects.filter(round__evening=evening, finished=False)
              .select_related("round").order_by("round__number", "number"))
    return [UnfinishedTable(t, t.round.number, site_game(t.game).name, t.hand_count,
                            _deals_in_match(t.game, t.options)) for t in tables]
