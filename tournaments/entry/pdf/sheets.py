"""Score sheets: one A4 page per table, the whole round in one PDF.

Each game draws its own grid, like its paper sheet (``ScoreSheet.render`` in
``tournaments/games/``, with the helpers of ``grid.py``); this module puts the page around
it. The grid's size and labels (targets, cross limit, contracts,
combinations, number of games) come from the options the engine resolved for the table
(``evaluate(...)["options"]``); in the filled version every value printed is the hand as
entered or a value the engine derived (points, totals, competition points, state, places).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    PageBreak,
    Spacer,
    Table,
    TableStyle,
)

from scoring import evaluate
from tournaments.entry.pdf.code_mark import table_code_mark
from tournaments.games import site_game
from tournaments.models import Round
from tournaments.pdf.grid import ROW_HEIGHT, Sheet, TableData
from tournaments.pdf.layout import (
    GRID,
    LIGHT,
    Fonts,
    Styles,
    build_pdf,
    content_height,
    content_width,
    fonts_for,
    format_date,
    grid_style,
)
from tournaments.shared.matches import sides_of, table_document
from tournaments.shared.messages import issue_message, record_text

# -- the page around the grid ---------------------------------------------------------------
# The header is HEADER_HEIGHT high; its top-right corner (CODE_BOX square) stays free for the
# table's code. Below it the game's grid, its rows as tall as the page allows.
HEADER_HEIGHT = 30 * mm
CODE_BOX = 32 * mm
SLACK = 1.5 * mm  # what the page keeps below the fitted story (rounding in the layout)


def _seat_name(data: TableData, position: int) -> str:
    seat = next((s for s in data.seats if s.position == position), None)
    return f"{seat.participant.name} ({_('seat')} {position})" if seat else ""


def _header(round_: Round, data: TableData, styles: Styles, filled: bool,
            width: float, code_url: str | None = None) -> Table:
    """Title and the facts of the table on the left; in the top-right corner the table code's
    QR with the table number beside it (``pdf.code_mark``), or, without a code, an empty cell
    CODE_BOX wide."""
    table = data.table
    competition = round_.evening.competition
    title = _("Score sheet: %(game)s") % {"game": site_game(table.game).name}
    mark = (table_code_mark(code_url, number=table.number, label=_("Table"),
                            fonts=styles.fonts) if code_url else None)
    corner = mark.width if mark is not None else CODE_BOX
    left = width - corner
    facts = _facts(styles, [
        (_("Club"), competition.club.name),
        (_("Competition"), competition.name),
        (_("Evening"), format_date(round_.evening.date)),
        (_("Round"), round_.number),
        (_("Table"), table.number),
        (_("First dealer"), _seat_name(data, table.first_dealer)),
        (_("Scorekeeper"), _seat_name(data, table.scorekeeper)),
        (_("Sheet"), _("filled in") if filled else _("blank, for play on paper")),
    ], left - 3 * mm)
    cell: list[Flowable] = [
        styles.p(title, styles.title),
        Spacer(1, 1.5 * mm), facts]
    # The row is as tall as what it holds (a long name or value wraps): the grid below starts
    # under the header's last row, never over it.
    needed = sum(f.wrap(left, HEADER_HEIGHT * 4)[1] for f in cell)
    header = Table([[cell, mark if mark is not None else ""]], colWidths=[left, corner],
                   rowHeights=[max(HEADER_HEIGHT, needed,
                                   mark.height if mark is not None else 0)])
    header.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                ("TOPPADDING", (0, 0), (-1, -1), 0),
                                ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    return header


def _facts(styles: Styles, pairs: Sequence[tuple[str, object]], width: float) -> Table:
    """The facts as two columns of label/value pairs; each label column as wide as its
    longest label, so that a label ("Competition", "Scorekeeper") never breaks in the word."""
    half = (len(pairs) + 1) // 2
    font = styles.cell_bold
    padding = 2 + 6 + 1  # the cell's left and right padding, and a point to spare
    labels = [max(stringWidth(str(label), font.fontName, font.fontSize)
                  for label, _value in group) + padding
              for group in (pairs[:half], pairs[half:])]
    value = (width - sum(labels)) / 2
    cells = [[styles.p(label, styles.cell_bold), styles.p(text)] for label, text in pairs]
    right = cells[half:] + [["", ""]] * (2 * half - len(cells))
    table = Table([a + b for a, b in zip(cells[:half], right, strict=True)],
                  colWidths=[labels[0], value, labels[1], value])
    table.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, -1), 0.25, LIGHT),
                               ("LEFTPADDING", (0, 0), (-1, -1), 2)]))
    table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, GRID),
                               ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5)]))
    return table


def _table_story(round_: Round, data: TableData, styles: Styles, filled: bool,
                 code_url: str | None = None) -> list[Flowable]:
    """One table's page: the header, then the game's grid with its rows as tall as one A4 page
    allows: laid out once with the least row height, the room left is shared out over the rows
    the renderer drew at that height (``Sheet.grown_rows``)."""
    table = data.table
    width, height = content_width(), content_height()
    document = table_document(table, data.seats, data.hands if filled else [])
    evaluation = evaluate(document)

    def story_at(row_height: float) -> tuple[list[Flowable], int]:
        """The page's story with rows of ``row_height``, and how many rows have that height."""
        sheet = Sheet(
            data=data, styles=styles, width=width, filled=filled, sides=sides_of(data.seats),
            options=evaluation["options"], evaluation=evaluation if filled else None,
            state=evaluation.get("state"), row_height=row_height,
        )
        story: list[Flowable] = [_header(round_, data, styles, filled, width, code_url),
                                 Spacer(1, 3 * mm)]
        story += site_game(table.game).sheet.render(sheet)
        if filled and evaluation["errors"]:
            story += [Spacer(1, 2 * mm), styles.p(
                record_text(table.game, _("Not counted from %(record)s %(n)s on: %(message)s"),
                            n=evaluation["errors"][0].get("hand") or 1,
                            message=issue_message(evaluation["errors"][0])), styles.small)]
        return story + [Spacer(1, 4 * mm), *_signatures(styles, width)], sheet.grown_rows

    least, growing = story_at(ROW_HEIGHT)
    room = height - SLACK - _height(least, width, height)
    if growing <= 0 or room <= 0:
        return least  # nothing grows, or the grid already takes more than a page
    return story_at(ROW_HEIGHT + room / growing)[0]


def _height(story: Sequence[Flowable], width: float, height: float) -> float:
    return float(sum(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter()
                     for f in story))


def _signatures(styles: Styles, width: float) -> list[Flowable]:
    """Two ruled boxes to sign in: the scorekeeper's and the checker's."""
    table = Table(
        [[styles.p(_("Scorekeeper's signature"), styles.cell_bold), "",
          styles.p(_("Checked by"), styles.cell_bold), ""]],
        colWidths=[width * 0.2, width * 0.3, width * 0.2, width * 0.3], rowHeights=[12 * mm],
    )
    table.setStyle(grid_style(0, [("BACKGROUND", (0, 0), (0, 0), LIGHT),
                                  ("BACKGROUND", (2, 0), (2, 0), LIGHT)]))
    return [table]


def _texts(round_: Round, tables: Sequence[TableData]) -> list[str]:
    evening = round_.evening
    texts = [evening.competition.club.name, evening.competition.name]
    for data in tables:
        texts += [s.participant.name for s in data.seats] + [s.side for s in data.seats]
    return texts


def round_sheets_pdf(round_: Round, tables: Sequence[TableData], *, filled: bool,
                     code_urls: Mapping[int, str] | None = None,
                     language: str | None = None, logo: bytes | None = None) -> bytes:
    """One PDF for the whole round: one page per table (blank or filled in).

    ``round_`` must come with ``evening__competition__club``; ``tables`` from
    ``selectors.sheets.round_tables``; ``code_urls``: table id → its table code's URL (the
    QR printed top right). Rendered in ``language`` (the one the reader chose on the site),
    else the club's.
    """
    club = round_.evening.competition.club
    with override(language or club.language):
        fonts: Fonts = fonts_for(_texts(round_, tables))
        styles = Styles(fonts)
        story: list[Flowable] = []
        for index, data in enumerate(tables):
            if index:
                story.append(PageBreak())
            story += _table_story(round_, data, styles, filled,
                                  (code_urls or {}).get(data.table.pk))
        if not tables:
            story.append(styles.p(_("This round has no tables yet.")))
        title = _("%(competition)s, %(date)s, round %(round)s") % {
            "competition": round_.evening.competition.name,
            "date": format_date(round_.evening.date), "round": round_.number,
        }
        return build_pdf(story, title=title, fonts=fonts, footer=f"{club.name} · {title}",
                         logo=logo)
