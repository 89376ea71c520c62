"""Wrong table codes are rate-limited per code tried (issue 16; per address before #22).

A code has 128 random bits, so guessing one is hopeless anyway; the limit bounds what one wrong
code costs. Every request for a code URL whose code is unknown or renewed counts as a failure
of that code (stored as its SHA-256, never the code itself). From ``TABLE_CODE_FAILURE_LIMIT``
failures (default 20) within ``TABLE_CODE_COOLOFF`` (default 15 minutes) that code answers 429
instead of 404, and its failures are no longer written, until fewer than the limit of them are
younger than the cool-off.

A right code is never limited: it is looked up before the limit is asked (``views.table_codes``),
and a right code has no failures. So neither the phones of a club hall behind one NAT, nor every
club behind one reverse proxy, are locked out by someone scanning an old sheet or typing codes.

Kept in the database (``TableCodeFailure``), so every app server and every gunicorn worker
counts the same failures; rows older than the window are deleted whenever a failure is written.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from .models import TableCodeFailure


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
