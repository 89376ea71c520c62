"""How a member's name is shown to a visitor: the one place that decides it (AVG).

Visitors who are not logged in to the club (anonymous, or a login of another club) see each
member's name as the member chose (``Member.public_name``): the full name, the first name and
initial ("Henk L."), or only the member number ("lid 12"); the default is the first name and
initial. Logged-in members of the club see full names. Guests have no choice and are shown as
first name and initial.

``shown_name`` is the one function that makes a name a visitor sees; everything else here
calls it: ``participant_name`` for a seat, ``team_name`` for a team's label (High Five 1959's
partners, made from each partner's shown name, never from the stored side, which holds full
names), ``rows_for_viewer`` for ranked rows. The public pages (standings, evening results,
TV) and the share page go through here, and the template tags of
``clubmanager/templatetags/privacy.py``. Why: docs/privacy.md.
"""

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext as _

from .models import Club, Member, PublicName


def shown_name(*, name: str, number: str, choice: str, full: bool) -> str:
    """``name`` as a viewer sees it: whole when ``full`` (a member of the club) or when the
    member chose so; else the first name and the initial of the last word, or the number."""
    if full or choice == PublicName.FULL:
        return name
    if choice == PublicName.HIDDEN:
        return _("member %(number)s") % {"number": number or "?"}
    words = name.split()
    if len(words) < 2:
        return words[0] if words else ""
    return f"{words[0]} {words[-1][0].upper()}."


def viewer_sees_full_names(role: str | None) -> bool:
    """A viewer with a role in the club (any role; superusers pass as admin) sees full names."""
    return role is not None


def participant_name(participant: Any, *, full: bool) -> str:
    """A participant (a member, or a guest) of an evening as the viewer sees them."""
    member: Member | None = participant.member
    if member is None:
        return shown_name(name=participant.guest_name, number="", choice=PublicName.SHORT,
                          full=full)
    return shown_name(name=member.name, number=member.member_number,
                      choice=member.public_name, full=full)


def team_name(partners: Iterable[Any], *, full: bool) -> str:
    """A team's label as the viewer sees it: the partners (participants, in seat order), each
    as :func:`participant_name` shows them, joined by " & "."""
    return " & ".join(participant_name(partner, full=full) for partner in partners)


def rows_for_viewer(rows: list[Any], *, club: Club, full: bool) -> list[Any]:
    """Copies of ranked rows (each with ``name`` and ``member_number``; a guest's number is
    empty) with the name as the viewer sees it (one query when not ``full``)."""
    if full:
        return rows
    choices = dict(Member.objects.filter(club=club).values_list("member_number", "public_name"))
    return [replace(row, name=shown_name(
        name=row.name, number=row.member_number, full=False,
        choice=choices.get(row.member_number, PublicName.SHORT) if row.member_number
        else PublicName.SHORT)) for row in rows]
