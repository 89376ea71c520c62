"""Who may see what: every club page goes through one of these decorators, so no view can
forget to check.

``club_view(min_role)`` (a club page), ``club_object_view(min_role, load)`` (a page about one
object of the club, read with the user's role in one query) and ``public_club_view`` (pages a
club may open to anyone). Anonymous visitors go to the login page, a user without a role in
the club gets 404 (the club is not revealed), a role too low 403; the view gets
``request.club`` and ``request.club_role`` (``clubmanager/core/http.py``). Superusers pass as club
admin. What each role may do: docs/security.md ("Access and logins"); how to write a club
view: docs/development.md.
"""

from collections.abc import Callable
from functools import wraps
from typing import Any, Protocol, cast

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase

from ..models import Club, ClubRole, Role
from ..selectors import as_user, club_and_role
from .http import ClubRequest, PublicClubRequest
from .live_cache import cached

View = Callable[..., HttpResponseBase]


class MarkedView(Protocol):
    """A decorated view: the role it asks for, read by the tests that check every URL."""

    club_min_role: str | None
    club_public: bool

    def __call__(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase: ...


def polled_club_and_role(user: Any, slug: str) -> tuple[Club, str | None] | None:
    """:func:`club_and_role` through the live cache: the club by its short name (kept until a
    club is saved or deleted), the user's role in it (until the role changes)."""
    club = cached(f"club-slug:{slug}", ["clubs"], lambda: Club.objects.filter(slug=slug).first())
    if club is None:
        return None
    if not user.is_authenticated:
        return club, None
    role = cached(f"role:{user.pk}:{club.pk}", [f"role:{user.pk}:{club.pk}"],
                  lambda: ClubRole.objects.filter(user=user, club=club).values_list(
                      "role", flat=True).first())
    return club, as_user(user, role)


def _club_and_role(request: HttpRequest, view: View, slug: str) -> tuple[Club, str | None] | None:
    if getattr(view, "polled", False) and request.method in ("GET", "HEAD"):
        return polled_club_and_role(request.user, slug)
    return club_and_role(request.user, slug)


def _check_min_role(min_role: str) -> None:
    if min_role not in Role.values:
        raise ValueError(f"unknown role {min_role!r}")


def _admit(request: HttpRequest, found: tuple[Club, str | None] | None, min_role: str) -> None:
    """The answer every club page gives: 404 without a role in the club (its existence is not
    revealed), 403 for a role below ``min_role``; otherwise ``request.club`` and
    ``request.club_role`` are set."""
    if found is None or found[1] is None:
        raise Http404("No such club")
    if not Role.at_least(found[1], min_role):
        raise PermissionDenied
    admitted = cast(ClubRequest, request)
    admitted.club, admitted.club_role = found[0], found[1]


def club_view(min_role: str) -> Callable[[View], View]:
    _check_min_role(min_role)

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, club: str, **kwargs: Any) -> HttpResponseBase:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            _admit(request, _club_and_role(request, view, club), min_role)
            return view(request, *args, **kwargs)

        cast(MarkedView, wrapper).club_min_role = min_role
        return wrapper

    return decorator


Loader = Callable[..., "tuple[Club, str | None, Any] | None"]


def club_object_view(min_role: str, load: Loader) -> Callable[[View], View]:
    """``load(user_id=…, club_slug=…, pk=…)`` returns ``(club, role or None, object)``, or None
    when the club has no such object (then the answer is club_view's: 404 without a role in the
    club, 403 for a role too low, else 404 for the object)."""
    _check_min_role(min_role)

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, club: str, pk: int,
                    **kwargs: Any) -> HttpResponseBase:
            user = request.user
            if not user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            found = load(user_id=user.pk, club_slug=club, pk=pk)
            if found is None:  # rare: the club's answer first, as club_view and then the view
                _admit(request, club_and_role(user, club), min_role)
                raise Http404("No such object in this club")
            club_obj, role, obj = found
            _admit(request, (club_obj, as_user(user, role)), min_role)
            return view(request, obj, *args, **kwargs)

        cast(MarkedView, wrapper).club_min_role = min_role
        return wrapper

    return decorator


def public_club_view(view: View) -> View:
    """A club page anyone may see if the club has public pages; members otherwise."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, club: str, **kwargs: Any) -> HttpResponseBase:
        found = _club_and_role(request, view, club)
        club_obj, role = found if found is not None else (None, None)
        if club_obj is None or (not club_obj.public_pages and role is None):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            raise Http404("No such club")
        public = cast(PublicClubRequest, request)
        public.club, public.club_role = club_obj, role
        return view(request, *args, **kwargs)

    cast(MarkedView, wrapper).club_min_role = None
    cast(MarkedView, wrapper).club_public = True
    return wrapper
