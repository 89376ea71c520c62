"""Writes: competitions (seasons) and their game options."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubmanager.models import Club
from tournaments.competitions.selectors import competition_defaults, option_errors
from tournaments.evenings.services.money import _check_fee
from tournaments.games import game_keys
from tournaments.models import Competition

COMPETITION_FIELDS = (
    "name", "start_date", "end_date", "better", "rules", "requires_confirmation", "table_codes",
    "table_min", "table_max", "fee_member_cents", "fee_guest_cents",
    "live_hide_from_round", "live_hide_after_minutes",
)
FEES = ("fee_member_cents", "fee_guest_cents")  # set when created; later on the money page


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
    for fee in FEES:
        if fee in fields:
            _check_fee(fields[fee])
    data = {**competition_defaults(game=game), **fields, "options": options}
    competition = Competition(club=club, game=game, **data)
    _check(competition)
    competition.save()
    return competition


@transaction.atomic
def competition_update(
    *, competition: Competition, game: str | None = None, options: dict[str, Any], **fields: Any
) -> Competition:
    # A fee changes through money.competition_fees_set, which also updates who still owes it.
    unknown = set(fields) - (set(COMPETITION_FIELDS) - set(FEES))
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
