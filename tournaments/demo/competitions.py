"""Demo data: for each demo club a competition per game, with a few evenings (idempotent).

Each competition has two planned evenings in the coming weeks and one for today (the club's
local date) with 16 members checked in and round 1 drawn, so ``make run`` shows a draw. The team
game (High Five 1959) has one fixed pair, seated together in that draw.

The klaverjas club (``PAIRS_CLUB``) also has a competition in fixed pairs for each game that
clubs play so (``Samples.pairs_competition``: koppelklaverjassen), drawn by the koppel movement
(even pairs stay, odd pairs move one table on): as many pairs as two per round of the game's
club evening (six pairs at three tables: in three boompjes every odd pair meets every even pair
once), all present tonight, round 1 drawn.

Played evenings with scores come from the score-entry loader, which runs after this one.
"""

from __future__ import annotations

import datetime
from typing import Any, TextIO

from django.db import transaction
from django.utils import timezone
from django.utils.translation import override

from clubmanager.models import Club, Member
from scoring import GAMES
from tournaments.competitions.services.competitions import competition_create
from tournaments.competitions.services.pairs import fixed_pair_create
from tournaments.draws.services import round_draw
from tournaments.evenings.services.evenings import (
    evening_create,
    participant_add_guest,
    participant_checkin,
)
from tournaments.shared.sit_out_rules import pairs_movement

from ..games import SiteGame, game_keys, site_game, site_games
from ..models import Competition, FixedPair

DEMO_CLUBS = ("harten-vrouw", "ons-genoegen")
PRESENT_TONIGHT = 16
PAIRS_CLUB = "ons-genoegen"  # the klaverjas club: its koppel competition


def _season_start(today: datetime.date) -> datetime.date:
    year = today.year if today.month >= 9 else today.year - 1
    return datetime.date(year, 9, 1)


def _demo_rules(index: int, start: datetime.date, today: datetime.date) -> dict[str, Any]:
    """The season rules of the demo's competitions (docs/secretary-guide.md): the first on
    the average of the best 6, the second in periods (the last played evening starts the
    second; the best evening of each period counts), the third with evening prizes, the others
    the fourth scores a call-off as the evening's worst, the fifth has a points champion beside
    its standings, the others all evenings."""
    if index == 0:
        return {"count": {"best": 6}, "rank_by": "average", "min_played": 2}
    if index == 1:
        second = max(start, today - datetime.timedelta(days=13))
        starts = sorted({start.isoformat(), second.isoformat()})
        return {"periods": {"starts": starts, "count": {"best": 1}, "season_count": "all"}}
    if index == 2:  # evening prizes for the top 5 and a booby prize ("poedelprijs")
        return {"min_played": 3, "prizes": {"rule": {"top": 5}, "booby": True}}
    if index == 3:  # who called off gets the evening's worst score, who did not: nothing
        return {"absent": {"notified": "worst", "unnotified": "nothing"}}
    if index == 4:  # a points champion over every evening beside the standings
        return {"min_played": 3, "champion": True}
    return {"min_played": 3} if index % 2 == 0 else {}


def _season(club: Club, key: str, start: datetime.date, *, pairs: bool) -> Competition | None:
    """The club's competition of the game this season: its koppel competition (``pairs``) or
    the other one (the klaverjas club has both)."""
    return next((c for c in Competition.objects.filter(club=club, game=key, start_date=start)
                 .order_by("pk") if pairs_movement(c.rules) == pairs), None)


def pairs_game(competition: Competition) -> SiteGame | None:
    """The game of a demo koppel competition (None: the competition is none)."""
    game = site_game(competition.game)
    if game.samples.pairs_competition is None or not pairs_movement(competition.rules):
        return None
    return game


def pair_count(game: SiteGame) -> int:
    """Two pairs a table for each round of the club evening: the movement then goes round."""
    return 2 * game.samples.rounds_per_evening


def _pairs_competitions(club: Club, members: list[Member], start: datetime.date,
                        today: datetime.date) -> None:
    """The koppel competition of each game clubs play so: its fixed pairs (members in number
    order, two by two), two planned evenings, and tonight with every pair and round 1 drawn by
    the movement."""
    for game in site_games():
        label = game.samples.pairs_competition
        if label is None or not game.team_game:
            continue
        competition = _season(club, game.key, start, pairs=True)
        if competition is None:
            with override(club.language):
                name = f"{label} {start.year}–{start.year + 1}"
            competition = competition_create(
                club=club, game=game.key, name=name, start_date=start,
                end_date=datetime.date(start.year + 1, 6, 30),
                options={o["name"]: o["default"] for o in GAMES[game.key].describe()["options"]},
                rules={"pairs_movement": True},
            )
        players = members[:2 * pair_count(game)]
        if not FixedPair.objects.filter(competition=competition).exists():
            for first, second in zip(players[::2], players[1::2], strict=True):
                fixed_pair_create(competition=competition, first=first, second=second)
        if competition.evenings.exists():
            continue
        for weeks in (1, 2):
            evening_create(competition=competition,
                           date=today + datetime.timedelta(weeks=weeks),
                           start_time=datetime.time(19, 30))
        tonight = evening_create(competition=competition, date=today,
                                 start_time=datetime.time(19, 30))
        for member in players:
            participant_checkin(evening=tonight, member=member)
        round_draw(evening=tonight, seed=20269000 + competition.pk)


@transaction.atomic
def load(stdout: TextIO) -> None:
    today = timezone.localdate()
    start = _season_start(today)
    for slug in DEMO_CLUBS:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            continue
        members = list(Member.objects.filter(club=club, is_active=True).order_by("member_number"))
        for index, key in enumerate(game_keys()):  # every game, in the engine's order
            # Named as the club knows the game, in the club's language ("High Five (kaartspel,
            # teams)"), not by the engine's name; found again by game and season (idempotent).
            with override(club.language):
                name = f"{site_game(key).name} {start.year}–{start.year + 1}"
            competition = _season(club, key, start, pairs=False)
            if competition is None:
                competition = competition_create(
                    club=club, game=key, name=name, start_date=start,
                    end_date=datetime.date(start.year + 1, 6, 30),
                    options={o["name"]: o["default"] for o in GAMES[key].describe()["options"]},
                    rules=_demo_rules(index, start, today),
                )
            if competition.evenings.exists():
                continue
            for weeks in (1, 2):
                evening_create(
                    competition=competition, date=today + datetime.timedelta(weeks=weeks),
                    start_time=datetime.time(19, 30),
                )
            tonight = evening_create(
                competition=competition, date=today, start_time=datetime.time(19, 30)
            )
            # a different group of 16 per game, plus a walk-in guest for the first game
            shift = (index * 3) % max(len(members), 1)
            rotated = members[shift:] + members[:shift]
            for member in rotated[:PRESENT_TONIGHT]:
                participant_checkin(evening=tonight, member=member)
            if index == 0:
                participant_add_guest(evening=tonight, name="Gast Bep")
                participant_add_guest(evening=tonight, name="Gast Johan")
            if site_game(key).team_game and len(rotated) >= 2:
                fixed_pair_create(competition=competition, first=rotated[0], second=rotated[1])
            round_draw(evening=tonight, seed=20260000 + 100 * index + len(slug))
        if slug == PAIRS_CLUB:
            _pairs_competitions(club, members, start, today)
        stdout.write(f"Competitions with tonight's draw: {club.name}\n")
