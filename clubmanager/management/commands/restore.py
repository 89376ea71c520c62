"""``manage.py restore FILE``: put a backup back, into an empty database."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from clubmanager.core.backup import BackupError, site_has_data
from clubmanager.management.commands.backup import engine_for_command


class Command(BaseCommand):
    help = ("Restore a backup made by `manage.py backup` into this site's database, which must "
            "be empty (new, or only migrated). Stop the site first. --force replaces a database "
            "that holds data.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--force", action="store_true",
                            help="Replace the data this database holds (it is lost).")

    def handle(self, *args: Any, file: Path, force: bool, **options: Any) -> None:
        if not file.is_file():
            raise CommandError(f"{file} does not exist or is not a file.")
        engine = engine_for_command()
        try:
            engine.check_file(file)
            filled = site_has_data(connection)
            if filled and not force:
                shown = ", ".join(filled[:5]) + (", ..." if len(filled) > 5 else "")
                raise CommandError(
                    f"The database is not empty ({len(filled)} tables hold data: {shown}). "
                    "Nothing restored. Restore into a new database, or add --force to replace "
                    "this data with the backup.")
            engine.restore(file)
        except (BackupError, OSError) as exc:
            raise CommandError(f"{exc} Nothing restored.") from exc
        self.stdout.write(f"Restored {file} into the {engine.kind} database. Run "
                          "`manage.py migrate` if this version of the site is newer than the "
                          "backup.")
