"""PDFs of an evening's results and of the season standings.

The standings and the evening ranking come from ``selectors.standings`` (one computation for the
site, the PDFs and the workbook), handed in by the view as plain rows; the per-table lines are
the stored per-seat integers the engine derived. A dropped evening is struck through.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, override
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepTogether, Spacer
from reportlab.platypus import Table as Grid

from tournaments.games import site_game
from tournaments.models import Competition, Evening, Table
from tournaments.pdf.layout import (
    Styles,
    build_pdf,
    content_width,
    fonts_for,
    format_date,
    grid_style,
)
from tournaments.shared.season_rules import rules_sentences
from tournaments.standings.pdf.prizes import prize_flowables, prize_texts


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


def evening_results_pdf(evening: Evening, results: Any, prizes: Any = None,
                        logo: bytes | None = None) -> bytes:
    """The evening as its results page shows it (``evening_results``): the ranking, the prizes
    (``evening_prizes``, if the competition gives them), then every table's result by round,
    each table by place."""
    competition = evening.competition
    club = competition.club
    ranking = results.overall
    tables = [table for _round, round_tables in results.rounds for table in round_tables]
    with override(club.language):
        texts = [club.name, competition.name] + [s.participant.name for t in tables
                                                 for s in t.seats.all()]
        texts += [str(_value(r, "name") or "") for r in ranking] + prize_texts(prizes)
        styles = Styles(fonts_for(texts))
        width = content_width()
        title = _("Results %(date)s") % {"date": format_date(evening.date)}
        sub = f"{club.name} · {competition.name} · {site_game(competition.game).name}"
        story = _title(styles, title, sub)
        if ranking:
            story.append(styles.p(_("Evening ranking"), styles.heading))
            grid = _ranking_grid(styles, (_("Rank"), _("Name"), _("Member number"), _("Points")), [[
                styles.p(_value(row, "rank", "place"), styles.cell_center),
                styles.p(_value(row, "name")),
                styles.p(_value(row, "member_number") or "", styles.cell_center),
                styles.p(_number(_value(row, "total", "points", "competition_points")),
                         styles.cell_right),
            ] for row in ranking], width)
            story += [grid, Spacer(1, 5 * mm)]
        story += prize_flowables(styles, prizes, width)
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
                         footer=f"{club.name} · {competition.name} · {title}", logo=logo)


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
    """A member's score of one evening: struck through when it does not count, in italics
    when it is an absence score, with a * when they called off (the legend says so)."""
    value = _number(row.per_evening.get(evening_id))
    if not value:
        return styles.p("", styles.cell_center)
    kind = getattr(row, "absent_kind", {}).get(evening_id)
    if kind == "notified":
        value += "*"
    markup = ("strike " if evening_id in getattr(row, "dropped", ()) else "") + (
        "i" if kind else "")
    return styles.p(value, styles.cell_center, markup.strip())


def _period_cell(styles: Styles, period: dict[str, Any]) -> Flowable:
    return styles.p(period["total"], styles.cell_center, "" if period["counted"] else "strike")


def _fits(styles: Styles, text: str, least: float) -> float:
    """A column as wide as its header (a long header: its longest word), so that a header
    never breaks inside a word ("Gemidd elde")."""
    size, font = styles.head_cell.fontSize, styles.fonts.bold
    whole = stringWidth(text, font, size)
    if whole > 20 * mm:
        whole = max(stringWidth(w, font, size) for w in text.split())
    return max(least, whole + 8)


def _subtitle(competition: Competition, by_average: bool) -> str:
    lower = competition.better == "lower"
    if by_average:
        wins = _("lowest average wins") if lower else _("highest average wins")
    else:
        wins = _("lowest total wins") if lower else _("highest total wins")
    return f"{competition.club.name} · {site_game(competition.game).name} · {wins}"


def _name_cell(styles: Styles, row: Any) -> Flowable:
    if row.qualified:
        return styles.p(row.name)
    needed = ngettext("%(n)s more evening needed", "%(n)s more evenings needed",
                      row.needed) % {"n": row.needed} if row.needed else _("not qualified")
    return styles.p_lines([(row.name, True), (needed, False)], styles.cell)


def _standings_grid(styles: Styles, standings: Any, width: float) -> tuple[Grid, int]:
    """The table and how many of the latest evenings it has a column for (as many as fit
    beside the fixed columns, at most 16)."""
    rows, by_average = standings.rows, standings.by_average
    periods = len(standings.periods) if any(r.periods for r in rows) else 0
    figures = [_("Average"), _("Played"), _("Wins"), _("Total")] if by_average else [
        _("Total"), _("Played"), _("Wins"), _("Average")]
    fixed = [_("Rank"), _("Name"), _("Member number"), *figures]
    fixed += [_("Period %(n)s") % {"n": n} for n in range(1, periods + 1)]
    widths = [_fits(styles, h, 12 * mm) for h in fixed]
    widths[1] = 45 * mm  # the name's least
    room = width - sum(widths)
    count = min(16, len(standings.evenings), max(0, int(room // (11 * mm))))
    shown = list(standings.evenings)[-count:] if count else []
    col = min(18 * mm, room / count) if count else 0
    widths[1] += room - col * count
    header = [styles.p(h, styles.head_cell) for h in fixed] + [
        styles.p(e.date.strftime("%d-%m"), styles.head_cell) for e in shown]
    table_rows: list[list[Any]] = [header]
    extra: list[tuple[Any, ...]] = []
    for index, row in enumerate(rows, start=1):
        total, average = _number(row.total), row.average_display
        first, last = (average, total) if by_average else (total, average)
        table_rows.append([
            styles.p(row.rank, styles.cell_center), _name_cell(styles, row),
            styles.p(row.member_number or "", styles.cell_center),
            styles.p(first, styles.cell_bold), styles.p(row.evenings_played, styles.cell_center),
            styles.p(row.wins, styles.cell_center), styles.p(last, styles.cell_right),
        ] + [_period_cell(styles, p) for p in (row.periods or [])[:periods]]
          + [_evening_cell(styles, row, e.pk) for e in shown])
        if not row.qualified:
            extra.append(("TEXTCOLOR", (0, index), (-1, index), "#777777"))
    grid = Grid(table_rows, colWidths=widths + [col] * count, repeatRows=1)
    grid.setStyle(grid_style(1, extra))
    return grid, count


def _legend(styles: Styles, standings: Any, shown: int) -> list[Flowable]:
    rows, competition = standings.rows, standings.competition
    lines = [" ".join([_("Higher is better.") if standings.higher_is_better
                       else _("Lower is better."), *rules_sentences(
                           competition.rules,
                           site_game(competition.game).sweep_words(competition.options))])]
    if any(not r.qualified for r in rows):
        lines.append(_("Grey: not (yet) qualified, at least %(n)s evenings needed.")
                     % {"n": competition.rules.get("min_played", 0)})
    if any(r.dropped for r in rows) or any(
            not p["counted"] for r in rows for p in r.periods or ()):
        lines.append(_("Struck through: an evening that does not count."))
    if any(r.absent_scores for r in rows):
        lines.append(_("Italics: a score for an absence; * called off."))
    if len(standings.evenings) > shown:
        lines.append(_("The last %(n)s evenings are shown; the workbook has them all.")
                     % {"n": shown})
    story: list[Flowable] = []
    for line in lines:
        story += [Spacer(1, 1.5 * mm), styles.p(line, styles.small)]
    return story


def _ranking_grid(styles: Styles, heads: tuple[str, ...], rows: list[list[Any]],
                  width: float) -> Grid:
    """A ranking of four columns (rank, name, two figures) under a repeated head row: the
    evening's ranking and the points champion's."""
    grid = Grid([[styles.p(h, styles.head_cell) for h in heads], *rows],
                colWidths=[16 * mm, width - 76 * mm, 30 * mm, 30 * mm], repeatRows=1)
    grid.setStyle(grid_style(1))
    return grid


def _champion(styles: Styles, champion: Any, width: float) -> list[Flowable]:
    """The points champion's ranking (``selectors.standings.season_and_champion``)."""
    grid = _ranking_grid(styles, (_("Rank"), _("Name"), _("Total"), _("Evenings")), [
        [styles.p("–" if row.rank is None else str(row.rank), styles.cell_center),
         styles.p(row.name), styles.p(str(row.total), styles.cell_right),
         styles.p(str(row.evenings_played), styles.cell_right)] for row in champion.rows], width)
    return [Spacer(1, 5 * mm), styles.p(_("Points champion"), styles.heading),
            styles.p(_("The total over every evening played, also the evenings that do not "
                       "count for the standings above."), styles.small), Spacer(1, 1.5 * mm),
            grid]


def standings_pdf(standings: Any, champion: Any = None, logo: bytes | None = None) -> bytes:
    """The season standings in landscape, as the standings page shows them
    (``selectors.standings.season_standings``): the figure the ranking is by in bold, a column
    per period and per evening, what does not count struck through, absence scores marked and
    how many evenings a member still needs to qualify. With a points champion
    (``champion``), its ranking follows."""
    competition = standings.competition
    club = competition.club
    rows = standings.rows
    with override(club.language):
        styles = Styles(fonts_for([club.name, competition.name] + [r.name for r in rows]))
        width = content_width(landscape_pages=True)
        title = _("Standings %(competition)s") % {"competition": competition.name}
        story = _title(styles, title, _subtitle(competition, standings.by_average))
        if rows:
            grid, shown = _standings_grid(styles, standings, width)
            story.append(grid)
            story += _legend(styles, standings, shown)
            if champion is not None and champion.rows:
                story += _champion(styles, champion, content_width())
        else:
            story.append(styles.p(_("No results yet.")))
        return build_pdf(story, title=title, fonts=styles.fonts,
                         footer=f"{club.name} · {title}", landscape_pages=True, logo=logo)
