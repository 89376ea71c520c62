"""The attendance list ("presentielijst") of an evening: everyone checked in, member or guest,
the fee and what was paid, and a column to sign."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import override
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
from tournaments.shared.money import format_cents as _format_cents


def attendance_pdf(evening: Evening, money: Any) -> bytes:
    """``money``: the evening's ``selectors.money.EveningMoney``."""
    competition = evening.competition
    club = competition.club
    with override(club.language):
        styles = Styles(fonts_for(["€", club.name, competition.name,
                                   *(p.name for p in money.people)]))
        width = content_width()

        def format_cents(cents: int) -> str:  # "EUR" where no installed font has "€"
            text = _format_cents(cents)
            return text if styles.fonts.unicode else text.replace("€", "EUR")

        title = _("Attendance list %(date)s") % {"date": format_date(evening.date)}
        story: list[Flowable] = [styles.p(title, styles.title),
                                 styles.p(f"{club.name} · {competition.name}", styles.subtitle),
                                 Spacer(1, 4 * mm)]
        rows: list[list[object]] = [[styles.p(h, styles.cell_bold) for h in (
            "#", _("Name"), _("Entry fee"), _("Paid"), _("Signature"))]]
        for number, person in enumerate(money.people, start=1):
            name = person.name + (f" ({_('guest')})" if person.is_guest else "")
            paid = format_cents(person.paid_cents) if person.paid_cents else ""
            if person.paid_method:
                paid += f" · {person.get_paid_method_display()}"
            rows.append([str(number), styles.p(name), styles.p(format_cents(person.fee_cents),
                                                               styles.cell_right),
                         styles.p(paid), ""])
        rows.append(["", styles.p(_("Total"), styles.cell_bold),
                     styles.p(format_cents(money.due), styles.cell_right),
                     styles.p(format_cents(money.received)), ""])
        grid = Grid(rows, colWidths=[10 * mm, width - 125 * mm, 28 * mm, 42 * mm, 45 * mm],
                    repeatRows=1)
        grid.setStyle(grid_style(1, [("TOPPADDING", (0, 1), (-1, -1), 7),
                                     ("BOTTOMPADDING", (0, 1), (-1, -1), 7),
                                     ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
        story += [grid, Spacer(1, 4 * mm), styles.p(
            _("Received %(received)s (cash %(cash)s, bank %(bank)s); still owed %(owed)s.") % {
                "received": format_cents(money.received), "cash": format_cents(money.cash),
                "bank": format_cents(money.bank), "owed": format_cents(money.owed)})]
        return build_pdf(story, title=f"{competition.name}: {title}", fonts=styles.fonts,
                         footer=f"{club.name} · {competition.name} · {title}")
