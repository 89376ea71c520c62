"""The engine's codes as translated sentences: the generic part, shared by every game.

The rules engine (``scoring``) returns codes with params, never prose. This module turns an
issue (``{"code", "hand", "side", "field", "params"}``) into a sentence a scorekeeper reads, in
Dutch or English (gettext: English source, Dutch in the ``.po`` file). Every sentence names the
rule that was broken. Score entry, the import and the options editor all use
:func:`issue_message`.

The sentences of the codes every game shares (README.md of the rules) are here; a game's own
codes, field labels, choice labels and its word for an entry live with the game
(``tournaments/games/<key>.py``) and are found through the registry. The helpers every
sentence is written with (``Ctx``, ``for_side``) are in ``tournaments/games/sentences.py``.

``sides_display`` maps engine side names to what the page shows (e.g. a team's players); sides
not in it are shown as they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from tournaments.games import Words, site_game, site_games
from tournaments.games.sentences import Ctx, Formatter, for_side

__all__ = ["all_messages", "choice_label", "field_label", "issue_message", "record_text"]


# -- labels -------------------------------------------------------------------------------
# The document's own fields (a game's hand fields are labelled by the game).
FIELD_LABELS: dict[str, Any] = {
    "game": gettext_lazy("game"),
    "options": gettext_lazy("game options"),
    "hands": gettext_lazy("hands"),
}


def _label(attr: str, value: str, game: str | None) -> Any:
    if game is not None:
        try:
            own = getattr(site_game(game).words, attr)
        except KeyError:
            own = {}
        if value in own:
            return own[value]
    for one in site_games():
        labels = getattr(one.words, attr)
        if value in labels:
            return labels[value]
    return None


def field_label(name: str | None, game: str | None = None) -> str:
    """The translated label of a hand field (its name when unknown); ``game``'s own label
    first, else any game's."""
    if not name:
        return ""
    label = FIELD_LABELS.get(name) or _label("field_labels", name, game)
    return name if label is None else str(label)


def choice_label(value: Any, game: str | None = None) -> str:
    """The translated label of a choice value (the value itself when unknown)."""
    if isinstance(value, str):
        label = _label("choice_labels", value, game)
        if label is not None:
            return str(label)
    return "" if value is None else str(value)


# -- what one entry of a match is called ----------------------------------------------------
@lru_cache(maxsize=64)
def _record_words(game: str, language: str | None) -> dict[str, str]:
    """The words in ``language`` (the active one: the cache's key), translated once per
    process and not once per line of a score page."""
    try:
        one, many = site_game(game).words.record_nouns
    except KeyError:
        one, many = Words.record_nouns
    return {"record": str(one), "records": str(many)}


def record_text(game: str, sentence: str, **params: Any) -> str:
    """``sentence`` (already translated, with ``%(record)s`` and/or ``%(records)s``) for
    ``game``'s word for an entry (``Words.record_nouns``), capitalised when it starts with
    it: "Deal 4 saved.", "Ronde 4 opgeslagen."."""
    return capfirst(sentence % {**_record_words(game, get_language()), **params})


# -- common codes (README.md) ---------------------------------------------------------------
def _game_unknown(c: Ctx) -> str:
    return _("Unknown game: the match must be one of the five games this site knows.")


def _document_invalid(c: Ctx) -> str:
    return _("The match could not be read: its players and hands must be lists.")


def _sides_invalid(c: Ctx) -> str:
    return _("The players' names at a table must be unique and not empty.")


def _sides_count(c: Ctx) -> str:
    return _("This game is played by %(min)s to %(max)s players or teams at a table.") % {
        "min": c.get("min"), "max": c.get("max"),
    }


def _option_invalid(c: Ctx) -> str:
    option = c.params.get("option")
    if option is None:
        return _("The game options must be a set of named settings.")
    return _("The game option “%(option)s” is unknown or has a value the game does not allow.") % {
        "option": option,
    }


def _hand_invalid(c: Ctx) -> str:
    reason = c.params.get("reason")
    if reason == "not_boolean":
        return for_side(c, _("“%(field)s” must be yes or no.") % {"field": c.field})
    if c.issue.get("field"):
        return for_side(c, _(
            "“%(field)s” is missing or not what this game expects in a hand."
        ) % {"field": c.field})
    return _("This hand is incomplete or has a field the game does not know.")


def _hand_sides_mismatch(c: Ctx) -> str:
    return _("“%(field)s” must be filled in for exactly the players of this table.") % {
        "field": c.field,
    }


def _value_not_integer(c: Ctx) -> str:
    return for_side(c, _("“%(field)s” must be a whole number.") % {"field": c.field})


def _match_finished(c: Ctx) -> str:
    return _("The match is already over by the game's rules: no further hand can be entered.")

MESSAGES: dict[str, Formatter] = {
    "GAME_UNKNOWN": _game_unknown,
    "DOCUMENT_INVALID": _document_invalid,
    "SIDES_INVALID": _sides_invalid,
    "SIDES_COUNT": _sides_count,
    "OPTION_INVALID": _option_invalid,
    "HAND_INVALID": _hand_invalid,
    "HAND_SIDES_MISMATCH": _hand_sides_mismatch,
    "VALUE_NOT_INTEGER": _value_not_integer,
    "MATCH_FINISHED": _match_finished,
}


def all_messages() -> dict[str, Formatter]:
    """Every code's sentence: the shared codes and each registered game's own."""
    merged = dict(MESSAGES)
    for game in site_games():
        merged.update(game.words.messages)
    return merged


def issue_message(
    issue: Mapping[str, Any], *, sides_display: Mapping[str, str] | None = None
) -> str:
    """One translated sentence for an engine error or warning, naming the rule."""
    code = str(issue.get("code") or "")
    formatter = all_messages().get(code)
    if formatter is None:
        return _("The rules engine refused this (%(code)s).") % {"code": code or "?"}
    return formatter(Ctx(issue, sides_display, field_label))


def missing_value_message(
    issue: Mapping[str, Any], *, sides_display: Mapping[str, str] | None = None
) -> str:
    """For an issue at a field the scorekeeper left empty: say so, rather than the engine's
    "must be a whole number" (the engine only sees a missing value)."""
    c = Ctx(issue, sides_display, field_label)
    return for_side(c, _("“%(field)s” is not filled in.") % {"field": c.field})


def issue_messages(
    issues: Iterable[Mapping[str, Any]], *, sides_display: Mapping[str, str] | None = None
) -> list[str]:
    return [issue_message(i, sides_display=sides_display) for i in issues]
