"""A member's own data as a readable PDF ("Mijn gegevens"): the same data as the JSON
download (``selectors.member_data``), in the club's language."""

from __future__ import annotations

import datetime
import re
from typing import Any

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, override
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer
from reportlab.platypus import Table as Grid

from clubmanager.models import PublicName, Role
from tournaments.pdf.layout import Styles, build_pdf, content_width, fonts_for, grid_style

ISO = re.compile(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2})?")

#: The words of the data (``selectors.member_data``) as the PDF shows them.
WHAT = {"member": gettext_lazy("member"), "call-off": gettext_lazy("call-off")}
PUBLIC = dict(PublicName.choices)
CHANGES = {"created": gettext_lazy("created"), "changed": gettext_lazy("changed"),
           "deleted": gettext_lazy("deleted")}


def _texts(data: Any) -> list[str]:
    if isinstance(data, dict):
        return [t for v in data.values() for t in _texts(v)]
    if isinstance(data, list):
        return [t for v in data for t in _texts(v)]
    return [str(data)]


def _show(value: Any) -> str:
    """A value of the data in words: dates and times as the club reads them."""
    if value is None or value == "":
        return "-"
    if isinstance(value, str) and ISO.fullmatch(value):
        parsed = datetime.datetime.fromisoformat(value)
        return date_format(parsed, "DATETIME_FORMAT" if "T" in value else "DATE_FORMAT")
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    return str(value)


def _stored(entry: dict[str, Any], named: dict[str, str]) -> str:
    """What a history entry kept, as "label: value; …"."""
    parts = []
    for key, value in entry.items():
        if key in ("when", "what", "change", "by"):
            continue
        shown = PUBLIC.get(value, value) if key == "name_on_public_pages" else value
        parts.append(f"{named.get(key, key)}: {_show(shown)}")
    return "; ".join(parts)


def _grid(styles: Styles, header: list[str], rows: list[list[Any]],
          widths: list[float]) -> Grid:
    cells = [[styles.p(h, styles.head_cell) for h in header]]
    cells += [[styles.p(_show(v)) for v in row] for row in rows]
    grid = Grid(cells, colWidths=widths, repeatRows=1)
    grid.setStyle(grid_style(1))
    return grid


def member_data_pdf(data: dict[str, Any], *, language: str) -> bytes:
    with override(language):
        styles = Styles(fonts_for(_texts(data)))
        width = content_width()
        profile = data["profile"]
        title = _("Data of %(name)s") % {"name": profile["name"]}
        story: list[Flowable] = [
            styles.p(title, styles.title),
            styles.p(_("%(club)s · everything the club's scores site keeps about you")
                     % {"club": profile["club"]}, styles.subtitle),
            Spacer(1, 4 * mm), styles.p(_("Profile"), styles.heading)]
        labels = [("name", _("Name")), ("member_number", _("Member number")),
                  ("email", _("E-mail")), ("phone", _("Phone")), ("notes", _("Notes")),
                  ("active", _("Active")), ("name_on_public_pages", _("Name on public pages")),
                  ("results_by_mail", _("Results by e-mail")),
                  ("login", _("Login")), ("role", _("Role")),
                  ("member_since", _("Member since")), ("last_changed", _("Last changed"))]
        shown = profile | {
            "name_on_public_pages": PublicName(profile["name_on_public_pages"]).label
            if profile["name_on_public_pages"] else None,
            "role": Role(profile["role"]).label if profile["role"] else None}
        story.append(_grid(styles, [_("What"), _("Stored")],
                           [[label, shown[key]] for key, label in labels],
                           [width * 0.3, width * 0.7]))
        story += [Spacer(1, 4 * mm), styles.p(_("Results"), styles.heading)]
        if data["results"]:
            story.append(_grid(
                styles, [_("Date"), _("Competition"), _("Round"), _("Table"), _("Hands"),
                         _("Points"), _("Competition points"), _("Place")],
                [[r["date"], r["competition"], r["round"], r["table"], r["hands"], r["points"],
                  r["competition_points"], r["place"]] for r in data["results"]],
                [width * f for f in (0.16, 0.22, 0.07, 0.07, 0.08, 0.11, 0.19, 0.10)]))
        else:
            story.append(styles.p(_("No results.")))
        story += [Spacer(1, 4 * mm), styles.p(_("Standings"), styles.heading)]
        if data["standings"]:
            story.append(_grid(
                styles, [_("Competition"), _("Rank"), _("Total"), _("Played"), _("Wins"),
                         _("Average")],
                [[s["competition"], f"{_show(s['rank'])} / {s['of']}", s["total"],
                  s["evenings_played"], s["wins"], s["average"]] for s in data["standings"]],
                [width * f for f in (0.35, 0.13, 0.13, 0.13, 0.13, 0.13)]))
        else:
            story.append(styles.p(_("Not in any standings.")))
        named = dict(labels) | {"competition": _("Competition"), "evening": _("Evening")}
        story += [Spacer(1, 4 * mm), styles.p(_("History"), styles.heading)]
        story.append(_grid(
            styles, [_("When"), _("What"), _("Change"), _("By"), _("Stored then")],
            [[h["when"], WHAT.get(h["what"], h["what"]), CHANGES.get(h["change"], h["change"]),
              h["by"],
              _stored(h, named)]
             for h in data["history"]],
            [width * f for f in (0.2, 0.1, 0.1, 0.14, 0.46)]))
        return build_pdf(story, title=title, fonts=styles.fonts, footer=profile["club"])
