"""Run a benchmark against a throw-away test database (Django's test utilities)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def test_database() -> Iterator[None]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubmanager.settings")
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


def measure(function: Callable[[], Any]) -> tuple[Any, float, float]:
    """(result, seconds, peak MiB allocated in Python: tracemalloc).

    Runs ``function`` twice: once timed without tracing (tracemalloc slows Python down), once
    traced for the peak memory.
    """
    import time
    import tracemalloc

    start = time.perf_counter()
    result = function()
    seconds = time.perf_counter() - start
    tracemalloc.start()
    function()
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return result, seconds, peak / (1024 * 1024)
