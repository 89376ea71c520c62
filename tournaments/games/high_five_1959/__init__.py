"""High Five 1959 on the site: its words, options, entry form, score page, workbook columns
and sample hands; its score sheet is ``sheet.py``.

The rules are the engine's (``scoring/games/high_five_1959.py``); this is what the site adds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from ..base import SiteGame, register
from ..entry import ChoiceFlag, Entry, FieldChoices
from ..parts import Options, Samples, ScorePage, Words
from ..sentences import Ctx, for_side
from ..workbook_fields import SIDE, WorkbookColumns, WorkbookField
from .sheet import HighFive1959Sheet

if TYPE_CHECKING:
    from tournaments.shared.matches import MatchView


# -- the sentences of the game's own codes ---------------------------------------------------
def _hf_end_invalid(c: Ctx) -> str:
    end = c.params.get("end")
    if end == "out":
        return _("A round that ended because a side went out must name that side.")
    if end == "stock_exhausted":
        return _("When the stock ran out nobody went out: do not name a side that went out.")
    return _("A round ends either because a side went out or because the stock ran out.")


def _hf_not_multiple_of_5(c: Ctx) -> str:
    return for_side(c, _(
        "“%(field)s” is %(value)s, but every card is worth a multiple of 5, so every value is too."
    ) % {"field": c.field, "value": c.get("value")})


def _hf_negative(c: Ctx) -> str:
    return for_side(c, _("“%(field)s” cannot be below 0 (it is %(value)s).") % {
        "field": c.field, "value": c.get("value"),
    })


def _hf_target_required(c: Ctx) -> str:
    return for_side(c, _(
        "a side that came on the table played for one of its numbers: name that number."
    ))


def _hf_target_unavailable(c: Ctx) -> str:
    return for_side(c, _(
        "%(target)s is not one of the numbers still open on the score list (open: %(open)s)."
    ) % {"target": c.get("target"), "open": c.numbers(c.params.get("open"))})


def _hf_opening_below_target(c: Ctx) -> str:
    return for_side(c, _(
        "an opening meld of %(opening)s is below the number played for (%(target)s): to come on "
        "the table the first cards must be worth at least that number."
    ) % {"opening": c.get("opening"), "target": c.get("target")})


def _hf_opening_above_table(c: Ctx) -> str:
    return for_side(c, _(
        "the opening meld (%(opening)s) cannot be worth more than all cards on the table "
        "(%(table)s)."
    ) % {"opening": c.get("opening"), "table": c.get("table")})


def _hf_not_opened(c: Ctx) -> str:
    return for_side(c, _(
        "a side that did not come on the table has no “%(field)s”: it cannot lay cards before "
        "opening."
    ) % {"field": c.field})


def _hf_out_without_criteria(c: Ctx) -> str:
    return for_side(c, _(
        "the side that goes out must have come on the table and made at least %(fives)s fives "
        "and %(straights)s straight."
    ) % {"fives": c.get("minimum_fives", 5), "straights": c.get("minimum_straights", 1)})


def _hf_table_below_melds(c: Ctx) -> str:
    return for_side(c, _(
        "%(fives)s fives and %(straights)s straights are worth at least %(minimum)s on the table "
        "(a five at least 25, a straight at least 30), but the table is %(table)s."
    ) % {
        "fives": c.get("fives"), "straights": c.get("straights"),
        "minimum": c.get("minimum"), "table": c.get("table"),
    })


def _hf_cards_exceed_deck(c: Ctx) -> str:
    return _(
        "The cards on the table and in hand add up to %(total)s, but all 162 cards together are "
        "worth only %(maximum)s."
    ) % {"total": c.get("total"), "maximum": c.get("maximum", 1740)}


# -- sample hands: a complete match with the default options ---------------------------------
def _sample(sides: Sequence[str], variant: int) -> list[dict[str, Any]]:
    a, b = sides[0], sides[1]
    winner, loser = (a, b) if variant % 2 == 0 else (b, a)
    extra = 10 * (variant % 5)
    out_round: dict[str, Any] = {
        "end": "out", "out": winner,
        "sides": {
            winner: {"opened": True, "target": 60, "opening": 65, "table": 640 + extra,
                     "fives": 6, "straights": 1, "hand": 40},
            loser: {"opened": True, "target": 80, "opening": 85, "table": 310, "fives": 4,
                    "straights": 1, "hand": 115},
        },
    }
    for other in sides[2:]:
        out_round["sides"][other] = {"opened": False, "target": None, "table": 0, "fives": 0,
                                     "straights": 0, "hand": 100}
    stock = {"end": "stock_exhausted",
             "sides": {s: {"opened": False, "target": None} for s in sides}}
    return [out_round, stock, stock]


# -- the state above the hands: the score lists ------------------------------------------------
def _numbers_by_side(state: Any) -> list[tuple[str, list[tuple[int, bool]], int]]:
    """Per side its numbers in order, each with whether it is struck, and its crosses (from
    the engine's state)."""
    rows = []
    for side, entry in (state if isinstance(state, dict) else {}).items():
        if not isinstance(entry, dict):
            continue
        numbers = [(n, True) for n in entry.get("struck", [])]
        numbers += [(n, False) for n in entry.get("open", [])]
        numbers.sort(key=lambda item: (item[0], not item[1]))
        rows.append((side, numbers, int(entry.get("crosses", 0))))
    return rows


class HighFive1959Words(Words):
    record_nouns = (pgettext_lazy("one entry of a match", "round"),
                    pgettext_lazy("entries of a match", "rounds"))
    field_labels = {
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
    }
    choice_labels = {
        "out": gettext_lazy("a side went out"),
        "stock_exhausted": gettext_lazy("the stock ran out"),
        # options
        "clamp": gettext_lazy("0 for a negative total"),
        "truncate": gettext_lazy("divide a negative total too"),
        "formula": gettext_lazy("its own points"),
        "zero": gettext_lazy("zero"),
    }
    messages = {
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
    }


class HighFive1959Options(Options):
    texts = {
        "targets": (
            gettext_lazy("Numbers to strike"),
            gettext_lazy("The numbers each side must strike, in the order of the score list."),
        ),
        "cross_limit": (
            gettext_lazy("Crosses that end the match"),
            gettext_lazy("A side with this many crosses scores 0 and loses."),
        ),
        "divisor": (
            gettext_lazy("Divisor"),
            gettext_lazy("Competition points are the total divided by this (drop the last "
                         "digits)."),
        ),
        "negative": (gettext_lazy("Negative total"),
                     gettext_lazy("What a team with a total below zero gets.")),
        "failing_side_points": (
            gettext_lazy("Points of a failing team"),
            gettext_lazy("A team that did not strike its number while another went out."),
        ),
    }
    choices = {
        "negative": {
            "clamp": (gettext_lazy("0 competition points"),
                      gettext_lazy("A negative total counts as 0.")),
            "truncate": (gettext_lazy("Negative competition points"),
                         gettext_lazy("The total divided by the divisor, dropping the last "
                                      "digits: −250 gives −2.")),
        },
        "failing_side_points": {
            "formula": (gettext_lazy("Its points by the formula"),
                        gettext_lazy("Cards on the table plus 50 per stack or straight, minus "
                                     "the cards in hand, as for every team.")),
            "zero": (gettext_lazy("0 points"),
                     gettext_lazy("It scores nothing this round, and neither does a team that "
                                  "never came on the table.")),
        },
    }


class HighFive1959Entry(Entry):
    # Choices first (who went out, per team the number it came on the table for or "not on
    # the table"), then the numbers in one run; a team not on the table types only its hand.
    choices_first = True
    choice_flag = ChoiceFlag("opened", "target", gettext_lazy("not on the table"),
                             ("opening", "table", "fives", "straights"),
                             gettext_lazy("came on the table for"))

    def choices(self, state: Any, options: Mapping[str, Any]) -> FieldChoices:
        """The number played for: one of the side's numbers still open (the engine's state;
        before the first round every number of the option ``targets``)."""
        per_side: dict[str, list[tuple[str, str]]] = {}
        for side, entry in (state if isinstance(state, dict) else {}).items():
            if isinstance(entry, dict):
                open_numbers = sorted(set(entry.get("open", [])))
                per_side[side] = [(str(n), str(n)) for n in open_numbers]
        return {"target": per_side}

    def complete(self, data: dict[str, Any], view: MatchView) -> dict[str, Any]:
        """A team that never came on the table ("niet op tafel gekomen" chosen) has laid
        nothing: its cards on the table, fives and straights (hidden then, see
        ``choice_flag``) are 0, as the rules have them (``HF_NOT_OPENED`` refuses anything
        else), so nobody types three zeros; its cards in hand are still typed. What was typed
        is never changed."""
        sides = data.get("sides")
        if data.get("end") != "out" or not isinstance(sides, dict):
            return data  # the stock ran out: the rules count missing numbers as 0 already
        filled = {
            side: ({**{k: 0 for k in NOT_OPENED_ZERO}, **entry}
                   if isinstance(entry, dict) and entry.get("opened") is False else entry)
            for side, entry in sides.items()
        }
        return {**data, "sides": filled}

    def kept_on_correction(self, stored: Mapping[str, Any], data: dict[str, Any]
                           ) -> dict[str, Any]:
        """A team that never came on the table may still have named its number (the rules
        then record the cross against it). The form offers "niet op tafel" or a number, not
        both, so a correction that leaves the team "niet op tafel" keeps the stored number."""
        sides, before = data.get("sides"), stored.get("sides")
        if not isinstance(sides, dict) or not isinstance(before, dict):
            return data
        kept = {}
        for side, entry in sides.items():
            old = before.get(side)
            if (isinstance(entry, dict) and isinstance(old, dict) and entry.get("opened") is False
                    and old.get("opened") is False and entry.get("target") is None
                    and old.get("target") is not None):
                entry = {**entry, "target": old["target"]}
            kept[side] = entry
        return {**data, "sides": kept}


class HighFive1959Page(ScorePage):
    state_template = "tournaments/games/high_five_1959.html"
    state_in_fold = True  # the open numbers are the choices of "number played for"

    def state_context(self, state: Any) -> dict[str, Any]:
        return {"numbers_by_side": _numbers_by_side(state)}


class HighFive1959Workbook(WorkbookColumns):
    fields = (
        WorkbookField(("end",), "choice"), WorkbookField(("out",), "side"),
        WorkbookField(("sides", SIDE, "opened"), "bool"), WorkbookField(("sides", SIDE, "target")),
        WorkbookField(("sides", SIDE, "opening")), WorkbookField(("sides", SIDE, "table")),
        WorkbookField(("sides", SIDE, "fives")), WorkbookField(("sides", SIDE, "straights")),
        WorkbookField(("sides", SIDE, "hand")),
    )


class HighFive1959Samples(Samples):
    def hands(self, sides: Sequence[str], variant: int = 0) -> list[dict[str, Any]]:
        return _sample(sides, variant)


class HighFive1959(SiteGame):
    key = "high_five_1959"
    display_name = gettext_lazy("High Five (card game, teams)")
    words_class = HighFive1959Words
    options_class = HighFive1959Options
    entry_class = HighFive1959Entry
    page_class = HighFive1959Page
    sheet_class = HighFive1959Sheet
    workbook_class = HighFive1959Workbook
    samples_class = HighFive1959Samples


#: What a team that never came on the table has laid (``HighFive1959Entry.complete``).
NOT_OPENED_ZERO = ("table", "fives", "straights")

register(HighFive1959())
