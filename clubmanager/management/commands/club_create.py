"""``manage.py club_create``: a club and its first club admin on an empty install, without the
demo. No password goes over the command line: it prints a one-time link where the admin sets
one. The steps after it: docs/secretary-guide.md ("Een club begint echt")."""

from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubmanager.services import club_create

QUESTIONS = (
    ("name", "Club name"),
    ("admin_name", "Club admin's name"),
    ("login", "Club admin's login"),
    ("email", "Club admin's e-mail"),
)


class Command(BaseCommand):
    help = ("Create a club and its first club admin, and print a one-time link where the admin "
            "sets a password. Asks for what is not given.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--name", default="", help="The club's name.")
        parser.add_argument("--slug", default="",
                            help="Short name in web addresses (default: from the name).")
        parser.add_argument("--admin-name", dest="admin_name", default="",
                            help="The club admin's full name.")
        parser.add_argument("--login", default="", help="The club admin's login.")
        parser.add_argument("--email", default="", help="The club admin's e-mail address.")
        parser.add_argument("--no-input", "--noinput", action="store_false", dest="interactive",
                            help="Ask nothing; fail when something is missing.")

    def handle(self, *args: Any, **options: Any) -> None:
        given = {key: str(options.get(key) or "").strip() for key, _label in QUESTIONS}
        for key, label in QUESTIONS:
            while not given[key]:
                if not options.get("interactive", True):
                    raise CommandError(f"--{key.replace('_', '-')} is needed.")
                given[key] = input(f"{label}: ").strip()
        try:
            started = club_create(slug=options.get("slug") or "", **given)
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from exc
        self.stdout.write(
            f"Club {started.club.name} created (/clubs/{started.club.slug}/), with "
            f"{started.admin.get_username()} as club admin.\n"
            f"Give this one-time link to the admin to set a password (it works once):\n"
            f"{started.link}")
