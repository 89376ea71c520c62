"""Shared fixtures: two clubs and a user for every role.

``club`` is the club under test; ``other_club`` exists to prove isolation. Users:
``admin_user`` (club admin of ``club``; note: this overrides pytest-django's superuser fixture of
the same name, use ``superuser`` for that), ``scorekeeper_user``, ``member_user``,
``other_admin_user`` (club admin of ``other_club`` only), ``no_role_user`` (logged in, no club).
Factories: ``make_member(club, **fields)``, ``make_user(username, club=None, role=None)``.
``client_for(user)`` returns a logged-in test client.
"""

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from clubmanager.models import Club, ClubRole, Member, Role

PASSWORD = "correct-horse-battery-staple"  # noqa: S105 - test only

_numbers = itertools.count(1000)


@pytest.fixture(autouse=True)
def _plain_static_storage(settings: Any) -> None:
    # Tests never run collectstatic; keep {% static %} independent of DJANGO_DEBUG.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _site_language() -> Iterator[None]:
    # Every test starts in the site's language (Dutch), whatever a test before it in the same
    # worker left active: a request's middleware or a view that translates for a club leaves its
    # language on the thread (test_uploads before test_season_form read English sentences).
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _workbook_cache_in_tmp(settings: Any, tmp_path_factory: pytest.TempPathFactory) -> None:
    # The season workbook cache of a test run stays out of the project's var/.
    settings.WORKBOOK_CACHE_DIR = tmp_path_factory.getbasetemp() / "workbook-cache"


@pytest.fixture(autouse=True)
def _live_cache_per_test(settings: Any) -> Iterator[None]:
    # What the polls keep (clubmanager/core/live_cache.py) lives in this process's memory and is
    # forgotten after each test: a rolled-back test database hands out the same ids again.
    from django.core.cache import caches

    settings.CACHES = {**settings.CACHES, "live": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "live-tests"}}
    caches["live"].clear()
    caches["live-local"].clear()
    yield
    caches["live"].clear()
    caches["live-local"].clear()


@pytest.fixture
def make_user(db: None) -> Callable[..., Any]:
    def make(username: str, club: Club | None = None, role: str | None = None, **extra: Any) -> Any:
        user = get_user_model().objects.create_user(username=username, password=PASSWORD, **extra)
        if club is not None:
            ClubRole.objects.create(user=user, club=club, role=role or Role.MEMBER)
        return user

    return make


@pytest.fixture
def make_member(db: None) -> Callable[..., Member]:
    def make(club: Club, **fields: Any) -> Member:
        number = fields.pop("member_number", None) or str(next(_numbers))
        fields.setdefault("name", f"Lid {number}")
        return Member.objects.create(club=club, member_number=number, **fields)

    return make


@pytest.fixture
def club(db: None) -> Club:
    return Club.objects.create(name="De Harten Vrouw", slug="harten-vrouw")


@pytest.fixture
def other_club(db: None) -> Club:
    return Club.objects.create(name="Ons Genoegen", slug="ons-genoegen")


@pytest.fixture
def admin_user(make_user: Callable[..., Any], club: Club) -> Any:
    return make_user("hv-admin", club, Role.ADMIN)


@pytest.fixture
def scorekeeper_user(make_user: Callable[..., Any], club: Club) -> Any:
    return make_user("hv-schrijver", club, Role.SCOREKEEPER)


@pytest.fixture
def member_user(make_user: Callable[..., Any], club: Club) -> Any:
    return make_user("hv-lid", club, Role.MEMBER)


@pytest.fixture
def other_admin_user(make_user: Callable[..., Any], other_club: Club) -> Any:
    return make_user("og-admin", other_club, Role.ADMIN)


@pytest.fixture
def no_role_user(make_user: Callable[..., Any]) -> Any:
    return make_user("zonder-club")


@pytest.fixture
def superuser(make_user: Callable[..., Any]) -> Any:
    return make_user("root", is_superuser=True, is_staff=True)


@pytest.fixture
def client_for() -> Callable[[Any], Client]:
    def make(user: Any) -> Client:
        client = Client()
        if user is not None:
            client.force_login(user)
        return client

    return make


@pytest.fixture
def admin_client(client_for: Callable[[Any], Client], admin_user: Any) -> Client:
    """Logged in as the club admin of ``club``."""
    return client_for(admin_user)


def pytest_configure(config: Any) -> None:
    # whitenoise warns that STATIC_ROOT does not exist: tests never run collectstatic.
    config.addinivalue_line("filterwarnings", "ignore:No directory at:UserWarning")
