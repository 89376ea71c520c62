from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Competitions and evenings")

    def ready(self) -> None:
        from tournaments.entry import history  # noqa: F401 (connects the hand history's receiver)

        from .games import autodiscover

        autodiscover()  # each game's module registers its game
