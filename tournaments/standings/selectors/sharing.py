"""Reads: the evening a share code opens, and who gets its results by e-mail.

The writes and the why: ``tournaments/standings/services/sharing.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.db.models import Q
from django.utils import timezone

from clubmanager.models import Member
from tournaments.models import Evening, MailStatus, ResultsMail

#: A mail still "being sent" after this long is taken as not sent (its worker stopped, say):
#: it may be sent again.
PENDING_TOO_LONG = timedelta(minutes=10)

def shared_evening(code: str) -> Evening | None:
    """The evening whose share code is ``code``, with its competition and club (one query);
    None for an empty, wrong or revoked code. Looked up through
    ``tournaments.codes.lookup.code_lookup``, which checks the code's form first."""
    return (Evening.objects.select_related("competition__club")
            .filter(share_code=code).exclude(share_code="").first())


def results_mail_recipients(*, evening: Evening) -> list[Member]:
    """The club's active members who asked for the results by e-mail and have an address
    (one query)."""
    return list(Member.objects.filter(
        club_id=evening.competition.club_id, is_active=True, removed_at__isnull=True,
        results_by_mail=True).exclude(email="").order_by("name"))


def results_mail_unsent(*, evening: Evening) -> list[Member]:
    """The recipients now (:func:`results_mail_recipients`) who did not get the results mail:
    refused, not sent, never sent, or "being sent" for too long. Two queries."""
    since = timezone.now() - PENDING_TOO_LONG
    done = set(ResultsMail.objects.filter(evening=evening).filter(
        Q(status=MailStatus.SENT) | Q(status=MailStatus.PENDING, updated__gte=since))
        .values_list("member_id", flat=True))
    return [member for member in results_mail_recipients(evening=evening)
            if member.pk not in done]


@dataclass(frozen=True)
class MailOutcome:
    """How the results mail of an evening went, for the club admin's page."""

    sent: int
    total: int
    pending: int
    failed: list[ResultsMail]
    unsent: int  # how many "send again to those who did not get it" would mail now


def results_mail_outcome(*, evening: Evening) -> MailOutcome | None:
    """Who got the results mail and who did not (None before it was first sent). Three
    queries."""
    mails = list(ResultsMail.objects.filter(evening=evening).select_related("member"))
    if not mails:
        return None
    since = timezone.now() - PENDING_TOO_LONG
    for mail in mails:
        if mail.status == MailStatus.PENDING and mail.updated < since:
            mail.status = MailStatus.FAILED  # shown as not sent (not saved: a read)
    failed = [mail for mail in mails if mail.status in (MailStatus.REFUSED, MailStatus.FAILED)]
    return MailOutcome(
        sent=sum(1 for mail in mails if mail.status == MailStatus.SENT), total=len(mails),
        pending=sum(1 for mail in mails if mail.status == MailStatus.PENDING),
        failed=failed, unsent=len(results_mail_unsent(evening=evening)))
