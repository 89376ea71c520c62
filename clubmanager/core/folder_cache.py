"""Django's file-based cache, its folder counted every :data:`CULL_EVERY` writes, not every one.

``FileBasedCache`` lists its whole folder before each write, to cull it when it holds more than
``MAX_ENTRIES`` files. The live cache (``live_cache``) holds the sessions and what the polls
read, and writes on every save: with 10,000 entries the listing took 6 ms a write on the
development machine, one of the costs that held the live load test (300 club evenings, ``make
load``) to 50 polls a second (docs/benchmarks.md, "Live pages"). Counting every :data:`CULL_EVERY`
writes of a process lets the folder pass ``MAX_ENTRIES`` by at most that many per process
before it is culled as Django culls it. Everything else is Django's.
"""

from __future__ import annotations

import itertools

from django.core.cache.backends.filebased import FileBasedCache

CULL_EVERY = 200


class FolderCache(FileBasedCache):
    """``FileBasedCache`` that counts its folder every :data:`CULL_EVERY` writes."""

    def __init__(self, dir: str, params: dict[str, object]) -> None:  # noqa: A002 (Django's name)
        super().__init__(dir, params)
        self._writes = itertools.count()

    def _cull(self) -> None:
        if next(self._writes) % CULL_EVERY == 0:
            super()._cull()  # type: ignore[misc]  # not in the stubs: a private method
