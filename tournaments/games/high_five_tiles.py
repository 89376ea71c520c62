"""HIGH FIVE! (tiles) on the site: its words, options, entry form, score page, sheet,
workbook columns and sample hands.

The rules are the engine's (``scoring/games/high_five_tiles.py``); this is what the site adds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from scoring import GAMES, evaluate
from scoring.games.tiles_classifier import JOKER, RANKS, SUITS, classify
from tournaments.pdf.grid import Sheet, total_rows

from .base import SiteGame, register
from .entry import Entry, FlagChoice, Picker
from .parts import CHOICE_NUMBERS, Options, Samples, ScorePage, ScoreSheet, Words
from .sentences import Ctx, for_side
from .workbook_fields import WorkbookColumns, WorkbookField

if TYPE_CHECKING:
    from tournaments.shared.matches import MatchView


# -- the sentences of the game's own codes ---------------------------------------------------
def _ht_turn_order(c: Ctx) -> str:
    expected = c.params.get("expected")
    if expected is None:
        return _("Nobody has a turn left: every player has played all their tiles.")
    return _("It is %(expected)s's turn: players take turns in order.") % {
        "expected": c.name(expected),
    }


def _ht_tiles_placed_range(c: Ctx) -> str:
    return _("A turn places 1 to 4 tiles (not %(value)s).") % {"value": c.get("value")}


def _ht_tiles_not_held(c: Ctx) -> str:
    return for_side(c, ngettext(
        "places %(value)s tiles but holds only %(holding)s tile.",
        "places %(value)s tiles but holds only %(holding)s tiles.",
        c.get("holding", 0) if isinstance(c.get("holding"), int) else 0,
    ) % {"value": c.get("value"), "holding": c.get("holding")})


def _ht_first_turn_tiles(c: Ctx) -> str:
    return for_side(c, _(
        "a player's first turn places %(allowed)s tiles (not %(value)s)."
    ) % {"allowed": _or_list(c.params.get("allowed")), "value": c.get("value")})


def _or_list(values: Any) -> str:
    if not isinstance(values, list | tuple) or not values:
        return "?"
    shown = [str(v) for v in values]
    if len(shown) == 1:
        return shown[0]
    return _("%(first)s or %(last)s") % {"first": ", ".join(shown[:-1]), "last": shown[-1]}


def _ht_category_unknown(c: Ctx) -> str:
    return _("Choose the combination the five tiles make (only a forced turn has none).")


def _ht_forced_invalid(c: Ctx) -> str:
    return _(
        "A forced turn places exactly 1 tile, names no combination or tiles and scores 0."
    )


def _ht_tiles_invalid(c: Ctx) -> str:
    return _(
        "Enter the five tiles of the row as rank + suit (A, 2–10, J, Q, K with C, S, H, D; * for "
        "a joker), each tile once, at most %(jokers)s jokers."
    ) % {"jokers": c.get("jokers_allowed")}


def _ht_tiles_mismatch(c: Ctx) -> str:
    return _("These tiles make a %(category)s, not the combination chosen.") % {
        "category": HighFiveTilesWords.choice_label(c.params.get("category")),
    }


def _ht_points_required(c: Ctx) -> str:
    return _("Enter the points the score card gives (the club has not set a score card).")


def _ht_points_invalid(c: Ctx) -> str:
    value, maximum = c.params.get("value"), c.params.get("maximum")
    if isinstance(value, int) and isinstance(maximum, int) and value > maximum:
        return _("Points cannot be above %(maximum)s (%(value)s).") % {
            "maximum": c.get("maximum"), "value": c.get("value")}
    return _("Points cannot be below 0 (%(value)s).") % {"value": c.get("value")}


def _ht_points_mismatch(c: Ctx) -> str:
    return _(
        "The club's score card gives %(expected)s points for a %(category)s, not %(value)s."
    ) % {
        "expected": c.get("expected"),
        "category": HighFiveTilesWords.choice_label(c.params.get("category")),
        "value": c.get("value"),
    }


def _ht_points_inconsistent(c: Ctx) -> str:
    return _(
        "%(value)s points contradicts turn %(turn)s (%(category)s: %(points)s points): the same "
        "combination always scores the same and a higher one never less."
    ) % {
        "value": c.get("value"), "turn": c.get("turn"),
        "category": HighFiveTilesWords.choice_label(c.params.get("category")),
        "points": c.get("points"),
    }


# -- the score sheet -------------------------------------------------------------------------
def _combinations() -> list[str]:
    option = next(o for o in GAMES["high_five_tiles"].describe()["options"]
                  if o["name"] == "points")
    return list(option["choices"])


def _render(sheet: Sheet) -> list[Flowable]:
    card: dict[str, int] | None = sheet.options["points"]
    combinations = _combinations()
    tally: dict[tuple[Any, Any], int] = {}  # (side, category), as entered and derived
    for entered, derived in zip(sheet.entered, sheet.hands, strict=True):
        key = (entered.get("side"), derived.get("category"))
        tally[key] = tally.get(key, 0) + 1
    header = [sheet.head(_("Combination"))]
    if card is not None:
        header.append(sheet.head(_("Points")))
    rows: list[list[Any]] = [header + [sheet.side_head(s) for s in sheet.sides]]
    for combination in [*combinations, None]:
        label = (HighFiveTilesWords.choice_label(combination) if combination
                 else _("Forced turn (0 points)"))
        row: list[Any] = [sheet.p(label)]
        if card is not None:
            row.append(sheet.num(card.get(combination, 0) if combination else 0))
        row += [sheet.num(tally.get((s, combination))) if sheet.filled else "" for s in sheet.sides]
        rows.append(row)
    n = len(rows)
    state = (sheet.evaluation or {}).get("state") or {}
    first_out = state.get("first_out") if sheet.filled else None
    bonus = sheet.options["end_bonus"]
    pad = [""] if card is not None else []
    rows.append([sheet.p(_("End bonus (first out: %(bonus)s)") % {"bonus": bonus})] + pad
                + [sheet.num(bonus if s == first_out else ("" if not sheet.filled else 0))
                   for s in sheet.sides])
    for total_row in total_rows(sheet, _("Total"), with_competition=False):
        rows.append(total_row[:1] + pad + total_row[1:])
    first = 48 * mm + (14 * mm if card is not None else 0)
    rest = (sheet.width - first) / len(sheet.sides)
    widths = [48 * mm] + ([14 * mm] if card is not None else []) + [rest] * len(sheet.sides)
    extra = [("LINEABOVE", (0, n), (-1, n), 1.2, "black")]
    note = _("Tally each combination a player makes (e.g. ||||). Highest total wins.")
    return [sheet.grid(rows, widths, extra=extra), Spacer(1, 2 * mm),
            sheet.p(note, sheet.styles.small)]


# -- sample hands: a complete match with the default options ---------------------------------
def _sample(sides: Sequence[str], variant: int) -> list[dict[str, Any]]:
    hands: list[dict[str, Any]] = []
    first = set(sides)
    categories = [("pair", 2), ("two_pair", 4), ("three_of_a_kind", 6)]
    for _turn in range(80):
        result = evaluate({"game": "high_five_tiles", "sides": list(sides), "hands": hands})
        if result["finished"]:
            return hands
        state = result["state"]
        side = state["next_side"]
        holding = state["holding"][side]
        placed = min(holding, 3 if side in first else 2)
        if side in first and placed < 3:
            placed = holding
        first.discard(side)
        category, points = categories[(len(hands) + variant) % len(categories)]
        hands.append({"side": side, "tiles_placed": placed, "category": category,
                      "points": points})
    raise AssertionError("tile game did not finish")


# -- the entry form: the tiles tapped in Dutch, the combination and points following ----------
# The suits as the rules (in Dutch) name them, with their symbols; the engine's codes C S H D.
_SUIT_NAMES = {"C": ("♣", pgettext_lazy("tile suit", "clubs")),
               "S": ("♠", pgettext_lazy("tile suit", "spades")),
               "H": ("♥", pgettext_lazy("tile suit", "hearts")),
               "D": ("♦", pgettext_lazy("tile suit", "diamonds"))}
# The face values: shown as the letter a Dutch player reads on the tile (B V H A), spoken whole.
_FACES = {"J": (pgettext_lazy("tile value, one letter", "J"), pgettext_lazy("tile value", "jack")),
          "Q": (pgettext_lazy("tile value, one letter", "Q"), pgettext_lazy("tile value", "queen")),
          "K": (pgettext_lazy("tile value, one letter", "K"), pgettext_lazy("tile value", "king")),
          "A": (pgettext_lazy("tile value, one letter", "A"), pgettext_lazy("tile value", "ace"))}


def _picker(players: int) -> Picker:
    """The 52 tiles, a suit's 13 on two lines beside its symbol, folded away: the combination
    is what a turn needs, the tiles only check it."""
    groups = []
    for suit in SUITS:
        symbol, suit_name = _SUIT_NAMES[suit]
        tiles = []
        for rank in RANKS:
            shown, spoken = _FACES.get(rank, (rank, rank))
            tiles.append((rank + suit, str(shown), f"{suit_name} {spoken}"))
        groups.append((f"{symbol} {suit_name}", tiles))
    return Picker(groups, JOKER, _("jokers"), players,
                  fold=_("Tap the tiles (optional)"),
                  marks=tuple(_SUIT_NAMES[suit][0] for suit in SUITS))


def _complete(data: dict[str, Any], view: MatchView) -> dict[str, Any]:
    """The combination from the tiles (the engine's classifier) and, without a club card, the
    points an earlier turn of the match scored with that combination (the engine holds every
    combination to one value). A forced turn places one tile: the count follows."""
    data = dict(data)
    if data.get("forced"):
        data.setdefault("tiles_placed", 1)
        return data
    tiles = data.get("tiles")
    made = classify(tiles) if isinstance(tiles, list) else None
    if made is not None:
        data["category"] = made
    category = data.get("category")
    if view.options.get("points") is None and category and "points" not in data:
        for position in range(len(view.hand_map)):
            derived = view.derived(position)
            if derived and derived.get("category") == category:
                data["points"] = max(derived["points"].values())
                break
    return data


class HighFiveTilesWords(Words):
    record_nouns = (pgettext_lazy("one entry of a match", "turn"),
                    pgettext_lazy("entries of a match", "turns"))
    field_labels = {
        "side": gettext_lazy("player"),
        "tiles_placed": gettext_lazy("tiles placed"),
        "category": gettext_lazy("combination"),
        "points": gettext_lazy("points"),
        "tiles": gettext_lazy("tiles in the row"),
        "forced": gettext_lazy("forced turn (no row possible)"),
    }
    choice_labels = {
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
    }
    messages = {
        "HT_TURN_ORDER": _ht_turn_order,
        "HT_TILES_PLACED_RANGE": _ht_tiles_placed_range,
        "HT_TILES_NOT_HELD": _ht_tiles_not_held,
        "HT_FIRST_TURN_TILES": _ht_first_turn_tiles,
        "OR_LIST": _or_list,
        "HT_CATEGORY_UNKNOWN": _ht_category_unknown,
        "HT_FORCED_INVALID": _ht_forced_invalid,
        "HT_TILES_INVALID": _ht_tiles_invalid,
        "HT_TILES_MISMATCH": _ht_tiles_mismatch,
        "HT_POINTS_REQUIRED": _ht_points_required,
        "HT_POINTS_INVALID": _ht_points_invalid,
        "HT_POINTS_MISMATCH": _ht_points_mismatch,
        "HT_POINTS_INCONSISTENT": _ht_points_inconsistent,
    }


class HighFiveTilesOptions(Options):
    texts = {
        "points": (
            gettext_lazy("Score card"),
            gettext_lazy(
                "The club's score card: the points of every combination, never less for a "
                "higher one. Leave them all empty to have the scorekeeper enter each turn's "
                "points."
            ),
        ),
        "first_turn_tiles": (
            gettext_lazy("Tiles on a first turn"),
            gettext_lazy("Tile counts allowed on a player's first (not forced) turn."),
        ),
        "end_bonus": (
            gettext_lazy("End bonus"),
            gettext_lazy("Bonus for the first player to have played all their tiles with the "
                         "supply empty."),
        ),
    }
    shapes = {"points": CHOICE_NUMBERS}


class HighFiveTilesEntry(Entry):
    # One screen on a phone: whose turn (chosen already), the tiles (folded away: they only
    # check the combination), the combination or "no row: forced turn", the tiles placed and
    # the points (filled in once the combination scored before, or by the club's card).
    field_order = ("side", "tiles", "category", "tiles_placed", "points", "forced")
    flag_choice = FlagChoice("forced", "category", "forced",
                             gettext_lazy("no row: forced turn"))

    def initial(self, state: Any) -> dict[str, Any]:
        next_side = state.get("next_side") if isinstance(state, dict) else None
        return {"side": next_side} if next_side else {}

    def picker(self, field: str, sides: int) -> Picker | None:
        return _picker(sides) if field == "tiles" else None

    def complete(self, data: dict[str, Any], view: MatchView) -> dict[str, Any]:
        return _complete(data, view)


class HighFiveTilesPage(ScorePage):
    state_template = "tournaments/games/high_five_tiles.html"


class HighFiveTilesSheet(ScoreSheet):
    def render(self, sheet: Sheet) -> list[Flowable]:
        return _render(sheet)


class HighFiveTilesWorkbook(WorkbookColumns):
    fields = (WorkbookField(("side",), "side"), WorkbookField(("tiles_placed",)),
              WorkbookField(("category",), "choice"), WorkbookField(("points",)),
              WorkbookField(("tiles",), "words"), WorkbookField(("forced",), "bool"))


class HighFiveTilesSamples(Samples):
    def hands(self, sides: Sequence[str], variant: int = 0) -> list[dict[str, Any]]:
        return _sample(sides, variant)


class HighFiveTiles(SiteGame):
    key = "high_five_tiles"
    display_name = gettext_lazy("HIGH FIVE! (tile game)")
    words_class = HighFiveTilesWords
    options_class = HighFiveTilesOptions
    entry_class = HighFiveTilesEntry
    page_class = HighFiveTilesPage
    sheet_class = HighFiveTilesSheet
    workbook_class = HighFiveTilesWorkbook
    samples_class = HighFiveTilesSamples


register(HighFiveTiles())
