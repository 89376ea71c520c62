"""``manage.py backup`` and ``manage.py restore``.

The burst test runs against the database kind the suite runs on (SQLite under ``make test``,
PostgreSQL in the PostgreSQL pass of ``.ci/run``), each in databases of its own (files in a
temporary folder; PostgreSQL databases created and dropped on the suite's server), through
separate processes as an operator would run them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from clubmanager.models import Club

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str, url: str) -> str:
    env = {**os.environ, "DATABASE_URL": url,
           "DJANGO_SETTINGS_MODULE": "clubmanager.project.settings"}
    result = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=300, check=False)
    assert result.returncode == 0, f"{args}: {result.stdout}\n{result.stderr}"
    return result.stdout


def _psql(sql: str) -> None:
    s = connection.settings_dict
    env = {**os.environ, "PGPASSWORD": s.get("PASSWORD") or ""}
    subprocess.run(["psql", "-h", s.get("HOST") or "127.0.0.1", "-p", str(s.get("PORT") or 5432),
                    "-U", s.get("USER") or "postgres", "-d", "postgres", "-qc", sql],
                   env=env, check=True, capture_output=True)


@pytest.fixture
def database_urls(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """(source, target): two new, empty databases of the suite's kind."""
    if connection.vendor == "sqlite":
        yield f"sqlite:///{tmp_path / 'source.sqlite3'}", f"sqlite:///{tmp_path / 'target.sqlite3'}"
        return
    s = connection.settings_dict
    names = [f"cm_backup_{uuid.uuid4().hex[:10]}_{kind}" for kind in ("source", "target")]
    for name in names:
        _psql(f'CREATE DATABASE "{name}"')
    auth = s.get("USER") or "postgres"
    if s.get("PASSWORD"):
        auth += f":{s['PASSWORD']}"
    server = f"postgres://{auth}@{s.get('HOST') or '127.0.0.1'}:{s.get('PORT') or 5432}"
    try:
        yield f"{server}/{names[0]}", f"{server}/{names[1]}"
    finally:
        for name in names:
            _psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_a_backup_taken_during_a_burst_of_saves_restores_to_a_consistent_site(
        database_urls: tuple[str, str], tmp_path: Path) -> None:
    """Eight scorekeeper threads add Jokeren hands through ``hand_add`` against the source;
    once 24 are acknowledged, ``manage.py backup`` runs while they keep saving, and they go on
    for 24 more after it returns. The backup is restored into a new, empty database.

    What a consistent backup means, checked on the restored database:

    - every hand acknowledged before the backup began is there, with the data sent;
    - nothing is there that was not sent, and each table holds hands 1..n with no gap: the
      snapshot is a whole state, not some tables before and some after a save;
    - each table's hands are the first n hands the source holds at the end, identical: the
      restore is the source as it was at one moment during the backup (hands are only added);
    - each seat's stored points, competition points and place equal a fresh
      ``scoring.evaluate`` of the restored hands (no hand without its seat update, the two are
      one transaction), and the standings selector's totals equal the recomputation from those
      evaluations: so the standings are the source's standings at that moment;
    - the burst overlapped the backup: the source ends with more hands than the restore.

    The checks on the restored database are ``benchmarks.load verify``, the load test's own.
    """
    source, target = database_urls
    plan, burst, backup = tmp_path / "plan.json", tmp_path / "burst.json", tmp_path / "site.bak"
    run("manage.py", "migrate", "--noinput", "-v0", url=source)
    run("-m", "benchmarks.load", "seed", "--clients", "8", "--rounds", "3", "--out", str(plan),
        url=source)
    run("-m", "tests.clubmanager.core.backup_burst", "burst", "--plan", str(plan), "--backup",
        str(backup), "--out", str(burst), url=source)
    result = json.loads(burst.read_text())
    assert result["errors"] == []
    assert len(result["acknowledged"]) >= 24 and result["in_flight"] >= 0

    restored = run("manage.py", "restore", str(backup), url=target)
    assert "Restored" in restored
    check = json.loads(run("-m", "benchmarks.load", "verify", "--acks", str(burst),
                           url=target).strip().splitlines()[-1])
    assert check["problems"] == [] and check["problem_count"] == 0
    assert check["stored"] >= len(result["acknowledged"])

    hands = tmp_path / "hands.json"
    run("-m", "tests.clubmanager.core.backup_burst", "hands", "--out", str(hands), url=target)
    restored_hands: dict[str, list[Any]] = json.loads(hands.read_text())
    for table, data in restored_hands.items():
        assert data == result["source"][table][:len(data)], f"table {table} differs"
    total_source = sum(len(d) for d in result["source"].values())
    assert check["stored"] < total_source, "the burst did not go on after the backup"
    print(f"backup {result['backup_seconds']:.3f} s; acknowledged before it "
          f"{len(result['acknowledged'])}, "
          f"in flight {result['in_flight']}, during {result['acknowledged_during']}; restored "
          f"{check['stored']} of {total_source}")


@pytest.mark.django_db
def test_restore_refuses_a_database_that_holds_data(club: Club, tmp_path: Path) -> None:
    backup = tmp_path / "site.bak"
    magic = b"SQLite format 3\x00" if connection.vendor == "sqlite" else b"PGDMP"
    backup.write_bytes(magic + b"\x00" * 100)
    with pytest.raises(CommandError, match="not empty.*Nothing restored.*--force"):
        call_command("restore", str(backup))
    assert Club.objects.filter(pk=club.pk).exists()


@pytest.mark.django_db
def test_restore_refuses_a_file_that_is_not_a_backup(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a backup")
    with pytest.raises(CommandError, match="not a backup made by `manage.py backup`"):
        call_command("restore", str(text))
    with pytest.raises(CommandError, match="does not exist"):
        call_command("restore", str(tmp_path / "missing.bak"))


@pytest.mark.django_db
def test_restore_refuses_a_backup_of_the_other_database_kind(tmp_path: Path) -> None:
    other = tmp_path / "other.bak"
    magic = b"PGDMP" if connection.vendor == "sqlite" else b"SQLite format 3\x00"
    other.write_bytes(magic + b"\x00" * 100)
    with pytest.raises(CommandError, match="backup, but this site's database is"):
        call_command("restore", str(other))


def test_backup_does_not_overwrite_a_file(tmp_path: Path) -> None:
    existing = tmp_path / "site.bak"
    existing.write_text("keep me")
    with pytest.raises(CommandError, match="exists; choose another name or add --overwrite"):
        call_command("backup", str(existing))
    assert existing.read_text() == "keep me"
