"""Score sheets: one A4 page per table, the whole round in one PDF.

Each game draws its own grid, like its paper sheet (``SiteGame.render_sheet`` in
``tournaments/games/``, with the helpers of ``grid.py``); this module puts the page around
it. The grid's size and labels (targets, cross limit, contracts,
combinations, number of games) come from the options the engine resolved for the table
(``evaluate(...)["options"]``); in the filled version every value printed is the hand as
entered or a value the engine derived (points, totals, competition points, state, places).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer, Table

from scoring import GAMES, evaluate

from ..games import site_game
from ..matches import sides_of, table_document
from ..messages import issue_message, record_text
from ..models import Round
from ..selectors.exports import TableData
from . import qr
from .grid import Sheet
from .layout import (
    Fonts,
    Styles,
    build_pdf,
    content_width,
    fonts_for,
    format_date,
    grid_style,
    info_table,
)


# -- the page around the grid ---------------------------------------------------------------
def _seat_name(data: TableData, position: int) -> str:
    seat = next((s for s in data.seats if s.position == position), None)
    return f"{seat.participant.name} ({_('seat')} {position})" if seat else ""


def _table_story(round_: Round, data: TableData, styles: Styles, filled: bool,
                 code_url: str | None = None) -> list[Flowable]:
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
    mark = (qr.table_code_mark(code_url, number=table.number, label=_("Table"),
                               fonts=styles.fonts)
            if code_url else None)
    head_width = width - mark.width if mark else width
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
        ], head_width),
        Spacer(1, 3 * mm),
    ]
    if mark:  # the table code's QR top right, the table number beside it
        story = [qr.beside(story[:3], mark, width), story[3]]
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
    story += site_game(table.game).render_sheet(sheet)
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


def round_sheets_pdf(round_: Round, tables: Sequence[TableData], *, filled: bool,
                     code_urls: Mapping[int, str] | None = None) -> bytes:
    """One PDF for the whole round: one page per table (blank or filled in).

    ``round_`` must come with ``evening__competition__club``; ``tables`` from
    ``selectors.exports.round_tables``; ``code_urls``: table id → its table code's URL (the
    QR printed top right). Rendered in the club's language.
    """
    club = round_.evening.competition.club
    with override(club.language):
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
        return build_pdf(story, title=title, fonts=fonts, footer=f"{club.name} · {title}")
