"""Wrong table codes are rate-limited per address (issue 16).

A code has 128 random bits, so guessing one is hopeless anyway; the limit keeps anyone from
trying at speed. Every request for a code URL whose code is unknown or renewed counts as a
failure for its address (``REMOTE_ADDR``: behind a proxy, the proxy's address). From
``TABLE_CODE_FAILURE_LIMIT`` failures (default 20) within ``TABLE_CODE_COOLOFF`` (default
15 minutes, counted from the first failure) every code URL answers that address 429 until
the window ends, right codes included, so a hit cannot be told from a miss.

Kept in the database (``TableCodeFailure``), so every app server and every gunicorn worker
counts the same failures; rows older than the window are deleted when the address fails again.
The window slides: the address is let through again once fewer than the limit of its failures
are younger than the cool-off. A club's phones usually share one address (the club's Wi-Fi):
the limit is set well above what a few players scanning an old, renewed sheet reach.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone

from .models import TableCodeFailure


def failure_limit() -> int:
    return int(getattr(settings, "TABLE_CODE_FAILURE_LIMIT", 20))


def cooloff() -> timedelta:
    value = getattr(settings, "TABLE_CODE_COOLOFF", timedelta(minutes=15))
    return value if isinstance(value, timedelta) else timedelta(seconds=int(value))


def _address(request: HttpRequest) -> str:
    return str(request.META.get("REMOTE_ADDR", ""))[:64]


def is_blocked(request: HttpRequest) -> bool:
    since = timezone.now() - cooloff()
    recent = TableCodeFailure.objects.filter(address=_address(request), at__gte=since)
    return recent[:failure_limit()].count() >= failure_limit()


def record_failure(request: HttpRequest) -> None:
    address = _address(request)
    TableCodeFailure.objects.filter(address=address, at__lt=timezone.now() - cooloff()).delete()
    TableCodeFailure.objects.create(address=address)
