"""Backup and restore of the whole site (``manage.py backup`` / ``manage.py restore``).

A backup is taken while phones save, so a plain copy of the database file will not do: each
kind of database is copied by its own consistent means (SQLite's online backup API,
``pg_dump``/``pg_restore``), one class per kind behind one interface looked up by
``connection.vendor``. The file says which kind it is, and restores only into that kind. Use
and guarantees: docs/deployment.md ("Backup and restore").
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from django.apps import apps
from django.db.backends.base.base import BaseDatabaseWrapper

from . import live_cache


class BackupError(Exception):
    """A backup or restore that cannot go ahead; the message says why and what to do."""


# Tables `migrate` fills by itself: a freshly migrated database still counts as empty.
FILLED_BY_MIGRATE = {"contenttypes.contenttype", "auth.permission"}


def site_has_data(connection: BaseDatabaseWrapper) -> list[str]:
    """The tables of the site's models that hold rows (empty list: nothing to lose)."""
    existing = set(connection.introspection.table_names())
    filled = []
    with connection.cursor() as cursor:
        for model in apps.get_models():
            table = model._meta.db_table
            if model._meta.label_lower in FILLED_BY_MIGRATE or table not in existing:
                continue
            cursor.execute(f"SELECT 1 FROM {connection.ops.quote_name(table)} LIMIT 1")  # noqa: S608
            if cursor.fetchone():
                filled.append(table)
    return filled


def _replace(tmp: Path, target: Path) -> None:
    """Move a finished backup into place: a reader of ``target`` never sees half a file."""
    os.replace(tmp, target)


class Engine:
    kind: ClassVar[str]
    magic: ClassVar[bytes]

    def __init__(self, connection: BaseDatabaseWrapper) -> None:
        self.connection = connection
        self.settings: dict[str, Any] = connection.settings_dict

    def take(self, target: Path) -> None:
        raise NotImplementedError

    def restore(self, source: Path) -> None:
        raise NotImplementedError

    def check_file(self, source: Path) -> None:
        """Refuse a file that is not a backup of this kind of database."""
        with source.open("rb") as file:
            head = file.read(16)
        if head.startswith(self.magic):
            return
        for other in ENGINES.values():
            if head.startswith(other.magic):
                raise BackupError(
                    f"{source} is a {other.kind} backup, but this site's database is "
                    f"{self.kind}. Restore it into a {other.kind} database (DATABASE_URL); to "
                    "move a club between databases, use the season workbook.")
        raise BackupError(f"{source} is not a backup made by `manage.py backup`.")


class SqliteEngine(Engine):
    kind = "SQLite"
    magic = b"SQLite format 3\x00"

    @property
    def path(self) -> str:
        return str(self.settings["NAME"])

    def take(self, target: Path) -> None:
        tmp = target.with_name(target.name + ".partial")
        tmp.unlink(missing_ok=True)
        source = sqlite3.connect(self.path, timeout=self.settings["OPTIONS"].get("timeout", 20))
        try:
            copy = sqlite3.connect(tmp)
            try:
                source.backup(copy)  # all pages in one step: one consistent state
                copy.execute("PRAGMA journal_mode=DELETE")  # the backup is one file
                ok = copy.execute("PRAGMA quick_check").fetchone()[0]
            finally:
                copy.close()
        finally:
            source.close()
        if ok != "ok":
            tmp.unlink(missing_ok=True)
            raise BackupError(f"The copy failed SQLite's check: {ok}")
        _replace(tmp, target)

    def restore(self, source: Path) -> None:
        backup = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            ok = backup.execute("PRAGMA quick_check").fetchone()[0]
            if ok != "ok":
                raise BackupError(f"{source} is damaged (SQLite's check: {ok}).")
            self.connection.close()
            database = sqlite3.connect(self.path, timeout=20)
            try:
                backup.backup(database)
                database.execute("PRAGMA journal_mode=WAL")  # as the settings open it
            finally:
                database.close()
        finally:
            backup.close()
        live_cache.clear()  # what the polls kept was read from the data replaced


class PostgresEngine(Engine):
    kind = "PostgreSQL"
    magic = b"PGDMP"

    def _run(self, tool: str, args: Sequence[str]) -> None:
        if shutil.which(tool) is None:
            raise BackupError(f"{tool} not found: install PostgreSQL's client tools "
                              "(Debian: apt-get install postgresql-client).")
        # Django's own translation of DATABASES into libpq's options and environment.
        base, env = self.connection.client.settings_to_cmd_args_env(self.settings, [])
        name = self.settings["NAME"]
        options = base[1:-1] if name and base[-1] == name else base[1:]  # the name comes last
        result = subprocess.run(  # noqa: S603 - fixed tool, arguments from the settings
            [tool, *options, *args], env={**os.environ, **(env or {})},
            capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise BackupError(f"{tool} failed: {result.stderr.strip()}")

    def take(self, target: Path) -> None:
        tmp = target.with_name(target.name + ".partial")
        self._run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges",
                              f"--file={tmp}", self.settings["NAME"]])
        _replace(tmp, target)

    def restore(self, source: Path) -> None:
        self.connection.close()
        # --clean drops each object of the backup first (a migrated, empty database already
        # has the tables); --single-transaction: all of it or, on any error, nothing.
        self._run("pg_restore", ["--clean", "--if-exists", "--single-transaction",
                                 "--no-owner", "--no-privileges", "--exit-on-error",
                                 f"--dbname={self.settings['NAME']}", str(source)])
        live_cache.clear()  # what the polls kept was read from the data replaced


ENGINES: dict[str, type[Engine]] = {"sqlite": SqliteEngine, "postgresql": PostgresEngine}


def engine_for(connection: BaseDatabaseWrapper) -> Engine:
    try:
        return ENGINES[connection.vendor](connection)
    except KeyError:
        raise BackupError(f"No backup for a {connection.vendor} database.") from None
