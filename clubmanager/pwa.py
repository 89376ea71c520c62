"""The table page on a scorekeeper's home screen, and reloadable without Wi-Fi.

* ``/sw.js``: the service worker (``templates/pwa/sw.js``), served from the site's root so it may
  look after the table pages (``/clubs/<club>/competitions/tables/<pk>/`` and ``/t/<code>/``).
  It goes to the network first and keeps the last table page and the static files it loaded; a
  reload without a connection gets that copy, marked so that ``offline.js`` says so and gives
  the form fresh save keys. Nothing else on the site is cached.
* ``/manifest.webmanifest``: the web app manifest, opening at the table page it was added from.

docs/architecture.md ("The table page survives the hall") says why and how it is tested.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

#: Bumped when what the worker keeps changes shape: an old cache is then dropped on activation.
CACHE_NAME = "cm-table-v1"


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    body = render_to_string("pwa/sw.js", {
        "cache_name": json.dumps(CACHE_NAME),
        "static_url": json.dumps(settings.STATIC_URL),
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
