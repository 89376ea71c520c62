"""Score sheets: one A4 page per table, the whole round in one PDF.

Each game has one small renderer in ``RENDERERS`` (chosen by the table's game key) that draws a
grid like the game's paper sheet. The grid's size and labels (targets, cross limit, contracts,
combinations, number of games) come from the options the engine resolved for the table
(``evaluate(...)["options"]``); in the filled version every value printed is the hand as
entered or a value the engine derived (points, totals, competition points, state, places).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer, Table

from scoring import GAMES, evaluate

from ..matches import places_from_ranking, sides_of, table_document
from ..messages import choice_label, issue_message, record_text
from ..models import Round
from ..selectors.exports import TableData
from .layout import (
    SHADE,
    Fonts,
    Styles,
    build_pdf,
    content_width,
    fonts_for,
    format_date,
    grid_style,
    info_table,
)

ROW_HEIGHT = 8 * mm  # room to write by hand


@dataclass
class Sheet:
    """What a renderer needs for one table."""

    data: TableData
    styles: Styles
    width: float
    filled: bool
    sides: list[str]
    options: dict[str, Any]
    evaluation: dict[str, Any] | None  # None on a blank sheet

    @property
    def hands(self) -> list[dict[str, Any]]:
        """Derived values per hand (only the hands the engine accepted)."""
        return self.evaluation["hands"] if self.evaluation else []

    @property
    def entered(self) -> list[dict[str, Any]]:
        return self.data.hands[: len(self.hands)]

    def p(self, text: object, style: Any = None, markup: str = "") -> Paragraph:
        return self.styles.p(text, style, markup)

    def head(self, text: object) -> Paragraph:
        return self.styles.p(text, self.styles.head_cell)

    def num(self, value: object, bold: bool = False) -> Paragraph | str:
        if value is None or value == "":
            return ""
        style = self.styles.cell_center if not bold else self.styles.head_cell
        return self.styles.p(value, style)

    def total(self, side: str) -> Any:
        return self.evaluation["totals"].get(side) if self.evaluation else None

    def competition(self, side: str) -> Any:
        return self.evaluation["competition_points"].get(side) if self.evaluation else None

    def place(self, side: str) -> Any:
        if not self.evaluation or not self.hands:
            return None
        return places_from_ranking(self.evaluation["ranking"]).get(side)


Renderer = Callable[[Sheet], list[Flowable]]


def _side_widths(sheet: Sheet, first: float, per_side: int) -> list[float]:
    rest = (sheet.width - first) / (len(sheet.sides) * per_side)
    return [first] + [rest] * (len(sheet.sides) * per_side)


def _grid(rows: list[list[Any]], widths: Sequence[float], header_rows: int = 1,
          extra: Sequence[tuple[Any, ...]] = (), body_height: float | None = ROW_HEIGHT) -> Table:
    heights = [None] * header_rows + [body_height] * (len(rows) - header_rows)
    table = Table(rows, colWidths=list(widths), rowHeights=heights, repeatRows=header_rows)
    table.setStyle(grid_style(header_rows, extra))
    return table


def _total_rows(sheet: Sheet, label_total: str, with_competition: bool) -> list[list[Any]]:
    rows = [[sheet.p(label_total, sheet.styles.cell_bold)]
            + [sheet.num(sheet.total(s), bold=True) for s in sheet.sides]]
    if with_competition:
        rows.append([sheet.p(_("Competition points"), sheet.styles.cell_bold)]
                    + [sheet.num(sheet.competition(s), bold=True) for s in sheet.sides])
    rows.append([sheet.p(_("Place"), sheet.styles.cell_bold)]
                + [sheet.num(sheet.place(s)) for s in sheet.sides])
    return rows


# -- High Five 1959 -------------------------------------------------------------------------
def render_high_five_1959(sheet: Sheet) -> list[Flowable]:
    targets: list[int] = list(sheet.options["targets"])
    cross_limit: int = sheet.options["cross_limit"]
    # The most rounds a match can last: every number struck plus one cross short of the limit.
    max_rounds = len(targets) + cross_limit - 1
    running = _running_totals(sheet)
    header1: list[Any] = [sheet.head(_("Round"))]
    header2: list[Any] = [""]
    spans: list[tuple[Any, ...]] = [("SPAN", (0, 0), (0, 1))]
    for i, side in enumerate(sheet.sides):
        col = 1 + 3 * i
        header1 += [sheet.head(side), "", ""]
        header2 += [sheet.head(_("Played for")), sheet.head(_("Points")), sheet.head(_("Total"))]
        spans.append(("SPAN", (col, 0), (col + 2, 0)))
        spans.append(("LINEAFTER", (col + 2, 0), (col + 2, -1), 1.2, "black"))
    rows = [header1, header2]
    for number in range(1, max_rounds + 1):
        row: list[Any] = [sheet.num(number)]
        derived = sheet.hands[number - 1] if number <= len(sheet.hands) else None
        for side in sheet.sides:
            if derived is None:
                row += ["", "", ""]
                continue
            target = derived["target"].get(side)
            struck = derived["result"].get(side) == "struck"
            label = "" if target is None else str(target)
            if not struck:
                label = f"{label} ×".strip()
            row += [
                sheet.p(label, sheet.styles.cell_center, "strike" if struck else ""),
                sheet.num(derived["points"].get(side)),
                sheet.num(running[number - 1].get(side)),
            ]
        rows.append(row)
    story: list[Flowable] = [
        _grid(rows, _side_widths(sheet, 16 * mm, 3), header_rows=2, extra=spans),
        Spacer(1, 4 * mm),
        sheet.p(_("Score list: strike a number when it is made, mark a cross when it is not."),
                sheet.styles.small),
        Spacer(1, 1 * mm),
    ]
    # The numbers to strike and the crosses, per side.
    state = (sheet.evaluation or {}).get("state") or {}
    list_rows: list[list[Any]] = []
    list_extra: list[tuple[Any, ...]] = []
    for r, side in enumerate(sheet.sides):
        side_state = state.get(side) if sheet.filled else None
        struck_left = list(side_state["struck"]) if side_state else []
        cells: list[Any] = [sheet.p(side, sheet.styles.cell_bold)]
        for c, target in enumerate(targets, start=1):
            is_struck = target in struck_left
            if is_struck:
                struck_left.remove(target)
                list_extra.append(("BACKGROUND", (c, r), (c, r), SHADE))
            cells.append(sheet.p(target, sheet.styles.head_cell, "strike" if is_struck else ""))
        crosses = side_state["crosses"] if side_state else 0
        cells.append(sheet.p(_("Crosses"), sheet.styles.cell_right))
        cells += [sheet.num("×" if k < crosses else "", bold=True) for k in range(cross_limit)]
        list_rows.append(cells)
    name_width = 45 * mm
    label_width = 18 * mm
    box = min(12 * mm, (sheet.width - name_width - label_width) / (len(targets) + cross_limit))
    widths = [name_width] + [box] * len(targets) + [label_width] + [box] * cross_limit
    list_extra.append(("LINEBEFORE", (len(targets) + 1, 0), (len(targets) + 1, -1), 1.2, "black"))
    table = Table(list_rows, colWidths=widths, rowHeights=[ROW_HEIGHT] * len(list_rows),
                  hAlign="LEFT")
    table.setStyle(grid_style(0, list_extra))
    story += [table, Spacer(1, 4 * mm)]
    divisor = sheet.options["divisor"]
    totals = _total_rows(sheet, _("Total"), with_competition=False)
    totals.insert(1, [sheet.p(_("Competition (total ÷ %(divisor)s)") % {"divisor": divisor},
                              sheet.styles.cell_bold)]
                  + [sheet.num(sheet.competition(s), bold=True) for s in sheet.sides])
    story.append(_grid([[""] + [sheet.head(s) for s in sheet.sides], *totals],
                       _side_widths(sheet, 55 * mm, 1)))
    return story


def _running_totals(sheet: Sheet) -> list[dict[str, int]]:
    """The engine's totals after each accepted round (evaluated on each prefix of the hands)."""
    if not sheet.evaluation:
        return []
    document = table_document(sheet.data.table, sheet.data.seats, [])
    result = []
    for count in range(1, len(sheet.hands) + 1):
        document["hands"] = sheet.entered[:count]
        result.append(evaluate(document)["totals"])
    return result


# -- Amerikaans Jokeren ---------------------------------------------------------------------
def render_jokeren(sheet: Sheet) -> list[Flowable]:
    contracts: list[str] = list(sheet.options["contracts"])
    first = 62 * mm
    rows: list[list[Any]] = [
        [sheet.head(_("Deal")), sheet.head(_("Contract")), sheet.head(_("Dealer"))]
        + [sheet.head(s) for s in sheet.sides]
    ]
    bold: list[tuple[Any, ...]] = []
    for number, contract in enumerate(contracts, start=1):
        derived = sheet.hands[number - 1] if number <= len(sheet.hands) else None
        row: list[Any] = [sheet.num(number), sheet.p(choice_label(contract)),
                          sheet.p(derived["dealer"] if derived else "", sheet.styles.small)]
        for c, side in enumerate(sheet.sides, start=3):
            row.append(sheet.num(derived["points"].get(side)) if derived else "")
            if derived and derived.get("winner") == side:
                bold.append(("BACKGROUND", (c, number), (c, number), SHADE))
        rows.append(row)
    for total_row in _total_rows(sheet, _("Total penalty points"), with_competition=False):
        rows.append([total_row[0], "", ""] + total_row[1:])
    n = len(rows)
    bold += [("SPAN", (0, r), (2, r)) for r in range(n - 2, n)]
    bold.append(("LINEABOVE", (0, n - 2), (-1, n - 2), 1.2, "black"))
    rest = (sheet.width - first) / len(sheet.sides)
    widths = [10 * mm, first - 10 * mm - 22 * mm, 22 * mm] + [rest] * len(sheet.sides)
    return [
        _grid(rows, widths, extra=bold),
        Spacer(1, 2 * mm),
        sheet.p(_("Write each player's penalty points; the player who goes out scores 0. "
                  "Lowest total wins."), sheet.styles.small),
    ]


# -- Big Five -------------------------------------------------------------------------------
def render_big_five(sheet: Sheet) -> list[Flowable]:
    games: int = sheet.options["games"]
    rows: list[list[Any]] = [[sheet.head(_("Game"))] + [sheet.head(s) for s in sheet.sides]]
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
    rows += _total_rows(sheet, _("Total cards left"), with_competition=False)
    extra.append(("LINEABOVE", (0, n), (-1, n), 1.2, "black"))
    note = (_("Write the discard pile at the end of each game. Lower is better.")
            if len(sheet.sides) == 1 else
            _("Write the cards each player has left (hand and own draw pile). Lowest total wins."))
    return [_grid(rows, _side_widths(sheet, 30 * mm, 1), extra=extra), Spacer(1, 2 * mm),
            sheet.p(note, sheet.styles.small)]


# -- HIGH FIVE! (tiles) ---------------------------------------------------------------------
def _combinations() -> list[str]:
    option = next(o for o in GAMES["high_five_tiles"].describe()["options"]
                  if o["name"] == "points")
    return list(option["choices"])


def render_high_five_tiles(sheet: Sheet) -> list[Flowable]:
    card: dict[str, int] | None = sheet.options["points"]
    combinations = _combinations()
    tally: dict[tuple[str, str | None], int] = {}
    for entered, derived in zip(sheet.entered, sheet.hands, strict=True):
        key = (entered.get("side"), derived.get("category"))
        tally[key] = tally.get(key, 0) + 1
    header = [sheet.head(_("Combination"))]
    if card is not None:
        header.append(sheet.head(_("Points")))
    rows: list[list[Any]] = [header + [sheet.head(s) for s in sheet.sides]]
    for combination in [*combinations, None]:
        label = choice_label(combination) if combination else _("Forced turn (0 points)")
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
    for total_row in _total_rows(sheet, _("Total"), with_competition=False):
        rows.append(total_row[:1] + pad + total_row[1:])
    first = 48 * mm + (14 * mm if card is not None else 0)
    rest = (sheet.width - first) / len(sheet.sides)
    widths = [48 * mm] + ([14 * mm] if card is not None else []) + [rest] * len(sheet.sides)
    extra = [("LINEABOVE", (0, n), (-1, n), 1.2, "black")]
    note = _("Tally each combination a player makes (e.g. ||||). Highest total wins.")
    return [_grid(rows, widths, extra=extra, body_height=7 * mm), Spacer(1, 2 * mm),
            sheet.p(note, sheet.styles.small)]


# -- French HIGH FIVE -----------------------------------------------------------------------
def render_high_five_crowns(sheet: Sheet) -> list[Flowable]:
    games: int = sheet.options["games"]
    header1: list[Any] = [sheet.head(_("Game"))]
    header2: list[Any] = [""]
    extra: list[tuple[Any, ...]] = [("SPAN", (0, 0), (0, 1))]
    for i, side in enumerate(sheet.sides):
        col = 1 + 3 * i
        header1 += [sheet.head(side), "", ""]
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
    scoring = choice_label(sheet.options["scoring"])
    note = _("%(threshold)s crowns win, %(threshold)s penalties eliminate. Competition: "
             "%(scoring)s.") % {"threshold": sheet.options["threshold"], "scoring": scoring}
    return [_grid(rows, _side_widths(sheet, 14 * mm, 3), header_rows=2, extra=extra),
            Spacer(1, 2 * mm), sheet.p(note, sheet.styles.small)]


RENDERERS: dict[str, Renderer] = {
    "high_five_1959": render_high_five_1959,
    "jokeren": render_jokeren,
    "big_five": render_big_five,
    "high_five_tiles": render_high_five_tiles,
    "high_five_crowns": render_high_five_crowns,
}


# -- the page around the grid ---------------------------------------------------------------
def _seat_name(data: TableData, position: int) -> str:
    seat = next((s for s in data.seats if s.position == position), None)
    return f"{seat.participant.name} ({_('seat')} {position})" if seat else ""


def _table_story(round_: Round, data: TableData, styles: Styles, filled: bool) -> list[Flowable]:
    table = data.table
    evening = round_.evening
    competition = evening.competition
    width = content_width()
    document = table_document(table, data.seats, data.hands if filled else [])
    evaluation = evaluate(document)
    sheet = Sheet(
        data=data, styles=styles, width=width, filled=filled, sides=sides_of(data.seats),
        options=evaluation["options"], evaluation=evaluation if filled else None,
    )
    title = _("Score sheet: %(game)s") % {"game": GAMES[table.game].name}
    story: list[Flowable] = [
        Paragraph(styles.fonts.clean(title).replace("&", "&amp;"), styles.title),
        Spacer(1, 2 * mm),
        info_table(styles, [
            (_("Club"), competition.club.name),
            (_("Competition"), competition.name),
            (_("Evening"), format_date(evening.date)),
            (_("Round"), round_.number),
            (_("Table"), table.number),
            (_("First dealer"), _seat_name(data, table.first_dealer)),
            (_("Scorekeeper"), _seat_name(data, table.scorekeeper)),
            (_("Sheet"), _("filled in") if filled else _("blank, for play on paper")),
        ], width),
        Spacer(1, 3 * mm),
    ]
    seat_rows: list[list[Any]] = [[
        styles.p(_("Seat"), styles.head_cell), styles.p(_("Name"), styles.head_cell),
        styles.p(_("Member number"), styles.head_cell), styles.p(_("Side"), styles.head_cell),
    ]]
    for seat in data.seats:
        member = seat.participant.member
        seat_rows.append([
            styles.p(seat.position, styles.cell_center), styles.p(seat.participant.name),
            styles.p(member.member_number if member else _("guest"), styles.cell_center),
            styles.p(seat.side),
        ])
    seats = Table(seat_rows, colWidths=[14 * mm, width * 0.38, 30 * mm,
                                        width - 44 * mm - width * 0.38])
    seats.setStyle(grid_style(1))
    story += [seats, Spacer(1, 5 * mm)]
    story += RENDERERS[table.game](sheet)
    if filled and evaluation["errors"]:
        story += [Spacer(1, 3 * mm), styles.p(
            record_text(table.game, _("Not counted from %(record)s %(n)s on: %(message)s"),
                        n=evaluation["errors"][0].get("hand") or 1,
                        message=issue_message(evaluation["errors"][0])), styles.small)]
    story += [Spacer(1, 10 * mm), KeepTogether(_signatures(styles, width))]
    return story


def _signatures(styles: Styles, width: float) -> list[Flowable]:
    table = Table(
        [[styles.p(_("Scorekeeper's signature")), "", styles.p(_("Checked by")), ""]],
        colWidths=[width * 0.2, width * 0.3, width * 0.2, width * 0.3], rowHeights=[10 * mm],
    )
    table.setStyle(grid_style(0, [("GRID", (0, 0), (-1, -1), 0, "white"),
                                  ("LINEBELOW", (1, 0), (1, 0), 0.5, "black"),
                                  ("LINEBELOW", (3, 0), (3, 0), 0.5, "black")]))
    return [table]


def _texts(round_: Round, tables: Sequence[TableData]) -> list[str]:
    evening = round_.evening
    texts = [evening.competition.club.name, evening.competition.name]
    for data in tables:
        texts += [s.participant.name for s in data.seats] + [s.side for s in data.seats]
    return texts


def round_sheets_pdf(round_: Round, tables: Sequence[TableData], *, filled: bool) -> bytes:
    """One PDF for the whole round: one page per table (blank or filled in).

    ``round_`` must come with ``evening__competition__club``; ``tables`` from
    ``selectors.exports.round_tables``. Rendered in the club's language.
    """
    club = round_.evening.competition.club
    with override(club.language):
        fonts: Fonts = fonts_for(_texts(round_, tables))
        styles = Styles(fonts)
        story: list[Flowable] = []
        for index, data in enumerate(tables):
            if index:
                story.append(PageBreak())
            story += _table_story(round_, data, styles, filled)
        if not tables:
            story.append(styles.p(_("This round has no tables yet.")))
        title = _("%(competition)s, %(date)s, round %(round)s") % {
            "competition": round_.evening.competition.name,
            "date": format_date(round_.evening.date), "round": round_.number,
        }
        return build_pdf(story, title=title, fonts=fonts, footer=f"{club.name} · {title}")
