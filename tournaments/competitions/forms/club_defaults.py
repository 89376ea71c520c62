"""Forms: a club's defaults for new competitions, a section of the club settings page.

The game (or none: ask each time), the entry fee as the money page takes it (euros typed,
whole cents kept) and the reglement's starting point with the competition form's sentences.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubmanager.forms import HelpRadio
from tournaments.competitions.forms.season_rules import PRESET_CHOICES, PRESET_HELP
from tournaments.games import site_games
from tournaments.models import ClubDefaults
from tournaments.shared.money_forms import FeesForm, fee_initial


def _game_choices() -> list[tuple[str, Any]]:
    return [("", _("Ask each time")), *((game.key, game.name) for game in site_games())]


class ClubDefaultsForm(FeesForm):
    game = forms.ChoiceField(
        label=_("Game"), choices=_game_choices, required=False,
        widget=HelpRadio({"": _("A new competition starts by choosing its game.")}))
    season_preset = forms.ChoiceField(
        label=_("Reglement to start from"), required=False,
        choices=[("", _("The game's own")),
                 *((key, label) for key, label in PRESET_CHOICES if key != "custom")],
        widget=HelpRadio({"": _("The game's own reglement: every evening counts, the total "
                                "wins."),
                          **{key: text for key, text in PRESET_HELP.items() if key != "custom"}}))

    field_order = ["game", "member", "guest", "season_preset"]

    @staticmethod
    def initial_of(defaults: ClubDefaults) -> dict[str, Any]:
        return {"game": defaults.game, "season_preset": defaults.season_preset,
                "member": fee_initial(defaults.fee_member_cents),
                "guest": fee_initial(defaults.fee_guest_cents)}

    def values(self) -> dict[str, Any]:
        """What ``club_defaults_set`` takes."""
        cents = self.cents()
        return {"game": self.cleaned_data["game"], "season_preset":
                self.cleaned_data["season_preset"], "fee_member_cents": cents["member_cents"],
                "fee_guest_cents": cents["guest_cents"]}
