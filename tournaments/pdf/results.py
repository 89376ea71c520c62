"""PDFs of an evening's results and of the season standings.

The standings and the evening ranking come from ``selectors.standings`` (one computation for the
site, the PDFs and the workbook), handed in by the view as plain rows; the per-table lines are
the stored per-seat integers the engine derived. A dropped evening is struck through.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import override
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer
from reportlab.platypus import Table as Grid

from scoring import GAMES

from ..models import Competition, Evening, Table
from .layout import Styles, build_pdf, content_width, fonts_for, format_date, grid_style


def _value(row: Any, *names: str) -> Any:
    for name in names:
        if isinstance(row, dict) and name in row:
            return row[name]
        if hasattr(row, name):
            return getattr(row, name)
    return None


def _number(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, Fraction):
        value = float(value)
    if isinstance(value, float):
        return f"{value:.1f}".replace(".", ",") if _comma() else f"{value:.1f}"
    return str(value)


def _comma() -> bool:
    from django.utils.translation import get_language

    return (get_language() or "nl").startswith("nl")


def _title(styles: Styles, text: str, sub: str) -> list[Flowable]:
    return [styles.p(text, styles.title), styles.p(sub, styles.subtitle), Spacer(1, 4 * mm)]


def evening_results_pdf(evening: Evening, results: Any) -> bytes:
    """The evening as its results page shows it (``evening_results``): the ranking, then every
    table's result by round, each table by place."""
    competition = evening.competition
    club = competition.club
    ranking = results.overall
    tables = [table for _round, round_tables in results.rounds for table in round_tables]
    with override(club.language):
        texts = [club.name, competition.name] + [s.participant.name for t in tables
                                                 for s in t.seats.all()]
        texts += [str(_value(r, "name") or "") for r in ranking]
        styles = Styles(fonts_for(texts))
        width = content_width()
        title = _("Results %(date)s") % {"date": format_date(evening.date)}
        sub = f"{club.name} · {competition.name} · {GAMES[competition.game].name}"
        story = _title(styles, title, sub)
        if ranking:
            story.append(styles.p(_("Evening ranking"), styles.heading))
            rows: list[list[Any]] = [[styles.p(h, styles.head_cell) for h in (
                _("Rank"), _("Name"), _("Member number"), _("Points"))]]
            for row in ranking:
                rows.append([
                    styles.p(_value(row, "rank", "place"), styles.cell_center),
                    styles.p(_value(row, "name")),
                    styles.p(_value(row, "member_number") or "", styles.cell_center),
                    styles.p(_number(_value(row, "total", "points", "competition_points")),
                             styles.cell_right),
                ])
            grid = Grid(rows, colWidths=[16 * mm, width - 76 * mm, 30 * mm, 30 * mm],
                        repeatRows=1)
            grid.setStyle(grid_style(1))
            story += [grid, Spacer(1, 5 * mm)]
        current_round = None
        for table in tables:
            round_number = table.round.number
            if round_number != current_round:
                current_round = round_number
                story.append(styles.p(_("Round %(number)s") % {"number": round_number},
                                      styles.heading))
            story.append(KeepTogether(_table_block(styles, table, width)))
        if not tables:
            story.append(styles.p(_("No tables have been played this evening.")))
        return build_pdf(story, title=f"{competition.name}: {title}", fonts=styles.fonts,
                         footer=f"{club.name} · {competition.name} · {title}")


def _table_block(styles: Styles, table: Table, width: float) -> list[Flowable]:
    if table.confirmed_at:
        status = _("confirmed")
    elif table.finished:
        status = _("finished")
    elif table.hand_count:
        status = _("in progress")
    else:
        status = _("not started")
    heading = _("Table %(number)s (%(status)s)") % {"number": table.number, "status": status}
    rows: list[list[Any]] = [[styles.p(h, styles.head_cell) for h in (
        heading, _("Side"), _("Points"), _("Competition points"), _("Place"))]]
    for seat in table.seats.all():
        rows.append([
            styles.p(seat.participant.name), styles.p(seat.side, styles.small),
            styles.p(seat.points, styles.cell_right),
            styles.p(seat.competition_points, styles.cell_right),
            styles.p(seat.place or "", styles.cell_center),
        ])
    grid = Grid(rows, colWidths=[width * 0.3, width * 0.3, width * 0.13, width * 0.17,
                                  width * 0.1])
    grid.setStyle(grid_style(1))
    return [grid, Spacer(1, 3 * mm)]


def _evening_cell(styles: Styles, row: Any, evening_id: int) -> Flowable:
    value = _number(row.per_evening.get(evening_id))
    dropped = evening_id in getattr(row, "dropped", ())
    return styles.p(value, styles.cell_center, "strike" if dropped and value else "")


def standings_pdf(competition: Competition, rows: Sequence[Any],
                  evenings: Sequence[Evening]) -> bytes:
    """The season standings in landscape: totals, qualification and a column per evening."""
    club = competition.club
    with override(club.language):
        styles = Styles(fonts_for([club.name, competition.name] + [r.name for r in rows]))
        width = content_width(landscape_pages=True)
        title = _("Standings %(competition)s") % {"competition": competition.name}
        sub = f"{club.name} · {GAMES[competition.game].name} · " + (
            _("lowest total wins") if competition.better == "lower" else _("highest total wins"))
        story = _title(styles, title, sub)
        shown = list(evenings)[-16:]  # the most recent evenings fit on the page
        fixed = [_("Rank"), _("Name"), _("Member number"), _("Total"), _("Played"),
                 _("Wins"), _("Average")]
        header = [styles.p(h, styles.head_cell) for h in fixed] + [
            styles.p(e.date.strftime("%d-%m"), styles.head_cell) for e in shown]
        table_rows: list[list[Any]] = [header]
        extra: list[tuple[Any, ...]] = []
        for index, row in enumerate(rows, start=1):
            table_rows.append([
                styles.p(row.rank, styles.cell_center), styles.p(row.name),
                styles.p(row.member_number or "", styles.cell_center),
                styles.p(_number(row.total), styles.cell_bold),
                styles.p(row.evenings_played, styles.cell_center),
                styles.p(row.wins, styles.cell_center),
                styles.p(getattr(row, "average_display", None) or _number(row.average),
                         styles.cell_right),
            ] + [_evening_cell(styles, row, e.pk) for e in shown])
            if not row.qualified:
                extra.append(("TEXTCOLOR", (0, index), (-1, index), "#777777"))
        fixed_widths = [12 * mm, 55 * mm, 22 * mm, 16 * mm, 14 * mm, 14 * mm, 16 * mm]
        rest = width - sum(fixed_widths)
        col = min(18 * mm, rest / len(shown)) if shown else 0
        grid = Grid(table_rows, colWidths=fixed_widths + [col] * len(shown), repeatRows=1)
        grid.setStyle(grid_style(1, extra))
        story.append(grid)
        if any(not r.qualified for r in rows):
            story += [Spacer(1, 2 * mm), styles.p(
                _("Grey: not (yet) qualified, at least %(n)s evenings needed.")
                % {"n": competition.rules.get("min_played", 0)}, styles.small)]
        if any(getattr(r, "dropped", None) for r in rows):
            story += [Spacer(1, 1 * mm), styles.p(
                _("Struck through: an evening that does not count."), styles.small)]
        if len(evenings) > len(shown):
            story += [Spacer(1, 1 * mm), styles.p(
                _("The last %(n)s evenings are shown; the workbook has them all.")
                % {"n": len(shown)}, styles.small)]
        if not rows:
            story.append(styles.p(_("No results yet.")))
        return build_pdf(story, title=title, fonts=styles.fonts,
                         footer=f"{club.name} · {title}", landscape_pages=True)
