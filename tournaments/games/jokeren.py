"""Amerikaans Jokeren on the site: its words, options, score page, sheet, workbook columns
and sample hands.

The rules are the engine's (``scoring/games/jokeren.py``); this is what the site adds.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from tournaments.pdf.grid import SHADE, Sheet, total_rows

from .base import SiteGame, register
from .parts import Options, Samples, ScorePage, ScoreSheet, Words
from .sentences import Ctx, for_side
from .workbook_fields import SIDE, WorkbookColumns, WorkbookField


# -- the sentences of the game's own codes ---------------------------------------------------
def _jk_no_winner(c: Ctx) -> str:
    return _("Exactly one player goes out in a deal and scores 0: nobody has 0 here.")


def _jk_multiple_winners(c: Ctx) -> str:
    return _("Only one player can go out in a deal: %(sides)s all have 0.") % {
        "sides": c.names(c.params.get("sides")),
    }


def _jk_penalty_impossible(c: Ctx) -> str:
    return for_side(c, _(
        "a penalty of %(value)s is impossible: a player who did not go out holds at least one "
        "card, and the cheapest card is worth 2."
    ) % {"value": c.get("value")})


def _jk_penalty_too_high(c: Ctx) -> str:
    if c.has_side:
        return for_side(c, _(
            "a penalty of %(value)s is impossible: all 106 cards together are worth %(maximum)s."
        ) % {"value": c.get("value"), "maximum": c.get("maximum", 792)})
    return _(
        "The penalties of this deal add up to %(value)s: all 106 cards together are worth only "
        "%(maximum)s."
    ) % {"value": c.get("value"), "maximum": c.get("maximum", 792)}


def _jk_last_deal_too_low(c: Ctx) -> str:
    if c.has_side:
        return for_side(c, _(
            "%(value)s is too low for the “out at once” deal: nobody has laid anything, so every "
            "other player still holds 13 cards, worth at least %(minimum)s."
        ) % {"value": c.get("value"), "minimum": c.get("minimum", 31)})
    return _(
        "The losers' penalties add up to %(value)s, too low for the “out at once” deal: together "
        "they still hold all their cards, worth at least %(minimum)s."
    ) % {"value": c.get("value"), "minimum": c.get("minimum")}


def _jk_penalty_high(c: Ctx) -> str:
    return for_side(c, _(
        "a penalty of %(value)s is more than 13 cards can be worth (%(limit)s); only possible "
        "with bought cards. Is it right?"
    ) % {"value": c.get("value"), "limit": c.get("limit", 150)})


# -- the score sheet -------------------------------------------------------------------------
def _render(sheet: Sheet) -> list[Flowable]:
    """One row per deal: its contract and its dealer (the engine's, from the drawn first
    dealer on; printed on the blank sheet too), then each player's penalty points."""
    deals: list[dict[str, Any]] = list((sheet.state or {}).get("deals") or [])
    first = 64 * mm
    rows: list[list[Any]] = [
        [sheet.head(_("Deal")), sheet.head(_("Contract")), sheet.head(_("Dealer"))]
        + [sheet.side_head(s) for s in sheet.sides]
    ]
    bold: list[tuple[Any, ...]] = []
    for number, deal in enumerate(deals, start=1):
        derived = sheet.hands[number - 1] if number <= len(sheet.hands) else None
        row: list[Any] = [sheet.num(number), sheet.p(JokerenWords.choice_label(deal["contract"])),
                          sheet.p(deal["dealer"])]
        for c, side in enumerate(sheet.sides, start=3):
            row.append(sheet.num(derived["points"].get(side)) if derived else "")
            if derived and derived.get("winner") == side:
                bold.append(("BACKGROUND", (c, number), (c, number), SHADE))
        rows.append(row)
    for total_row in total_rows(sheet, _("Total penalty points"), with_competition=False):
        rows.append([total_row[0], "", ""] + total_row[1:])
    n = len(rows)
    bold += [("SPAN", (0, r), (2, r)) for r in range(n - 2, n)]
    bold.append(("LINEABOVE", (0, n - 2), (-1, n - 2), 1.2, "black"))
    rest = (sheet.width - first) / len(sheet.sides)
    widths = [10 * mm, first - 10 * mm - 24 * mm, 24 * mm] + [rest] * len(sheet.sides)
    return [
        sheet.grid(rows, widths, extra=bold),
        Spacer(1, 2 * mm),
        sheet.p(_("Write each player's penalty points; the player who goes out scores 0. "
                  "Lowest total wins."), sheet.styles.small),
    ]


# -- sample hands: a complete match with the default options ---------------------------------
def _sample(sides: Sequence[str], variant: int) -> list[dict[str, Any]]:
    base = [
        [0, 45, 12, 88], [10, 0, 12, 8], [5, 5, 0, 8], [0, 20, 20, 20],
        [2, 0, 30, 40], [50, 60, 0, 70], [0, 31, 61, 62],
    ]
    hands = []
    n = len(sides)
    for deal, row in enumerate(base):
        values = row[:n]
        if 0 not in values:
            values[deal % n] = 0
        if values.count(0) > 1:
            values = [v if v or i == values.index(0) else 7 for i, v in enumerate(values)]
        shift = variant % n
        values = values[shift:] + values[:shift]
        if deal == len(base) - 1:  # out at once: every loser at least 31, 154 for three;
            # up to 167 (more than 13 cards: a warning), never more than the 106 cards' 792
            values = [0 if v == 0 else max(v, 31) + 15 * (variant % 8) for v in values]
            if sum(values) < {2: 31, 3: 82, 4: 154}[n]:
                values = [0 if v == 0 else 60 for v in values]
        hands.append({"penalties": dict(zip(sides, values, strict=True))})
    return hands


# -- the state above the hands: the next deal --------------------------------------------------
def _next_deal(state: Any) -> dict[str, Any] | None:
    """The next deal's number, contract and dealer: the engine's (its ``state``)."""
    state = state if isinstance(state, dict) else {}
    upcoming = state.get("next_deal")
    if not upcoming:
        return None
    of = len(state.get("deals") or ())
    return {**upcoming, "contract_label": JokerenWords.choice_label(upcoming["contract"]), "of": of,
            "text": _("Deal %(n)s of %(of)s: dealer %(dealer)s") % {
                "n": upcoming["number"], "of": of, "dealer": upcoming["dealer"]}}


def _schedule(state: Any) -> list[list[str]]:
    """The deals still to play, from the next one on: [line, contract] each, as the line above
    the form shows them. While saves wait on the phone, ``offline.js`` shows the deal after
    them: Jokeren's rules fix who deals and what is played (the engine's ``deals``)."""
    state = state if isinstance(state, dict) else {}
    deals = state.get("deals") or []
    played = state.get("played") or 0
    return [[_("Deal %(n)s of %(of)s: dealer %(dealer)s") % {
                "n": deal["number"], "of": len(deals), "dealer": deal["dealer"]},
             str(JokerenWords.choice_label(deal["contract"]))]
            for deal in deals[played:]]


class JokerenWords(Words):
    record_nouns = (pgettext_lazy("one entry of a match", "deal"),
                    pgettext_lazy("entries of a match", "deals"))
    field_labels = {
        "penalties": gettext_lazy("penalty points"),
        "penalty": gettext_lazy("penalty points"),
    }
    choice_labels = {
        "set3": gettext_lazy("three of a kind"),
        "run3": gettext_lazy("run of three"),
        "set4": gettext_lazy("four of a kind"),
        "run4": gettext_lazy("run of four"),
        "run5": gettext_lazy("run of five"),
        "run6": gettext_lazy("run of six"),
        "out_at_once": gettext_lazy("out at once"),
    }
    messages = {
        "JK_NO_WINNER": _jk_no_winner,
        "JK_MULTIPLE_WINNERS": _jk_multiple_winners,
        "JK_PENALTY_IMPOSSIBLE": _jk_penalty_impossible,
        "JK_PENALTY_TOO_HIGH": _jk_penalty_too_high,
        "JK_LAST_DEAL_TOO_LOW": _jk_last_deal_too_low,
        "JK_PENALTY_HIGH": _jk_penalty_high,
    }


class JokerenOptions(Options):
    texts = {
        "contracts": (
            gettext_lazy("Contracts"),
            gettext_lazy("The contract of each deal, in the order they are played; their number "
                         "is the deals per round. Choose “— none —” to leave a deal out."),
        ),
    }
    # The contracts as a list of deals, each a choice in the club's words.
    ordered = {"contracts": gettext_lazy("Deal %(n)s")}


class JokerenPage(ScorePage):
    deals_option = "contracts"
    state_template = "tournaments/games/jokeren.html"

    def state_context(self, state: Any) -> dict[str, Any]:
        return {"next_deal": _next_deal(state), "schedule": json.dumps(_schedule(state))}


class JokerenSheet(ScoreSheet):
    def render(self, sheet: Sheet) -> list[Flowable]:
        return _render(sheet)


class JokerenWorkbook(WorkbookColumns):
    fields = (WorkbookField(("penalties", SIDE)),)


class JokerenSamples(Samples):
    def hands(self, sides: Sequence[str], variant: int = 0) -> list[dict[str, Any]]:
        return _sample(sides, variant)


class Jokeren(SiteGame):
    key = "jokeren"
    display_name = gettext_lazy("American Jokeren")
    words_class = JokerenWords
    options_class = JokerenOptions
    page_class = JokerenPage
    sheet_class = JokerenSheet
    workbook_class = JokerenWorkbook
    samples_class = JokerenSamples


register(Jokeren())
