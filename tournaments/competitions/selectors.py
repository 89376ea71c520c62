"""Reads: competitions of a club, and what the engine says of a game's options (the form
checks them as it is filled in, the service again before it writes)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, QuerySet

from clubmanager.models import Club
from scoring import GAMES, evaluate
from tournaments.draws.draw import table_range
from tournaments.games import site_game
from tournaments.models import ClubDefaults, Competition, Evening, Hand, Seat, Table
from tournaments.shared.season_rules import rules_sentences


def competitions_for_club(*, club: Club, archived: bool = False) -> QuerySet[Competition]:
    """The club's competitions; with ``archived``, the archived ones too (for a club admin:
    members never see an archived competition)."""
    found = Competition.objects.filter(club=club)
    if not archived:
        found = found.filter(archived_at__isnull=True)
    return found.annotate(evening_count=Count("evenings"))


def competition_has_results(*, competition: Competition) -> bool:
    """Has any table of the competition a hand (then it can be archived, not deleted)."""
    return Hand.objects.filter(table__round__evening__competition=competition).exists()


def current_competitions(*, club: Club, today: datetime.date) -> QuerySet[Competition]:
    """Competitions running on ``today`` (started, not yet ended), not archived."""
    return competitions_for_club(club=club).filter(
        Q(end_date__isnull=True) | Q(end_date__gte=today), start_date__lte=today
    )


@dataclass
class TonightItem:
    evening: Evening
    own_table: Table | None  # where the logged-in user's member sits in the latest round


def evenings_tonight(*, club: Club, today: datetime.date, user: Any) -> list[TonightItem]:
    """Today's evenings of the club (not yet closed), each with the table the user's member
    sits at in its latest round, if any (2 queries)."""
    evenings = list(
        Evening.objects.filter(competition__club=club, date=today,
                               competition__archived_at__isnull=True)
        .exclude(status="closed").select_related("competition")
        .annotate(present=Count("participants", distinct=True),
                  round_count=Count("rounds", distinct=True))
        .order_by("start_time", "competition__name")
    )
    own: dict[int, Table] = {}
    if evenings and getattr(user, "is_authenticated", False):
        seats = (Seat.objects.filter(table__round__evening__in=evenings,
                                     participant__member__user=user)
                 .select_related("table__round").order_by("table__round__number"))
        for seat in seats:  # the latest round wins
            own[seat.table.round.evening_id] = seat.table
    return [TonightItem(e, own.get(e.pk)) for e in evenings]


def competition_evenings(*, competition: Competition) -> QuerySet[Evening]:
    return competition.evenings.annotate(
        present=Count("participants", distinct=True),
        round_count=Count("rounds", distinct=True),
    ).order_by("date")


@dataclass(frozen=True)
class SeasonRulesChange:
    when: datetime.datetime
    rules: list[str]  # the reglement from then on, in words


def season_rules_changes(*, competition: Competition, limit: int = 10) -> list[SeasonRulesChange]:
    """The reglements the competition had, newest first, each from the moment it was set (the
    competition's history; saves that left the rules alone are skipped). One query."""
    records = list(competition.history.order_by("history_date", "history_id")
                   .values_list("history_date", "rules"))
    changes: list[SeasonRulesChange] = []
    previous: Any = None
    for when, rules in records:
        if not changes or rules != previous:
            changes.append(SeasonRulesChange(when=when, rules=competition_rules_sentences(
                competition=competition, rules=rules)))
        previous = rules
    return changes[::-1][:limit]


def competition_rules_sentences(*, competition: Competition, rules: Any = None) -> list[str]:
    """The competition's reglement (or ``rules``, one it had) in words, with its game's deal
    with every trick named and valued under its options ("een mars (262 punten)")."""
    return rules_sentences(competition.rules if rules is None else rules,
                           site_game(competition.game).sweep_words(competition.options))


def option_errors(*, game: str, options: dict[str, Any]) -> list[str | None]:
    """The names of the options the engine refuses (None: the options as a whole)."""
    return [params.get("option") for params in option_refusals(game=game, options=options)]


def option_refusals(*, game: str, options: dict[str, Any]) -> list[dict[str, Any]]:
    """The engine's params of each option it refuses: ``option`` (None: the options as a
    whole) and, where the engine names it, the refused ``value`` (an item of a list).

    Checked against the smallest table the draw makes (two players; never a table of one).
    """
    spec = GAMES[game].describe()
    sides = [f"Speler {i}" for i in range(1, max(spec["sides"]["min"], 2) + 1)]
    result = evaluate({"game": game, "options": options, "sides": sides, "hands": []})
    return [
        dict(error["params"]) for error in result["errors"] if error["code"] == "OPTION_INVALID"
    ]


def competition_defaults(*, game: str) -> dict[str, Any]:
    """What a new competition of ``game`` starts with: the game's ranking and table sizes."""
    low, high = table_range(site_game(game))
    return {
        "better": GAMES[game].better,
        "options": {o["name"]: o["default"] for o in GAMES[game].describe()["options"]},
        "table_min": low,
        "table_max": high,
        "rules": {},
    }


def club_defaults(*, club: Club) -> ClubDefaults:
    """The club's defaults for new competitions; unsaved (the game's own) without a row."""
    return ClubDefaults.objects.filter(club=club).first() or ClubDefaults(club=club)


def cancelled_evenings(*, competition: Competition) -> list[Any]:
    """The evenings cancelled in this competition (their deletion in the evening's history),
    newest first, with who did it."""
    return list(Evening.history.filter(competition_id=competition.pk, history_type="-")
                .select_related("history_user").order_by("-history_date")[:20])


def deleted_competitions(*, club: Club) -> list[Any]:
    """The club's deleted competitions (their deletion in the history), newest first, with who
    did it."""
    return list(Competition.history.filter(club_id=club.pk, history_type="-")
                .select_related("history_user").order_by("-history_date")[:20])
