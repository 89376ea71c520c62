"""The site keeps nothing in a process that another server would need (several gunicorn
instances on one PostgreSQL, README "Several app servers").

Checked by hand (README): the functools caches in the code (SQL text built once, a game's words
per language, the PDF fonts) hold only what follows from the code and the settings, the same
in every process; no module keeps data in a global. What must be shared is in the database or
in the visitor's cookies, and these tests keep it there. ``benchmarks.load --instances 2
--balance alternate`` shows it end to end: logged in on one server, saving on another.
"""

from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.messages.storage import default_storage
from django.contrib.messages.storage.fallback import FallbackStorage
from django.test import RequestFactory

CODE = [Path(settings.BASE_DIR) / app for app in ("clubmanager", "tournaments", "scoring")]
PROCESS_CACHE = ("django.core.cache", "cache_page", "caches[")


def test_sessions_failed_logins_and_messages_are_shared_by_every_server() -> None:
    # Sessions (the login, a member import's preview waiting for its confirmation) in the
    # database; failed logins and lockouts (django-axes) in the database; messages in a cookie,
    # or the session when too long.
    # (cached_db: in the database, read through the "live" cache, one for every process).
    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.cached_db"
    assert settings.SESSION_CACHE_ALIAS == "live"
    assert settings.AXES_HANDLER == "axes.handlers.database.AxesDatabaseHandler"
    request = RequestFactory().get("/")
    request.session = {}  # type: ignore[attr-defined]
    assert isinstance(default_storage(request), FallbackStorage)


def test_no_code_relies_on_the_process_local_cache() -> None:
    """Django's default cache is local memory, one per process: a value cached by one server
    would be missing or stale on another. No code of ours relies on it: it holds only what a
    key names for good (a page under its ETag, a value under its generations), in front of the
    shared "live" cache, so a value missing in one process is fetched or rendered again and
    none is ever stale."""
    uses = [f"{path.relative_to(settings.BASE_DIR)}: {needle}"
            for root in CODE for path in root.rglob("*.py")
            for needle in PROCESS_CACHE if needle in path.read_text(encoding="utf-8")]
    # The polls' rendered pages, keyed by the change stamp (docs/deployment.md): a server that
    # misses renders again; none can serve a stale page. And what an unchanged poll reads,
    # kept in the "live" cache (clubmanager/core/live_cache.py), which is not process-local.
    assert sorted(uses) == ["clubmanager/core/folder_cache.py: django.core.cache",
                    "clubmanager/core/live_cache.py: caches[",
                    "clubmanager/core/live_cache.py: django.core.cache",
                    "clubmanager/project/settings.py: django.core.cache",  # the backends
                    "tournaments/standings/views/polling.py: django.core.cache"]
    assert "stamp" in (settings.BASE_DIR / "tournaments/standings/views/polling.py").read_text()
    assert 'ALIAS = "live"' in (settings.BASE_DIR / "clubmanager/core/live_cache.py").read_text()


def test_the_live_cache_is_one_for_every_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a poll keeps until a write moves it must be seen moved by every process: a folder
    on this machine by default, Redis when named (the tests use memory: conftest.py)."""
    import importlib

    from clubmanager.project import settings as project

    assert project.CACHES["live"]["BACKEND"] == "clubmanager.core.folder_cache.FolderCache"
    assert project.CACHES["default"]["BACKEND"].endswith("locmem.LocMemCache")
    monkeypatch.setenv("DJANGO_CACHE_REDIS_URL", "redis://cache.internal:6379/0")
    try:
        redis = importlib.reload(project).CACHES
    finally:
        monkeypatch.delenv("DJANGO_CACHE_REDIS_URL")
        importlib.reload(project)
    assert (redis["live"]["BACKEND"], redis["live"]["LOCATION"]) == (
        "django.core.cache.backends.redis.RedisCache", "redis://cache.internal:6379/0")
    # each process's memory in front of it holds only what never changes once kept
    assert redis["default"]["BACKEND"].endswith("locmem.LocMemCache")
    assert redis["live-local"]["BACKEND"].endswith("locmem.LocMemCache")


def test_redis_named_in_the_deployment_docs_is_installed() -> None:
    """DJANGO_CACHE_REDIS_URL works with what `make run` installs: Django's Redis backend
    finds its client library (it connects only when first asked)."""
    from django.core.cache.backends.redis import RedisCache

    client = RedisCache("redis://127.0.0.1:1/0", {})._cache.get_client(write=False)
    assert type(client).__module__.startswith("redis")
