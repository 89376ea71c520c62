"""Shared PDF layout: A4 pages, fonts, styles, the header block and the page footer.

Fonts: reportlab's built-in Helvetica covers Latin-1 (Dutch and French accents). A document
with any character outside Latin-1 (e.g. a Polish or Turkish name) switches to DejaVu Sans when
it is installed; without it such characters are replaced, so a name never crashes a print.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageTemplate,
    Paragraph,
    Table,
    TableStyle,
)

DEJAVU_DIR = Path("/usr/share/fonts/truetype/dejavu")
MARGIN = 12 * mm
GRID = colors.HexColor("#555555")
LIGHT = colors.HexColor("#e8e8e8")
SHADE = colors.HexColor("#f4f4f4")


@dataclass(frozen=True)
class Fonts:
    regular: str
    bold: str
    unicode: bool  # can print any character (else Latin-1 only)

    def clean(self, text: object) -> str:
        value = "" if text is None else str(text)
        if self.unicode:
            return value
        return value.encode("latin-1", "replace").decode("latin-1")


HELVETICA = Fonts("Helvetica", "Helvetica-Bold", unicode=False)


@lru_cache(maxsize=1)
def _dejavu() -> Fonts | None:
    regular, bold = DEJAVU_DIR / "DejaVuSans.ttf", DEJAVU_DIR / "DejaVuSans-Bold.ttf"
    if not (regular.exists() and bold.exists()):
        return None
    pdfmetrics.registerFont(TTFont("DejaVuSans", str(regular)))
    pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", str(bold)))
    return Fonts("DejaVuSans", "DejaVuSans-Bold", unicode=True)


#: The tags ``Styles.p`` may wrap a text in (never taken from what a user typed).
WRAPPERS = frozenset({"b", "i", "strike"})


def plain(text: object, fonts: Fonts) -> str:
    """``text`` as a reportlab paragraph shows it, character for character: every text a PDF
    draws in a ``Paragraph`` goes through here. A paragraph's text is reportlab markup (``<b>``,
    ``<img src=…>``, ``<a href=…>``, ``<font>``, entities), so a name, a club, a competition, a
    reason or a translated word is escaped: ``Test <b>unclosed`` prints as typed, and an
    ``<img>`` in a name never embeds a file of the server nor an ``<a>`` a link."""
    return escape(fonts.clean(text))


def fonts_for(texts: Iterable[object]) -> Fonts:
    """Helvetica when every text is Latin-1; DejaVu Sans (if installed) otherwise."""
    for text in texts:
        try:
            str(text).encode("latin-1")
        except UnicodeEncodeError:
            return _dejavu() or HELVETICA
    return HELVETICA


class Styles:
    """Paragraph styles in the chosen fonts."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.title = ParagraphStyle("title", fontName=fonts.bold, fontSize=15, leading=18)
        self.subtitle = ParagraphStyle("subtitle", fontName=fonts.regular, fontSize=10, leading=13)
        self.heading = ParagraphStyle(
            "heading", fontName=fonts.bold, fontSize=11, leading=14, spaceBefore=6, spaceAfter=3
        )
        self.cell = ParagraphStyle("cell", fontName=fonts.regular, fontSize=9, leading=11,
                                   strikeWidth=0.9)  # a strike-through visible on any print
        self.cell_bold = ParagraphStyle("cellb", parent=self.cell, fontName=fonts.bold)
        self.cell_center = ParagraphStyle("cellc", parent=self.cell, alignment=TA_CENTER)
        self.cell_right = ParagraphStyle("cellr", parent=self.cell, alignment=TA_RIGHT)
        self.small = ParagraphStyle("small", fontName=fonts.regular, fontSize=7.5, leading=9)
        # A number written in a score sheet's row: large enough to read back across the table
        self.figure = ParagraphStyle("figure", fontName=fonts.regular, fontSize=12, leading=14,
                                     alignment=TA_CENTER)
        self.figure_bold = ParagraphStyle("figureb", parent=self.figure, fontName=fonts.bold)
        self.head_cell = ParagraphStyle(
            "head", fontName=fonts.bold, fontSize=8, leading=10, alignment=TA_CENTER
        )

    def p(self, text: object, style: ParagraphStyle | None = None, markup: str = "") -> Paragraph:
        """A paragraph of plain text (:func:`plain`); ``markup`` wraps it in our own tags
        (``WRAPPERS``, space-separated, outermost first), e.g. ``"strike"`` or ``"strike i"``."""
        body = plain(text, self.fonts)
        for tag in reversed(markup.split()):
            if tag not in WRAPPERS:
                raise ValueError(f"not a wrapper tag: {tag!r}")
            body = f"<{tag}>{body}</{tag}>"
        return Paragraph(body, style or self.cell)

    def p_lines(self, lines: Sequence[tuple[object, bool]], style: ParagraphStyle) -> Paragraph:
        """Plain-text lines in one paragraph: each ``(text, main)``; a line that is not the
        main one is set smaller, in the regular font."""
        parts = []
        for text, main in lines:
            body = plain(text, self.fonts)
            parts.append(body if main else
                         f'<font name="{self.fonts.regular}" size="7">{body}</font>')
        return Paragraph("<br/>".join(parts), style)


def grid_style(header_rows: int = 1, extra: Sequence[tuple[Any, ...]] = ()) -> TableStyle:
    commands: list[tuple[Any, ...]] = [
        ("GRID", (0, 0), (-1, -1), 0.5, GRID),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTSIZE", (0, 0), (-1, -1), 9),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
    if header_rows:
        commands.append(("BACKGROUND", (0, 0), (-1, header_rows - 1), LIGHT))
    commands.extend(extra)
    return TableStyle(commands)


def info_table(styles: Styles, pairs: Sequence[tuple[str, object]], width: float) -> Table:
    """Label/value pairs in two columns of pairs (the pre-filled part of a sheet)."""
    cells: list[list[Paragraph | str]] = [
        [styles.p(label, styles.cell_bold), styles.p(value)] for label, value in pairs
    ]
    half = (len(cells) + 1) // 2
    left, right = cells[:half], cells[half:]
    right += [["", ""]] * (half - len(right))
    rows = [a + b for a, b in zip(left, right, strict=True)]
    col = width / 2
    table = Table(rows, colWidths=[col * 0.32, col * 0.68, col * 0.32, col * 0.68])
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, LIGHT),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                ("LEFTPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return table


def format_date(value: Any) -> str:
    return date_format(value, "DATE_FORMAT") if value else ""


def build_pdf(
    story: list[Flowable],
    *,
    title: str,
    fonts: Fonts,
    footer: str,
    landscape_pages: bool = False,
    logo: bytes | None = None,
) -> bytes:
    """Render a story on A4 with a footer line (``footer`` · page number) on every page, and
    the club's logo (a PNG we wrote, clubmanager/logo.py) in the top right corner."""
    buffer = io.BytesIO()
    pagesize = landscape(A4) if landscape_pages else A4
    doc = BaseDocTemplate(
        buffer,
        pagesize=pagesize,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 4 * mm,
        title=fonts.clean(title),
        author="",
        creator="Club scores",
    )
    frame = Frame(
        doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body",
        leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
    )
    printed = _("Printed %(when)s") % {
        "when": date_format(timezone.localtime(), "DATETIME_FORMAT")
    }
    footer_text = fonts.clean(f"{footer} · {printed}")
    page_label = _("page %(number)s")
    mark = _logo_mark(logo, pagesize)

    def on_page(canvas: Any, document: Any) -> None:
        canvas.saveState()
        if mark is not None:
            canvas.drawImage(*mark, mask="auto")
        canvas.setFont(fonts.regular, 7)
        canvas.setFillColor(colors.HexColor("#666666"))
        canvas.drawString(MARGIN, MARGIN - 1 * mm, footer_text)
        canvas.drawRightString(
            pagesize[0] - MARGIN, MARGIN - 1 * mm,
            fonts.clean(page_label % {"number": document.page}),
        )
        canvas.restoreState()

    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=on_page)])
    doc.build(story)
    return buffer.getvalue()


#: The logo's box in the top margin, right-aligned: below a printer's unprintable edge and
#: above the page's frame, so no page's layout moves for it.
LOGO_HEIGHT = 7.5 * mm
LOGO_MAX_WIDTH = 40 * mm
LOGO_TOP = 3.5 * mm


Mark = tuple[ImageReader, float, float, float, float]


def _logo_mark(logo: bytes | None, pagesize: tuple[float, float]) -> Mark | None:
    """``(image, x, y, width, height)`` for ``canvas.drawImage``, or None without a logo."""
    if not logo:
        return None
    image = ImageReader(io.BytesIO(logo))
    pixels_wide, pixels_high = image.getSize()
    scale = min(LOGO_HEIGHT / pixels_high, LOGO_MAX_WIDTH / pixels_wide)
    width, height = pixels_wide * scale, pixels_high * scale
    return (image, pagesize[0] - MARGIN - width, pagesize[1] - LOGO_TOP - height, width, height)


def content_height(landscape_pages: bool = False) -> float:
    """The height of the page's frame (what ``build_pdf`` lays a story out in)."""
    height = landscape(A4)[1] if landscape_pages else A4[1]
    return float(height - MARGIN - (MARGIN + 4 * mm))


def content_width(landscape_pages: bool = False) -> float:
    width = landscape(A4)[0] if landscape_pages else A4[0]
    return float(width - 2 * MARGIN)
