"""Forms: the reglement's sit-out scores and the koppel movement, asked in the club's words.

Shown for a game played only at full tables (the sit-out scores) and for a team game (the
movement of fixed pairs); stored under the site's own keys of ``Competition.rules``
(``tournaments/shared/sit_out_rules.py``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from clubmanager.forms import HelpRadio
from tournaments.draws.rota import is_fixed_size
from tournaments.games import SiteGame
from tournaments.shared.numbers import bound
from tournaments.shared.season_rules import ANSWERS
from tournaments.shared.sit_out_rules import pairs_movement, sit_out_rule

SIT_OUT_CHOICES = [
    ("nothing", _("Nothing")),
    ("fixed", _("A fixed score")),
    ("average", _("The round's average")),
]
SIT_OUT_HELP = {
    "nothing": _("No score for the round they sit out."),
    "fixed": _("The points filled in here, such as 1600 (De Pitslag, AOBK)."),
    "average": _("The average score per player of those who played that round, rounded."),
}
SIT_OUT_FIELDS = ("sit_out", "sit_out_fixed", "sit_out_sweep", "sit_out_missed")
MOVEMENT_FIELDS = ("pairs_movement",)


def _number(name: str, help_text: Any) -> forms.IntegerField:
    answer = ANSWERS[name]
    field = forms.IntegerField(label=answer.label, required=False, min_value=answer.low,
                               max_value=answer.high, help_text=help_text)
    bound(field, answer.low, answer.high)
    return field


def sit_out_fields(game: SiteGame) -> dict[str, forms.Field]:
    """The questions this game needs: sit-out scores at full tables only, the movement for a
    team game."""
    fields: dict[str, forms.Field] = {}
    if is_fixed_size(game.table_range):
        fields["sit_out"] = forms.ChoiceField(
            label=_("What does someone get who sits out a round by the rota?"),
            choices=SIT_OUT_CHOICES, initial="nothing", required=False,
            widget=HelpRadio(SIT_OUT_HELP))
        fields["sit_out_fixed"] = _number("sit_out_fixed", "")
        if game.words.sweep:  # the game has a deal with every trick: a mars
            fields["sit_out_sweep"] = forms.BooleanField(
                label=format_lazy(_("And {deal} on top"), deal=game.words.sweep),
                required=False, help_text=_(
                    "As in \"1600 punten en een mars\" (De Pitslag): the sit-out also gets "
                    "what that deal is worth under this competition's options, as the rules "
                    "count it at the table."))
        fields["sit_out_missed"] = _number("sit_out_missed", _(
            "For someone checked in who was not drawn in a round (came late), such as 1450. "
            "Empty: nothing."))
    if game.team_game:
        fields["pairs_movement"] = forms.BooleanField(
            label=_("Fixed pairs move each round"), required=False,
            help_text=_("The pairs are numbered in the order they were "
                        "entered; even pairs stay at their table, odd pairs move one table on. "
                        "Off: the pairs are drawn."))
    return fields


def sit_out_initial(rules: Any) -> dict[str, Any]:
    rule = sit_out_rule(rules)
    mode = "average" if rule.average else "fixed" if rule.fixed is not None else "nothing"
    return {"sit_out": mode, "sit_out_fixed": rule.fixed, "sit_out_missed": rule.missed,
            "sit_out_sweep": rule.sweep, "pairs_movement": pairs_movement(rules)}


def sit_out_from_answers(form: forms.Form, data: dict[str, Any], rules: dict[str, Any]) -> None:
    """Put the answers (popped from ``data``) into ``rules``; errors go on ``form``."""
    answers = {name: data.pop(name, None) for name in (*SIT_OUT_FIELDS, *MOVEMENT_FIELDS)}
    if answers["pairs_movement"]:
        rules["pairs_movement"] = True
    stored: dict[str, Any] = {}
    if answers["sit_out"] == "fixed":
        if answers["sit_out_fixed"] is None:
            form.add_error("sit_out_fixed", _("Fill in the score."))
        else:
            stored["score"] = {"fixed": answers["sit_out_fixed"]}
    elif answers["sit_out"] == "average":
        stored["score"] = "average"
    if answers["sit_out_sweep"]:
        stored["sweep"] = True
    if answers["sit_out_missed"] is not None:
        stored["missed"] = {"fixed": answers["sit_out_missed"]}
    if stored:
        rules["sit_out"] = stored
