"""CSRF on htmx requests, the deploy check, and uploads (size-limited, never kept, never run).

Login throttling (django-axes: 5 failures lock username + address) is tested in
tests/clubmanager/core/test_auth.py; here only that the lock also refuses the right password.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from clubmanager.models import Member
from tests.conftest import PASSWORD
from tournaments.models import Hand

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
DEAL = {"h-penalties-0": "0", "h-penalties-1": "45", "h-penalties-2": "12",
        "h-penalties-3": "88"}


@pytest.fixture
def table(club: Any, make_member: Callable[..., Any], make_competition: Callable[..., Any],
          make_evening: Callable[..., Any], make_round: Callable[..., Any],
          seat_table: Callable[..., Any]) -> Any:
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor", "Dirk")]
    evening = make_evening(make_competition(club, "jokeren"), members)
    return seat_table(make_round(evening), list(evening.participants.all()))


def test_htmx_post_without_csrf_token_is_refused(club: Any, scorekeeper_user: Any,
                                                 table: Any) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(scorekeeper_user)
    page = client.get(reverse("tournaments:table_scores", kwargs={"club": club.slug,
                                                                  "pk": table.pk}))
    token = client.cookies[django_settings.CSRF_COOKIE_NAME].value
    # the page carries the header htmx sends with every request (django-htmx's recipe)
    assert 'hx-headers=\'{"X-CSRFToken": "' in page.content.decode()
    url = reverse("tournaments:hand_add", kwargs={"club": club.slug, "pk": table.pk})
    refused = client.post(url, {"version": "0", **DEAL}, **HTMX)
    assert refused.status_code == 403
    wrong = client.post(url, {"version": "0", **DEAL}, HTTP_X_CSRFTOKEN="x" * 32, **HTMX)
    assert wrong.status_code == 403
    assert not Hand.objects.exists()
    check = reverse("tournaments:hand_check", kwargs={"club": club.slug, "pk": table.pk})
    assert client.post(check, {"version": "0", **DEAL}, **HTMX).status_code == 403
    accepted = client.post(url, {"version": "0", **DEAL}, HTTP_X_CSRFTOKEN=token, **HTMX)
    assert accepted.status_code == 200
    assert Hand.objects.count() == 1


def test_checkin_htmx_post_without_csrf_token_is_refused(club: Any, admin_user: Any,
                                                          make_member: Callable[..., Any],
                                                          make_competition: Callable[..., Any],
                                                          make_evening: Callable[..., Any]
                                                          ) -> None:
    member = make_member(club, name="Ann")
    evening = make_evening(make_competition(club, "jokeren"), status="checkin")
    client = Client(enforce_csrf_checks=True)
    client.force_login(admin_user)
    url = reverse("tournaments:checkin", kwargs={"club": club.slug, "pk": evening.pk})
    response = client.post(url, {"action": "in", "member": member.pk}, **HTMX)
    assert response.status_code == 403
    assert not evening.participants.exists()


def test_locked_out_login_refuses_even_the_right_password(client: Client,
                                                          member_user: Any) -> None:
    url = reverse("login")
    for _attempt in range(django_settings.AXES_FAILURE_LIMIT):
        client.post(url, {"username": member_user.username, "password": "wrong"})
    response = client.post(url, {"username": member_user.username, "password": PASSWORD})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_deploy_check_is_clean_with_production_settings() -> None:
    env = {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "a-long-random-production-secret-" + "k" * 40,
        "DJANGO_ALLOWED_HOSTS": "scores.example.nl",
        "DJANGO_CSRF_TRUSTED_ORIGINS": "https://scores.example.nl",
        "DJANGO_HTTPS": "1",
    }
    env.pop("DATABASE_URL", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=django_settings.BASE_DIR, env=env, capture_output=True, text=True, timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def _files(*roots: Path) -> list[Path]:
    return sorted(p for root in roots if root.exists() for p in root.rglob("*") if p.is_file())


@pytest.fixture
def upload_dirs(settings: Any, tmp_path: Path) -> dict[str, Path]:
    dirs = {name: tmp_path / name for name in ("media", "static", "uploads")}
    for path in dirs.values():
        path.mkdir()
    settings.MEDIA_ROOT = dirs["media"]
    settings.STATIC_ROOT = dirs["static"]
    settings.FILE_UPLOAD_TEMP_DIR = str(dirs["uploads"])
    return dirs


@pytest.mark.parametrize("size_mb", [2.5, 8])
def test_oversized_member_sheet_is_refused_and_not_kept(
    admin_client: Client, club: Any, upload_dirs: dict[str, Path], size_mb: float,
) -> None:
    data = b"name,member number\n" + b"x" * int(size_mb * 1024 * 1024)
    upload = SimpleUploadedFile("leden.csv", data, content_type="text/csv")
    response = admin_client.post(
        reverse("clubmanager:member_import", kwargs={"club": club.slug}), {"file": upload},
        HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    body = response.content.decode()
    assert "larger than 2 MB" in body or "groter dan 2 MB" in body
    assert not Member.objects.exists()
    assert _files(*upload_dirs.values()) == []


@pytest.mark.parametrize("size_mb", [3.5, 8])
def test_oversized_season_workbook_is_refused_and_not_kept(
    admin_client: Client, club: Any, make_competition: Callable[..., Any],
    upload_dirs: dict[str, Path], size_mb: float,
) -> None:
    competition = make_competition(club, "jokeren")
    upload = SimpleUploadedFile("seizoen.xlsx", b"PK" + b"\0" * int(size_mb * 1024 * 1024))
    response = admin_client.post(
        reverse("tournaments:season_import",
                kwargs={"club": club.slug, "competition_id": competition.pk}),
        {"file": upload})
    assert response.status_code == 200
    body = response.content.decode()
    assert "larger than 3 MB" in body or "groter dan 3 MB" in body
    assert not competition.evenings.exists()
    assert _files(*upload_dirs.values()) == []


@pytest.mark.parametrize(("name", "content"), [
    ("leden.csv.html", b"<script>alert(1)</script>"),
    ("leden.py", b"import os; os.system('touch /tmp/pwned')"),
    ("leden.xlsx", b"#!/bin/sh\necho pwned\n"),
])
def test_a_disguised_file_is_refused_with_a_message_and_not_kept(
    admin_client: Client, club: Any, upload_dirs: dict[str, Path], name: str, content: bytes,
) -> None:
    upload = SimpleUploadedFile(name, content)
    response = admin_client.post(
        reverse("clubmanager:member_import", kwargs={"club": club.slug}), {"file": upload})
    assert response.status_code == 200
    body = response.content.decode()
    assert 'class="errorlist' in body  # a message at the field, not a 500
    assert "<script>alert(1)</script>" not in body
    assert not Member.objects.exists()
    assert _files(*upload_dirs.values()) == []
    assert not Path("/tmp/pwned").exists()
