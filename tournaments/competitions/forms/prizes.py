"""Forms: the evening prizes of a competition, asked in the club's own words.

Part of the competition's reglement (``tournaments/competitions/forms/season_rules.py``): a choice
of prize rule with a sentence under each, the numbers it needs, and a tick for the booby prize
("poedelprijs"). The answers become ``Competition.rules["prizes"]``, ``{"rule": <the engine's
prize rule>, "booby": true|false}`` (``tournaments/shared/season_rules.py``); the rules engine
(``scoring.prizes``) checks the rule, and what it refuses comes back as a sentence at the
question it comes from. No prizes and no booby prize: no ``prizes`` key at all.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import prizes
from tournaments.competitions.forms.season_rules import _number, _radio
from tournaments.shared.season_rules import PRIZE_POSITIONS_MAX_LENGTH

PRIZE_CHOICES = [
    ("none", _("No evening prizes")),
    ("top", _("The best few")),
    ("per", _("One prize per so many players")),
    ("formula", _("The first few, then every so many (“formula of 4”)")),
    ("positions", _("Chosen places")),
]
PRIZE_HELP = {
    "none": _("Nobody gets a prize for the evening. A booby prize can still be ticked below."),
    "top": _("Places 1 up to the number filled in get a prize; with 5: places 1 to 5."),
    "per": _("One prize for every so many players present, at least one: with one per 4 and "
             "22 players, places 1 to 5 get a prize."),
    "formula": _("Places 1 up to the first number, then every so many places. The formula of "
                 "4 (4 and 4): places 1, 2, 3 and 4, then 8, 12, 16 and so on."),
    "positions": _("Exactly the places filled in, for example 1, 2, 3, 10."),
}
#: The form's prize questions, in the order the page asks them.
PRIZE_FIELDS = ("prize_mode", "prize_top", "prize_per", "prize_first", "prize_every",
                "prize_positions", "prize_booby")


def booby_label(better: Any) -> Any:
    """The booby prize goes to the worst score: the lowest, or the highest where lower wins."""
    if better == "lower":
        return _("Booby prize (poedelprijs) for the worst score, the highest")
    return _("Booby prize (poedelprijs) for the lowest score")


def prize_fields(better: Any = "higher") -> dict[str, forms.Field]:
    return {
        "prize_mode": _radio(_("Who gets a prize?"), PRIZE_CHOICES, PRIZE_HELP, "none"),
        "prize_top": _number("prize_top"),
        "prize_per": _number("prize_per"),
        "prize_first": _number("prize_first"),
        "prize_every": _number("prize_every"),
        "prize_positions": forms.CharField(
            label=_("Chosen places"), required=False, max_length=PRIZE_POSITIONS_MAX_LENGTH,
            help_text=_("Numbers with commas between them, for example 1, 2, 3, 10.")),
        "prize_booby": forms.BooleanField(
            label=booby_label(better), required=False,
            help_text=_("The worst score of the evening gets the booby prize, unless it already "
                        "has a prize (or fewer than two played).")),
    }


#: The number each rule needs: (form field, the engine's key).
NEEDS = {"top": [("prize_top", "top")], "per": [("prize_per", "per")],
         "formula": [("prize_first", "first"), ("prize_every", "then_every")]}


def _positions(form: forms.Form, text: str) -> list[int] | None:
    words = [w for w in re.split(r"[\s,;]+", text or "") if w]
    if not words or not all(w.isdigit() for w in words):
        form.add_error("prize_positions", _("Fill in places as whole numbers, for example "
                                            "1, 2, 3, 10."))
        return None
    return [int(w) for w in words]


def _rule(form: forms.Form, mode: str, answers: dict[str, Any]) -> dict[str, Any] | None:
    if mode == "positions":
        chosen = _positions(form, answers["prize_positions"])
        return None if chosen is None else {"positions": chosen}
    rule = {}
    for name, key in NEEDS.get(mode, []):
        if answers[name] is None:
            if name not in form.errors:
                form.add_error(name, _("Fill in a number."))
            return None
        rule[key] = answers[name]
    return rule or {"top": 0}


def prizes_from_answers(form: forms.Form, data: dict[str, Any]) -> dict[str, Any] | None:
    """The stored prize rule for the answers (popped from ``data``), or None for no prizes;
    what the engine refuses goes on ``form`` as a sentence."""
    answers = {name: data.pop(name, None) for name in PRIZE_FIELDS}
    mode = answers["prize_mode"] or "none"
    booby = bool(answers["prize_booby"])
    rule = _rule(form, mode, answers)
    if rule is None or (mode == "none" and not booby):
        return None
    stored = {"rule": rule, "booby": booby}
    refused = prizes({"scores": {}, **stored})["errors"]
    for error in refused:
        field = str(error.get("field") or "")
        if field == "rule.positions":
            form.add_error("prize_positions", _("Fill in each place once, each at least 1."))
        else:
            form.add_error("prize_mode", _("The rules engine refuses these prizes: %(field)s")
                           % {"field": field})
    return stored
