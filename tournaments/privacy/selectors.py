"""All the site keeps about one member, for their own download ("Mijn gegevens", AVG
right of access): the profile, their results (evenings, tables, scores; their row of each
competition's standings) and the history entries about them. Plain data (strings, numbers,
lists and dicts), the same for the JSON and the PDF (``pdf.member_data``). Why: docs/privacy.md.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.utils import timezone

from clubmanager.models import ClubRole, Member
from tournaments.models import CallOff, Competition, Evening, Seat
from tournaments.standings.selectors.standings import season_standings

#: The history entry types of django-simple-history, in words.
CHANGE = {"+": "created", "~": "changed", "-": "deleted"}


def _when(value: Any) -> str | None:
    if value is None:
        return None
    if hasattr(value, "tzinfo") and hasattr(value, "hour"):
        return timezone.localtime(value).isoformat(timespec="seconds")
    return str(value.isoformat())


def _average(value: Fraction | None) -> str | None:
    return None if value is None else f"{float(value):.2f}"


def _profile(member: Member) -> dict[str, Any]:
    role = None
    if member.user_id is not None:
        role = (ClubRole.objects.filter(user_id=member.user_id, club_id=member.club_id)
                .values_list("role", flat=True).first())
    return {
        "club": member.club.name,
        "name": member.name,
        "member_number": member.member_number,
        "email": member.email,
        "phone": member.phone,
        "notes": member.notes,
        "active": member.is_active,
        "name_on_public_pages": member.public_name,
        "results_by_mail": member.results_by_mail,
        "login": member.user.get_username() if member.user else None,
        "role": role,
        "member_since": _when(member.created),
        "last_changed": _when(member.updated),
    }


def _results(member: Member) -> tuple[list[dict[str, Any]], list[Competition]]:
    seats = (Seat.objects.filter(participant__member=member)
             .select_related("table__round__evening__competition")
             .order_by("table__round__evening__date", "table__round__number", "table__number"))
    rows: list[dict[str, Any]] = []
    competitions: dict[int, Competition] = {}
    for seat in seats:
        table = seat.table
        evening = table.round.evening
        competitions[evening.competition_id] = evening.competition
        rows.append({
            "competition": evening.competition.name,
            "date": _when(evening.date),
            "round": table.round.number,
            "table": table.number,
            "seat": seat.position,
            "side": seat.side,
            "hands": table.hand_count,
            "points": seat.points,
            "competition_points": seat.competition_points,
            "place": seat.place,
        })
    return rows, sorted(competitions.values(), key=lambda c: (c.start_date, c.pk))


def _standings(member: Member, competitions: list[Competition]) -> list[dict[str, Any]]:
    found = []
    for competition in competitions:
        standings = season_standings(competition)
        row = next((r for r in standings.rows if r.member_id == member.pk), None)
        if row is None:
            continue
        dates = {e.pk: _when(e.date) for e in standings.evenings}
        found.append({
            "competition": competition.name,
            "rank": row.rank,
            "of": len(standings.rows),
            "total": row.total,
            "evenings_played": row.evenings_played,
            "wins": row.wins,
            "average": _average(row.average),
            "qualified": row.qualified,
            "per_evening": [{"date": dates.get(pk), "score": score,
                             "counted": pk not in row.dropped}
                            for pk, score in row.per_evening.items() if score is not None],
        })
    return found


def _history(member: Member) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    for record in (Member.history.filter(id=member.pk).select_related("history_user")
                   .order_by("history_date")):
        entries.append({
            "what": "member",
            "change": CHANGE.get(record.history_type, record.history_type),
            "when": _when(record.history_date),
            "by": record.history_user.get_username() if record.history_user else None,
            "name": record.name,
            "member_number": record.member_number,
            "email": record.email,
            "phone": record.phone,
            "active": record.is_active,
            "name_on_public_pages": record.public_name,
            "results_by_mail": record.results_by_mail,
        })
    calloffs = (CallOff.history.filter(member_id=member.pk)
                .select_related("history_user").order_by("history_date"))
    evenings = {e.pk: e for e in Evening.objects.filter(
        pk__in=[c.evening_id for c in calloffs]).select_related("competition")}
    for record in calloffs:
        evening = evenings.get(record.evening_id)
        entries.append({
            "what": "call-off",
            "change": CHANGE.get(record.history_type, record.history_type),
            "when": _when(record.history_date),
            "by": record.history_user.get_username() if record.history_user else None,
            "competition": evening.competition.name if evening else None,
            "evening": _when(evening.date) if evening else None,
        })
    return entries


def member_data(*, member: Member) -> dict[str, Any]:
    """Everything about ``member`` (module docstring); JSON-ready."""
    results, competitions = _results(member)
    return {
        "exported": _when(timezone.now()),
        "profile": _profile(member),
        "results": results,
        "standings": _standings(member, competitions),
        "history": _history(member),
    }


def login_data(*, club: Any, user: Any) -> dict[str, Any]:
    """What the club keeps about a login that is not linked to a member of it: the login, its
    name and e-mail, and its role (the same shape as :func:`member_data`)."""
    role = ClubRole.objects.filter(user=user, club=club).values_list("role", flat=True).first()
    return {
        "exported": _when(timezone.now()),
        "profile": {
            "club": club.name, "name": user.get_full_name() or user.get_username(),
            "member_number": None, "email": user.email, "phone": None, "notes": None,
            "active": user.is_active, "name_on_public_pages": None,
            "results_by_mail": None,
            "login": user.get_username(), "role": role,
            "member_since": None, "last_changed": None,
        },
        "results": [], "standings": [], "history": [],
    }
