"""Forms: a competition with its standings rules and the game's options.

The options editor is generated from ``GAMES[game].describe()["options"]`` and validated by the
rules engine; no game's fields are written down here.
"""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubmanager.core.text import validate_line
from clubmanager.forms import HelpRadio
from scoring import GAMES
from tournaments.competitions.forms.options import NumberTableField
from tournaments.competitions.forms.ordered import OrderedChoiceField
from tournaments.competitions.forms.prizes import PRIZE_FIELDS, prize_fields, prizes_from_answers
from tournaments.competitions.forms.season_rules import (
    EVENING_PERIOD,
    PERIOD_SLOTS,
    TIEBREAK_SLOTS,
    evening_period_fields,
    evening_period_initial,
    preset_answers,
    rule_fields,
    rules_from_answers,
)
from tournaments.competitions.forms.sit_outs import (
    MOVEMENT_FIELDS,
    SIT_OUT_FIELDS,
    sit_out_fields,
    sit_out_from_answers,
    sit_out_initial,
)
from tournaments.competitions.selectors import competition_defaults, option_refusals
from tournaments.draws.draw import table_range
from tournaments.games import (
    CHOICE_NUMBERS,
    PLAYER_COUNT_NUMBERS,
    WHOLE_NUMBER,
    SiteGame,
    site_game,
    site_games,
)
from tournaments.models import ClubDefaults, Competition
from tournaments.shared.messages import choice_label
from tournaments.shared.money_forms import FeesForm, fee_initial
from tournaments.shared.numbers import INT_MAX, INT_MIN, bound, column_range, whole_number
from tournaments.shared.season_rules import PRESETS, prize_initial, rule_initial

#: The button beside the preset that has the page shown again, filled from it (no script).
APPLY_PRESET = "apply_preset"
OPTION_PREFIX = "opt_"
FEE_PREFIX = "fee_"
FEE_FIELDS = ("member", "guest")  # FeesForm's, typed in euros; cleaned into fee_<name>_cents
STANDINGS_FIELDS = (
    "name",
    "start_date",
    "end_date",
    "better",
    "requires_confirmation",
    "table_codes",
    "table_min",
    "table_max",
)
# The live ranking hidden for the last part of the evening, from round N (its number) or N
# minutes after the start (empty: always shown); standings/selectors/live.py has the rule.
LIVE_FIELDS = ("live_hide_from_round", "live_hide_after_minutes")


def game_choices() -> list[tuple[str, str]]:
    return [(game.key, game.name) for game in site_games()]


# The site's words for the engine's options (the engine describes them in English, for
# developers) come from the game (``Options.texts``); an option the site doesn't know
# yet falls back to its key and the engine's description.
def option_label(name: str, game: str) -> str:
    texts = site_game(game).options.texts
    return str(texts[name][0]) if name in texts else name.replace("_", " ").capitalize()


def option_help(option: dict[str, Any], game: str) -> str:
    texts = site_game(game).options.texts
    name = option["name"]
    return str(texts[name][1]) if name in texts else option["description"]


class ListInput(forms.CharField):
    """A comma-separated list (of whole numbers when ``integers``)."""

    def __init__(self, *, integers: bool, minimum: int | None = None,
                 maximum: int | None = None, **kwargs: Any) -> None:
        self.integers = integers
        # the game's bounds where it gives them, else what a database integer holds
        self.minimum = INT_MIN if minimum is None else minimum
        self.maximum = INT_MAX if maximum is None else maximum
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list):
            return ", ".join(str(v) for v in value)
        return value

    def to_python(self, value: Any) -> Any:
        text = super().to_python(value)
        if text is None or text in self.empty_values:
            return None
        items = [item.strip() for item in text.replace(";", ",").split(",") if item.strip()]
        if not self.integers:
            return items
        numbers = [whole_number(item) for item in items]
        if any(n is None for n in numbers):
            raise ValidationError(_("Enter whole numbers separated by commas."))
        if not all(n is not None and self.minimum <= n <= self.maximum for n in numbers):
            raise ValidationError(
                _("Enter whole numbers from %(low)s to %(high)s."),
                params={"low": self.minimum, "high": self.maximum})
        return numbers


def option_field(option: dict[str, Any], game: str) -> forms.Field:
    """The form field for one option of the game's description."""
    kind = option["kind"]
    common: dict[str, Any] = {
        "label": option_label(option["name"], game),
        "help_text": option_help(option, game),
        "required": not option["nullable"],
    }
    site = site_game(game)
    if option["nullable"] and option["name"] not in site.options.shapes:  # those say it
        common["help_text"] += " " + gettext("Leave empty for none (the game's default rule).")
    if option["name"] in site.options.ordered:
        return OrderedChoiceField(
            choices=[(code, site.words.choice_labels.get(code, code))
                     for code in option["choices"]],
            max_items=option["max_items"], position_label=site.options.ordered[option["name"]],
            **common)
    shape = site.options.shapes.get(option["name"])
    if kind == "integer" or shape == WHOLE_NUMBER:
        attrs = {"step": option["multiple_of"]} if option["multiple_of"] else {}
        field = forms.IntegerField(
            min_value=option["minimum"],
            max_value=option["maximum"],
            widget=forms.NumberInput(attrs=attrs),
            **common,
        )
        bound(field)  # where the game gives no bound: what a database integer holds
        return field
    if kind == "boolean":
        common["required"] = False
        return forms.BooleanField(**common)
    if kind == "choice":
        texts = site.options.choices.get(option["name"], {})
        choices = [(c, capfirst(str(texts[c][0]) if c in texts else site.words.choice_label(c)))
                   for c in option["choices"]]
        if option["nullable"]:
            choices = [("", gettext("— none —")), *choices]
        return forms.ChoiceField(choices=choices, widget=HelpRadio(
            {c: text[1] for c, text in texts.items()}), **common)
    if kind in ("integer_list", "choice_list"):
        if option["choices"]:
            common["help_text"] += " " + gettext("Choose from: %(choices)s.") % {
                "choices": ", ".join(option["choices"])
            }
        return ListInput(integers=kind == "integer_list", minimum=option["minimum"],
                         maximum=option["maximum"], **common)
    if shape in (CHOICE_NUMBERS, PLAYER_COUNT_NUMBERS):
        return _number_table(option, site, shape, common)
    raise ValueError(f"{game}: option {option['name']!r} is {kind}: give it a shape "
                     "(Options.shapes); the site never asks for typed JSON")


def _number_table(option: dict[str, Any], site: SiteGame, shape: str,
                  common: dict[str, Any]) -> forms.Field:
    """A score card (a number per choice, every one or none) or a number per player count."""
    if shape == CHOICE_NUMBERS:
        rows = [(c, site.words.choice_label(c)) for c in option["choices"]]
        heads = (gettext("Combination"), gettext("Points"))
        common["help_text"] = option_help(option, site.key)  # no "leave empty": it says so
    else:
        rows = [(c, gettext("%(n)s players") % {"n": c}) for c in option["choices"]]
        heads = (gettext("Players"), gettext("Cards"))
    return NumberTableField(rows=rows, heads=heads, complete=shape == CHOICE_NUMBERS,
                            minimum=option["minimum"], maximum=option["maximum"], **common)


class CompetitionForm(forms.Form):
    # The metaclass moves declared fields to base_fields: on the instance, game is the key.
    game: str = forms.ChoiceField(  # type: ignore[assignment]
        label=_("game"), choices=game_choices, widget=forms.HiddenInput)

    def __init__(
        self,
        data: Any = None,
        *,
        game: str,
        competition: Competition | None = None,
        defaults: ClubDefaults | None = None,
        **kwargs: Any,
    ) -> None:
        self.game = game
        self.competition = competition
        initial = self._initial(game, competition)
        if competition is None and defaults is not None:
            initial.update(self._club_initial(defaults))
        super().__init__(data, initial=initial, **kwargs)
        if competition is None:  # a new competition's entry fee; later on the money page
            for name, field in FeesForm().fields.items():
                field.required = False  # left out: no fee, as before there was a fee
                self.fields[FEE_PREFIX + name] = field
        model_fields = forms.fields_for_model(Competition, fields=STANDINGS_FIELDS + LIVE_FIELDS)
        for name in STANDINGS_FIELDS + LIVE_FIELDS:
            self.fields[name] = model_fields[name]
            if isinstance(model_fields[name], forms.IntegerField):
                bound(model_fields[name], *column_range(Competition, name))
        bound(self.fields["live_hide_from_round"], 1, 99)  # a round's number: round 1 is the first
        bound(self.fields["live_hide_after_minutes"], 0, 24 * 60)  # within the evening's day
        self.fields["name"].validators.append(validate_line)
        for name in ("start_date", "end_date"):
            self.fields[name].widget = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
        low, high = table_range(site_game(game), 1, 99)
        for name in ("table_min", "table_max"):
            bound(self.fields[name], low, high)
        self.fields.update(rule_fields())
        self.fields.update(sit_out_fields(site_game(game)))
        if competition is not None:
            self.fields.update(evening_period_fields(
                list(competition.evenings.order_by("date", "pk"))))
        self.fields.update(prize_fields(initial.get("better")))
        self.option_names: list[str] = []
        for option in GAMES[game].describe()["options"]:
            self.fields[OPTION_PREFIX + option["name"]] = option_field(option, game)
            self.option_names.append(option["name"])

    @staticmethod
    def _initial(game: str, competition: Competition | None) -> dict[str, Any]:
        defaults = competition_defaults(game=game)
        if competition is not None:
            values = {name: getattr(competition, name) for name in STANDINGS_FIELDS + LIVE_FIELDS}
            values.update(rule_initial(competition.rules))
            values.update(evening_period_initial(competition.rules))
            options = {**defaults["options"]}
            if competition.game == game:
                options.update(competition.options)
            else:
                values.update({k: defaults[k] for k in ("better", "table_min", "table_max")})
        else:
            values = {k: v for k, v in defaults.items() if k in STANDINGS_FIELDS}
            values.update(rule_initial(defaults["rules"]))
            options = defaults["options"]
        values.update(prize_initial(competition.rules if competition else defaults["rules"]))
        values.update(sit_out_initial(competition.rules if competition else defaults["rules"]))
        values["game"] = game
        for name, value in options.items():
            values[OPTION_PREFIX + name] = value
        return values

    @staticmethod
    def _club_initial(defaults: ClubDefaults) -> dict[str, Any]:
        """The club's defaults for new competitions (the club settings page)."""
        values: dict[str, Any] = {FEE_PREFIX + "member": fee_initial(defaults.fee_member_cents),
                                  FEE_PREFIX + "guest": fee_initial(defaults.fee_guest_cents)}
        if defaults.season_preset in PRESETS:
            values.update(rule_initial(PRESETS[defaults.season_preset]))
            values["preset"] = defaults.season_preset
        return values

    def with_preset_applied(self) -> CompetitionForm:
        """The page again, unbound, as it was posted with the chosen preset's answers filled in
        (the "Apply" button, for a browser without the page's script): nothing is saved and no
        error shown, and saving later stores what this page shows."""
        values = {name: self[name].value() for name in self.fields}
        answers = preset_answers().get(str(values.get("preset") or ""), {})
        values.update(answers)
        form = CompetitionForm(game=self.game, competition=self.competition)
        form.initial.update(values)
        return form

    def option_fields(self) -> list[forms.BoundField]:
        return [self[OPTION_PREFIX + name] for name in self.option_names]

    def fee_fields(self) -> list[forms.BoundField]:
        return [self[FEE_PREFIX + name] for name in FEE_FIELDS if FEE_PREFIX + name in self.fields]

    def standings_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in STANDINGS_FIELDS if name not in ("name",)]

    def live_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in LIVE_FIELDS]

    def tiebreak_fields(self) -> list[forms.BoundField]:
        return [self[f"tiebreak_{slot}"] for slot in range(1, TIEBREAK_SLOTS + 1)]

    def rule_fields(self, *names: str) -> list[forms.BoundField]:
        return [self[name] for name in names]

    def counting_fields(self) -> list[forms.BoundField]:
        return self.rule_fields("count_mode", "count_n", "rank_by", "min_played", "champion")

    def absent_fields(self) -> list[forms.BoundField]:
        return self.rule_fields("absent_unnotified", "absent_unnotified_fixed",
                                "absent_notified", "absent_notified_fixed", "absent_max")

    def sit_out_fields(self) -> list[forms.BoundField]:
        names = (*SIT_OUT_FIELDS, *MOVEMENT_FIELDS)
        return self.rule_fields(*(name for name in names if name in self.fields))

    def prize_rule_fields(self) -> list[forms.BoundField]:
        return self.rule_fields(*PRIZE_FIELDS)

    def period_fields(self) -> list[forms.BoundField]:
        return [self[f"period_{slot}"] for slot in range(1, PERIOD_SLOTS + 1)]

    def evening_period_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith(EVENING_PERIOD)]

    def clean_game(self) -> str:
        game: str = self.cleaned_data["game"]
        if game != self.game:
            raise ValidationError(_("The game changed while you were editing; try again."))
        return game

    def clean(self) -> dict[str, Any]:
        data = cast("dict[str, Any]", super().clean())  # Form.clean returns cleaned_data
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The end date is before the start date."))
        low, high = data.get("table_min"), data.get("table_max")
        if low is not None and high is not None and low > high:
            self.add_error("table_min", _("The smallest table is larger than the largest."))
        for name in FEE_FIELDS:
            if FEE_PREFIX + name in self.fields:
                cents = data.pop(FEE_PREFIX + name, None)  # EuroField: whole cents
                data[f"fee_{name}_cents"] = cents if cents is not None else 0
        data["rules"] = rules_from_answers(self, data)
        sit_out_from_answers(self, data, data["rules"])
        stored_prizes = prizes_from_answers(self, data)
        if stored_prizes is not None:
            data["rules"]["prizes"] = stored_prizes
        options = {}
        for name in self.option_names:
            key = OPTION_PREFIX + name
            if key in self.errors:
                continue
            options[name] = data.pop(key, None)
        data["options"] = options
        if not any(OPTION_PREFIX + n in self.errors for n in self.option_names):
            for refused in option_refusals(game=self.game, options=options):
                bad = refused.get("option")
                field = OPTION_PREFIX + bad if bad in self.option_names else None
                self.add_error(field, _refusal(refused, self.game))
        return data


def _refusal(refused: dict[str, Any], game: str) -> str:
    """The engine's refusal of an option, naming the refused value where the engine does."""
    name = site_game(game).name
    if "value" not in refused:
        return gettext("The rules of %(game)s do not allow this value.") % {"game": name}
    return gettext("The rules of %(game)s do not allow “%(value)s” here.") % {
        "game": name, "value": choice_label(refused["value"], game)}

