"""Who is entering scores at a table, and the request the score views get.

Two ways in: a logged-in user with their role in the club, or a table code (no login). Both
hand the score views (``views.scores``) one :class:`EntryRequest`, made by ``views.access``:
the club, who enters (:class:`Entrant`) and, for a code, the one table it reaches. The pages,
the templates and the view functions are the same; the rights and the URLs come from here. The
code's own refusals (a wrong code, codes off, a closed evening) are ``views.table_codes``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.urls import reverse

from clubmanager.core.http import HtmxRequest
from clubmanager.models import Club, Role
from tournaments.entry.selectors import permissions
from tournaments.entry.services.table_codes import ViaCode
from tournaments.models import Seat, Table


@dataclass(frozen=True)
class Entrant:
    """A login (``user`` and its ``role`` in the club) or a table code (``via``, no user)."""

    user: User | None
    role: str | None
    via: ViaCode | None = None

    @property
    def by(self) -> User | None:
        """The user the services record (None for a table code: ``via`` is recorded)."""
        return None if self.via is not None else self.user

    @property
    def identity(self) -> str:
        """Who typed what a phone keeps (offline.js): ``c<code id>`` for a table code,
        ``u<user id>`` for a login, empty for neither."""
        if self.via is not None:
            return f"c{self.via.code.pk}"
        return f"u{self.user.pk}" if self.user is not None and self.user.pk else ""

    @property
    def is_admin(self) -> bool:
        return self.via is None and Role.at_least(self.role, Role.ADMIN)

    def may_enter(self, table: Table, seats: list[Seat]) -> bool:
        if self.via is not None:
            return permissions.code_may_enter(self.via.code, table)
        return permissions.may_enter(self.user, table, seats, self.role)

    def may_confirm(self, table: Table, seats: list[Seat],
                    last_by: int | None = permissions.LAST_BY_UNKNOWN) -> bool:
        if self.via is not None:
            return permissions.code_may_confirm(self.via.code, table)
        return permissions.may_confirm(self.user, table, seats, self.role, last_by)

    def url(self, name: str, table: Table, hand_pk: int | None = None) -> str:
        """A score page's URL: ``tournaments:<name>`` for a login, ``table_code:<name>`` (the
        same names) for a code. ``hand_pk`` for a hand's pages, else the table's."""
        if self.via is not None:
            kwargs: dict[str, Any] = {"code": self.via.code.code}
            if hand_pk is not None:
                kwargs["pk"] = hand_pk
            return reverse(f"table_code:{name}", kwargs=kwargs)
        club = table.round.evening.competition.club.slug
        return reverse(f"tournaments:{name}",
                       kwargs={"club": club, "pk": table.pk if hand_pk is None else hand_pk})


class EntryRequest(HtmxRequest):
    """The request every score view gets, by either way in (``views.access.entry_view``):
    the table's ``club``, who enters (``entrant``) and ``code_table``, the one table a code
    reaches (None for a login: any table of the club its role allows). ``user`` is whoever is
    logged in, if anyone: at a code URL the code enters, not the login."""

    club: Club
    entrant: Entrant
    code_table: Table | None
    user: User | AnonymousUser
