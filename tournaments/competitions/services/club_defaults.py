"""Writes: a club's defaults for its new competitions (the club settings page).

The game is checked against the registry, the fees as the money page checks them, the starting
point of the reglement against ``season_rules.PRESETS``. Every change is kept in the history.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubmanager.models import Club
from tournaments.evenings.services.money import _check_fee
from tournaments.games import game_keys
from tournaments.models import ClubDefaults
from tournaments.shared.season_rules import PRESETS


@transaction.atomic
def club_defaults_set(*, club: Club, by: User | None, game: str, fee_member_cents: int,
                      fee_guest_cents: int, season_preset: str) -> ClubDefaults:
    if game and game not in game_keys():
        raise ValidationError({"game": _("Unknown game.")})
    if season_preset and season_preset not in PRESETS:
        raise ValidationError({"season_preset": _("Unknown starting point.")})
    defaults, _created = ClubDefaults.objects.select_for_update().get_or_create(club=club)
    defaults.game = game
    defaults.fee_member_cents = _check_fee(fee_member_cents)
    defaults.fee_guest_cents = _check_fee(fee_guest_cents)
    defaults.season_preset = season_preset
    defaults._history_user = by  # type: ignore[attr-defined]  # django-simple-history's hook
    defaults.save()
    return defaults
