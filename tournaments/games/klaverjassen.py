"""Klaverjassen on the site: the tellijst's two columns ("Wij" and "Zij", named after the two
pairs), its words and sentences, options, entry form, score sheet, workbook columns and samples.

The rules are the engine's (``scoring/games/klaverjassen.py``; the digest is
``../shared/rules/klaverjassen.md``); this is what the site adds. The entry is the paper's: who
played (one tap), one team's points typed (the other team's are 162 minus, filled in:
``Entry.complements``), roem per team from buttons that add up (``Entry.adders``) or typed, and
pit or mars and a revoke one tap each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from tournaments.pdf.grid import SHADE, Sheet, total_rows

from .base import SiteGame, register
from .entry import Entry
from .parts import Options, Samples, ScorePage, ScoreSheet, Words
from .sentences import Ctx, for_side
from .workbook_fields import SIDE, WorkbookColumns, WorkbookField

if TYPE_CHECKING:
    from tournaments.shared.matches import MatchView

DEAL_POINTS = 162  # the card points of one deal (the engine's)
ROEM_BUTTONS = (20, 50, 100)


# -- the sentences of the game's own codes ---------------------------------------------------
def _kj_played_invalid(c: Ctx) -> str:
    return _("Tap the team that played (took the deal on and chose trump).")


def _kj_points_range(c: Ctx) -> str:
    value = c.params.get("value")
    if value in (1, DEAL_POINTS - 1):
        return for_side(c, _(
            "%(value)s points cannot be: no card is worth 1, so a team has 0, 2 up to 160, "
            "or 162.") % {"value": value})
    return for_side(c, _("%(value)s points cannot be: a team has between 0 and 162.") % {
        "value": c.get("value")})


def _kj_points_sum(c: Ctx) -> str:
    return _("The two teams' points add up to %(sum)s, not %(expected)s: count the tricks "
             "again.") % {"sum": c.get("sum"), "expected": c.get("expected", DEAL_POINTS)}


def _kj_roem_step(c: Ctx) -> str:
    return for_side(c, _(
        "%(value)s roem cannot be made: roem is 20, 50, 100 or 200 at a time, so 0, 20, 40, "
        "50, 60, 70 and up in tens.") % {"value": c.get("value")})


def _kj_roem_too_high(c: Ctx) -> str:
    return _("%(value)s roem in one deal is more than eight tricks can hold (at most "
             "%(max)s for both teams together).") % {"value": c.get("value"),
                                                    "max": c.get("max")}


def _kj_pit_invalid(c: Ctx) -> str:
    return _("A pit (mars) belongs to one of the two teams.")


def _kj_pit_points(c: Ctx) -> str:
    return for_side(c, _(
        "a pit (mars) is all eight tricks, so %(expected)s points, not %(value)s.") % {
        "value": c.get("value"), "expected": c.get("expected", DEAL_POINTS)})


def _kj_pit_roem(c: Ctx) -> str:
    return for_side(c, _(
        "%(value)s roem, but this team took no trick (the other team has a pit): no roem."
    ) % {"value": c.get("value")})


def _kj_verzaken_invalid(c: Ctx) -> str:
    if c.params.get("reason") == "player_missing":
        return _("Say which player revoked: the team's first or second player.")
    return _("A revoke belongs to one team, and under the club's rule to its first or second "
             "player.")


def _kj_played_order(c: Ctx) -> str:
    return _("%(team)s played the deal before too: with verplicht spelen the playing team "
             "changes every deal.") % {"team": c.name(c.params.get("previous"))}


def _kj_roem_high(c: Ctx) -> str:
    return for_side(c, _(
        "%(value)s roem in one deal is a lot (four jacks alone are %(max)s). Is it right?"
    ) % {"value": c.get("value"), "max": c.get("max", 200)})


def _kj_pit_missing(c: Ctx) -> str:
    return _("All 162 points and none for the other team: was it a pit (mars)? Tap it, or "
             "save anyway (a trick can be worth 0).")


# -- what a deal gives, in words (the live check) ----------------------------------------------
def deal_outcome(hand: Mapping[str, Any], derived: Mapping[str, Any],
                 display: Mapping[str, str]) -> str:
    """One sentence on what the deal gives, naming the rule: nat, pit, revoke or stands."""
    sides = list(derived["points"])
    name = {s: display.get(s, s) for s in sides}
    played = derived["played"]
    other = next(s for s in sides if s != played)
    if derived.get("verzaakt") is not None and derived["points"][derived["verzaakt"]] == 0 \
            and not derived.get("player_adjustment"):
        return _("%(team)s revoked: %(other)s gets 162 points and %(roem)s roem.") % {
            "team": name[derived["verzaakt"]], "other": name[other if derived["verzaakt"]
                                                            == played else played],
            "roem": max(derived["roem"].values())}
    if derived.get("pit") is not None:
        return _("%(team)s has a pit (mars): 162 points and %(roem)s roem.") % {
            "team": name[derived["pit"]], "roem": derived["roem"][derived["pit"]]}
    points = hand.get("points") or {}
    roem = hand.get("roem") or {}
    mine = (points.get(played) or 0, roem.get(played) or 0)
    if derived.get("nat"):
        if sum(mine) * 2 == DEAL_POINTS + sum(r or 0 for r in roem.values()):
            rule = _("exactly half is not enough")
        else:
            rule = _("not more than half")
        if mine[1]:
            return _("%(team)s is nat: %(points)s + %(roem)s roem is %(rule)s. %(other)s gets "
                     "162 and all roem.") % {"team": name[played], "points": mine[0],
                                             "roem": mine[1], "rule": rule,
                                             "other": name[other]}
        return _("%(team)s is nat: %(points)s is %(rule)s. %(other)s gets 162 and all "
                 "roem.") % {"team": name[played], "points": mine[0], "rule": rule,
                            "other": name[other]}
    return _("%(team)s stands: %(first)s for %(team)s, %(second)s for %(other)s.") % {
        "team": name[played], "other": name[other], "first": derived["points"][played],
        "second": derived["points"][other]}


# -- the score sheet: the tellijst -------------------------------------------------------------
def _mark(derived: Mapping[str, Any], side: str) -> str:
    marks = []
    if derived.get("pit") == side:
        marks.append(_("pit"))
    if derived.get("played") == side and derived.get("nat"):
        marks.append(_("nat"))
    if derived.get("verzaakt") == side:
        marks.append(_("rev."))
    return " ".join(marks)


def _render(sheet: Sheet) -> list[Flowable]:
    """A row per deal: per team its points, its roem apart and a mark for pit, nat or a revoke
    (the tellijst); the team that played is shaded."""
    deals: int = sheet.options["deals"]
    header1: list[Any] = [sheet.head(_("Deal"))]
    header2: list[Any] = [""]
    extra: list[tuple[Any, ...]] = [("SPAN", (0, 0), (0, 1))]
    for i, side in enumerate(sheet.sides):
        col = 1 + 3 * i
        header1 += [sheet.side_head(side), "", ""]
        header2 += [sheet.head(_("Points")), sheet.head(_("Roem")), sheet.head(_("Mark"))]
        extra.append(("SPAN", (col, 0), (col + 2, 0)))
        extra.append(("LINEAFTER", (col + 2, 0), (col + 2, -1), 1.2, "black"))
    rows: list[list[Any]] = [header1, header2]
    for number in range(1, deals + 1):
        derived = sheet.hands[number - 1] if number <= len(sheet.hands) else None
        row: list[Any] = [sheet.num(number)]
        for i, side in enumerate(sheet.sides):
            if derived is None:
                row += ["", "", ""]
                continue
            roem = derived["roem"].get(side)
            row += [sheet.num(derived["card_points"].get(side)), sheet.num(roem or "/"),
                    sheet.p(_mark(derived, side), sheet.styles.cell_center)]
            if derived.get("played") == side:
                extra.append(("BACKGROUND", (1 + 3 * i, number + 1), (1 + 3 * i, number + 1),
                              SHADE))
        rows.append(row)
    state = (sheet.evaluation or {}).get("state") or {} if sheet.filled else {}
    sums: list[Any] = [sheet.p(_("Points, roem"), sheet.styles.cell_bold)]
    for side in sheet.sides:
        tally = state.get(side) or {}
        sums += [sheet.num(tally.get("card_points"), bold=True),
                 sheet.num(tally.get("roem"), bold=True), ""]
    rows.append(sums)
    n = len(rows)
    extra.append(("LINEABOVE", (0, n - 1), (-1, n - 1), 1.2, "black"))
    widths = [14 * mm] + [(sheet.width - 14 * mm) / len(sheet.sides) * f
                          for _side in sheet.sides for f in (0.4, 0.35, 0.25)]
    totals = total_rows(sheet, _("Total (points + roem)"), with_competition=False)
    total_grid = [[""] + [sheet.head(s) for s in sheet.sides], *totals]
    return [
        sheet.grid(rows, widths, header_rows=2, extra=extra),
        Spacer(1, 3 * mm),
        sheet.grid(total_grid, [55 * mm] + [(sheet.width - 55 * mm) / len(sheet.sides)]
                   * len(sheet.sides)),
        Spacer(1, 2 * mm),
        sheet.p(_("Write each team's points (together 162) and its roem apart; shade the team "
                  "that played. Nat: 0 for the team that played, 162 and all roem for the "
                  "other. Pit (mars): 162 and 100 roem extra."), sheet.styles.small),
    ]


# -- sample hands: the digest's boompje --------------------------------------------------------
# (played: 0 = first team, points first-second, roem first-second, pit)
BOOMPJE: tuple[tuple[int, int, int, int, int | None], ...] = (
    (0, 102, 20, 0, None), (1, 45, 0, 20, None), (0, 74, 20, 0, None), (1, 91, 0, 0, None),
    (0, 162, 50, 0, 0), (1, 58, 0, 50, None), (0, 81, 0, 0, None), (1, 30, 20, 20, None),
    (0, 110, 0, 0, None), (1, 66, 0, 20, None), (0, 97, 100, 0, None), (1, 72, 0, 0, None),
    (0, 60, 20, 0, None), (1, 12, 0, 70, None), (0, 120, 20, 20, None), (1, 83, 0, 20, None),
)


def boompje(sides: Sequence[str], variant: int = 0) -> list[dict[str, Any]]:
    """The digest's whole boompje (totals 1523 and 1639) for ``variant`` 0; other variants
    mirror it (odd) and move a few points in the deals that stand either way."""
    first, second = (sides[1], sides[0]) if variant % 2 else (sides[0], sides[1])
    shift = 2 * ((variant // 2) % 5)
    hands = []
    for number, (played, points, roem_a, roem_b, pit) in enumerate(BOOMPJE):
        if number in (0, 8, 14):  # 102-60, 110-52, 120-42: they stand with 10 less too
            points -= shift
        hand: dict[str, Any] = {
            "played": first if played == 0 else second,
            "points": {first: points, second: DEAL_POINTS - points},
        }
        if roem_a or roem_b:
            hand["roem"] = {first: roem_a, second: roem_b}
        hand["pit"] = first if pit is not None else None
        hand["verzaakt"] = None
        hands.append(hand)
    return hands


class KlaverjassenWords(Words):
    sweep = gettext_lazy("a mars")
    record_nouns = (pgettext_lazy("one entry of a match", "deal"),
                    pgettext_lazy("entries of a match", "deals"))
    field_labels = {
        "played": gettext_lazy("played"),
        "points": gettext_lazy("points"),
        "roem": gettext_lazy("roem"),
        "pit": gettext_lazy("pit (mars)"),
        "verzaakt": gettext_lazy("revoke"),
        "verzaakt_player": gettext_lazy("player who revoked"),
    }
    choice_labels = {
        "nat": gettext_lazy("nat"),
        "stands": gettext_lazy("stands"),
        "opponents": gettext_lazy("the other team gets 162 + the penalty"),
        "player": gettext_lazy("the player who revoked loses the penalty"),
    }
    messages = {
        "KJ_PLAYED_INVALID": _kj_played_invalid,
        "KJ_POINTS_RANGE": _kj_points_range,
        "KJ_POINTS_SUM": _kj_points_sum,
        "KJ_ROEM_STEP": _kj_roem_step,
        "KJ_ROEM_TOO_HIGH": _kj_roem_too_high,
        "KJ_PIT_INVALID": _kj_pit_invalid,
        "KJ_PIT_POINTS": _kj_pit_points,
        "KJ_PIT_ROEM": _kj_pit_roem,
        "KJ_VERZAKEN_INVALID": _kj_verzaken_invalid,
        "KJ_PLAYED_ORDER": _kj_played_order,
        "KJ_ROEM_HIGH": _kj_roem_high,
        "KJ_PIT_MISSING": _kj_pit_missing,
    }


class KlaverjassenOptions(Options):
    texts = {
        "deals": (gettext_lazy("Deals per boompje"),
                  gettext_lazy("16 (each player deals four times); some clubs play 12 or 8.")),
        "nat_on_half": (gettext_lazy("Exactly half"),
                        gettext_lazy("The playing team with exactly half of points and roem.")),
        "pit_bonus": (gettext_lazy("Pit (mars) bonus"),
                      gettext_lazy("Roem for the team that took all eight tricks.")),
        "verzaken": (gettext_lazy("Revoke"), gettext_lazy("Who pays for a revoke.")),
        "verzaken_penalty": (gettext_lazy("Revoke penalty"),
                             gettext_lazy("Roem for the other team, or points the player "
                                          "loses.")),
        "roem_max": (gettext_lazy("Most roem in one deal"),
                     gettext_lazy("Both teams together: 900 (four jacks 200), 800 where four "
                                  "jacks count 100.")),
        "forced_play": (gettext_lazy("Forced play (Utrechts)"),
                        gettext_lazy("The playing team changes every deal.")),
    }
    choices = {
        "nat_on_half": {
            "nat": (gettext_lazy("nat"), gettext_lazy("Exactly half is not enough (the "
                                                      "bonds' rule).")),
            "stands": (gettext_lazy("stands"), gettext_lazy("Each team keeps its own points "
                                                            "and roem.")),
        },
        "verzaken": {
            "opponents": (gettext_lazy("the other team"),
                          gettext_lazy("The other team gets 162 + the penalty as roem; the "
                                       "team that revoked 0.")),
            "player": (gettext_lazy("the player"),
                       gettext_lazy("The deal counts as played; the player who revoked alone "
                                    "loses the penalty (Café De Lijst).")),
        },
    }


class KlaverjassenEntry(Entry):
    field_order = ("played", "points", "roem", "pit", "verzaakt", "verzaakt_player")
    input_help = {
        "points": (gettext_lazy("Type one team's points: the other team's are 162 minus."), ""),
    }
    complements = {"points": DEAL_POINTS}
    adders = {"roem": ROEM_BUTTONS}

    def outcome(self, hand: Mapping[str, Any], derived: Mapping[str, Any],
                display: Mapping[str, str]) -> str:
        return deal_outcome(hand, derived, display)

    def complete(self, data: dict[str, Any], view: MatchView) -> dict[str, Any]:
        """The tellijst's empty boxes: no roem written is no roem (one team's roem alone: the
        other's 0), and a revoke without points leaves the points out."""
        data = dict(data)
        for name in ("roem", "points"):
            values = data.get(name)
            if not isinstance(values, dict):
                continue
            if all(v is None for v in values.values()):
                if name == "roem" or data.get("verzaakt") is not None:
                    del data[name]
            elif name == "roem":
                data[name] = {s: 0 if v is None else v for s, v in values.items()}
        return data


class KlaverjassenPage(ScorePage):
    deals_option = "deals"
    state_template = "tournaments/games/klaverjassen.html"

    def state_context(self, state: Any) -> dict[str, Any]:
        tallies = state if isinstance(state, dict) else {}
        return {"tallies": [(side, t) for side, t in tallies.items() if isinstance(t, dict)]}


class KlaverjassenSheet(ScoreSheet):
    def render(self, sheet: Sheet) -> list[Flowable]:
        return _render(sheet)


class KlaverjassenWorkbook(WorkbookColumns):
    fields = (WorkbookField(("played",), "side"), WorkbookField(("points", SIDE)),
              WorkbookField(("roem", SIDE)), WorkbookField(("pit",), "side"),
              WorkbookField(("verzaakt",), "side"), WorkbookField(("verzaakt_player",)))


class KlaverjassenSamples(Samples):
    rounds_per_evening = 3  # a club evening is three boompjes (Hercules '81, De Pitslag)
    # Fixed pairs all season, moving by the koppel movement (Troef, Maassluis)
    pairs_competition = gettext_lazy("Klaverjassen in fixed pairs")

    def hands(self, sides: Sequence[str], variant: int = 0) -> list[dict[str, Any]]:
        return boompje(sides, variant)


class Klaverjassen(SiteGame):
    key = "klaverjassen"
    display_name = gettext_lazy("Klaverjassen")
    table_range = (4, 4)
    words_class = KlaverjassenWords
    options_class = KlaverjassenOptions
    entry_class = KlaverjassenEntry
    page_class = KlaverjassenPage
    sheet_class = KlaverjassenSheet
    workbook_class = KlaverjassenWorkbook
    samples_class = KlaverjassenSamples


register(Klaverjassen())
