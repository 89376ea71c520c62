"""``manage.py backup FILE``: a consistent copy of the whole site, taken while it serves."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from clubmanager.core.backup import BackupError, engine_for


class Command(BaseCommand):
    help = ("Write a backup of the whole site's database to FILE while the site keeps serving "
            "(SQLite: its online backup API; PostgreSQL: pg_dump). Restore it with "
            "`manage.py restore FILE`.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--overwrite", action="store_true",
                            help="Replace FILE if it exists.")

    def handle(self, *args: Any, file: Path, overwrite: bool, **options: Any) -> None:
        if file.exists() and not overwrite:
            raise CommandError(f"{file} exists; choose another name or add --overwrite.")
        if not file.parent.is_dir():
            raise CommandError(f"The folder {file.parent} does not exist.")
        engine = engine_for_command()
        try:
            engine.take(file)
        except (BackupError, OSError) as exc:
            raise CommandError(str(exc)) from exc
        size = file.stat().st_size
        self.stdout.write(f"Backup of the {engine.kind} database written to {file} "
                          f"({size / 1024:.0f} KiB).")


def engine_for_command() -> Any:
    try:
        return engine_for(connection)
    except BackupError as exc:
        raise CommandError(str(exc)) from exc
