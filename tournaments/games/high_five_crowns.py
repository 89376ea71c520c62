"""French HIGH FIVE on the site: its words, options, score page, sheet, workbook columns and
sample hands.

The rules are the engine's (``scoring/games/high_five_crowns.py``); this is what the site adds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from tournaments.pdf.grid import Sheet, side_widths

from .base import SiteGame, register
from .parts import (
    GAME_NOUNS,
    GAMES_ENTERED,
    GAMES_OPTION,
    Options,
    Samples,
    ScorePage,
    ScoreSheet,
    Words,
)
from .sentences import Ctx, for_side
from .workbook_fields import SIDE, WorkbookColumns, WorkbookField


# -- the sentences of the game's own codes ---------------------------------------------------
def _fr_winner_invalid(c: Ctx) -> str:
    if c.params.get("reason") == "eliminated":
        return _("%(side)s was eliminated and cannot also be the winner.") % {"side": c.side}
    return _("Choose the winner: one of the players still in the game.")


def _fr_eliminated_invalid(c: Ctx) -> str:
    reason = c.params.get("reason")
    if reason == "duplicate":
        return _("A player can be eliminated only once (%(sides)s is listed twice).") % {
            "sides": c.names(c.params.get("sides")),
        }
    if reason == "everyone":
        return _("Not everyone can be eliminated: somebody wins the game.")
    return _("The eliminated players must be players of this table, in the order they went out.")


def _fr_win_condition(c: Ctx) -> str:
    return _(
        "%(side)s won with %(value)s crowns while another player was still in the game: a win "
        "needs at least %(threshold)s crowns, unless the winner is the last player left."
    ) % {"side": c.side, "value": c.get("value"), "threshold": c.get("threshold")}


def _fr_counts_invalid(c: Ctx) -> str:
    if c.params.get("reason") == "negative":
        return for_side(c, _("“%(field)s” cannot be below 0.") % {"field": c.field})
    return _("Fill in “%(field)s” for exactly the players still in the game.") % {
        "field": c.field,
    }


def _fr_crowns_high(c: Ctx) -> str:
    return _(
        "%(side)s has %(value)s crowns: one draw adds at most 3, so more than %(limit)s is only "
        "possible with swaps. Is it right?"
    ) % {"side": c.side, "value": c.get("value"), "limit": _crowns_limit(c)}


def _crowns_limit(c: Ctx) -> Any:
    threshold = c.params.get("threshold")
    return threshold + 2 if isinstance(threshold, int) else "?"


def _fr_penalties_at_limit(c: Ctx) -> str:
    return for_side(c, _(
        "%(value)s penalties is the elimination limit (%(threshold)s), yet the player is still "
        "in the game. Is it right?"
    ) % {"value": c.get("value"), "threshold": c.get("threshold")})


# -- the score sheet -------------------------------------------------------------------------
def _render(sheet: Sheet) -> list[Flowable]:
    games: int = sheet.options["games"]
    header1: list[Any] = [sheet.head(_("Game"))]
    header2: list[Any] = [""]
    extra: list[tuple[Any, ...]] = [("SPAN", (0, 0), (0, 1))]
    for i, side in enumerate(sheet.sides):
        col = 1 + 3 * i
        header1 += [sheet.side_head(side), "", ""]
        header2 += [sheet.head(_("Crowns")), sheet.head(_("Penalties")), sheet.head(_("Place"))]
        extra.append(("SPAN", (col, 0), (col + 2, 0)))
        extra.append(("LINEAFTER", (col + 2, 0), (col + 2, -1), 1.2, "black"))
    rows = [header1, header2]
    for number in range(1, games + 1):
        row: list[Any] = [sheet.num(number)]
        derived = sheet.hands[number - 1] if number <= len(sheet.hands) else None
        entered = sheet.entered[number - 1] if derived else None
        for c, side in enumerate(sheet.sides):
            if derived is None or entered is None:
                row += ["", "", ""]
                continue
            eliminated = list(entered.get("eliminated") or [])
            if side in eliminated:
                out = _("out %(order)s") % {"order": eliminated.index(side) + 1}
                row += [sheet.p(out, sheet.styles.cell_center), "", ]
                extra.append(("SPAN", (1 + 3 * c, number + 1), (2 + 3 * c, number + 1)))
            else:
                row += [sheet.num((entered.get("crowns") or {}).get(side)),
                        sheet.num((entered.get("penalties") or {}).get(side))]
            row.append(sheet.num(derived["places"].get(side), bold=derived.get("winner") == side))
        rows.append(row)
    n = len(rows)
    for label, values in (
        (_("Points"), [sheet.total(s) for s in sheet.sides]),
        (_("Place"), [sheet.place(s) for s in sheet.sides]),
    ):
        row = [sheet.p(label, sheet.styles.cell_bold)]
        for i, value in enumerate(values):
            row += [sheet.num(value, bold=True), "", ""]
            col = 1 + 3 * i
            extra.append(("SPAN", (col, len(rows)), (col + 2, len(rows))))
        rows.append(row)
    extra.append(("LINEABOVE", (0, n), (-1, n), 1.2, "black"))
    scoring = HighFiveCrownsWords.choice_label(sheet.options["scoring"])
    note = _("%(threshold)s crowns win, %(threshold)s penalties eliminate. Competition: "
             "%(scoring)s.") % {"threshold": sheet.options["threshold"], "scoring": scoring}
    return [sheet.grid(rows, side_widths(sheet, 14 * mm, 3), header_rows=2, extra=extra),
            Spacer(1, 2 * mm), sheet.p(note, sheet.styles.small)]


# -- sample hands: a complete match with the default options ---------------------------------
def _sample(sides: Sequence[str], variant: int) -> list[dict[str, Any]]:
    winner = sides[variant % len(sides)]
    others = [s for s in sides if s != winner]
    eliminated = others[:1] if len(sides) > 2 else []
    still = [s for s in sides if s not in eliminated]
    crowns = {s: (11 if s == winner else 3 + i) for i, s in enumerate(still)}
    penalties = {s: (2 if s == winner else 4) for s in still}
    return [{"winner": winner, "eliminated": eliminated, "crowns": crowns,
             "penalties": penalties}]


class HighFiveCrownsWords(Words):
    record_nouns = GAME_NOUNS
    field_labels = {
        "winner": gettext_lazy("winner"),
        "eliminated": gettext_lazy("eliminated, in order"),
        "crowns": gettext_lazy("crowns"),
        "penalties": gettext_lazy("penalty points"),
    }
    choice_labels = {
        "wins": gettext_lazy("1 point for the winner"),
        "places": gettext_lazy("points by place"),
    }
    messages = {
        "FR_WINNER_INVALID": _fr_winner_invalid,
        "FR_ELIMINATED_INVALID": _fr_eliminated_invalid,
        "FR_WIN_CONDITION": _fr_win_condition,
        "FR_COUNTS_INVALID": _fr_counts_invalid,
        "FR_CROWNS_HIGH": _fr_crowns_high,
        "FR_PENALTIES_AT_LIMIT": _fr_penalties_at_limit,
    }


class HighFiveCrownsOptions(Options):
    texts = {
        "games": GAMES_OPTION,
        "threshold": (
            gettext_lazy("Crowns to win"),
            gettext_lazy("Crowns to win; also the penalties that eliminate a player."),
        ),
        "scoring": (
            gettext_lazy("Competition points"),
            gettext_lazy("What a player gets for one game."),
        ),
    }
    choices = {
        "scoring": {
            "wins": (gettext_lazy("1 point for the winner"),
                     gettext_lazy("The winner of a game gets 1 point, the others 0.")),
            "places": (gettext_lazy("points by place"),
                       gettext_lazy("Players minus place: with 4 players the winner gets 3, "
                                    "the second 2, the third 1 and the last 0.")),
        },
    }


class HighFiveCrownsPage(ScorePage):
    state_template = GAMES_ENTERED
    hand_cells_note = gettext_lazy("Per player: crowns · penalty points as entered; “out 1” is "
                                   "the first player eliminated.")

    def hand_cells(self, data: Mapping[str, Any], points: list[str],
                   sides: Sequence[str]) -> list[str]:
        """What was typed: crowns · penalties, or the order a player went out in."""
        eliminated = list(data.get("eliminated") or [])
        crowns, penalties = data.get("crowns") or {}, data.get("penalties") or {}
        cells = []
        for side in sides:
            if side in eliminated:
                cells.append(_("out %(order)s") % {"order": eliminated.index(side) + 1})
            elif side in crowns or side in penalties:
                cells.append(f"{crowns.get(side, '–')} · {penalties.get(side, '–')}")
            else:
                cells.append("")
        return cells


class HighFiveCrownsSheet(ScoreSheet):
    def render(self, sheet: Sheet) -> list[Flowable]:
        return _render(sheet)


class HighFiveCrownsWorkbook(WorkbookColumns):
    fields = (WorkbookField(("winner",), "side"), WorkbookField(("eliminated",), "sides"),
              WorkbookField(("crowns", SIDE)), WorkbookField(("penalties", SIDE)))


class HighFiveCrownsSamples(Samples):
    def hands(self, sides: Sequence[str], variant: int = 0) -> list[dict[str, Any]]:
        return _sample(sides, variant)


class HighFiveCrowns(SiteGame):
    key = "high_five_crowns"
    display_name = gettext_lazy("High Five (French, crowns)")
    table_range = (2, 6)  # configurable up to six
    words_class = HighFiveCrownsWords
    options_class = HighFiveCrownsOptions
    page_class = HighFiveCrownsPage
    sheet_class = HighFiveCrownsSheet
    workbook_class = HighFiveCrownsWorkbook
    samples_class = HighFiveCrownsSamples


register(HighFiveCrowns())
