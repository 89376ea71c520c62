"""Writes: the share link of an evening's results, and mailing them (issue 26, item 5).

After the evening (it is closed) a club admin makes a share link: ``/uitslag/<code>/`` with 128
random bits, like the door code, so it works whether or not the club's public pages are on and
cannot be guessed. It shows that evening's results only, read-only, each name as a visitor who
is not logged in sees it. Renewing gives a new code (the old link stops working); revoking
empties it. Why and what it shows: docs/privacy.md ("Sharing an evening's results").

Mailing the results is an explicit step of the admin, recorded on the evening
(``results_mailed_at``), so a second press does not send twice unless the admin asks again on
purpose. The mail itself is sent after the answer (``clubmanager.mail.send_later``).
"""

from __future__ import annotations

import secrets
from typing import Any

from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from clubmanager.mail import send_later

from ..models import Evening, EveningStatus
from ..selectors.sharing import results_mail_recipients
from ..selectors.standings import evening_results


def _closed_evening(evening: Evening) -> Evening:
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    if evening.status != EveningStatus.CLOSED:
        raise ValidationError(_("Close the evening first: its results are shared afterwards."))
    return evening


@transaction.atomic
def evening_share_code_renew(*, evening: Evening, by: Any) -> Evening:
    """A new share code for the closed ``evening`` (the previous link, if any, stops working);
    not kept in the history (a secret)."""
    evening = _closed_evening(evening)
    evening.share_code = secrets.token_urlsafe(16)
    evening.save(update_fields=["share_code"])
    return evening


@transaction.atomic
def evening_share_code_revoke(*, evening: Evening, by: Any) -> Evening:
    """The share link of ``evening`` stops working (allowed whatever the evening's status)."""
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    evening.share_code = ""
    evening.save(update_fields=["share_code"])
    return evening


@transaction.atomic
def evening_results_mailed_mark(*, evening: Evening, by: Any, again: bool = False) -> bool:
    """Record that the results of the closed ``evening`` are mailed now. False (and nothing
    changed) when they were mailed before and ``again`` is not asked: once per evening."""
    evening = _closed_evening(evening)
    if evening.results_mailed_at is not None and not again:
        return False
    evening.results_mailed_at = timezone.now()
    evening._history_user = by
    evening.save(update_fields=["results_mailed_at"])
    return True


@transaction.atomic
def evening_results_mail(*, evening: Evening, by: Any, share_link: str = "",
                         again: bool = False) -> int | None:
    """Mail the results of the closed ``evening`` to the members who asked for them, each a
    plain-text mail in the club's language with full names (they are members) and the share
    link. The mails are read now and sent after the answer (``clubmanager.mail``); a mail
    server that fails is logged there, never an error page. None when mailed before and not
    ``again``; else how many members the mail goes to."""
    if not evening_results_mailed_mark(evening=evening, by=by, again=again):
        return None
    club = evening.competition.club
    rows = [(row.rank, row.name, row.total) for row in evening_results(evening).overall]
    to = [(member.name, member.email) for member in results_mail_recipients(evening=evening)]
    context = {"club": club.name, "competition": evening.competition.name,
               "date": evening.date, "rows": rows, "share_link": share_link}

    def build() -> list[EmailMessage]:
        subject = _("Results of %(club)s, %(date)s") % {
            "club": club.name, "date": date_format(evening.date, "j F Y")}
        return [EmailMessage(subject, render_to_string(
            "tournaments/mail/results.txt", {**context, "name": name}), to=[email])
            for name, email in to]

    if to:
        transaction.on_commit(lambda: send_later(build, language=club.language))
    return len(to)
