"""Reads. Each returns a queryset or a plain value; pages call these, never the ORM directly."""

from typing import Any

from django.db.models import Count, Q, QuerySet

from .models import Club, ClubRole, Member


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
