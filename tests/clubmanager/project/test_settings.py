"""Settings come from the environment; production values pass `check --deploy`."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "scores.example.nl",
    "DJANGO_HTTPS": "1",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def setting(name: str, **env: str) -> str:
    result = manage(
        "shell", "-c", f"from django.conf import settings; print(settings.{name})", **env
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def test_production_values_pass_the_deploy_check() -> None:
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_debug_off_without_a_secret_key_refuses_to_start() -> None:
    result = manage("check", DJANGO_DEBUG="0", DJANGO_ALLOWED_HOSTS="x")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_make_run_settings_work_on_plain_http() -> None:
    env = {
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "k" * 50,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
    }
    assert setting("SECURE_SSL_REDIRECT", **env) == "False"
    assert setting("SESSION_COOKIE_SECURE", **env) == "False"
    assert setting("ALLOWED_HOSTS", **env) == "['127.0.0.1', 'localhost']"


def test_https_switch_and_overrides() -> None:
    assert setting("SECURE_HSTS_SECONDS", **PRODUCTION) == "31536000"
    assert setting("CSRF_COOKIE_SECURE", **PRODUCTION) == "True"
    assert setting("SECURE_SSL_REDIRECT", **PRODUCTION, DJANGO_SECURE_SSL_REDIRECT="0") == "False"
    assert setting("SECURE_PROXY_SSL_HEADER", DJANGO_SECURE_PROXY_SSL_HEADER="1") == (
        "('HTTP_X_FORWARDED_PROTO', 'https')"
    )


def test_database_url_selects_postgresql() -> None:
    url = "postgres://user:pw@db.example.nl:5433/scores"
    assert setting("DATABASES['default']['ENGINE']", DATABASE_URL=url) == (
        "django.db.backends.postgresql"
    )
    assert setting("DATABASES['default']['ENGINE']") == "django.db.backends.sqlite3"


def test_bad_boolean_is_a_clear_error() -> None:
    result = manage("check", DJANGO_DEBUG="misschien")
    assert "DJANGO_DEBUG must be one of" in result.stderr


def test_no_secret_is_committed() -> None:
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    assert ".secret_key" not in tracked
    assert not any(name.endswith((".env", ".sqlite3")) for name in tracked)


def test_sqlite_file_database_is_set_up_for_a_busy_evening(tmp_path: Path) -> None:
    """Readers pass the writer (WAL), a write transaction takes its lock when it begins
    (IMMEDIATE) and waits for it, and production keeps its connections."""
    database = tmp_path / "club.sqlite3"
    script = (
        "from django.conf import settings; from django.db import connection\n"
        "with connection.cursor() as c:\n"
        "    c.execute('PRAGMA journal_mode'); print(c.fetchone()[0])\n"
        "    c.execute('PRAGMA synchronous'); print(c.fetchone()[0])\n"
        "print(connection.transaction_mode)\n"
        "print(settings.DATABASES['default']['CONN_MAX_AGE'])"
    )
    result = manage("shell", "-c", script, DATABASE_URL=f"sqlite:///{database}",
                    DJANGO_DEBUG="0", DJANGO_SECRET_KEY="k" * 50)
    assert result.returncode == 0, result.stderr
    journal, synchronous, mode, max_age = result.stdout.split()[-4:]
    assert journal == "wal"
    assert synchronous == "2"  # FULL: a saved hand survives a power cut
    assert mode == "IMMEDIATE"
    assert max_age == "60"
    # The development server (DEBUG on) opens a connection per request thread.
    assert setting("DATABASES['default']['CONN_MAX_AGE']", DJANGO_DEBUG="1") == "0"
