"""Writes: the share link of an evening's results, and mailing them.

After the evening (it is closed) a club admin makes a share link: ``/uitslag/<code>/`` with 128
random bits, like the door code, so it works whether or not the club's public pages are on and
cannot be guessed. It shows that evening's results only, read-only, each name as a visitor who
is not logged in sees it. Renewing gives a new code (the old link stops working); revoking
empties it. Why and what it shows: docs/privacy.md ("Sharing an evening's results").

Mailing the results is an explicit step of the admin, recorded on the evening
(``results_mailed_at``), so a second press does not send twice unless the admin asks again on
purpose. The mail itself is sent after the answer (``clubmanager.core.mail.send_later``), one
message per member, each on its own: one address the mail server refuses stops no other. Each
member's outcome is a ``ResultsMail`` row (sent, refused, not sent), so the admin's page says
who got it and who did not, and "send again to those who did not" sends to just them.
"""

from __future__ import annotations

import smtplib

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from clubmanager.core.mail import send_later, smtp_code
from clubmanager.models import Member
from tournaments.codes.tokens import code_new
from tournaments.models import Evening, EveningStatus, MailStatus, ResultsMail
from tournaments.standings.selectors.sharing import results_mail_recipients, results_mail_unsent
from tournaments.standings.selectors.standings import evening_results


def _closed_evening(evening: Evening) -> Evening:
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    if evening.status != EveningStatus.CLOSED:
        raise ValidationError(_("Close the evening first: its results are shared afterwards."))
    return evening


@transaction.atomic
def evening_share_code_renew(*, evening: Evening, by: User | None) -> Evening:
    """A new share code for the closed ``evening`` (the previous link, if any, stops working);
    not kept in the history (a secret)."""
    evening = _closed_evening(evening)
    evening.share_code = code_new()
    evening.save(update_fields=["share_code"])
    return evening


@transaction.atomic
def evening_share_code_revoke(*, evening: Evening, by: User | None) -> Evening:
    """The share link of ``evening`` stops working (allowed whatever the evening's status)."""
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    evening.share_code = ""
    evening.save(update_fields=["share_code"])
    return evening


@transaction.atomic
def evening_results_mailed_mark(*, evening: Evening, by: User | None, again: bool = False) -> bool:
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
def evening_results_mail(*, evening: Evening, by: User | None, share_link: str = "",
                         again: bool = False, unsent: bool = False) -> int | None:
    """Mail the results of the closed ``evening`` to the members who asked for them, each a
    plain-text mail of their own in the club's language with full names (they are members)
    and the share link. The mails are read now and sent after the answer
    (``clubmanager.core.mail``),
    each outcome stored per member (:func:`results_mail_outcome_record`); a mail server that
    fails is never an error page. ``unsent``: only to those who did not get it yet (refused,
    failed, never sent). None when mailed before and neither ``again`` nor ``unsent``; else how
    many members the mail goes to."""
    if unsent:
        evening = _closed_evening(evening)
        members = results_mail_unsent(evening=evening)
    elif not evening_results_mailed_mark(evening=evening, by=by, again=again):
        return None
    else:
        members = results_mail_recipients(evening=evening)
    club = evening.competition.club
    rows = [(row.rank, row.name, row.total) for row in evening_results(evening).overall]
    to = [(member.name, member.email) for member in members]
    ids = _results_mails_pending(evening, members)
    context = {"club": club.name, "competition": evening.competition.name,
               "date": evening.date, "rows": rows, "share_link": share_link}

    def build() -> list[EmailMessage]:
        subject = _("Results of %(club)s, %(date)s") % {
            "club": club.name, "date": date_format(evening.date, "j F Y")}
        return [EmailMessage(subject, render_to_string(
            "tournaments/mail/results.txt", {**context, "name": name}), to=[email])
            for name, email in to]

    def report(index: int, error: BaseException | None) -> None:
        results_mail_outcome_record(results_mail_id=ids[index], error=error)

    if to:
        transaction.on_commit(lambda: send_later(build, language=club.language, report=report))
    return len(to)


def _results_mails_pending(evening: Evening, members: list[Member]) -> list[int]:
    """One row per member, marked as being sent; their ids in the order of ``members``."""
    found = {mail.member_id: mail for mail in ResultsMail.objects.filter(
        evening=evening, member__in=members)}
    ids = []
    for member in members:
        mail = found.get(member.pk) or ResultsMail(evening=evening, member=member)
        mail.status, mail.smtp_code, mail.attempts = MailStatus.PENDING, None, mail.attempts + 1
        mail.save()
        ids.append(mail.pk)
    return ids


def results_mail_outcome_record(*, results_mail_id: int, error: BaseException | None) -> None:
    """How one member's results mail went (called after its sending, in the mail's thread):
    sent, refused (the server refused the address, e.g. 550) or not sent (another failure)."""
    if error is None:
        status, code = MailStatus.SENT, None
    else:
        code = smtp_code(error)
        refused = isinstance(error, smtplib.SMTPRecipientsRefused)
        status = MailStatus.REFUSED if refused else MailStatus.FAILED
    ResultsMail.objects.filter(pk=results_mail_id).update(
        status=status, smtp_code=code, updated=timezone.now())
