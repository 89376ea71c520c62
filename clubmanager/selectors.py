"""Reads. Each returns a queryset or a plain value; pages call these, never the ORM directly.

The role queries live here (not in ``access``, the view decorators) so that selectors and
services of both apps can ask for a user's role without importing the view layer
(docs/architecture.md, "Layers").
"""

from typing import Any

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery

from .models import Club, ClubLogo, ClubRole, Member, Role


def role_subquery(user_id: int, club: Any) -> Subquery:
    """The user's role in ``club`` (a Club, its pk or an ``OuterRef`` to one) as a subquery:
    the one place a role is looked up, annotated onto whatever a page reads anyway (the club, a
    table) so the role costs no query of its own. Superusers are :func:`as_user`'s concern."""
    return Subquery(ClubRole.objects.filter(user_id=user_id, club=club).values("role")[:1])


def as_user(user: Any, role: str | None) -> str | None:
    """Superusers pass as club admin everywhere."""
    return Role.ADMIN if user.is_superuser else role


def club_and_role(user: Any, slug: str) -> tuple[Club, str | None] | None:
    """The club and the user's role in it (None without one), in one query; None when there
    is no such club (every club page runs this)."""
    try:
        club = (Club.objects.annotate(user_role=role_subquery(user.pk, OuterRef("pk")))
                .get(slug=slug))
    except Club.DoesNotExist:
        return None
    return club, as_user(user, club.user_role)


def role_in_club(user: Any, club: Club) -> str | None:
    """The user's role in ``club`` (superusers: admin), or None."""
    if not user.is_authenticated:
        return None
    found = club_and_role(user, club.slug)
    return found[1] if found is not None else None


def clubs_for_user(user: Any) -> list[tuple[Club, str]]:
    """The clubs a user has a role in, with that role (superusers: every club, as admin)."""
    if not user.is_authenticated:
        return []
    if user.is_superuser:
        return [(club, "admin") for club in Club.objects.order_by("name")]
    roles = ClubRole.objects.filter(user=user).select_related("club").order_by("club__name")
    return [(role.club, role.role) for role in roles]


def member_search(*, club: Club, query: str = "", status: str = "active") -> QuerySet[Member]:
    """Members of ``club`` matching ``query`` in name, member number or email."""
    members = Member.objects.filter(club=club)
    if status == "active":
        members = members.filter(is_active=True)
    elif status == "inactive":
        members = members.filter(is_active=False)
    for word in query.split():
        members = members.filter(
            Q(name__icontains=word) | Q(member_number__icontains=word) | Q(email__icontains=word)
        )
    return members.select_related("user").order_by("name", "member_number")


def member_counts(*, club: Club) -> dict[str, int]:
    counts = Member.objects.filter(club=club).aggregate(
        active=Count("pk", filter=Q(is_active=True)),
        inactive=Count("pk", filter=Q(is_active=False)),
    )
    return {"active": counts["active"], "inactive": counts["inactive"]}


def club_roles(*, club: Club) -> QuerySet[ClubRole]:
    return ClubRole.objects.filter(club=club).select_related("user").order_by("user__username")


def members_by_number(*, club: Club) -> dict[str, Member]:
    return {m.member_number: m for m in Member.objects.filter(club=club)}


def club_roles_with_members(*, club: Club) -> list[tuple[ClubRole, Member | None]]:
    """The club's roles, each with the member the login is linked to (two queries)."""
    roles = list(club_roles(club=club))
    linked = {m.user_id: m for m in Member.objects.filter(club=club, user__isnull=False)}
    return [(role, linked.get(role.user_id)) for role in roles]


def own_member_ids(*, club: Club, user: Any) -> set[int]:
    """The members of ``club`` that ``user`` logs in as (their own rows, results and tables)."""
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(Member.objects.filter(club=club, user=user).values_list("pk", flat=True))


def club_logo_png(*, club: Club) -> bytes | None:
    """The club's logo as stored (a PNG we wrote), or None; no query for a club without one."""
    if not club.logo_version:
        return None
    png = ClubLogo.objects.filter(club=club).values_list("png", flat=True).first()
    return bytes(png) if png is not None else None
