"""Reads: the evening a share code opens, and who gets its results by e-mail (issue 26, item 5).

The writes and the why: ``tournaments/services/sharing.py``.
"""

from __future__ import annotations

from clubmanager.models import Member

from ..models import Evening

#: A share code is ``secrets.token_urlsafe(16)``: 22 characters. Longer input is not looked up.
SHARE_CODE_MAX = 64


def shared_evening(code: str) -> Evening | None:
    """The evening whose share code is ``code``, with its competition and club (one query);
    None for an empty, too long, wrong or revoked code."""
    if not code or len(code) > SHARE_CODE_MAX:
        return None
    return (Evening.objects.select_related("competition__club")
            .filter(share_code=code).exclude(share_code="").first())


def results_mail_recipients(*, evening: Evening) -> list[Member]:
    """The club's active members who asked for the results by e-mail and have an address
    (one query)."""
    return list(Member.objects.filter(
        club_id=evening.competition.club_id, is_active=True, removed_at__isnull=True,
        results_by_mail=True).exclude(email="").order_by("name"))
