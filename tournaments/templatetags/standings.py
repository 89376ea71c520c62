"""Template helpers for the standings pages."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

register = template.Library()


@register.simple_tag
def standings_rows(standings: Any, own: Any = ()) -> SafeString:
    """The ``<tr>`` rows of the season table: rank, name, total, evenings, wins, best, average,
    then a cell per evening (an absentee score marked as such). The rows of the members in
    ``own`` (the viewer's own member ids) stand out, with "(you)" after the name.

    A season table has a cell per member per evening (3,200 for 80 members over 40 evenings).
    Built here in one pass: a template loop over them would cost more than computing the
    standings. Names and translated texts are escaped; everything else is an integer.
    """
    not_enough = escape(gettext("not enough evenings to qualify"))
    not_qualified = escape(gettext("not qualified"))
    absent_title = escape(gettext("Absent: score from the absentee rule"))
    you = escape(gettext("you"))
    absent_cells: dict[int, str] = {}
    out = []
    for row in standings.rows:
        mine = row.member_id in own
        name = f"{escape(row.name)} <small>({you})</small>" if mine else escape(row.name)
        if row.qualified:
            out.append('<tr class="own">' if mine else "<tr>")
            out.append(f"<td>{int(row.rank)}</td><td>{name}</td>")
        else:
            out.append('<tr class="unqualified own">' if mine else '<tr class="unqualified">')
            out.append(f'<td><span title="{not_enough}">–</span></td>'
                       f"<td>{name} <small>({not_qualified})</small></td>")
        best = "–" if row.best_evening is None else int(row.best_evening)
        out.append(f'<td class="num"><strong>{int(row.total)}</strong></td>'
                   f'<td class="num">{int(row.evenings_played)}</td>'
                   f'<td class="num">{int(row.wins)}</td><td class="num">{best}</td>'
                   f'<td class="num">{escape(row.average_display)}</td>')
        absent = row.absent_scores
        for evening_id, value in row.per_evening.items():
            if value is None:
                out.append('<td class="num"></td>')
            elif evening_id in absent:
                cell = absent_cells.get(value)
                if cell is None:
                    cell = absent_cells[value] = (
                        f'<td class="num absent" title="{absent_title}">{int(value)}</td>')
                out.append(cell)
            else:
                out.append(f'<td class="num">{int(value)}</td>')
        out.append("</tr>\n")
    return mark_safe("".join(out))  # noqa: S308 - escaped names and texts, integers
