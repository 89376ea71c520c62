"""A club's defaults for its new competitions (the club settings page).

Here, not on ``clubmanager.Club``: the game, the entry fee and the reglement are the
competitions' own words, and clubmanager never imports tournaments (docs/architecture.md). One
row per club at most; a club without one starts every competition from the game's defaults.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from clubmanager.models import Club
from tournaments.shared.season_rules import PRESETS


class ClubDefaults(models.Model):
    club = models.OneToOneField(Club, on_delete=models.CASCADE, primary_key=True,
                                related_name="competition_defaults", verbose_name=_("club"))
    # "" asks for the game each time; else a key of the registry (checked by the service, as
    # Competition.game: the registry can grow without a migration).
    game = models.CharField(_("game"), max_length=32, blank=True)
    fee_member_cents = models.PositiveIntegerField(_("entry fee for members (cents)"), default=0)
    fee_guest_cents = models.PositiveIntegerField(_("entry fee for guests (cents)"), default=0)
    # "" keeps the game's own reglement; else a starting point of season_rules.PRESETS.
    season_preset = models.CharField(_("reglement to start from"), max_length=16, blank=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("defaults for new competitions")
        verbose_name_plural = _("defaults for new competitions")
        constraints = [
            models.CheckConstraint(condition=Q(season_preset__in=["", *PRESETS]),
                                   name="club_defaults_preset_known"),
        ]

    def __str__(self) -> str:
        return str(self.club)
