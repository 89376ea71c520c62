"""Reads for the season workbook: the season as the plain rows ``tournaments/workbook/``
writes, and the download built once per change (docs/architecture.md).

Each function runs a fixed number of queries, whatever the size of the season. The workbook
package never queries: the rows are read here and passed down.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, BinaryIO

from django.db.models import Count, Max, Sum
from django.db.models.functions import Length
from django.utils.translation import gettext, override

from clubmanager.models import Member
from tournaments.draws.selectors import round_credits
from tournaments.evenings.selectors.money import season_money
from tournaments.models import (
    CallOff,
    Competition,
    Evening,
    Hand,
    Participant,
    Seat,
    SitOut,
    Table,
)
from tournaments.workbook.cache import workbook_file
from tournaments.workbook.rows import SeasonRows, SeasonSeat, SeasonTable
from tournaments.workbook.write import write_workbook


def season_evenings(competition: Competition) -> list[Evening]:
    return list(Evening.objects.filter(competition=competition).order_by("date"))


CHUNK = 2000  # rows fetched at a time: memory follows the chunk, not the season


def season_tables(competition: Competition) -> Iterator[SeasonTable]:
    """Every table of the season in date, round and table order, one at a time (3 queries).

    Tables, seats and hands are three streams in the same order (``iterator``: fetched
    ``CHUNK`` rows at a time), merged table by table, so memory holds a chunk of each, never
    the season. Plain values (``values_list``), no model instances: the workbook needs no more.
    """
    order = ("round__evening__date", "round__number", "number", "id")
    tables = (Table.objects.filter(round__evening__competition=competition).order_by(*order)
              .values_list("id", "round__evening__date", "round__number", "number", "game",
                           "options", "first_dealer", "scorekeeper", "hand_count", "finished")
              .iterator(chunk_size=CHUNK))
    prefixed = tuple(f"table__{key}" for key in order)
    seats = (Seat.objects.filter(table__round__evening__competition=competition)
             .order_by(*prefixed, "position")
             .values_list("table_id", "position", "participant_id", "participant__guest_name",
                          "participant__member__name", "participant__member__member_number",
                          "side", "points", "competition_points", "place")
             .iterator(chunk_size=CHUNK))
    hands = (Hand.objects.filter(table__round__evening__competition=competition)
             .order_by(*prefixed, "number")
             .values_list("table_id", "number", "data", "adjusted_points", "adjusted_reason")
             .iterator(chunk_size=CHUNK))
    seat = next(seats, None)
    hand = next(hands, None)
    guests: dict[int, int] = {}  # the evening's guests: participant id → number
    date = None
    for row in tables:
        table = SeasonTable(*row)
        if table.date != date:
            date, guests = table.date, {}
        while seat is not None and seat[0] == table.id:
            _id, position, participant, guest, name, number, side, points, cp, place = seat
            numbered = guests.setdefault(participant, len(guests) + 1) if name is None else None
            table.seats.append(SeasonSeat(position, name if name is not None else guest,
                                          number, side, points, cp, place, numbered))
            seat = next(seats, None)
        while hand is not None and hand[0] == table.id:
            table.entries.append((hand[1], hand[2], hand[3], hand[4]))
            hand = next(hands, None)
        yield table


def season_sit_outs(competition: Competition) -> list[tuple[Any, int, str, str, int | None]]:
    """Who sat out which round by the rota, with the points the reglement credited (1 query;
    5 with a sit-out score)."""
    credited = {(c.round_number, c.participant.pk): c.points
                for c in round_credits(competition=competition) if c.sat_out}
    rows = [(s.round.evening.date, s.round.number,
             s.participant.member.member_number if s.participant.member else "",
             s.participant.name, credited.get((s.round.number, s.participant.pk)))
            for s in SitOut.objects.filter(round__evening__competition=competition)
            .select_related("round__evening", "participant__member")]
    return sorted(rows, key=lambda r: (r[0], r[1], r[3].casefold(), r[2]))


def season_calloffs(competition: Competition) -> list[tuple[Any, str, str]]:
    """The season's call-offs ("afgemeld"): (evening date, member number, name) (1 query)."""
    return list(CallOff.objects.filter(evening__competition=competition)
                .order_by("evening__date", "member__name", "member__member_number")
                .values_list("evening__date", "member__member_number", "member__name"))


def evenings_with_results(competition: Competition) -> set[int]:
    """The evenings with at least one hand entered (1 query)."""
    return set(Table.objects.filter(round__evening__competition=competition, hand_count__gt=0)
               .values_list("round__evening_id", flat=True).distinct())


def season_text_widths(competition: Competition) -> tuple[int, int]:
    """The longest guest name and the longest side of the season (2 queries), for widths."""
    guest = Participant.objects.filter(evening__competition=competition, member__isnull=True) \
        .aggregate(longest=Max(Length("guest_name")))["longest"]
    side = Seat.objects.filter(table__round__evening__competition=competition) \
        .aggregate(longest=Max(Length("side")))["longest"]
    return int(guest or 0), int(side or 0)


def season_fingerprint(competition: Competition) -> list[Any]:
    """Everything the season workbook depends on, small enough to hash on every download
    (8 queries, aggregates over the season's tables, seats and hands): the competition (its
    rules too) and its club, the evenings (and whether each counts), the call-offs, the club's
    members, the guests, and per table its ``version``, which every change a table's scores
    depend on bumps (``services.scores``: hands, seating, closing). A change to any of them
    changes the fingerprint."""
    in_season = {"round__evening__competition": competition}
    table_row = {f"table__{k}": v for k, v in in_season.items()}
    return [
        list(Competition.objects.filter(pk=competition.pk).values_list()),
        [competition.club.name, competition.club.language],
        list(Evening.objects.filter(competition=competition).order_by("pk")
             .values_list("pk", "date", "status", "counts")),
        list(CallOff.objects.filter(evening__competition=competition).order_by("pk")
             .values_list("pk", "evening_id", "member_id")),
        list(Member.objects.filter(club_id=competition.club_id).order_by("pk")
             .values_list("pk", "member_number", "name", "is_active")),
        list(Participant.objects.filter(evening__competition=competition, member__isnull=True)
             .order_by("pk").values_list("pk", "guest_name")),
        # the evening money (the Entry fees sheet): each person's fee and payment
        list(Participant.objects.filter(evening__competition=competition).order_by("pk")
             .values_list("pk", "fee_cents", "paid_cents")),
        list(Table.objects.filter(**in_season).aggregate(
            n=Count("pk"), ids=Sum("pk"), versions=Sum("version"),
            hands=Sum("hand_count")).values()),
        list(Seat.objects.filter(**table_row).aggregate(
            n=Count("pk"), ids=Sum("pk"), people=Sum("participant_id"),
            points=Sum("points")).values()),
        list(Hand.objects.filter(**table_row).aggregate(
            n=Count("pk"), ids=Sum("pk"), updated=Max("updated")).values()),
    ]


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
    from tournaments.standings.selectors.standings import season_standings

    result = season_standings(competition)
    rows = list(result.rows)
    columns = list(getattr(result, "evenings", None) or [])
    if not columns:
        columns = evenings if evenings is not None else season_evenings(competition)
    return rows, columns


def season_rows(competition: Competition) -> SeasonRows:
    """The season as the workbook shows it; its tables a stream (``season_tables``)."""
    evenings = season_evenings(competition)
    longest_guest, longest_side = season_text_widths(competition)
    standings, standing_evenings = standings_and_evenings(competition, evenings)
    return SeasonRows(
        competition=competition, evenings=evenings, played=evenings_with_results(competition),
        members=club_members(competition), longest_guest=longest_guest,
        longest_side=longest_side, standings=standings, standing_evenings=standing_evenings,
        tables=season_tables(competition), calloffs=season_calloffs(competition),
        sit_outs=season_sit_outs(competition),
        money=season_money(competition=competition, guests_label=gettext("Guests")),
    )


def season_workbook(competition: Competition) -> bytes:
    """The season workbook as .xlsx bytes, in the club's language."""
    with override(competition.club.language):
        return write_workbook(season_rows(competition))


def season_workbook_file(competition: Competition) -> BinaryIO:
    """The season workbook as an open file, built once per change of the season
    (``workbook.cache``: keyed by ``season_fingerprint``)."""
    return workbook_file(competition_id=competition.pk,
                         fingerprint=season_fingerprint(competition),
                         build=lambda: season_workbook(competition))
