"""Polls that cost almost nothing when nothing changed.

The standings, the TV and the live evening page poll every :data:`POLL_SECONDS` with htmx. Each
poll is a conditional request: its ETag is made from the competition's or the evening's change
stamp (``tournaments/models/stamps.py``) and what else the answer depends on (the language,
full page or partial, full names or the names members chose for visitors, the viewer's own
rows, the day), read in one query. An unchanged poll is answered ``304 Not Modified`` by
Django's ``condition`` decorator before the view runs. A changed one is rendered once per
ETag for every process (the shared live cache) and kept in each process's memory as well
(:func:`rendered`, docs/deployment.md), so a hall full of phones pays for one render per save.

Only the partials are cached and answered conditionally for a page that carries a CSRF token
(the site's pages, through ``base.html``): the full page is rendered for its viewer. The TV has
no form and is conditional whole. Anonymous viewers' answers are ``public`` (a reverse proxy
may serve them for :data:`SHARED_SECONDS`); a logged-in viewer's are ``private, no-cache``.
``static/js/live.js`` sends the last ETag with each poll and skips the swap on 304.

What the ETag is made of is read through the live cache (:func:`kept`,
``clubmanager/core/live_cache.py``), as are the club and the viewer's role (the access
decorators do so for a view marked ``polled``): kept until a write moves the stamp or the club,
the role changes, and moved once that write commits. An unchanged poll of a visitor thus runs
no query at all, and neither does a member's: the session (``cached_db``) and the user
(``clubmanager/core/auth_backend.py``) come from the same cache.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any, TypeVar

from django.core.cache import DEFAULT_CACHE_ALIAS
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import condition

from clubmanager.core.http import ClubRequest, PublicClubRequest
from clubmanager.core.live_cache import cached, once

T = TypeVar("T")

POLL_SECONDS = 3  # how often a page asks: a change shows within this plus the save's own time
SHARED_SECONDS = 2  # how long a reverse proxy may answer a public poll without asking us
RENDERED_SECONDS = 15 * 60  # how long a rendered answer is kept for its ETag


def etag(request: HttpRequest, stamp: Any, *parts: object) -> str:
    """The ETag of an answer: the stamp, the language, partial or full, and ``parts``."""
    variant = "p" if getattr(request, "htmx", False) else "f"
    tail = "-".join(str(p) for p in parts)
    return f'"{stamp.hex}-{get_language()}-{variant}-{tail}"'


def kept(request: ClubRequest | PublicClubRequest, what: str, depends: Sequence[str],
         read: Callable[[], T]) -> T:
    """``read()`` for an ETag, kept in the live cache until the club or one of ``depends``
    (``"competition:<pk>"``, ``"evening:<pk>"``) moves. The result must not depend on the
    clock: what the clock changes is computed from it on each poll."""
    return cached(f"{what}:{request.club.pk}", [f"club:{request.club.pk}", *depends], read)


def rendered(key: str, render: Callable[[], HttpResponse]) -> HttpResponse:
    """The answer kept for ``key`` (an ETag with the page's name), else ``render()`` kept:
    rendered once for every process (the shared live cache), kept in each one's memory
    (Django's ``default`` cache)."""
    return HttpResponse(once(f"page:{key}", lambda: render().content, local=DEFAULT_CACHE_ALIAS,
                             seconds=RENDERED_SECONDS))


def headers(request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
    """Cache-Control for a poll: public for an anonymous viewer, private otherwise."""
    if request.user.is_authenticated:
        patch_cache_control(response, private=True, no_cache=True)
    else:
        patch_cache_control(response, public=True, max_age=SHARED_SECONDS)
    patch_vary_headers(response, ["HX-Request", "Cookie"])
    return response


View = Callable[..., HttpResponseBase]


def polled(etag_of: Callable[..., str | None]) -> Callable[[View], View]:
    """A conditional page: ``etag_of(request, pk)`` (inside the access decorator) gives the
    ETag or None (then the page is rendered for this viewer and kept private); the view finds
    it as :func:`poll_etag`. Every answer, a 304 too, gets :func:`headers`."""

    def decorator(view: View) -> View:
        def tagged(request: HttpRequest, *args: Any, **kwargs: Any) -> str | None:
            tag = etag_of(request, *args, **kwargs)
            request.META["live.etag"] = tag
            return tag

        conditional = condition(etag_func=tagged)(view)

        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            response = conditional(request, *args, **kwargs)
            if request.META.get("live.etag") is not None and response.status_code in (200, 304):
                return headers(request, response)
            patch_cache_control(response, private=True, no_cache=True)
            return response

        wrapper.polled = True  # type: ignore[attr-defined]  # the access decorators read it
        return wrapper

    return decorator


def poll_etag(request: HttpRequest) -> str | None:
    """The ETag :func:`polled` made for this request (None: not conditional)."""
    tag = request.META.get("live.etag")
    return tag if isinstance(tag, str) else None
