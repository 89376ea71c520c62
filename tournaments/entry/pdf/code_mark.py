"""A table code's mark on a score sheet: its QR code as vector shapes (reportlab, no image), top
right, with the table number beside it, so a phone opens the table's score entry
(docs/architecture.md). ``tournaments.shared.qr`` makes the code (segno); this module draws it.

The sheet's header (``pdf.sheets._header``) puts the mark in its top-right cell, so nothing
prints in the code's quiet zone.
"""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm

from tournaments.pdf.layout import Fonts
from tournaments.shared import qr

QR_SIZE = 30 * mm  # the code with its quiet zone (4 modules each side)
NUMBER_WIDTH = 20 * mm  # the table number to its left
QUIET = 4


def table_code_mark(url: str, *, number: int, label: str, fonts: Fonts) -> Drawing:
    """The QR code of ``url`` and, beside it, "<label> <number>" in large print: a drawing
    (a flowable) ``NUMBER_WIDTH + QR_SIZE`` wide and ``QR_SIZE`` high."""
    drawing = Drawing(NUMBER_WIDTH + QR_SIZE, QR_SIZE)
    middle = QR_SIZE / 2
    drawing.add(String(NUMBER_WIDTH - 1 * mm, middle + 7 * mm, fonts.clean(label),
                       fontName=fonts.regular, fontSize=9, textAnchor="end"))
    drawing.add(String(NUMBER_WIDTH - 1 * mm, middle - 5 * mm, str(number),
                       fontName=fonts.bold, fontSize=30, textAnchor="end"))
    rows = [list(row) for row in qr.make(url).matrix_iter(border=0)]
    module = QR_SIZE / (len(rows) + 2 * QUIET)
    for y, row in enumerate(rows):  # each run of dark modules of a row: one rectangle
        top = QR_SIZE - (QUIET + y + 1) * module
        x = 0
        while x < len(row):
            start = x
            while x < len(row) and row[x]:
                x += 1
            if x > start:
                run = Rect(NUMBER_WIDTH + (QUIET + start) * module, top,
                           (x - start) * module, module)
                run.fillColor, run.strokeColor, run.strokeWidth = colors.black, None, 0
                drawing.add(run)
            else:
                x += 1
    return drawing

