"""Template helpers for the standings pages."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from tournaments.competitions.selectors import competition_rules_sentences

register = template.Library()


@register.simple_tag
def rules_lines(competition: Any) -> list[str]:
    """The competition's reglement in words (``competition_rules_sentences``)."""
    return competition_rules_sentences(competition=competition)


def _needed(row: Any) -> str:
    if row.needed:
        return escape(ngettext("%(n)s more evening needed", "%(n)s more evenings needed",
                               row.needed) % {"n": row.needed})
    return escape(gettext("not qualified"))


class _Cells:
    """The evening cells, built once per kind and value (a season has thousands)."""

    def __init__(self) -> None:
        self.dropped = escape(gettext("does not count"))
        self.kinds = {"notified": escape(gettext("called off")),
                      "unnotified": escape(gettext("absent"))}
        self.title = escape(gettext("Absent: score from the absentee rule"))
        self.cache: dict[tuple[str, int], str] = {}

    def cell(self, row: Any, evening_id: int, value: int | None) -> str:
        if value is None:
            return '<td class="num"></td>'
        kind = row.absent_kind.get(evening_id, "") if evening_id in row.absent_scores else ""
        key = (kind + ("-" if evening_id in row.dropped else ""), value)
        cached = self.cache.get(key)
        if cached is None:
            text = str(int(value))
            if kind:
                text = f'{text}<span class="visually-hidden"> ({self.kinds[kind]})</span>'
            if evening_id in row.dropped:
                text = f'<s>{text}</s><span class="visually-hidden"> {self.dropped}</span>'
            classes = "num" + (" absent" if kind else "") + (
                " dropped" if evening_id in row.dropped else "")
            title = f' title="{self.title}: {self.kinds[kind]}"' if kind else ""
            cached = self.cache[key] = f'<td class="{classes}"{title}>{text}</td>'
        return cached


@register.simple_tag
def standings_rows(standings: Any, own: Any = ()) -> SafeString:
    """The ``<tr>`` rows of the season table: rank, name, total, evenings, wins, best, average
    (average first and total last when the season is ranked by average),
    then a cell per period (with periods), then a cell per evening: an absence score marked as
    such (called off or not), a score that does not count struck through, with words for
    screen readers. The rows of the members in ``own`` (the viewer's own member ids) stand out,
    with "(you)" after the name.

    A season table has a cell per member per evening (3,200 for 80 members over 40 evenings).
    Built here in one pass: a template loop over them would cost more than computing the
    standings. Names and translated texts are escaped; everything else is an integer.
    """
    not_enough = escape(gettext("not enough evenings to qualify"))
    you = escape(gettext("you"))
    cells = _Cells()
    out = []
    for row in standings.rows:
        mine = row.member_id in own
        name = f"{escape(row.name)} <small>({you})</small>" if mine else escape(row.name)
        if row.qualified:
            out.append('<tr class="own">' if mine else "<tr>")
            rank = "–" if row.rank is None else int(row.rank)
            out.append(f"<td>{rank}</td><td>{name}</td>")
        else:
            out.append('<tr class="unqualified own">' if mine else '<tr class="unqualified">')
            out.append(f'<td><span title="{not_enough}">–</span></td>'
                       f"<td>{name} <small>({_needed(row)})</small></td>")
        best = "–" if row.best_evening is None else int(row.best_evening)
        first, last = str(int(row.total)), escape(row.average_display)
        if standings.by_average:  # the figure the ranking is by comes first, in bold
            first, last = last, first
        out.append(f'<td class="num"><strong>{first}</strong></td>'
                   f'<td class="num">{int(row.evenings_played)}</td>'
                   f'<td class="num">{int(row.wins)}</td><td class="num">{best}</td>'
                   f'<td class="num">{last}</td>')
        for period in row.periods or ():
            total = int(period["total"])
            out.append(f'<td class="num period">{total}</td>' if period["counted"] else
                       f'<td class="num period dropped"><s>{total}</s>'
                       f'<span class="visually-hidden"> {cells.dropped}</span></td>')
        for evening_id, value in row.per_evening.items():
            out.append(cells.cell(row, evening_id, value))
        out.append("</tr>\n")
    return mark_safe("".join(out))  # noqa: S308 - escaped names and texts, integers


@register.simple_tag
def evening_cells(row: Any, evenings: Any) -> SafeString:
    """The ``<td>`` cells of ``row`` for ``evenings`` only (the TV's last few): a score that does
    not count struck through, an absence score marked, as on the standings page."""
    cells = _Cells()
    return mark_safe("".join(  # noqa: S308 - integers and escaped texts (``_Cells``)
        cells.cell(row, evening.pk, row.per_evening.get(evening.pk)) for evening in evenings))
