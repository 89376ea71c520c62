"""Writes: competitions (seasons) and their game options."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubmanager.models import Club
from scoring import GAMES, evaluate

from ..draw import table_range
from ..games import game_keys, site_game
from ..models import Competition

COMPETITION_FIELDS = (
    "name", "start_date", "end_date", "better", "rules", "requires_confirmation", "table_codes",
    "table_min", "table_max",
)


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


def _check_game(game: str) -> None:
    """The game must be one the site can play: in both registries (``scoring.GAMES`` and
    ``tournaments.games``). Checked here, not by a database constraint: the registry can grow
    (a new game module) without a migration."""
    if game not in game_keys():
        raise ValidationError({"game": _("Unknown game.")})


def _check(competition: Competition) -> None:
    _check_game(competition.game)
    bad = option_errors(game=competition.game, options=competition.options)
    if bad:
        raise ValidationError(
            {"options": _("The rules engine refuses these options: %(names)s")
             % {"names": ", ".join(str(b) for b in bad)}}
        )
    competition.full_clean()


@transaction.atomic
def competition_create(*, club: Club, game: str, options: dict[str, Any], **fields: Any) -> (
    Competition
):
    unknown = set(fields) - set(COMPETITION_FIELDS)
    if unknown:
        raise TypeError(f"unknown fields {sorted(unknown)}")
    _check_game(game)
    data = {**competition_defaults(game=game), **fields, "options": options}
    competition = Competition(club=club, game=game, **data)
    _check(competition)
    competition.save()
    return competition


@transaction.atomic
def competition_update(
    *, competition: Competition, game: str | None = None, options: dict[str, Any], **fields: Any
) -> Competition:
    unknown = set(fields) - set(COMPETITION_FIELDS)
    if unknown:
        raise TypeError(f"unknown fields {sorted(unknown)}")
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    if game is not None and game != competition.game:
        if competition.evenings.exists():
            raise ValidationError(
                {"game": _("The game cannot change once the competition has evenings.")}
            )
        competition.game = game
    for name, value in fields.items():
        setattr(competition, name, value)
    competition.options = options
    _check(competition)
    competition.save()
    return competition
