"""Who is entering scores at a table: a logged-in user with their role in the club, or a table
code (no login). The score views (``views.scores``) serve both through one :class:`Entrant`:
the same pages and templates, with the rights and the URLs coming from here. The code's own
URLs (``/t/<code>/…``) are ``views.table_codes``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from django.urls import reverse

from clubmanager.models import Role
from tournaments.entry.selectors import permissions
from tournaments.entry.services.table_codes import ViaCode
from tournaments.models import Seat, Table


@dataclass(frozen=True)
class Entrant:
    user: Any
    role: str | None
    via: ViaCode | None = None

    @property
    def by(self) -> Any:
        """The user the services record (None for a table code: ``via`` is recorded)."""
        return None if self.via is not None else self.user

    @property
    def identity(self) -> str:
        """Who typed what a phone keeps (offline.js): ``c<code id>`` for a table code,
        ``u<user id>`` for a login, empty for neither."""
        if self.via is not None:
            return f"c{self.via.code.pk}"
        return f"u{self.user.pk}" if getattr(self.user, "pk", None) else ""

    @property
    def is_admin(self) -> bool:
        return self.via is None and Role.at_least(self.role, Role.ADMIN)

    def may_enter(self, table: Table, seats: list[Seat]) -> bool:
        if self.via is not None:
            return permissions.code_may_enter(self.via.code, table)
        return permissions.may_enter(self.user, table, seats, self.role)

    def may_confirm(self, table: Table, seats: list[Seat], last_by: int | None) -> bool:
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


def entrant_of(request: HttpRequest) -> Entrant:
    """The table code's entrant (set by ``views.table_codes``), else the logged-in user's."""
    found = getattr(request, "entrant", None)
    if isinstance(found, Entrant):
        return found
    return Entrant(request.user, getattr(request, "club_role", None))
