"""Forms: a competition's reglement asked in the club's own words (docs/secretary-guide.md).

Each question is a set of radio buttons with a sentence under each choice; what is chosen
becomes the engine's rules document (``tournaments/shared/season_rules.py``), which the engine
checks when the competition is saved. Nobody types JSON. A starting point ("Beste 6 van 8, op
gemiddelde") fills the answers on save, so it works without JavaScript.
"""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from clubmanager.forms import HelpRadio
from tournaments.models import Tiebreak
from tournaments.shared.numbers import bound
from tournaments.shared.season_rules import (
    ANSWERS,
    MAX_PERIODS,
    PRESETS,
    period_choice,
    rule_initial,
)

PERIOD_SLOTS = MAX_PERIODS
EVENING_PERIOD = "evening_period_"
TIEBREAK_SLOTS = len(Tiebreak.values)

PRESET_CHOICES = [
    ("custom", _("As set below")),
    ("all", _("All evenings")),
    ("best6avg", _("Best 6 of 8, on average")),
    ("periods", _("Periods")),
]
PRESET_HELP = {
    "custom": _("Keep the answers to the questions below."),
    "all": _("Every evening counts; the highest total wins. Nobody needs a minimum."),
    "best6avg": _("Each member's best 6 evenings count, ranked by their average; at least 6 "
                  "evenings played to be ranked."),
    "periods": _("The season is split into periods (fill in when each starts below); the best "
                 "4 evenings of each period count, and every period counts."),
}
COUNT_CHOICES = [
    ("all", _("All evenings")),
    ("best", _("Only the best evenings")),
    ("drop", _("All but the worst few")),
]
COUNT_HELP = {
    "all": _("Every evening a member played counts."),
    "best": _("Only each member's best evenings count; fill in how many."),
    "drop": _("Each member's worst evenings are left out; fill in how many. A missed evening "
              "is the first to go."),
}
RANK_CHOICES = [("total", _("The total")), ("average", _("The average"))]
RANK_HELP = {
    "total": _("The most points together wins (the fewest, in a game where lower is better)."),
    "average": _("The best average over the evenings that count wins; fair when not everyone "
                 "comes equally often."),
}
ABSENT_CHOICES = [
    ("nothing", _("Nothing")),
    ("fixed", _("A fixed score")),
    ("worst", _("The evening's worst score")),
    ("average", _("Their own average")),
]
ABSENT_HELP = {
    "nothing": _("No score for that evening."),
    "fixed": _("The score filled in here."),
    "worst": _("The worst score of those who played that evening."),
    "average": _("Their own average over the evenings they played, rounded."),
}
SEASON_COUNT_HELP = _("Empty: every period counts.")


def _radio(label: Any, choices: list[tuple[str, Any]], help_texts: dict[str, Any],
           initial: str) -> forms.ChoiceField:
    # Not required: a question left open keeps the first choice (a page posted without it).
    return forms.ChoiceField(label=label, choices=choices, initial=initial, required=False,
                             widget=HelpRadio(help_texts))


def _number(name: str, help_text: Any = "") -> forms.IntegerField:
    """The whole number ``name`` of the reglement, with its question and bounds (``ANSWERS``)."""
    answer = ANSWERS[name]
    field = forms.IntegerField(label=answer.label, required=False, min_value=answer.low,
                               help_text=help_text)
    bound(field, answer.low, answer.high)
    return field


def rule_fields() -> dict[str, forms.Field]:
    fields: dict[str, forms.Field] = {
        "preset": _radio(_("Start from"), PRESET_CHOICES, PRESET_HELP, "custom"),
        "count_mode": _radio(_("How many evenings count?"), COUNT_CHOICES, COUNT_HELP, "all"),
        "count_n": _number("count_n"),
        "rank_by": _radio(_("What decides the ranking?"), RANK_CHOICES, RANK_HELP, "total"),
        "min_played": _number("min_played", help_text=_("0: no minimum.")),
        "absent_unnotified": _radio(_("What does someone get who was not there?"),
                                    ABSENT_CHOICES, ABSENT_HELP, "nothing"),
        "absent_unnotified_fixed": _number("absent_unnotified_fixed"),
        "absent_notified": _radio(_("What does someone get who called off?"),
                                  ABSENT_CHOICES, ABSENT_HELP, "nothing"),
        "absent_notified_fixed": _number("absent_notified_fixed"),
        "absent_max": _number("absent_max", help_text=_("Empty: every absence.")),
        "season_count": _number("season_count", help_text=SEASON_COUNT_HELP),
        "champion": forms.BooleanField(
            label=_("Also a points champion over all evenings"), required=False,
            help_text=_("A second ranking beside the standings: everyone's total over every "
                        "evening played, also the evenings that do not count; no absence "
                        "scores and no minimum.")),
    }
    for slot in range(1, PERIOD_SLOTS + 1):
        fields[f"period_{slot}"] = forms.DateField(
            label=_("Period %(n)s starts on") % {"n": slot}, required=False,
            widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    choices = [("", _("— none —")), *Tiebreak.choices]
    for slot in range(1, TIEBREAK_SLOTS + 1):
        fields[f"tiebreak_{slot}"] = forms.ChoiceField(
            label=_("Tie-break %(n)s") % {"n": slot}, choices=choices, required=False)
    return fields


def evening_period_fields(evenings: list[Any]) -> dict[str, forms.Field]:
    """A choice per evening of the competition: which period it is in ("by date": the start
    dates above decide, or without them the evening before)."""
    choices = [("", _("By date")), *((str(n), _("Period %(n)s") % {"n": n})
                                     for n in range(1, PERIOD_SLOTS + 1))]
    fields: dict[str, forms.Field] = {}
    for evening in evenings:
        label = date_format(evening.date, "l j F Y")
        if not evening.counts:
            label = _("%(date)s (does not count)") % {"date": label}
        fields[f"{EVENING_PERIOD}{evening.pk}"] = forms.TypedChoiceField(
            label=label, choices=choices, required=False, coerce=int, empty_value=None)
    return fields


def evening_period_initial(rules: Any) -> dict[str, Any]:
    return {f"{EVENING_PERIOD}{pk}": str(n) for pk, n in period_choice(rules).items()}


def chosen_periods(data: dict[str, Any]) -> dict[str, int]:
    """The evenings put in a period by hand (popped from ``data``): evening id → period."""
    names = [name for name in data if name.startswith(EVENING_PERIOD)]
    chosen = {name.removeprefix(EVENING_PERIOD): data.pop(name) for name in names}
    return {pk: n for pk, n in chosen.items() if n}


def _count(mode: str, n: int | None) -> Any:
    if mode == "best":
        return {"best": n}
    return {"drop": n or 0} if mode == "drop" else "all"


def _absent(mode: str, fixed: int | None) -> Any:
    return {"fixed": fixed} if mode == "fixed" else mode


def rules_from_answers(form: forms.Form, data: dict[str, Any]) -> dict[str, Any]:
    """The rules document for the answers (popped from ``data``); errors go on ``form``."""
    chosen = chosen_periods(data)
    answers = {name: data.pop(name, None) for name in rule_fields()}
    # The preset ("Begin met") only fills the answers on the page (preset_answers); what is
    # saved is what the page showed, never the preset over it.
    for kind in ("notified", "unnotified"):
        if answers[f"absent_{kind}"] == "fixed" and answers[f"absent_{kind}_fixed"] is None:
            form.add_error(f"absent_{kind}_fixed", _("Fill in the score."))
    if answers["count_mode"] == "best" and not answers["count_n"]:
        form.add_error("count_n", _("Fill in how many evenings count."))
    starts: list[datetime.date] = [answers[f"period_{s}"] for s in range(1, PERIOD_SLOTS + 1)
                                   if answers[f"period_{s}"]]
    if len(set(starts)) != len(starts):
        form.add_error("period_1", _("Two periods start on the same day."))
    absent: dict[str, Any] = {
        kind: _absent(answers[f"absent_{kind}"] or "nothing", answers[f"absent_{kind}_fixed"])
        for kind in ("notified", "unnotified")}
    absent["max_scored"] = answers["absent_max"]
    rules: dict[str, Any] = {
        "count": _count(answers["count_mode"] or "all", answers["count_n"]),
        "rank_by": answers["rank_by"] or "total", "min_played": answers["min_played"] or 0,
        "absent": absent,
    }
    season = answers["season_count"]
    if starts or chosen:
        rules["periods"] = {"count": rules["count"],
                            "season_count": {"best": season} if season else "all"}
        rules["count"] = "all"
    if "periods" in rules:
        rules["periods"]["starts"] = [d.isoformat() for d in sorted(starts)]
        if chosen:
            rules["periods"]["evenings"] = chosen
    breaks = [data.pop(f"tiebreak_{s}", "") or answers.get(f"tiebreak_{s}") or ""
              for s in range(1, TIEBREAK_SLOTS + 1)]
    breaks = [c for c in breaks if c]
    if len(set(breaks)) != len(breaks):
        form.add_error("tiebreak_1", _("Each tie-break can be used once."))
    rules["tiebreaks"] = breaks
    if answers["champion"]:
        rules["champion"] = True
    return rules


#: The answers a preset fills in; the rest of the page (absences, tie-breaks, prizes) stays.
PRESET_KEYS = ("count_mode", "count_n", "rank_by", "min_played", "season_count")


def preset_answers() -> dict[str, dict[str, Any]]:
    """Per preset, the answers it fills in on the competition form (the page's script does it
    as the preset is picked; without a script the "Apply" button has the form shown again,
    filled)."""
    found: dict[str, dict[str, Any]] = {}
    for key, rules in PRESETS.items():
        answers = rule_initial(rules)
        found[key] = {k: answers.get(k) for k in PRESET_KEYS}
        if "periods" not in rules:
            found[key]["season_count"] = None
    return found
