"""Wrong table codes are rate-limited per address (issue 16).

A code has 128 random bits, so guessing one is hopeless anyway; the limit keeps anyone from
trying at speed. Every request for a code URL whose code is unknown or renewed counts as a
failure for its address (``REMOTE_ADDR``: behind a proxy, the proxy's address). From
``TABLE_CODE_FAILURE_LIMIT`` failures (default 20) within ``TABLE_CODE_COOLOFF`` (default
15 minutes, counted from the first failure) every code URL answers that address 429 until
the window ends, right codes included, so a hit cannot be told from a miss.

Kept in Django's cache (no table of its own): with the default local-memory cache each server
process counts on its own, so ``make run``'s two gunicorn workers allow up to twice the limit.
A club's phones usually share one address (the club's Wi-Fi): the limit is set well above what
a few players scanning an old, renewed sheet reach.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

PREFIX = "table-code-failures:"


def failure_limit() -> int:
    return int(getattr(settings, "TABLE_CODE_FAILURE_LIMIT", 20))


def cooloff_seconds() -> int:
    cooloff = getattr(settings, "TABLE_CODE_COOLOFF", timedelta(minutes=15))
    return int(cooloff.total_seconds())


def _key(request: HttpRequest) -> str:
    return PREFIX + str(request.META.get("REMOTE_ADDR", ""))


def is_blocked(request: HttpRequest) -> bool:
    return int(cache.get(_key(request), 0)) >= failure_limit()


def record_failure(request: HttpRequest) -> None:
    key = _key(request)
    cache.add(key, 0, cooloff_seconds())  # the window starts at the first failure
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, cooloff_seconds())
