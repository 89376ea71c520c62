"""Season import: write a checked workbook into an empty competition, all or nothing
(docs/secretary-guide.md). The file is read and checked by ``tournaments/workbook/``."""

from __future__ import annotations

import contextlib
import datetime
from dataclasses import dataclass
from typing import Any, cast

from django.contrib.auth.models import User
from django.db import transaction
from simple_history.utils import bulk_create_with_history

from clubmanager.models import Member
from tournaments.models import (
    CallOff,
    Competition,
    Evening,
    EveningStatus,
    Hand,
    Participant,
    Round,
    Seat,
    SitOut,
    Table,
    stamp_competition,
)
from tournaments.shared import matches
from tournaments.shared.season_rules import periods_keyed
from tournaments.workbook.cache import cache_dir
from tournaments.workbook.check import SeasonPreview, check_season, evaluate_rows, group_tables
from tournaments.workbook.read import HandRow, ParsedSeason, person

__all__ = ["SeasonImportRefused", "SeasonImported", "cached_workbooks_forget",
           "season_import_apply"]


class SeasonImportRefused(Exception):
    """Nothing was written: the competition is not empty, or the file has errors."""

    def __init__(self, reason: str, preview: SeasonPreview | None = None) -> None:
        super().__init__(reason)
        self.reason = reason  # "not_empty" or "invalid"
        self.preview = preview


@dataclass
class SeasonImported:
    evenings: int
    rounds: int
    tables: int
    hands: int
    members_created: int


@transaction.atomic
def season_import_apply(*, competition: Competition, parsed: ParsedSeason,
                        by: User | None) -> SeasonImported:
    """Create the season's evenings, participants, rounds, tables, seats and hands.

    The file is checked again here (members may have changed since the preview); any error, or
    a competition that already has evenings, refuses the whole import. Evenings with tables are
    created closed, the others (from the evenings sheet) planned, each counting as the evenings
    sheet says; the call-offs and the reglement of the file come with them; rounds get seed 0
    (they were not drawn here). Seat integers come from the engine
    (``matches.apply_evaluation``), exactly as score entry writes them.
    """
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    if Evening.objects.filter(competition=competition).exists():
        raise SeasonImportRefused("not_empty")
    stamp_competition(competition)  # the live pages' change stamp
    club_members = {m.member_number: m for m in Member.objects.filter(club_id=competition.club_id)}
    preview = check_season(parsed, competition=competition, members=club_members)
    if not preview.valid:
        raise SeasonImportRefused("invalid", preview)
    created = _new_members(competition, preview, club_members, by)

    groups = sorted(group_tables(parsed.rows).items())
    evenings = _evenings(competition, parsed, {key[0] for key, _rows in groups})
    bulk_create_with_history(evenings, Evening, default_user=by)
    evening_of = {e.date.isoformat(): e for e in Evening.objects.filter(competition=competition)}
    _season_rules(competition, parsed, evening_of, club_members, by)
    people = _participants(groups, evening_of, club_members)
    rounds = {(date, number): Round(evening=evening_of[date], number=number, seed=0)
              for date, number in sorted({(k[0], k[1]) for k, _rows in groups})}
    Round.objects.bulk_create(rounds.values())
    SitOut.objects.bulk_create(_sit_outs(parsed, rounds, people))

    # Tables, seats and hands from the checked preview: the engine's evaluation of each match
    # (made by ``check_season``) is applied before anything is saved, so no table is written
    # twice.
    evaluated = {(t.date, t.round, t.table): t.evaluation for t in preview.tables}
    tables: list[Table] = []
    seats: list[Seat] = []
    hands: list[Hand] = []
    for (date, round_number, table_number), rows in groups:
        table, table_seats, played = _table(
            rows, rounds[(date, round_number)], table_number,
            [people[(date, person(seat))] for seat in rows[0].seats],
            evaluated.get((date, round_number, table_number)))
        tables.append(table)
        seats += table_seats
        hands += [
            Hand(table=table, number=cast(int, r.hand), data=r.resolved,  # played: r.hand is set
                 adjusted_points=r.resolved_adjusted, adjusted_reason=r.adjusted_reason,
                 created_by=by, updated_by=by)
            for r in played
        ]
    Table.objects.bulk_create(tables)
    Seat.objects.bulk_create(seats)
    if hands:
        bulk_create_with_history(hands, Hand, default_user=by, batch_size=2000)
    return SeasonImported(
        evenings=len(evenings), rounds=len(rounds), tables=len(tables), hands=len(hands),
        members_created=created,
    )


def _evenings(competition: Competition, parsed: ParsedSeason, played: set[str]
              ) -> list[Evening]:
    """The evenings to create: those with tables (closed) and those of the evenings sheet
    without any (planned), each counting for the competition as the evenings sheet says."""
    counts = parsed.season_rules.evenings or {}
    return [Evening(competition=competition, date=datetime.date.fromisoformat(day),
                    status=EveningStatus.CLOSED if day in played else EveningStatus.PLANNED,
                    counts=counts.get(day, True))
            for day in sorted(played | set(counts))]


def _season_rules(competition: Competition, parsed: ParsedSeason, evening_of: dict[str, Evening],
               club_members: dict[str, Member], by: User | None) -> None:
    """The call-offs, and the reglement of the rules sheet (kept in the competition's history);
    without a rules sheet the competition keeps its own."""
    calloffs = [CallOff(evening=evening_of[day], member=club_members[number], created_by=by)
                for day, number, _name, _line in parsed.season_rules.calloffs]
    if calloffs:
        bulk_create_with_history(calloffs, CallOff, default_user=by)
    rules = parsed.season_rules.rules
    if rules is not None:  # evenings chosen per period: by date in the file, by id here
        rules = periods_keyed(rules, {day: str(e.pk) for day, e in evening_of.items()})
    if rules is not None and rules != competition.rules:
        competition.rules = rules
        competition._history_user = by
        competition._change_reason = "season import"
        competition.save(update_fields=["rules"])


def _new_members(competition: Competition, preview: SeasonPreview,
                 club_members: dict[str, Member], by: User | None) -> int:
    """Create the members the preview found new; ``club_members`` gets them. How many."""
    new_members = [Member(club_id=competition.club_id, member_number=number, name=name)
                   for number, name in sorted(preview.new_members.items())]
    if new_members:
        bulk_create_with_history(new_members, Member, default_user=by)
        club_members.update(
            {m.member_number: m for m in Member.objects.filter(
                club_id=competition.club_id, member_number__in=preview.new_members)}
        )
    return len(new_members)


def _participants(groups: list[tuple[tuple[str, int, int], list[HandRow]]],
                  evening_of: dict[str, Evening], club_members: dict[str, Member],
                  ) -> dict[tuple[str, str], Participant]:
    """Participants: each member once an evening; guests by name."""
    people: dict[tuple[str, str], Participant] = {}
    for (date, _round, _table), rows in groups:
        for seat in rows[0].seats:
            number, name, _guest = seat
            who = (date, person(seat))
            if who not in people:
                people[who] = Participant(
                    evening=evening_of[date],
                    member=club_members[number] if number else None,
                    guest_name="" if number else name,
                )
    Participant.objects.bulk_create(people.values())
    return people


def _sit_outs(parsed: ParsedSeason, rounds: dict[tuple[str, int], Round],
              people: dict[tuple[str, str], Participant]) -> list[SitOut]:
    """The sit-outs of the file (checked: each names a round and someone at that evening's
    tables): a member by number, a guest by name."""
    by_name = {(date, p.guest_name): p for (date, _key), p in people.items() if p.member is None}
    found = []
    for day, round_number, number, name, _line in parsed.season_rules.sit_outs:
        who = people.get((day, f"#{number}")) if number else by_name.get((day, name))
        if who is not None:
            found.append(SitOut(round=rounds[(day, round_number)], participant=who))
    return found


def _table(rows: list[HandRow], round_: Round, number: int, participants: list[Participant],
           evaluation: Any) -> tuple[Table, list[Seat], list[HandRow]]:
    """A match's table and seats (not saved), its integers from the engine's evaluation, and
    its played rows."""
    first = rows[0]
    table = Table(
        round=round_, number=number, game=first.game,
        options=first.options if first.options is not None else {},
        first_dealer=first.first_dealer, scorekeeper=first.scorekeeper,
    )
    sides = matches.assign_sides(table.game, [p.name for p in participants])
    table_seats = [
        Seat(table=table, position=i, participant=p, side=side, team=team)
        for i, (p, (side, team)) in enumerate(zip(participants, sides, strict=True), start=1)
    ]
    played = [r for r in rows if r.hand is not None]
    entries = [(r.resolved, r.resolved_adjusted) for r in played]
    if evaluation is None:
        evaluation = evaluate_rows(table, table_seats, entries)
    if any(adjusted is not None for _d, adjusted in entries):
        matches.apply_entries(table, table_seats, evaluation, len(entries))
    else:
        matches.apply_evaluation(table, table_seats, evaluation)
    return table, table_seats, played


def cached_workbooks_forget(*, club_id: int) -> None:
    """Delete the built season workbooks of the club's competitions (after a member's name was
    erased: they still hold the old name)."""
    for pk in Competition.objects.filter(club_id=club_id).values_list("pk", flat=True):
        for path in cache_dir().glob(f"*/season-{pk}-*.xlsx"):
            with contextlib.suppress(OSError):
                path.unlink()
