"""High Five 1959's score sheet: the rounds, the score lists and the totals, like the
paper sheet (the game's ``sheet_class``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table

from scoring import evaluate
from tournaments.pdf.grid import SHADE, Sheet, side_widths, total_rows
from tournaments.pdf.layout import grid_style
from tournaments.shared.matches import table_document

from ..parts import ScoreSheet


class HighFive1959Sheet(ScoreSheet):
    def render(self, sheet: Sheet) -> list[Flowable]:
        return _render(sheet)


def _render(sheet: Sheet) -> list[Flowable]:
    targets: list[int] = list(sheet.options["targets"])
    cross_limit: int = sheet.options["cross_limit"]
    return [
        _rounds_grid(sheet, targets, cross_limit),
        Spacer(1, 4 * mm),
        sheet.p(_("Score list: strike a number when it is made, mark a cross when it is not."),
                sheet.styles.small),
        Spacer(1, 1 * mm),
        _score_list(sheet, targets, cross_limit),
        Spacer(1, 4 * mm),
        _totals(sheet),
    ]


def _rounds_grid(sheet: Sheet, targets: list[int], cross_limit: int) -> Flowable:
    """A row per round: per side the number played for (struck when made, × when not), the
    round's points and the running total."""
    # The most rounds a match can last: every number struck plus one cross short of the limit.
    max_rounds = len(targets) + cross_limit - 1
    running = _running_totals(sheet)
    header1: list[Any] = [sheet.head(_("Round"))]
    header2: list[Any] = [""]
    spans: list[tuple[Any, ...]] = [("SPAN", (0, 0), (0, 1))]
    for i, side in enumerate(sheet.sides):
        col = 1 + 3 * i
        header1 += [sheet.side_head(side), "", ""]
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
    return sheet.grid(rows, side_widths(sheet, 16 * mm, 3), header_rows=2, extra=spans)


def _score_list(sheet: Sheet, targets: list[int], cross_limit: int) -> Table:
    """The numbers to strike and the crosses, per side."""
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
    table = Table(list_rows, colWidths=widths, rowHeights=sheet.row_heights(len(list_rows)),
                  hAlign="LEFT")
    table.setStyle(grid_style(0, list_extra))
    return table


def _totals(sheet: Sheet) -> Flowable:
    """The totals, with the competition points (the total divided by the option ``divisor``)."""
    divisor = sheet.options["divisor"]
    totals = total_rows(sheet, _("Total"), with_competition=False)
    totals.insert(1, [sheet.p(_("Competition (total ÷ %(divisor)s)") % {"divisor": divisor},
                              sheet.styles.cell_bold)]
                  + [sheet.num(sheet.competition(s), bold=True) for s in sheet.sides])
    return sheet.grid([[""] + [sheet.head(s) for s in sheet.sides], *totals],
                      side_widths(sheet, 55 * mm, 1))


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
