"""Who may see what: every club page goes through one of these decorators.

``club_view(min_role)`` wraps a function view whose URL has a ``club`` kwarg (the club's slug):

* anonymous users are sent to the login page;
* a logged-in user without any role in that club gets 404 (the club's existence is not
  revealed, also not for a slug that does not exist);
* a role below ``min_role`` gets 403;
* otherwise ``request.club`` and ``request.club_role`` are set and the view is called
  *without* the ``club`` kwarg.

Superusers pass as club admin everywhere. Inside a club view, look objects up with
``club=request.club`` (e.g. ``get_object_or_404(Member, pk=pk, club=request.club)``) so that
guessing another club's ids gives 404.

``club_object_view(min_role, load)`` is ``club_view`` for a page about one object of the club
(score entry at a table): ``load`` reads the club, the user's role and the object in one
query, and the view is called with the object instead of its ``pk``; the answers are
``club_view``'s, an object not in the club is 404.

``public_club_view`` is for pages anyone may see when the club has ``public_pages`` on (later:
standings); without public pages it behaves like ``club_view(Role.MEMBER)``.
"""

from collections.abc import Callable
from functools import wraps
from typing import Any, Protocol, cast

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase

from .http import ClubRequest, PublicClubRequest
from .models import Club, Role
from .selectors import as_user, club_and_role

View = Callable[..., HttpResponseBase]


class MarkedView(Protocol):
    """A decorated view: the role it asks for, read by the tests that check every URL."""

    club_min_role: str | None
    club_public: bool

    def __call__(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase: ...


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
            _admit(request, club_and_role(request.user, club), min_role)
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
        found = club_and_role(request.user, club)
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
