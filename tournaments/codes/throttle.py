"""Wrong codes (table codes, door codes, share links) are rate-limited per code tried, never
per address.

A code has 128 random bits, so the limit only bounds what one wrong code costs, and a right code
is never limited; counting per address would lock out a club hall behind one NAT. The failures
are rows in the database (the code's SHA-256, never the code), so every worker and app server
counts the same ones. Asked only by the one lookup (``lookup.code_lookup``). The limit, the
cool-off and the answers: docs/security.md ("Table codes and shared phones").
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from tournaments.models import TableCodeFailure


def failure_limit() -> int:
    return int(getattr(settings, "TABLE_CODE_FAILURE_LIMIT", 20))


def cooloff() -> timedelta:
    value = getattr(settings, "TABLE_CODE_COOLOFF", timedelta(minutes=15))
    return value if isinstance(value, timedelta) else timedelta(seconds=int(value))


def code_hash(code: str) -> str:
    """What is stored of a code tried: its SHA-256 (64 hex characters)."""
    return hashlib.sha256(code.encode("utf-8", "surrogatepass")).hexdigest()


def is_blocked(code: str) -> bool:
    """Has the wrong ``code`` failed the limit's number of times within the cool-off?"""
    since = timezone.now() - cooloff()
    recent = TableCodeFailure.objects.filter(code_hash=code_hash(code), at__gte=since)
    return recent[:failure_limit()].count() >= failure_limit()


def record_failure(code: str) -> None:
    """One more failure of the wrong ``code``; failures past the window go."""
    TableCodeFailure.objects.filter(at__lt=timezone.now() - cooloff()).delete()
    TableCodeFailure.objects.create(code_hash=code_hash(code))
