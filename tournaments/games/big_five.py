"""Big Five on the site: its words, options, score page, sheet, workbook columns and samples.

The rules are the engine's (``scoring/games/big_five.py``); this is what the site adds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from tournaments.pdf.grid import SHADE, Sheet, side_widths, total_rows

from .base import SiteGame, register
from .parts import (
    GAME_NOUNS,
    GAMES_ENTERED,
    GAMES_OPTION,
    PLAYER_COUNT_NUMBERS,
    WHOLE_NUMBER,
    Options,
    Samples,
    ScorePage,
    ScoreSheet,
    Words,
)
from .sentences import Ctx, for_side
from .workbook_fields import SIDE, WorkbookColumns, WorkbookField


# -- the sentences of the game's own codes ---------------------------------------------------
def _bf_end_invalid(c: Ctx) -> str:
    return _("A game ends either because a player went out or because nobody could play.")


def _bf_cards_out_of_range(c: Ctx) -> str:
    return for_side(c, _(
        "%(value)s cards left is impossible: a player has between 0 and the %(max)s cards dealt "
        "to them."
    ) % {"value": c.get("value"), "max": c.get("max")})


def _bf_winner_mismatch(c: Ctx) -> str:
    if c.params.get("end") == "blocked":
        return _("When nobody could play, nobody went out: no player can have 0 cards left.")
    return _("When a player went out, exactly one player has 0 cards left.")


def _bf_solitaire_out_of_range(c: Ctx) -> str:
    return _(
        "%(value)s is impossible in solitaire: the discard pile holds between 0 and %(max)s "
        "cards."
    ) % {"value": c.get("value"), "max": c.get("max")}


# -- the score sheet -------------------------------------------------------------------------
def _render(sheet: Sheet) -> list[Flowable]:
    games: int = sheet.options["games"]
    rows: list[list[Any]] = [[sheet.head(_("Game"))] + [sheet.side_head(s) for s in sheet.sides]]
    extra: list[tuple[Any, ...]] = []
    for number in range(1, games + 1):
        derived = sheet.hands[number - 1] if number <= len(sheet.hands) else None
        rows.append([sheet.num(number)]
                    + [sheet.num(derived["points"].get(s)) if derived else "" for s in sheet.sides])
        if derived:
            for c, side in enumerate(sheet.sides, start=1):
                if side in derived.get("winners", []):
                    extra.append(("BACKGROUND", (c, number), (c, number), SHADE))
    n = len(rows)
    rows += total_rows(sheet, _("Total cards left"), with_competition=False)
    extra.append(("LINEABOVE", (0, n), (-1, n), 1.2, "black"))
    note = (_("Write the discard pile at the end of each game. Lower is better.")
            if len(sheet.sides) == 1 else
            _("Write the cards each player has left (hand and own draw pile). Lowest total wins."))
    return [sheet.grid(rows, side_widths(sheet, 30 * mm, 1), extra=extra), Spacer(1, 2 * mm),
            sheet.p(note, sheet.styles.small)]


# -- sample hands: a complete match with the default options ---------------------------------
def _sample(sides: Sequence[str], variant: int) -> list[dict[str, Any]]:
    n = len(sides)
    if n == 1:
        return [{"discards": 20 + variant}]
    left = [(3 * i + variant) % 9 + 1 for i in range(n)]
    left[variant % n] = 0
    return [{"end": "went_out", "cards_left": dict(zip(sides, left, strict=True))}]


class BigFiveWords(Words):
    record_nouns = GAME_NOUNS
    field_labels = {
        "end": gettext_lazy("end of the game"),
        "cards_left": gettext_lazy("cards left"),
        "cards": gettext_lazy("cards left"),
        "discards": gettext_lazy("discard pile"),
    }
    choice_labels = {
        "went_out": gettext_lazy("a player went out"),
        "blocked": gettext_lazy("nobody could play"),
    }
    messages = {
        "BF_END_INVALID": _bf_end_invalid,
        "BF_CARDS_OUT_OF_RANGE": _bf_cards_out_of_range,
        "BF_WINNER_MISMATCH": _bf_winner_mismatch,
        "BF_SOLITAIRE_OUT_OF_RANGE": _bf_solitaire_out_of_range,
    }


class BigFiveOptions(Options):
    texts = {
        "games": GAMES_OPTION,
        "cards_per_player": (
            gettext_lazy("Cards per player"),
            gettext_lazy(
                "Empty: 49 with 2 players, 33 with 3 and 24 with 4. Or a number dealt to "
                "everyone (e.g. 15 for younger players), at most 99 cards in all."
            ),
        ),
        "cards_by_players": (
            gettext_lazy("Cards per player, by the number of players"),
            gettext_lazy("Optional: a number for a table size replaces the one above at "
                         "tables of that size."),
        ),
        "solitaire_must_lay": (
            gettext_lazy("Solitaire: lay a card every turn"),
            gettext_lazy("Then at most 64 discards (otherwise 96)."),
        ),
    }
    shapes = {"cards_per_player": WHOLE_NUMBER, "cards_by_players": PLAYER_COUNT_NUMBERS}


class BigFivePage(ScorePage):
    deals_option = "games"
    state_template = GAMES_ENTERED


class BigFiveSheet(ScoreSheet):
    def render(self, sheet: Sheet) -> list[Flowable]:
        return _render(sheet)


class BigFiveWorkbook(WorkbookColumns):
    fields = (WorkbookField(("end",), "choice"), WorkbookField(("cards_left", SIDE)),
              WorkbookField(("discards",)))


class BigFiveSamples(Samples):
    def hands(self, sides: Sequence[str], variant: int = 0) -> list[dict[str, Any]]:
        return _sample(sides, variant)


class BigFive(SiteGame):
    key = "big_five"
    display_name = gettext_lazy("Big Five")
    words_class = BigFiveWords
    options_class = BigFiveOptions
    page_class = BigFivePage
    sheet_class = BigFiveSheet
    workbook_class = BigFiveWorkbook
    samples_class = BigFiveSamples


register(BigFive())
