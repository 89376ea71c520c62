"""Removing a member who left (AVG): ``member_remove``.

The member's results stay, under the name "Oud-lid N", so that everyone else's standings are
unchanged; their name, member number, e-mail, phone, notes and login are erased from the member
and from every row that kept them: the member's history rows, the sides of the tables they sat at
(a side is named after its players, ``matches.assign_sides``), the hands entered at those tables
and the hands' history (a hand names its sides), every free text of the club that mentions them
in any case (``_text_sources``: reasons of adjusted scores at any table, of deletes and of
evening changes, with their history, and other members' notes), Django's admin log, and the
failed logins typed as their username, e-mail or name (django-axes). One transaction, a fixed
number of queries. Why and what stays: docs/privacy.md.
"""

from __future__ import annotations

import re
import uuid
from collections import Counter
from collections.abc import Mapping
from typing import Any

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q, QuerySet, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from clubmanager.models import Club, ClubRole, Member, PublicName
from tournaments.models import CallOff, Competition, Evening, Hand, Participant, Seat
from tournaments.workbook.services import cached_workbooks_forget


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


def _sides_per_table(seats: list[Seat]) -> Counter[int]:
    """How many different sides each table has."""
    return Counter(table_id for table_id, _side in {(s.table_id, s.side) for s in seats})


def _rename_sides(member: Member, old: str, new: str) -> None:
    """The sides of every table the member sat at, and the hands (and their history) there;
    a fixed number of queries however many tables."""
    mine = Seat.objects.filter(participant__member=member)
    tables = Subquery(mine.values("table_id"))
    own = set(mine.values_list("pk", flat=True))
    seats = list(Seat.objects.filter(table_id__in=tables))
    by_table: dict[int, dict[str, str]] = {}
    for seat in seats:
        if seat.pk in own:
            sides = by_table.setdefault(seat.table_id, {})
            sides.setdefault(seat.side, seat.side.replace(old, new) if old in seat.side else new)
    before = _sides_per_table(seats)
    for seat in seats:
        seat.side = by_table.get(seat.table_id, {}).get(seat.side, seat.side)
    after = _sides_per_table(seats)
    for table_id, count in before.items():
        if after[table_id] != count:
            raise ValidationError(_("A side of table %(id)s would not be unique.")
                                  % {"id": table_id})
    Seat.objects.bulk_update(seats, ["side"])
    for model in (Hand, Hand.history.model):
        rows = list(model.objects.filter(table_id__in=tables))
        for row in rows:
            sides = by_table.get(row.table_id, {})
            row.data = _renamed(row.data, sides, old, new)
            row.adjusted_points = _renamed(row.adjusted_points, sides, old, new)
        model.objects.bulk_update(rows, ["data", "adjusted_points"])
    # Hands kept in the history of a club table the member no longer sits at (their hands were
    # deleted and the table re-seated): the name wherever it appears.
    rows = list(Hand.history.model.objects.filter(
        table__round__evening__competition__club_id=member.club_id, data__icontains=old)
        .exclude(table_id__in=tables))
    for row in rows:
        row.data = _renamed(row.data, {}, old, new)
        row.adjusted_points = _renamed(row.adjusted_points, {}, old, new)
    Hand.history.model.objects.bulk_update(rows, ["data", "adjusted_points"])


def _secrets(member: Member, user: Any) -> list[str]:
    """What names the member in a text: name, e-mail, phone; their login's e-mail and full
    name (not a username, which may be a common word). Longest first, so that a name is
    replaced before a part of it."""
    found = {member.name, member.email, member.phone}
    if user is not None:
        full_name = user.get_full_name()
        found |= {user.email, full_name if " " in full_name.strip() else ""}
    return sorted((s.strip() for s in found if len(s.strip()) >= 2), key=len, reverse=True)


def _alternatives(secrets: list[str]) -> str:
    """The secrets as one regular expression that both Python and the databases read: any case
    (the caller's flag), any run of spaces between the words."""
    return "|".join(r"\s+".join(re.escape(word) for word in secret.split())
                    for secret in secrets)


def _text_sources(club_id: int) -> list[tuple[QuerySet[Any], tuple[str, ...]]]:
    """Every free text of the club that may name a member, with its history: the reasons of
    adjusted scores, deletes and evening changes, and the members' notes."""
    in_club = Q(table__round__evening__competition__club_id=club_id)
    evening_in_club = Q(evening__competition__club_id=club_id)
    reason = ("history_change_reason",)
    return [
        (Hand.objects.filter(in_club), ("adjusted_reason",)),
        (Hand.history.model.objects.filter(in_club), ("adjusted_reason", *reason)),
        (Evening.history.model.objects.filter(competition__club_id=club_id), reason),
        (Competition.history.model.objects.filter(club_id=club_id), reason),
        (Participant.history.model.objects.filter(evening_in_club), reason),
        (CallOff.history.model.objects.filter(evening_in_club), reason),
        (Member.objects.filter(club_id=club_id), ("notes",)),
        (Member.history.model.objects.filter(club_id=club_id), ("notes", *reason)),
    ]


def _replaced(text: str, mention: re.Pattern[str], new: str, limit: int | None) -> str:
    """``text`` with every mention replaced; cut to the field's length in the rare case that
    the label is longer than the name it replaces."""
    text = mention.sub(new, text)
    return text if limit is None or len(text) <= limit else text[:limit - 1] + "…"


def _scrub_texts(member: Member, secrets: list[str], new: str) -> None:
    """Every mention of the member, in any case, in the club's free texts (``_text_sources``):
    at any table, also where the member never sat. Per source one query finds the rows (the
    database's case-insensitive regular expression) and one writes them."""
    if not secrets:  # an empty pattern would match every text
        return
    alternatives = _alternatives(secrets)
    mention = re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)
    for rows, fields in _text_sources(member.club_id):
        found = Q()
        for field in fields:
            found |= Q(**{f"{field}__iregex": alternatives})
        changed = []
        for row in rows.filter(found):
            before = [getattr(row, field) for field in fields]
            for field in fields:
                if getattr(row, field):
                    limit = rows.model._meta.get_field(field).max_length
                    setattr(row, field, _replaced(getattr(row, field), mention, new, limit))
            if [getattr(row, field) for field in fields] != before:
                changed.append(row)
        rows.model.objects.bulk_update(changed, list(fields))
    LogEntry.objects.filter(content_type=ContentType.objects.get_for_model(Member),
                            object_id=str(member.pk)).update(object_repr=new, change_message="")


def _forget_attempts(typed: list[str]) -> None:
    """Failed logins (django-axes) typed as any of ``typed`` (any case, spaces around), and
    the log of that login's sessions: deleted now, not at the cool-off's clean-up."""
    if not typed:
        return
    exact = rf"^\s*({_alternatives(typed)})\s*$"
    for model in (AccessAttempt, AccessFailureLog, AccessLog):
        model.objects.filter(username__iregex=exact).delete()


def _forget_login(member: Member, user: Any) -> bool:
    """The member's login: gone from this club; when it is of no other club (and no site
    manager), its name, e-mail and password are erased too (the row stays: results refer to
    who entered and confirmed them). True when it was erased."""
    ClubRole.objects.filter(user=user, club_id=member.club_id).delete()
    elsewhere = (ClubRole.objects.filter(user=user).exists()
                 or Member.objects.filter(user=user).exclude(pk=member.pk).exists())
    if elsewhere or user.is_staff or user.is_superuser:
        return False
    user.username = f"removed-{uuid.uuid4().hex[:12]}"
    user.first_name = user.last_name = user.email = ""
    user.is_active = False
    user.set_unusable_password()
    user.save()
    return True



@transaction.atomic
def member_remove(*, member: Member, by: User | None) -> Member:
    """Erase a member who left; their results stay as "Oud-lid N" (module docstring)."""
    club = Club.objects.select_for_update().get(pk=member.club_id)
    member = Member.objects.select_for_update().get(pk=member.pk)
    if member.removed_at is not None:
        raise ValidationError(_("This member has already been removed."))
    if by is not None and member.user_id is not None and member.user_id == by.pk:
        raise ValidationError(_("You cannot remove yourself."))
    label, number = _former_label(club)
    old_name = member.name
    user = member.user
    secrets = _secrets(member, user)
    _rename_sides(member, old_name, label)
    member.name, member.member_number = label, number
    member.email = member.phone = member.notes = ""
    member.user = None
    member.is_active = False
    member.public_name = PublicName.FULL
    member.results_by_mail = False
    member.removed_at = timezone.now()
    member._history_user = by
    member.save()
    Member.history.model.objects.filter(id=member.pk).update(
        name=label, member_number=number, email="", phone="", notes="", user=None,
        history_change_reason=None)
    _scrub_texts(member, secrets, label)
    typed = list(secrets)  # what a failed login may have been typed as
    if user is not None:
        username = user.get_username()
        if _forget_login(member, user):
            typed.append(username)
        else:  # the login stays for another club: what it logs in with stays too
            typed = [s for s in typed if s.casefold() != username.casefold()]
    _forget_attempts(typed)
    transaction.on_commit(lambda: cached_workbooks_forget(club_id=club.pk))
    return member
