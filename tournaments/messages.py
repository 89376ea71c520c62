"""The engine's codes as translated sentences.

The rules engine (``scoring``) returns codes with params, never prose. This module is the one
place that turns an issue (``{"code", "hand", "side", "field", "params"}``) into a sentence a
scorekeeper reads, in Dutch or English (gettext: English source, Dutch in the ``.po`` file).
Every sentence names the rule that was broken. Score entry, the import and the options editor
all use :func:`issue_message`.

``sides_display`` maps engine side names to what the page shows (e.g. a team's players); sides
not in it are shown as they are.

Labels for fields and choice values (``field_label``, ``choice_label``) live here as well, so
that the forms built from ``scoring.GAMES`` and the messages use the same words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext_lazy
from django.utils.translation import gettext as _

__all__ = ["MESSAGES", "choice_label", "field_label", "issue_message", "record_text"]


# -- labels -------------------------------------------------------------------------------
FIELD_LABELS: dict[str, Any] = {
    # Jokeren
    "penalties": gettext_lazy("penalty points"),
    "penalty": gettext_lazy("penalty points"),
    # High Five 1959
    "end": gettext_lazy("end of the round"),
    "out": gettext_lazy("went out"),
    "sides": gettext_lazy("score list"),
    "opened": gettext_lazy("on the table"),
    "target": gettext_lazy("number played for"),
    "opening": gettext_lazy("opening meld"),
    "table": gettext_lazy("cards on the table"),
    "fives": gettext_lazy("fives"),
    "straights": gettext_lazy("straights"),
    "hand": gettext_lazy("cards in hand"),
    # Big Five
    "cards_left": gettext_lazy("cards left"),
    "cards": gettext_lazy("cards left"),
    "discards": gettext_lazy("discard pile"),
    # French HIGH FIVE
    "winner": gettext_lazy("winner"),
    "eliminated": gettext_lazy("eliminated, in order"),
    "crowns": gettext_lazy("crowns"),
    # HIGH FIVE! tiles
    "side": gettext_lazy("player"),
    "tiles_placed": gettext_lazy("tiles placed"),
    "category": gettext_lazy("combination"),
    "points": gettext_lazy("points"),
    "tiles": gettext_lazy("tiles in the row"),
    "forced": gettext_lazy("forced turn (no row possible)"),
    # Document
    "game": gettext_lazy("game"),
    "options": gettext_lazy("game options"),
    "hands": gettext_lazy("hands"),
}

CHOICE_LABELS: dict[str, Any] = {
    # High Five 1959 end
    "out": gettext_lazy("a side went out"),
    "stock_exhausted": gettext_lazy("the stock ran out"),
    # Big Five end
    "went_out": gettext_lazy("a player went out"),
    "blocked": gettext_lazy("nobody could play"),
    # Jokeren contracts
    "set3": gettext_lazy("three of a kind"),
    "run3": gettext_lazy("run of three"),
    "set4": gettext_lazy("four of a kind"),
    "run4": gettext_lazy("run of four"),
    "run5": gettext_lazy("run of five"),
    "run6": gettext_lazy("run of six"),
    "out_at_once": gettext_lazy("out at once"),
    # HIGH FIVE! combinations
    "high_card": gettext_lazy("high card"),
    "pair": gettext_lazy("pair"),
    "two_pair": gettext_lazy("two pair"),
    "three_of_a_kind": gettext_lazy("three of a kind"),
    "straight": gettext_lazy("straight"),
    "flush": gettext_lazy("flush"),
    "full_house": gettext_lazy("full house"),
    "four_of_a_kind": gettext_lazy("four of a kind"),
    "straight_flush": gettext_lazy("straight flush"),
    "royal_flush": gettext_lazy("royal flush"),
    "high_five": gettext_lazy("High Five (five of a kind)"),
    # options
    "clamp": gettext_lazy("0 for a negative total"),
    "truncate": gettext_lazy("divide a negative total too"),
    "formula": gettext_lazy("its own points"),
    "zero": gettext_lazy("zero"),
    "wins": gettext_lazy("1 point for the winner"),
    "places": gettext_lazy("points by place"),
}


def field_label(name: str | None) -> str:
    """The translated label of a hand field (its name when unknown)."""
    if not name:
        return ""
    return str(FIELD_LABELS.get(name, name))


def choice_label(value: Any) -> str:
    """The translated label of a choice value (the value itself when unknown)."""
    if isinstance(value, str) and value in CHOICE_LABELS:
        return str(CHOICE_LABELS[value])
    return "" if value is None else str(value)


# -- what one entry of a match is called ----------------------------------------------------
# Each game's own word, as its rule text and its players use it: a Jokeren deal ("spel"), a
# High Five 1959 round ("ronde"), a Big Five or French HIGH FIVE game ("partij"), a HIGH FIVE!
# tiles turn ("beurt"). The score pages, messages and sheets use it instead of "hand".
RECORD_NOUNS: dict[str, tuple[Any, Any]] = {
    "jokeren": (pgettext_lazy("one entry of a match", "deal"),
                pgettext_lazy("entries of a match", "deals")),
    "high_five_1959": (pgettext_lazy("one entry of a match", "round"),
                       pgettext_lazy("entries of a match", "rounds")),
    "big_five": (pgettext_lazy("one entry of a match", "game"),
                 pgettext_lazy("entries of a match", "games")),
    "high_five_crowns": (pgettext_lazy("one entry of a match", "game"),
                         pgettext_lazy("entries of a match", "games")),
    "high_five_tiles": (pgettext_lazy("one entry of a match", "turn"),
                        pgettext_lazy("entries of a match", "turns")),
}


_ANY_GAME = (pgettext_lazy("one entry of a match", "entry"),
             pgettext_lazy("entries of a match", "entries"))


@lru_cache(maxsize=64)
def _record_words(game: str, language: str | None) -> dict[str, str]:
    """The words in ``language`` (the active one: the cache's key), translated once per
    process and not once per line of a score page."""
    one, many = RECORD_NOUNS.get(game, _ANY_GAME)
    return {"record": str(one), "records": str(many)}


def record_text(game: str, sentence: str, **params: Any) -> str:
    """``sentence`` (already translated, with ``%(record)s`` and/or ``%(records)s``) for
    ``game``'s word for an entry, capitalised when it starts with it: "Deal 4 saved.",
    "Ronde 4 opgeslagen."."""
    return capfirst(sentence % {**_record_words(game, get_language()), **params})


# -- formatting helpers ---------------------------------------------------------------------
class _Ctx:
    """The params of one issue, with display helpers; missing values read as '?'."""

    def __init__(self, issue: Mapping[str, Any], sides_display: Mapping[str, str] | None):
        self.issue = issue
        self.params: Mapping[str, Any] = issue.get("params") or {}
        self.display = sides_display or {}

    def get(self, name: str, default: Any = "?") -> Any:
        value = self.params.get(name)
        return default if value is None else value

    def name(self, side: Any) -> str:
        if side is None:
            return "?"
        return str(self.display.get(str(side), side))

    def names(self, sides: Any) -> str:
        if not isinstance(sides, list | tuple) or not sides:
            return "?"
        shown = [self.name(s) for s in sides]
        if len(shown) == 1:
            return shown[0]
        return _("%(first)s and %(last)s") % {"first": ", ".join(shown[:-1]), "last": shown[-1]}

    @property
    def side(self) -> str:
        return self.name(self.issue.get("side"))

    @property
    def has_side(self) -> bool:
        return self.issue.get("side") is not None

    @property
    def field(self) -> str:
        return field_label(self.issue.get("field")) or "?"

    def numbers(self, values: Any) -> str:
        if not isinstance(values, list | tuple) or not values:
            return "–"
        return ", ".join(str(v) for v in values)


def _for_side(c: _Ctx, sentence: str) -> str:
    """Prefix a sentence with the side it is about, when the issue names one."""
    if c.has_side:
        return _("%(side)s: %(sentence)s") % {"side": c.side, "sentence": sentence}
    return sentence


Formatter = Callable[[_Ctx], str]


# -- common codes (README.md) ---------------------------------------------------------------
def _game_unknown(c: _Ctx) -> str:
    return _("Unknown game: the match must be one of the five games this site knows.")


def _document_invalid(c: _Ctx) -> str:
    return _("The match could not be read: its players and hands must be lists.")


def _sides_invalid(c: _Ctx) -> str:
    return _("The players' names at a table must be unique and not empty.")


def _sides_count(c: _Ctx) -> str:
    return _("This game is played by %(min)s to %(max)s players or teams at a table.") % {
        "min": c.get("min"), "max": c.get("max"),
    }


def _option_invalid(c: _Ctx) -> str:
    option = c.params.get("option")
    if option is None:
        return _("The game options must be a set of named settings.")
    return _("The game option “%(option)s” is unknown or has a value the game does not allow.") % {
        "option": option,
    }


def _hand_invalid(c: _Ctx) -> str:
    reason = c.params.get("reason")
    if reason == "not_boolean":
        return _for_side(c, _("“%(field)s” must be yes or no.") % {"field": c.field})
    if c.issue.get("field"):
        return _for_side(c, _(
            "“%(field)s” is missing or not what this game expects in a hand."
        ) % {"field": c.field})
    return _("This hand is incomplete or has a field the game does not know.")


def _hand_sides_mismatch(c: _Ctx) -> str:
    return _("“%(field)s” must be filled in for exactly the players of this table.") % {
        "field": c.field,
    }


def _value_not_integer(c: _Ctx) -> str:
    return _for_side(c, _("“%(field)s” must be a whole number.") % {"field": c.field})


def _match_finished(c: _Ctx) -> str:
    return _("The match is already over by the game's rules: no further hand can be entered.")


# -- Amerikaans Jokeren ------------------------------------------------------------------
def _jk_no_winner(c: _Ctx) -> str:
    return _("Exactly one player goes out in a deal and scores 0: nobody has 0 here.")


def _jk_multiple_winners(c: _Ctx) -> str:
    return _("Only one player can go out in a deal: %(sides)s all have 0.") % {
        "sides": c.names(c.params.get("sides")),
    }


def _jk_penalty_impossible(c: _Ctx) -> str:
    return _for_side(c, _(
        "a penalty of %(value)s is impossible: a player who did not go out holds at least one "
        "card, and the cheapest card is worth 2."
    ) % {"value": c.get("value")})


def _jk_penalty_too_high(c: _Ctx) -> str:
    if c.has_side:
        return _for_side(c, _(
            "a penalty of %(value)s is impossible: all 106 cards together are worth %(maximum)s."
        ) % {"value": c.get("value"), "maximum": c.get("maximum", 792)})
    return _(
        "The penalties of this deal add up to %(value)s: all 106 cards together are worth only "
        "%(maximum)s."
    ) % {"value": c.get("value"), "maximum": c.get("maximum", 792)}


def _jk_last_deal_too_low(c: _Ctx) -> str:
    if c.has_side:
        return _for_side(c, _(
            "%(value)s is too low for the “out at once” deal: nobody has laid anything, so every "
            "other player still holds 13 cards, worth at least %(minimum)s."
        ) % {"value": c.get("value"), "minimum": c.get("minimum", 31)})
    return _(
        "The losers' penalties add up to %(value)s, too low for the “out at once” deal: together "
        "they still hold all their cards, worth at least %(minimum)s."
    ) % {"value": c.get("value"), "minimum": c.get("minimum")}


def _jk_penalty_high(c: _Ctx) -> str:
    return _for_side(c, _(
        "a penalty of %(value)s is more than 13 cards can be worth (%(limit)s); only possible "
        "with bought cards. Is it right?"
    ) % {"value": c.get("value"), "limit": c.get("limit", 150)})


# -- High Five 1959 ------------------------------------------------------------------------
def _hf_end_invalid(c: _Ctx) -> str:
    end = c.params.get("end")
    if end == "out":
        return _("A round that ended because a side went out must name that side.")
    if end == "stock_exhausted":
        return _("When the stock ran out nobody went out: do not name a side that went out.")
    return _("A round ends either because a side went out or because the stock ran out.")


def _hf_not_multiple_of_5(c: _Ctx) -> str:
    return _for_side(c, _(
        "“%(field)s” is %(value)s, but every card is worth a multiple of 5, so every value is too."
    ) % {"field": c.field, "value": c.get("value")})


def _hf_negative(c: _Ctx) -> str:
    return _for_side(c, _("“%(field)s” cannot be below 0 (it is %(value)s).") % {
        "field": c.field, "value": c.get("value"),
    })


def _hf_target_required(c: _Ctx) -> str:
    return _for_side(c, _(
        "a side that came on the table played for one of its numbers: name that number."
    ))


def _hf_target_unavailable(c: _Ctx) -> str:
    return _for_side(c, _(
        "%(target)s is not one of the numbers still open on the score list (open: %(open)s)."
    ) % {"target": c.get("target"), "open": c.numbers(c.params.get("open"))})


def _hf_opening_below_target(c: _Ctx) -> str:
    return _for_side(c, _(
        "an opening meld of %(opening)s is below the number played for (%(target)s): to come on "
        "the table the first cards must be worth at least that number."
    ) % {"opening": c.get("opening"), "target": c.get("target")})


def _hf_opening_above_table(c: _Ctx) -> str:
    return _for_side(c, _(
        "the opening meld (%(opening)s) cannot be worth more than all cards on the table "
        "(%(table)s)."
    ) % {"opening": c.get("opening"), "table": c.get("table")})


def _hf_not_opened(c: _Ctx) -> str:
    return _for_side(c, _(
        "a side that did not come on the table has no “%(field)s”: it cannot lay cards before "
        "opening."
    ) % {"field": c.field})


def _hf_out_without_criteria(c: _Ctx) -> str:
    return _for_side(c, _(
        "the side that goes out must have come on the table and made at least %(fives)s fives "
        "and %(straights)s straight."
    ) % {"fives": c.get("minimum_fives", 5), "straights": c.get("minimum_straights", 1)})


def _hf_table_below_melds(c: _Ctx) -> str:
    return _for_side(c, _(
        "%(fives)s fives and %(straights)s straights are worth at least %(minimum)s on the table "
        "(a five at least 25, a straight at least 30), but the table is %(table)s."
    ) % {
        "fives": c.get("fives"), "straights": c.get("straights"),
        "minimum": c.get("minimum"), "table": c.get("table"),
    })


def _hf_cards_exceed_deck(c: _Ctx) -> str:
    return _(
        "The cards on the table and in hand add up to %(total)s, but all 162 cards together are "
        "worth only %(maximum)s."
    ) % {"total": c.get("total"), "maximum": c.get("maximum", 1740)}


# -- Big Five ------------------------------------------------------------------------------
def _bf_end_invalid(c: _Ctx) -> str:
    return _("A game ends either because a player went out or because nobody could play.")


def _bf_cards_out_of_range(c: _Ctx) -> str:
    return _for_side(c, _(
        "%(value)s cards left is impossible: a player has between 0 and the %(max)s cards dealt "
        "to them."
    ) % {"value": c.get("value"), "max": c.get("max")})


def _bf_winner_mismatch(c: _Ctx) -> str:
    if c.params.get("end") == "blocked":
        return _("When nobody could play, nobody went out: no player can have 0 cards left.")
    return _("When a player went out, exactly one player has 0 cards left.")


def _bf_solitaire_out_of_range(c: _Ctx) -> str:
    return _(
        "%(value)s is impossible in solitaire: the discard pile holds between 0 and %(max)s "
        "cards."
    ) % {"value": c.get("value"), "max": c.get("max")}


# -- French HIGH FIVE ----------------------------------------------------------------------
def _fr_winner_invalid(c: _Ctx) -> str:
    if c.params.get("reason") == "eliminated":
        return _("%(side)s was eliminated and cannot also be the winner.") % {"side": c.side}
    return _("Choose the winner: one of the players still in the game.")


def _fr_eliminated_invalid(c: _Ctx) -> str:
    reason = c.params.get("reason")
    if reason == "duplicate":
        return _("A player can be eliminated only once (%(sides)s is listed twice).") % {
            "sides": c.names(c.params.get("sides")),
        }
    if reason == "everyone":
        return _("Not everyone can be eliminated: somebody wins the game.")
    return _("The eliminated players must be players of this table, in the order they went out.")


def _fr_win_condition(c: _Ctx) -> str:
    return _(
        "%(side)s won with %(value)s crowns while another player was still in the game: a win "
        "needs at least %(threshold)s crowns, unless the winner is the last player left."
    ) % {"side": c.side, "value": c.get("value"), "threshold": c.get("threshold")}


def _fr_counts_invalid(c: _Ctx) -> str:
    if c.params.get("reason") == "negative":
        return _for_side(c, _("“%(field)s” cannot be below 0.") % {"field": c.field})
    return _("Fill in “%(field)s” for exactly the players still in the game.") % {
        "field": c.field,
    }


def _fr_crowns_high(c: _Ctx) -> str:
    return _(
        "%(side)s has %(value)s crowns: one draw adds at most 3, so more than %(limit)s is only "
        "possible with swaps. Is it right?"
    ) % {"side": c.side, "value": c.get("value"), "limit": _crowns_limit(c)}


def _crowns_limit(c: _Ctx) -> Any:
    threshold = c.params.get("threshold")
    return threshold + 2 if isinstance(threshold, int) else "?"


def _fr_penalties_at_limit(c: _Ctx) -> str:
    return _for_side(c, _(
        "%(value)s penalties is the elimination limit (%(threshold)s), yet the player is still "
        "in the game. Is it right?"
    ) % {"value": c.get("value"), "threshold": c.get("threshold")})


# -- HIGH FIVE! tiles ----------------------------------------------------------------------
def _ht_turn_order(c: _Ctx) -> str:
    expected = c.params.get("expected")
    if expected is None:
        return _("Nobody has a turn left: every player has played all their tiles.")
    return _("It is %(expected)s's turn: players take turns in order.") % {
        "expected": c.name(expected),
    }


def _ht_tiles_placed_range(c: _Ctx) -> str:
    return _("A turn places 1 to 4 tiles (not %(value)s).") % {"value": c.get("value")}


def _ht_tiles_not_held(c: _Ctx) -> str:
    return _for_side(c, ngettext(
        "places %(value)s tiles but holds only %(holding)s tile.",
        "places %(value)s tiles but holds only %(holding)s tiles.",
        c.get("holding", 0) if isinstance(c.get("holding"), int) else 0,
    ) % {"value": c.get("value"), "holding": c.get("holding")})


def _ht_first_turn_tiles(c: _Ctx) -> str:
    return _for_side(c, _(
        "a player's first turn places %(allowed)s tiles (not %(value)s)."
    ) % {"allowed": _or_list(c.params.get("allowed")), "value": c.get("value")})


def _or_list(values: Any) -> str:
    if not isinstance(values, list | tuple) or not values:
        return "?"
    shown = [str(v) for v in values]
    if len(shown) == 1:
        return shown[0]
    return _("%(first)s or %(last)s") % {"first": ", ".join(shown[:-1]), "last": shown[-1]}


def _ht_category_unknown(c: _Ctx) -> str:
    return _("Choose the combination the five tiles make (only a forced turn has none).")


def _ht_forced_invalid(c: _Ctx) -> str:
    return _(
        "A forced turn places exactly 1 tile, names no combination or tiles and scores 0."
    )


def _ht_tiles_invalid(c: _Ctx) -> str:
    return _(
        "Enter the five tiles of the row as rank + suit (A, 2–10, J, Q, K with C, S, H, D; * for "
        "a joker), each tile once, at most %(jokers)s jokers."
    ) % {"jokers": c.get("jokers_allowed")}


def _ht_tiles_mismatch(c: _Ctx) -> str:
    return _("These tiles make a %(category)s, not the combination chosen.") % {
        "category": choice_label(c.params.get("category")),
    }


def _ht_points_required(c: _Ctx) -> str:
    return _("Enter the points the score card gives (the club has not set a score card).")


def _ht_points_invalid(c: _Ctx) -> str:
    value, maximum = c.params.get("value"), c.params.get("maximum")
    if isinstance(value, int) and isinstance(maximum, int) and value > maximum:
        return _("Points cannot be above %(maximum)s (%(value)s).") % {
            "maximum": c.get("maximum"), "value": c.get("value")}
    return _("Points cannot be below 0 (%(value)s).") % {"value": c.get("value")}


def _ht_points_mismatch(c: _Ctx) -> str:
    return _(
        "The club's score card gives %(expected)s points for a %(category)s, not %(value)s."
    ) % {
        "expected": c.get("expected"), "category": choice_label(c.params.get("category")),
        "value": c.get("value"),
    }


def _ht_points_inconsistent(c: _Ctx) -> str:
    return _(
        "%(value)s points contradicts turn %(turn)s (%(category)s: %(points)s points): the same "
        "combination always scores the same and a higher one never less."
    ) % {
        "value": c.get("value"), "turn": c.get("turn"),
        "category": choice_label(c.params.get("category")), "points": c.get("points"),
    }


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
    "JK_NO_WINNER": _jk_no_winner,
    "JK_MULTIPLE_WINNERS": _jk_multiple_winners,
    "JK_PENALTY_IMPOSSIBLE": _jk_penalty_impossible,
    "JK_PENALTY_TOO_HIGH": _jk_penalty_too_high,
    "JK_LAST_DEAL_TOO_LOW": _jk_last_deal_too_low,
    "JK_PENALTY_HIGH": _jk_penalty_high,
    "HF_END_INVALID": _hf_end_invalid,
    "HF_NOT_MULTIPLE_OF_5": _hf_not_multiple_of_5,
    "HF_NEGATIVE": _hf_negative,
    "HF_TARGET_REQUIRED": _hf_target_required,
    "HF_TARGET_UNAVAILABLE": _hf_target_unavailable,
    "HF_OPENING_BELOW_TARGET": _hf_opening_below_target,
    "HF_OPENING_ABOVE_TABLE": _hf_opening_above_table,
    "HF_NOT_OPENED": _hf_not_opened,
    "HF_OUT_WITHOUT_CRITERIA": _hf_out_without_criteria,
    "HF_TABLE_BELOW_MELDS": _hf_table_below_melds,
    "HF_CARDS_EXCEED_DECK": _hf_cards_exceed_deck,
    "BF_END_INVALID": _bf_end_invalid,
    "BF_CARDS_OUT_OF_RANGE": _bf_cards_out_of_range,
    "BF_WINNER_MISMATCH": _bf_winner_mismatch,
    "BF_SOLITAIRE_OUT_OF_RANGE": _bf_solitaire_out_of_range,
    "FR_WINNER_INVALID": _fr_winner_invalid,
    "FR_ELIMINATED_INVALID": _fr_eliminated_invalid,
    "FR_WIN_CONDITION": _fr_win_condition,
    "FR_COUNTS_INVALID": _fr_counts_invalid,
    "FR_CROWNS_HIGH": _fr_crowns_high,
    "FR_PENALTIES_AT_LIMIT": _fr_penalties_at_limit,
    "HT_TURN_ORDER": _ht_turn_order,
    "HT_TILES_PLACED_RANGE": _ht_tiles_placed_range,
    "HT_TILES_NOT_HELD": _ht_tiles_not_held,
    "HT_FIRST_TURN_TILES": _ht_first_turn_tiles,
    "HT_CATEGORY_UNKNOWN": _ht_category_unknown,
    "HT_FORCED_INVALID": _ht_forced_invalid,
    "HT_TILES_INVALID": _ht_tiles_invalid,
    "HT_TILES_MISMATCH": _ht_tiles_mismatch,
    "HT_POINTS_REQUIRED": _ht_points_required,
    "HT_POINTS_INVALID": _ht_points_invalid,
    "HT_POINTS_MISMATCH": _ht_points_mismatch,
    "HT_POINTS_INCONSISTENT": _ht_points_inconsistent,
}

def issue_message(
    issue: Mapping[str, Any], *, sides_display: Mapping[str, str] | None = None
) -> str:
    """One translated sentence for an engine error or warning, naming the rule."""
    code = str(issue.get("code") or "")
    formatter = MESSAGES.get(code)
    if formatter is None:
        return _("The rules engine refused this (%(code)s).") % {"code": code or "?"}
    return formatter(_Ctx(issue, sides_display))


def missing_value_message(
    issue: Mapping[str, Any], *, sides_display: Mapping[str, str] | None = None
) -> str:
    """For an issue at a field the scorekeeper left empty: say so, rather than the engine's
    "must be a whole number" (the engine only sees a missing value)."""
    c = _Ctx(issue, sides_display)
    return _for_side(c, _("“%(field)s” is not filled in.") % {"field": c.field})


def issue_messages(
    issues: Iterable[Mapping[str, Any]], *, sides_display: Mapping[str, str] | None = None
) -> list[str]:
    return [issue_message(i, sides_display=sides_display) for i in issues]
