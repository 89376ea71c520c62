"""What a game's score-sheet renderer draws with: the ``Sheet`` of one table and the shared
grid helpers. The renderers themselves live with their game (``tournaments/games/<key>.py``,
``SiteGame.render_sheet``); ``sheets.py`` puts the page around them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Table

from ..matches import places_from_ranking
from ..selectors.exports import TableData
from .layout import SHADE, Styles, grid_style

__all__ = ["ROW_HEIGHT", "SHADE", "Renderer", "Sheet", "grid", "side_widths", "total_rows"]

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


def side_widths(sheet: Sheet, first: float, per_side: int) -> list[float]:
    rest = (sheet.width - first) / (len(sheet.sides) * per_side)
    return [first] + [rest] * (len(sheet.sides) * per_side)


def grid(rows: list[list[Any]], widths: Sequence[float], header_rows: int = 1,
          extra: Sequence[tuple[Any, ...]] = (), body_height: float | None = ROW_HEIGHT) -> Table:
    heights = [None] * header_rows + [body_height] * (len(rows) - header_rows)
    table = Table(rows, colWidths=list(widths), rowHeights=heights, repeatRows=header_rows)
    table.setStyle(grid_style(header_rows, extra))
    return table


def total_rows(sheet: Sheet, label_total: str, with_competition: bool) -> list[list[Any]]:
    rows: list[list[Any]] = [[sheet.p(label_total, sheet.styles.cell_bold)]
            + [sheet.num(sheet.total(s), bold=True) for s in sheet.sides]]
    if with_competition:
        rows.append([sheet.p(_("Competition points"), sheet.styles.cell_bold)]
                    + [sheet.num(sheet.competition(s), bold=True) for s in sheet.sides])
    rows.append([sheet.p(_("Place"), sheet.styles.cell_bold)]
                + [sheet.num(sheet.place(s)) for s in sheet.sides])
    return rows
