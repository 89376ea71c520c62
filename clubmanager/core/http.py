"""The requests a view gets, typed: what :mod:`clubmanager.core.access` and django-htmx's middleware
set on Django's ``HttpRequest``.

* :class:`ClubRequest` for ``club_view`` and ``club_object_view``: a logged-in user with a
  role in ``club`` (at least the view's ``min_role``);
* :class:`PublicClubRequest` for ``public_club_view``: anyone may be looking, with or without
  a role;
* :class:`HtmxRequest` for the pages outside a club.

Annotating ``request: ClubRequest`` claims nothing at run time: the decorators set the
attributes before the view runs.
"""

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

from ..models import Club


class HtmxRequest(HttpRequest):
    htmx: HtmxDetails


class ClubRequest(HtmxRequest):
    club: Club
    club_role: str  # a Role value: the decorator answers 404 to a user without one
    user: User


class PublicClubRequest(HtmxRequest):
    club: Club
    club_role: str | None  # None for a visitor without a role in the club
    user: User | AnonymousUser
