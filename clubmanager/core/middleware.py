"""Language selection: Dutch unless the visitor chose another language."""

from django.conf import settings
from django.http import HttpRequest
from django.middleware.locale import LocaleMiddleware
from django.utils import translation


class ClubLocaleMiddleware(LocaleMiddleware):
    """Like Django's LocaleMiddleware, but the browser's Accept-Language is ignored.

    The site is Dutch by default (LANGUAGE_CODE); the language switch (set_language) stores the
    visitor's choice in the language cookie, which is the only thing that changes it.
    """

    def process_request(self, request: HttpRequest) -> None:
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        supported = {code for code, _name in settings.LANGUAGES}
        language = chosen if chosen in supported else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
