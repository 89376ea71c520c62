from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubmanagerConfig(AppConfig):
    name = "clubmanager"
    verbose_name = _("Clubs and members")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.urls import register_converter

        from .core.converters import IdConverter

        register_converter(IdConverter, "id")  # before any URLconf is read

        # the receivers that move a kept user's generation, in every process that saves users
        from .core import auth_backend  # noqa: F401
