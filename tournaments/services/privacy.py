"""Removing a member who left (issue 26, AVG): ``member_remove``.

The member's results stay, under the name "Oud-lid N", so that everyone else's standings are
unchanged; their name, member number, e-mail, phone, notes and login are erased from the member
and from every row that kept them: the member's history rows, the sides of the tables they sat at
(a side is named after its players, ``matches.assign_sides``), the hands entered at those tables
and the hands' history (a hand names its sides), the free-text reasons of the club's hand and
evening history, and Django's admin log. Why and what stays: docs/privacy.md.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Mapping
from typing import Any

from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from clubmanager.models import Club, ClubRole, Member, PublicName

from ..models import Evening, Hand, Seat
from ..workbook.cache import cache_dir


def _renamed(value: Any, sides: Mapping[str, str], old: str, new: str) -> Any:
    """``value`` (a hand's JSON) with each side renamed (as a key or a value) and any other
    mention of the old name replaced."""
    if isinstance(value, dict):
        return {_renamed(key, sides, old, new): _renamed(item, sides, old, new)
                for key, item in value.items()}
    if isinstance(value, list):
        return [_renamed(item, sides, old, new) for item in value]
    if isinstance(value, str):
        return sides[value] if value in sides else value.replace(old, new)
    return value


def _text(value: str | None, old: str, new: str) -> str | None:
    return value.replace(old, new) if value else value


def _former_label(club: Club) -> tuple[str, str]:
    """The next free "Oud-lid N" of the club (in the club's language), and its member number."""
    taken_names = set(Member.objects.filter(club=club).values_list("name", flat=True))
    taken_numbers = set(Member.objects.filter(club=club).values_list("member_number", flat=True))
    n = Member.objects.filter(club=club, removed_at__isnull=False).count() + 1
    while True:
        with override(club.language):
            label = _("Former member %(n)s") % {"n": n}
        number = f"oud-{n}"
        if label not in taken_names and number not in taken_numbers:
            return label, number
        n += 1


def _rename_sides(member: Member, old: str, new: str) -> None:
    """The sides of every table the member sat at, and the hands (and their history) there."""
    mine = Seat.objects.filter(participant__member=member).select_related("table")
    by_table: dict[int, dict[str, str]] = {}
    for seat in mine:
        sides = by_table.setdefault(seat.table_id, {})
        if seat.side not in sides:
            sides[seat.side] = seat.side.replace(old, new) if old in seat.side else new
    for table_id, sides in by_table.items():
        seats = list(Seat.objects.filter(table_id=table_id))
        before = len({seat.side for seat in seats})
        for seat in seats:
            seat.side = sides.get(seat.side, seat.side)
        if len({seat.side for seat in seats}) != before:
            raise ValidationError(_("A side of table %(id)s would not be unique.")
                                  % {"id": table_id})
        Seat.objects.bulk_update(seats, ["side"])
        for model in (Hand, Hand.history.model):
            rows = list(model.objects.filter(table_id=table_id))
            for row in rows:
                row.data = _renamed(row.data, sides, old, new)
                row.adjusted_points = _renamed(row.adjusted_points, sides, old, new)
                row.adjusted_reason = _text(row.adjusted_reason, old, new)
            model.objects.bulk_update(rows, ["data", "adjusted_points", "adjusted_reason"])
    # Hands kept in the history of a club table the member no longer sits at (their hands were
    # deleted and the table re-seated): the name wherever it appears.
    history = Hand.history.model.objects.filter(
        table__round__evening__competition__club_id=member.club_id).exclude(
        table_id__in=list(by_table)).filter(data__icontains=old)
    rows = list(history)
    for row in rows:
        row.data = _renamed(row.data, {}, old, new)
        row.adjusted_points = _renamed(row.adjusted_points, {}, old, new)
        row.adjusted_reason = _text(row.adjusted_reason, old, new)
    Hand.history.model.objects.bulk_update(rows, ["data", "adjusted_points", "adjusted_reason"])


def _scrub_reasons(member: Member, secrets: list[str], new: str) -> None:
    """Free-text reasons in the club's hand and evening history that mention the member."""
    club = member.club_id
    mention = Q()
    for secret in secrets:
        mention |= Q(history_change_reason__contains=secret)
    hands = Hand.history.model.objects.filter(
        mention, table__round__evening__competition__club=club)
    evenings = Evening.history.model.objects.filter(mention, competition__club=club)
    for rows in (hands, evenings):
        changed = list(rows)
        for row in changed:
            for secret in secrets:
                row.history_change_reason = _text(row.history_change_reason, secret, new)
        rows.model.objects.bulk_update(changed, ["history_change_reason"])
    for entry in LogEntry.objects.filter(
            content_type=ContentType.objects.get_for_model(Member), object_id=str(member.pk)):
        entry.object_repr = new
        entry.change_message = ""
        entry.save(update_fields=["object_repr", "change_message"])


def _forget_login(member: Member, user: Any) -> None:
    """The member's login: gone from this club; when it is of no other club (and no site
    manager), its name, e-mail and password are erased too (the row stays: results refer to
    who entered and confirmed them)."""
    ClubRole.objects.filter(user=user, club_id=member.club_id).delete()
    elsewhere = (ClubRole.objects.filter(user=user).exists()
                 or Member.objects.filter(user=user).exclude(pk=member.pk).exists())
    if elsewhere or user.is_staff or user.is_superuser:
        return
    with contextlib.suppress(Exception):
        from axes.models import AccessAttempt, AccessFailureLog, AccessLog

        for model in (AccessAttempt, AccessFailureLog, AccessLog):
            model.objects.filter(username=user.get_username()).delete()
    user.username = f"removed-{uuid.uuid4().hex[:12]}"
    user.first_name = user.last_name = user.email = ""
    user.is_active = False
    user.set_unusable_password()
    user.save()


def _forget_cached_workbooks(club_id: int) -> None:
    """Built season workbooks of the club's competitions that still hold the old name."""
    from ..models import Competition

    for pk in Competition.objects.filter(club_id=club_id).values_list("pk", flat=True):
        for path in cache_dir().glob(f"*/season-{pk}-*.xlsx"):
            with contextlib.suppress(OSError):
                path.unlink()


@transaction.atomic
def member_remove(*, member: Member, by: Any) -> Member:
    """Erase a member who left; their results stay as "Oud-lid N" (module docstring)."""
    club = Club.objects.select_for_update().get(pk=member.club_id)
    member = Member.objects.select_for_update().get(pk=member.pk)
    if member.removed_at is not None:
        raise ValidationError(_("This member has already been removed."))
    if by is not None and member.user_id is not None and member.user_id == by.pk:
        raise ValidationError(_("You cannot remove yourself."))
    label, number = _former_label(club)
    old_name = member.name
    secrets = [s for s in (member.name, member.email, member.phone) if s]
    user = member.user
    _rename_sides(member, old_name, label)
    member.name, member.member_number = label, number
    member.email = member.phone = member.notes = ""
    member.user = None
    member.is_active = False
    member.public_name = PublicName.FULL
    member.results_by_mail = False
    member.removed_at = timezone.now()
    member._history_user = by  # type: ignore[attr-defined]
    member.save()
    Member.history.model.objects.filter(id=member.pk).update(
        name=label, member_number=number, email="", phone="", notes="", user=None,
        history_change_reason=None)
    _scrub_reasons(member, secrets, label)
    if user is not None:
        _forget_login(member, user)
    transaction.on_commit(lambda: _forget_cached_workbooks(club.pk))
    return member
