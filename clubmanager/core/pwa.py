"""The table page on a scorekeeper's home screen, and reloadable without Wi-Fi.

* ``/sw.js``: the service worker (``templates/pwa/sw.js``), served from the site's root so it may
  look after the table pages (``/clubs/<club>/competitions/tables/<pk>/`` and ``/t/<code>/``).
  It goes to the network first and keeps the last table page and the static files it loaded; a
  reload without a connection gets that copy, marked so that ``offline.js`` says so and gives
  the form fresh save keys. Nothing else on the site is cached.
* ``/manifest.webmanifest``: the web app manifest, opening at the table page it was added from.
* :class:`WhoMiddleware`: who a kept page belongs to. Every HTML answer to a login names the
  login and a token of its session (``X-CM-Who`` and the ``cm-who`` cookie, readable by the
  page and the worker, gone at log-out); the worker serves a kept page only while the cookie
  names the session it was kept for, and the page sends a login's waiting saves only while
  that login is the one on the phone (docs/privacy.md "A shared phone").

docs/architecture.md ("The table page survives the hall") says why and how it is tested.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

#: Bumped when what the worker keeps changes shape: an old cache is then dropped on activation.
#: v2: a login's pages are kept per session (``?cm-who=<token>``).
CACHE_NAME = "cm-table-v2"
#: The cookie and header that name the login on this phone: ``u<user id>.<session token>``.
WHO_COOKIE = "cm-who"
WHO_HEADER = "X-CM-Who"


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    body = render_to_string("pwa/sw.js", {
        "cache_name": json.dumps(CACHE_NAME),
        "static_url": json.dumps(settings.STATIC_URL),
        "catalog_url": json.dumps(reverse("javascript-catalog")),
    })
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    # Checked again on every page load, so a new version takes over at once.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


#: What a start path may hold: the characters of a URL's path (RFC 3986), nothing a browser
#: reads otherwise (a backslash is a slash to it; tabs and line breaks it drops).
_PATH_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                             "-._~!$&'()*+,;=:@%/")


def _start_url(value: str | None) -> str:
    """A path on this site (the page the scorekeeper added), never another site's address:
    one slash, then only a path's characters (no backslash, control character, query or
    second slash that could make a browser read another site), else the site's root."""
    value = value or ""
    parts = urlsplit(value)
    if (parts.scheme or parts.netloc or not value.startswith("/") or value.startswith("//")
            or not set(value) <= _PATH_CHARACTERS):
        return "/"
    return value


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    start = _start_url(request.GET.get("start"))
    data = {
        "name": _("Club scores"),
        "short_name": _("Scores"),
        "description": _("Score entry at the table"),
        "start_url": start,
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#0b5394",
        "lang": request.LANGUAGE_CODE,
        "icons": [
            {"src": static(f"icons/icon-{size}.png"), "sizes": f"{size}x{size}",
             "type": "image/png", "purpose": "any maskable"}
            for size in (192, 512)
        ],
    }
    return HttpResponse(json.dumps(data, ensure_ascii=False),
                        content_type="application/manifest+json; charset=utf-8")


def who(request: HttpRequest) -> str:
    """``u<id>.<token>`` for a login (the token changes with every session), "" for nobody."""
    user = getattr(request, "user", None)
    key = request.session.session_key if hasattr(request, "session") else None
    if user is None or not user.is_authenticated or not key:
        return ""
    token = salted_hmac("clubmanager.pwa.who", key).hexdigest()[:24]
    return f"u{user.pk}.{token}"


class WhoMiddleware:
    """Names the login on this phone on every HTML answer (see the module's docstring): the
    ``cm-who`` cookie as long as the session, gone with it; the ``X-CM-Who`` header on the
    answer, kept with a page the worker keeps."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not response.get("Content-Type", "").startswith("text/html"):
            return response
        value = who(request)
        response[WHO_HEADER] = value
        if value:
            response.set_cookie(
                WHO_COOKIE, value, max_age=request.session.get_expiry_age(),
                secure=settings.SESSION_COOKIE_SECURE, httponly=False, samesite="Lax")
        elif WHO_COOKIE in request.COOKIES:
            response.delete_cookie(WHO_COOKIE, samesite="Lax")
        return response
