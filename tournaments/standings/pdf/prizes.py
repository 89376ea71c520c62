"""PDFs of an evening's prizes: the block in the evening results PDF, and the prize list for the
prize table, in big type with a box to tick each prize handed out.

The prize list comes from ``selectors.prizes.evening_prizes`` (the rules engine's answer), handed
in by the view as rows with ``place``, ``names``, ``score`` and ``booby``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer
from reportlab.platypus import Table as Grid

from tournaments.models import Evening
from tournaments.pdf.layout import (
    Styles,
    build_pdf,
    content_width,
    fonts_for,
    format_date,
    grid_style,
)


def prize_texts(prizes: Any) -> list[str]:
    """Every text of the prize list, for choosing fonts that can set them."""
    if prizes is None:
        return []
    return [prizes.rule] + [name for row in prizes.rows for name in row.names]


def prize_flowables(styles: Styles, prizes: Any, width: float) -> list[Flowable]:
    """The evening's prizes as a block of the evening results PDF (nothing without a rule)."""
    if prizes is None:
        return []
    story: list[Flowable] = [styles.p(_("Evening prizes"), styles.heading),
                             styles.p(prizes.rule, styles.small), Spacer(1, 2 * mm)]
    if not prizes.rows:
        return [*story, styles.p(_("No prizes yet: no finished tables.")), Spacer(1, 5 * mm)]
    rows: list[list[Any]] = [[styles.p(h, styles.head_cell) for h in (
        _("Place"), _("Name"), _("Score"))]]
    for row in prizes.rows:
        rows.append([styles.p(row.place, styles.cell_bold), styles.p(", ".join(row.names)),
                     styles.p(row.score, styles.cell_right)])
    grid = Grid(rows, colWidths=[40 * mm, width - 70 * mm, 30 * mm], repeatRows=1)
    grid.setStyle(grid_style(1))
    return [*story, grid, Spacer(1, 5 * mm)]


def _big(styles: Styles) -> tuple[ParagraphStyle, ParagraphStyle, ParagraphStyle]:
    regular = ParagraphStyle("big", fontName=styles.fonts.regular, fontSize=16, leading=20)
    bold = ParagraphStyle("bigb", parent=regular, fontName=styles.fonts.bold)
    head = ParagraphStyle("bighead", parent=bold, fontSize=13, leading=16)
    return regular, bold, head


def _list_rows(styles: Styles, prizes: Any) -> tuple[list[list[Any]], list[tuple[Any, ...]]]:
    """One line per person (a shared place gives each their own box), the place spanning its
    group's lines."""
    regular, bold, head = _big(styles)
    rows: list[list[Any]] = [[styles.p(h, head) for h in (
        _("Place"), _("Name"), _("Score"), _("Handed out"))]]
    spans: list[tuple[Any, ...]] = []
    for row in prizes.rows:
        first = len(rows)
        for index, name in enumerate(row.names):
            rows.append([styles.p(row.place if index == 0 else "", bold), styles.p(name, regular),
                         styles.p(row.score if index == 0 else "", regular), ""])
        if len(row.names) > 1:
            spans += [("SPAN", (0, first), (0, len(rows) - 1)),
                      ("SPAN", (2, first), (2, len(rows) - 1))]
    return rows, spans


def prize_list_pdf(evening: Evening, prizes: Any) -> bytes:
    """The prize list for the prize table: big type, a box per prize to tick when handed out."""
    competition = evening.competition
    club = competition.club
    with override(club.language):
        styles = Styles(fonts_for([club.name, competition.name, *prize_texts(prizes)]))
        width = content_width()
        title = _("Prize list %(date)s") % {"date": format_date(evening.date)}
        story: list[Flowable] = [
            styles.p(title, ParagraphStyle("bigtitle", parent=styles.title, fontSize=24,
                                           leading=30)),
            styles.p(f"{club.name} · {competition.name}", styles.subtitle), Spacer(1, 3 * mm),
            styles.p(prizes.rule if prizes else _("This competition gives no evening prizes."),
                     _big(styles)[0]), Spacer(1, 5 * mm)]
        if prizes is not None and prizes.rows:
            rows, spans = _list_rows(styles, prizes)
            grid = Grid(rows, colWidths=[45 * mm, width - 115 * mm, 30 * mm, 40 * mm],
                        repeatRows=1)
            grid.setStyle(grid_style(1, [
                *spans, ("FONTSIZE", (0, 0), (-1, -1), 16),
                ("TOPPADDING", (0, 1), (-1, -1), 8), ("BOTTOMPADDING", (0, 1), (-1, -1), 8),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
            story.append(grid)
        elif prizes is not None:
            story.append(styles.p(_("No prizes yet: no finished tables."), _big(styles)[0]))
        return build_pdf(story, title=f"{competition.name}: {title}", fonts=styles.fonts,
                         footer=f"{club.name} · {competition.name} · {title}")
