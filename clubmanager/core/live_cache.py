"""What an unchanged poll reads, kept in Django's cache until a write moves it: no query.

A poll of the TV, the standings or a live evening page needs a few small reads before it can
answer 304: the club (by its short name), the viewer's role in it, and the competition's or
the evening's change stamp (``tournaments/models/stamps.py``). :func:`cached` keeps such a read
in the cache alias :data:`ALIAS`, under the *generations* of what it depends on: names such as
``club:3``, ``competition:5``, ``evening:9``, ``role:<user>:<club>`` and ``clubs``. Each
generation is a random token in the cache; :func:`moved` replaces it once the writing
transaction has committed (``transaction.on_commit``), so a rolled-back write never shows and a
committed one is seen by the next poll.

Why generations, not the value itself: a reader first takes the generations, then reads the
database. A value kept under a generation was read after that generation was made, so after
every write whose commit made an earlier one: it is never older than the writes it could have
seen. A reader that raced a write keeps its value under a generation no one asks for again;
two writes that commit close together cannot leave the older value behind, whichever of
their callbacks runs last. A generation missing (the cache cleared, full or new) is made anew,
and the next read goes to the database.

Inside a transaction (a write, a test wrapped in one) the database is read and nothing is
kept: a transaction sees its own writes before they commit, and may yet roll back.

The alias must be one cache for every process that serves pages or writes (the settings: a
file-based cache under ``var/`` on one machine, Redis for several: docs/deployment.md). A
process-local cache would keep a value another process's write has moved.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from django.core.cache import BaseCache, caches
from django.db import transaction

T = TypeVar("T")

ALIAS = "live"
#: Each process's own memory, in front of :data:`ALIAS` for what :func:`once` keeps.
LOCAL_ALIAS = "live-local"
#: How long a kept read lives: also the longest a write that bypasses the stamps (a raw SQL
#: update, a restore) can go unseen.
KEEP_SECONDS = 5 * 60
GENERATION_SECONDS = 24 * 60 * 60


def _cache() -> BaseCache:
    return caches[ALIAS]


def _bump(keys: Iterable[str]) -> None:
    _cache().set_many({f"gen:{key}": uuid.uuid4().hex for key in keys}, GENERATION_SECONDS)


def moved(*keys: str, later: Callable[[], Iterable[str]] | None = None) -> None:
    """New generations for ``keys`` (and for what ``later()`` names, read after the commit)
    once the current transaction commits; at once outside a transaction."""

    def bump() -> None:
        _bump([*keys, *(later() if later is not None else ())])

    transaction.on_commit(bump, robust=True)


def _generations(keys: Sequence[str]) -> list[str]:
    cache = _cache()
    names = [f"gen:{key}" for key in keys]
    found = cache.get_many(names)
    missing = [name for name in names if name not in found]
    if missing:  # made anew: what is kept under it is read from now on
        for name in missing:
            cache.add(name, uuid.uuid4().hex, GENERATION_SECONDS)
        found.update(cache.get_many(missing))
    # a generation evicted again at once: a token of our own, which no one else asks for
    return [str(found.get(name) or uuid.uuid4().hex) for name in names]


def once(key: str, make: Callable[[], T], *, local: str = LOCAL_ALIAS,
         seconds: int = KEEP_SECONDS) -> T:
    """The value for a key that names it for good (a value under its generations, a page
    under its ETag): from this process's memory (``local``), else from the shared cache
    (kept in memory too), else ``make()``, kept in both. Only what names the value must come
    from the shared cache on each request: one round trip to Redis, not two. Each caller gets
    its own copy (Django's local-memory cache pickles), so what a request adds to it stays in
    that request."""
    near, shared = caches[local], _cache()
    kept = near.get(key)
    if not (isinstance(kept, tuple) and len(kept) == 1):
        kept = shared.get(key)
        if isinstance(kept, tuple) and len(kept) == 1:
            near.set(key, kept, seconds)
        else:
            kept = (make(),)
            shared.set(key, kept, seconds)
            near.set(key, kept, seconds)
    return kept[0]  # type: ignore[no-any-return]


def cached(what: str, depends: Sequence[str], read: Callable[[], T]) -> T:
    """``read()``, kept under ``what`` until one of ``depends`` moves (:func:`moved`)."""
    if transaction.get_connection().in_atomic_block:
        return read()
    return once(f"val:{what}:{'.'.join(_generations(depends))}", read)


def clear() -> None:
    """Forget everything kept (a restored database: its stamps are not the ones kept). The
    generations go with it, so what other processes keep in their memory is asked no more."""
    _cache().clear()
    caches[LOCAL_ALIAS].clear()
