from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import translation
from django.utils.module_loading import import_string


class Command(BaseCommand):
    help = "Load the demo clubs, members and logins (safe to run again: it changes nothing)."

    def handle(self, *args: Any, **options: Any) -> None:
        with translation.override("en"):
            for dotted in settings.DEMO_DATA_LOADERS:
                import_string(dotted)(self.stdout)
