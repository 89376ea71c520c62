"""A table code's QR code on a score sheet: vector (reportlab paths, no image), top right, with
the table number beside it. ``tournaments.qr`` makes the code (segno); this module draws it.

:func:`beside` puts the sheet's header (title and facts) to the left of the mark, so nothing
prints in the code's quiet zone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Table, TableStyle

from .. import qr
from .layout import Fonts

QR_SIZE = 30 * mm  # the code with its quiet zone (4 modules each side)
NUMBER_WIDTH = 20 * mm  # the table number to its left
QUIET = 4


class TableCodeMark(Flowable):  # type: ignore[misc]
    """The QR code of ``url`` and, beside it, "<label> <number>" in large print."""

    def __init__(self, url: str, *, number: int, label: str, fonts: Fonts) -> None:
        super().__init__()
        self.url, self.number, self.label, self.fonts = url, number, label, fonts
        self.width, self.height = NUMBER_WIDTH + QR_SIZE, QR_SIZE

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        middle = self.height / 2
        canvas.setFont(self.fonts.regular, 9)
        canvas.drawRightString(NUMBER_WIDTH - 1 * mm, middle + 7 * mm,
                               self.fonts.clean(self.label))
        canvas.setFont(self.fonts.bold, 30)
        canvas.drawRightString(NUMBER_WIDTH - 1 * mm, middle - 5 * mm, str(self.number))
        self._draw_code(canvas)
        canvas.restoreState()

    def _draw_code(self, canvas: Any) -> None:
        """Each run of dark modules of a row as one rectangle of one path (filled black)."""
        rows = [list(row) for row in qr.make(self.url).matrix_iter(border=0)]
        size = len(rows)
        module = QR_SIZE / (size + 2 * QUIET)
        path = canvas.beginPath()
        for y, row in enumerate(rows):
            top = self.height - (QUIET + y + 1) * module
            x = 0
            while x < size:
                if not row[x]:
                    x += 1
                    continue
                start = x
                while x < size and row[x]:
                    x += 1
                path.rect(NUMBER_WIDTH + (QUIET + start) * module, top, (x - start) * module,
                          module)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.drawPath(path, stroke=0, fill=1)


def beside(header: Sequence[Flowable], mark: TableCodeMark, width: float) -> Table:
    """The header flowables on the left, ``mark`` at the top right (``width`` in all)."""
    table = Table([[list(header), mark]], colWidths=[width - mark.width, mark.width])
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
    ]))
    return table
