"""Reads of the draw: who met whom before, and the tables a round's seed gives.

Drawing a round (``draws/services.py``) and checking a draw afterwards
(``selectors/evenings.draw_check``) ask the same questions, so both read them here; the draw
itself is ``tournaments.draws.draw`` (pure). Players are known across the season by their member id
and a walk-in guest by minus their participant id (:func:`player_key`).
"""

from __future__ import annotations

from collections import defaultdict

from tournaments.draws import draw as drawing
from tournaments.games import site_game
from tournaments.models import Evening, FixedPair, Participant, Round, Seat

History = dict[frozenset[int], int]


def player_key(participant: Participant) -> int:
    """Members by member id (the same across the season); guests by minus their participant id."""
    return participant.member_id if participant.member_id else -participant.pk


def draw_history(*, evening: Evening, exclude_round: Round | None = None,
                 before: Round | None = None) -> dict[str, History]:
    """Who met whom earlier this evening and this season, and who partnered whom (one query).
    With ``before``, only the rounds drawn before that one (created earlier) count: what its
    draw saw, for checking it afterwards."""
    seats = Seat.objects.filter(table__round__evening__competition_id=evening.competition_id)
    if before is not None:
        seats = seats.filter(table__round__pk__lt=before.pk)
    rows = (
        seats.exclude(table__round=exclude_round)
        .values_list(
            "table_id", "table__round__evening_id", "participant_id", "participant__member_id",
            "team",
        )
    )
    tables: dict[int, list[tuple[int, int | None]]] = defaultdict(list)
    table_evening: dict[int, int] = {}
    for table_id, evening_id, participant_id, member_id, team in rows:
        tables[table_id].append((member_id or -participant_id, team))
        table_evening[table_id] = evening_id
    met_evening: History = {}
    met_season: History = {}
    partners: History = {}
    for table_id, seated in tables.items():
        target = met_evening if table_evening[table_id] == evening.pk else met_season
        for i in range(len(seated)):
            for j in range(i + 1, len(seated)):
                key = drawing.pair(seated[i][0], seated[j][0])
                target[key] = target.get(key, 0) + 1
                if seated[i][1] is not None and seated[i][1] == seated[j][1]:
                    partners[key] = partners.get(key, 0) + 1
    return {"met_evening": met_evening, "met_season": met_season, "partners_season": partners}


def drawn_tables(round_: Round, participants: list[Participant], *,
                 history: dict[str, History]) -> tuple[list[int], list[list[int]]]:
    """(table sizes, player keys per table) the seeded draw gives these participants: what
    drawing a round stores, and what checking a draw afterwards recomputes."""
    competition = round_.evening.competition
    sizes = drawing.table_sizes(site_game(competition.game), len(participants),
                                competition.table_min, competition.table_max)
    fixed = [
        (a, b) for a, b in FixedPair.objects.filter(competition=competition)
        .values_list("first_id", "second_id")
    ]
    tables = drawing.draw(
        [player_key(p) for p in participants], sizes, round_.seed, fixed_pairs=fixed,
        team_tables=site_game(competition.game).team_game, **history,
    )
    return sizes, tables
