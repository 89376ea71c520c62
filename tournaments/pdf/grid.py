"""What a game's score-sheet renderer draws with: the ``Sheet`` of one table and the shared
grid helpers. The renderers themselves live with their game (``tournaments/games/<key>.py``,
``ScoreSheet.render``); ``sheets.py`` puts the page around them. A renderer heads each
side's column with ``sheet.side_head`` (name and seat, in seat order) and draws the rows a hand
is written in with ``sheet.grid`` (or heights from ``sheet.row_heights``): those rows grow to
fill the page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Table

from tournaments.models import Seat
from tournaments.models import Table as TableRow
from tournaments.pdf.layout import SHADE, Styles, grid_style
from tournaments.shared.matches import places_from_ranking

__all__ = ["ROW_HEIGHT", "SHADE", "Renderer", "Sheet", "TableData", "grid", "side_widths",
           "total_rows"]

ROW_HEIGHT = 8 * mm  # the least room to write by hand; ``sheets.py`` makes rows fill the page


@dataclass
class TableData:
    """One table with its seats (in seat order) and its hands as entered (in order): what the
    view reads (``selectors.sheets.round_tables``) and passes down, so no sheet queries."""

    table: TableRow
    seats: list[Seat]
    hands: list[dict[str, Any]]
    #: (number, data, adjusted points or None, adjusted reason) per hand, in order
    entries: list[tuple[int, dict[str, Any], Any, str]] = field(default_factory=list)


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
    # The engine's ``state`` of the hands printed (on a blank sheet: before the first hand),
    # e.g. every Jokeren deal's contract and dealer.
    state: Any = None
    # The height of every row a hand is written in: set by ``sheets.py`` to fill the page.
    row_height: float = ROW_HEIGHT
    # How many rows of ``row_height`` the renderer drew (``grid``, ``row_heights`` count them).
    grown_rows: int = 0

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

    def side_head(self, side: str) -> Paragraph:
        """A side's column head: its name and, below it, its seat(s) as the round page shows
        them (and the member number of a single player), so no seat table repeats the names."""
        seats = [s for s in self.data.seats if s.side == side]
        numbers = " & ".join(str(s.position) for s in seats)
        below = (_("seats %(numbers)s") if len(seats) > 1 else _("seat %(numbers)s")) % {
            "numbers": numbers}
        member = seats[0].participant.member if len(seats) == 1 else None
        if member is not None and member.member_number:
            below += f" · {_('no.')} {member.member_number}"
        return self.styles.p_lines([(side, True), (below, False)], self.styles.head_cell)

    def grid(self, rows: list[list[Any]], widths: Sequence[float], header_rows: int = 1,
             extra: Sequence[tuple[Any, ...]] = ()) -> Table:
        """:func:`grid` with this sheet's row height (rows that fill the page)."""
        self.grown_rows += len(rows) - header_rows
        return grid(rows, widths, header_rows, extra, body_height=self.row_height)

    def row_heights(self, count: int) -> list[float]:
        """Heights for ``count`` rows of a table of the renderer's own, counted as rows that
        grow to fill the page."""
        self.grown_rows += count
        return [self.row_height] * count

    def num(self, value: object, bold: bool = False) -> Paragraph | str:
        if value is None or value == "":
            return ""
        return self.styles.p(value, self.styles.figure_bold if bold else self.styles.figure)

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
