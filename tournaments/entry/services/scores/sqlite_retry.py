"""The SQLite retry: a workaround for the test database, not part of the design.

PostgreSQL (production) makes a second writer wait on the table's row lock; a SQLite file
database configured as in the settings (``transaction_mode: IMMEDIATE`` with a ``timeout``)
makes it wait at ``BEGIN IMMEDIATE``. Neither ever raises "database is locked" to a save. The
in-memory shared-cache database the tests run on does not wait at all: a save that meets
another's open write transaction fails at once with "database table is locked". This decorator
tries such a save again for a few seconds, so the concurrency tests
(tests/tournaments/entry/test_concurrency.py) see on SQLite what PostgreSQL does: the later save
finds the other's version and gets ``TableChanged``. Remove it when the tests stop running on
in-memory SQLite. The write path it wraps: docs/architecture.md ("One write path for every
save").
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django.db import OperationalError, connection

T = TypeVar("T")


def retry_when_locked(func: Callable[..., T]) -> Callable[..., T]:
    """Outside an enclosing transaction, on SQLite only, try ``func`` again for a few seconds
    while it fails with "locked" (module docstring); any other error is raised at once."""

    @wraps(func)
    def wrapper(**kwargs: Any) -> T:
        attempts = 60
        for attempt in range(attempts):
            try:
                return func(**kwargs)
            except OperationalError as exc:
                retry = (
                    connection.vendor == "sqlite"
                    and "locked" in str(exc)
                    and not connection.in_atomic_block
                    and attempt < attempts - 1
                )
                if not retry:
                    raise
                time.sleep(0.05 + 0.01 * attempt)
        raise AssertionError("unreachable")  # pragma: no cover

    return wrapper
