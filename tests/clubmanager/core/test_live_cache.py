"""The live cache's two layers and its folder (clubmanager/core/live_cache.py, folder_cache.py).

Each process keeps in its own memory what a key names for good; only the generations are asked
of the shared cache. These tests play two processes with two memory caches over one shared
cache, and check that a write in one is seen by the other at its next read."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache

from clubmanager.core import live_cache
from clubmanager.core.folder_cache import CULL_EVERY, FolderCache

pytestmark = pytest.mark.django_db(transaction=True)  # outside a transaction: the cache is used


class Process:
    """Another worker: its own memory, the same shared cache."""

    def __init__(self, name: str) -> None:
        self.memory = LocMemCache(name, {})

    def read(self, monkeypatch: pytest.MonkeyPatch, what: str, depends: list[str],
             value: Any) -> Any:
        with monkeypatch.context() as patch:  # this worker's memory is the one asked
            patch.setattr(caches._connections, live_cache.LOCAL_ALIAS, self.memory,
                          raising=False)
            return live_cache.cached(what, depends, lambda: value)


@pytest.fixture
def two() -> Iterator[tuple[Process, Process]]:
    yield Process("worker-1"), Process("worker-2")


def test_a_write_in_one_process_is_seen_by_the_other_at_its_next_read(
        two: tuple[Process, Process], monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = two
    assert first.read(monkeypatch, "stamp", ["evening:1"], "old") == "old"
    # the other worker finds it in the shared cache, and keeps it in its memory
    assert second.read(monkeypatch, "stamp", ["evening:1"], "unused") == "old"
    assert second.read(monkeypatch, "stamp", ["evening:1"], "unused") == "old"
    live_cache.moved("evening:1")  # a write in the first worker commits
    assert second.read(monkeypatch, "stamp", ["evening:1"], "new") == "new"
    assert first.read(monkeypatch, "stamp", ["evening:1"], "unused") == "new"


def test_what_a_request_adds_to_a_kept_value_stays_in_that_request(
        two: tuple[Process, Process], monkeypatch: pytest.MonkeyPatch) -> None:
    first, _ = two
    kept = first.read(monkeypatch, "user", ["user:1"], {"name": "Ann"})
    kept["_perm_cache"] = {"everything"}
    assert first.read(monkeypatch, "user", ["user:1"], None) == {"name": "Ann"}


def test_a_page_is_rendered_once_for_every_process(monkeypatch: pytest.MonkeyPatch) -> None:
    renders: list[str] = []

    def render() -> bytes:
        renders.append("x")
        return b"<table>"

    for worker in ("worker-1", "worker-2"):  # each worker's memory, as its "default" cache
        monkeypatch.setattr(caches._connections, worker, LocMemCache(worker, {}), raising=False)
    assert live_cache.once('page:"tag"', render, local="worker-1") == b"<table>"
    assert live_cache.once('page:"tag"', render, local="worker-2") == b"<table>"
    assert live_cache.once('page:"tag"', render, local="worker-2") == b"<table>"
    assert renders == ["x"]


def test_the_folder_is_counted_every_so_many_writes_and_still_culled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Django's FileBasedCache lists its folder before every write (6 ms at 10,000 entries)."""
    cache = FolderCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 50}})
    listed = []
    real = cache._list_cache_files

    def listing() -> list[str]:
        listed.append(1)
        return real()

    monkeypatch.setattr(cache, "_list_cache_files", listing)
    for n in range(CULL_EVERY + 1):
        cache.set(f"key{n}", n)
    assert len(listed) == 2  # the first write and the 201st, not 201 times
    files = list(tmp_path.glob("*.djcache"))
    assert len(files) < CULL_EVERY  # culled as Django culls: a third of them dropped
    assert cache.get(f"key{CULL_EVERY}") == CULL_EVERY
