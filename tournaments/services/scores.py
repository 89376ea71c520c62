"""Score entry: add, change and delete hands, and confirm a finished match.

Every write runs in one transaction that

1. claims the table: ``UPDATE table SET version = version + 1 WHERE id = … AND version =
   expected_version``. Zero rows means somebody else saved this table since the form was
   rendered: :class:`TableChanged` (with the fresh table), nothing written. The UPDATE takes the
   row's write lock first (PostgreSQL: a second writer waits for the first to commit and then
   matches zero rows; SQLite: one writer at a time), then the row is re-read with
   ``select_for_update()``;
2. refuses when the evening is closed or the table confirmed (:class:`TableLocked`), or when the
   user may not enter scores here (``PermissionDenied``);
3. evaluates the whole match with the change applied through ``tournaments.matches`` (the rules
   engine decides everything); any error — in the changed hand or in a later hand it makes
   invalid — refuses the change (:class:`HandRejected`, with the engine's issues), unless a
   club admin gives a written reason and the points that stand (an adjusted score, see
   ``matches.evaluate_entries``); new warnings of the changed hand need
   ``acknowledge_warnings=True`` (:class:`WarningsNotAcknowledged`);
4. writes the hand, every seat's derived integers (one UPDATE, ``executemany``) and the table
   (``hand_count``, ``finished``) together.

History: django-simple-history records every save and delete of a hand with the user
(``_history_user``) and a change reason; the table history page shows before → after. Adding a
hand, the hot path, writes the claim, the hand and its history row with statements written
once (``clubmanager.rows``; the history row is the one simple-history would write, a test
compares them) instead of compiling them through the ORM on every save.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, wraps
from typing import Any, TypeVar

from django.core.exceptions import PermissionDenied
from django.db import OperationalError, connection, transaction
from django.utils import timezone

from clubmanager import rows
from clubmanager.access import role_in_club
from clubmanager.models import Role

from ..matches import apply_entries, evaluate_entries, sides_of
from ..models import Hand, Seat, Table
from ..selectors.scores import seats_and_hands

__all__ = [
    "HandRejected",
    "ScoreError",
    "TableChanged",
    "TableLocked",
    "WarningsNotAcknowledged",
    "Saved",
    "hand_add",
    "hand_add_saved",
    "hand_delete",
    "hand_update",
    "last_changed_by",
    "may_confirm",
    "may_enter",
    "table_confirm",
    "table_unconfirm",
]


class ScoreError(Exception):
    """A score change that was not made; nothing was written."""


class TableChanged(ScoreError):
    """The table was saved by someone else since the form was rendered."""

    def __init__(self, table: Table) -> None:
        super().__init__(f"table {table.pk} is at version {table.version}")
        self.table = table  # fresh from the database


class TableLocked(ScoreError):
    """The evening is closed or the match confirmed: no more changes."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason  # "closed" or "confirmed" or "not_finished" / "already_confirmed"


@dataclass
class HandRejected(ScoreError):
    """The rules engine refused the change. ``errors`` are engine issues, hand numbers already
    translated to the table's hand numbers (``hand``) with the engine's own in ``engine_hand``."""

    errors: list[dict[str, Any]]
    warnings: list[dict[str, Any]] = field(default_factory=list)
    evaluation: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__init__(", ".join(e["code"] for e in self.errors))


class WarningsNotAcknowledged(HandRejected):
    """The hand is valid, but the engine asks to look again; save with acknowledge_warnings."""

    def __post_init__(self) -> None:
        Exception.__init__(self, ", ".join(w["code"] for w in self.warnings))


# -- who may do what ----------------------------------------------------------------------
def _role(user: Any, table: Table) -> str | None:
    return role_in_club(user, table.round.evening.competition.club)


def may_enter(user: Any, table: Table, seats: Sequence[Seat], role: str | None = None) -> bool:
    """The table's scorekeeper (the member at its scorekeeper seat), a scorekeeper of the club,
    or a club admin. ``seats`` with ``participant__member`` loaded."""
    if not getattr(user, "is_authenticated", False):
        return False
    role = role if role is not None else _role(user, table)
    if Role.at_least(role, Role.SCOREKEEPER):
        return True
    if role is None:
        return False
    for seat in seats:
        member = seat.participant.member
        if seat.position == table.scorekeeper and member is not None:
            return member.user_id == user.pk
    return False


def last_changed_by(table: Table) -> int | None:
    """The user id behind the latest recorded change of the table's hands."""
    return (
        Hand.history.filter(table_id=table.pk)
        .order_by("-history_date", "-history_id")
        .values_list("history_user_id", flat=True)
        .first()
    )


def may_confirm(
    user: Any, table: Table, seats: Sequence[Seat], role: str | None = None,
    last_by: int | None = -1,
) -> bool:
    """A club admin, or an opponent: a user linked to a seated member, other than whoever
    entered the last change."""
    if not getattr(user, "is_authenticated", False):
        return False
    role = role if role is not None else _role(user, table)
    if Role.at_least(role, Role.ADMIN):
        return True
    if role is None:
        return False
    seated = {s.participant.member.user_id for s in seats if s.participant.member_id}
    if user.pk not in seated:
        return False
    last_by = last_changed_by(table) if last_by == -1 else last_by
    return last_by != user.pk


# -- the transaction ------------------------------------------------------------------------
T = TypeVar("T")


def _retry_when_locked(func: Callable[..., T]) -> Callable[..., T]:
    """SQLite allows one writer: a save that meets another's open write transaction gets
    "database is locked" where SQLite does not wait itself (a file database configured as in
    the settings waits at BEGIN IMMEDIATE; an in-memory shared-cache one, as in the tests,
    never waits). Outside an enclosing transaction, try again for a few seconds; the retry
    then sees the other's version and raises TableChanged. (PostgreSQL waits on the row lock
    instead and never gets here.)"""

    @wraps(func)
    def wrapper(**kwargs: Any) -> T:
        attempts = 60
        for attempt in range(attempts):
            try:
                return func(**kwargs)
            except OperationalError as exc:
                retry = (
                    connection.vendor == "sqlite"
                    and "locked" in str(exc)
                    and not connection.in_atomic_block
                    and attempt < attempts - 1
                )
                if not retry:
                    raise
                time.sleep(0.05 + 0.01 * attempt)
        raise AssertionError("unreachable")  # pragma: no cover

    return wrapper


def _claim_version(table_pk: int, expected_version: int, counts: Table | None = None) -> bool:
    """``UPDATE table SET version = version + 1 WHERE id AND version = expected``: the version
    check and the table's write lock in one statement; True if it matched. With ``counts`` (an
    add, evaluated before its transaction) the same statement also writes that table's
    ``hand_count`` and ``finished``."""
    connection = rows.db()
    params: list[Any] = [table_pk, expected_version]
    if counts is not None:
        finished = Table._meta.get_field("finished").get_db_prep_save(counts.finished,
                                                                       connection)
        params = [counts.hand_count, finished, *params]
    with connection.cursor() as cursor:
        cursor.execute(_claim_sql(connection.vendor, counts is not None), params)
        return cursor.rowcount == 1


@cache
def _claim_sql(vendor: str, with_counts: bool) -> str:
    version, count, finished, pk = (rows.name(Table, f) for f in
                                    ("version", "hand_count", "finished", "id"))
    also = f", {count} = %s, {finished} = %s" if with_counts else ""
    return (f"UPDATE {rows.name(Table)} SET {version} = {version} + 1{also} "  # noqa: S608
            f"WHERE {pk} = %s AND {version} = %s")


def _claim(table_pk: int, expected_version: int) -> Table:
    """The version check and the table's write lock in one statement (the transaction's first
    write, so SQLite takes its write lock before reading anything)."""
    if not _claim_version(table_pk, expected_version):
        raise TableChanged(Table.objects.filter(pk=table_pk).first()
                           or Table(pk=table_pk, version=-1))
    return (
        Table.objects.select_for_update()
        .select_related("round__evening__competition__club")
        .get(pk=table_pk)
    )


_load = seats_and_hands


def _check_open(table: Table) -> None:
    if not table.round.evening.is_open:
        raise TableLocked("closed")
    if table.confirmed_at is not None:
        raise TableLocked("confirmed")


def _check_may_enter(by: Any, table: Table, seats: Sequence[Seat],
                     role: str | None = None) -> None:
    if not may_enter(by, table, seats, role):
        raise PermissionDenied


def _with_table_numbers(
    issues: Sequence[Mapping[str, Any]], evaluation: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """Engine hand numbers (ordinary hands only) → the table's hand numbers."""
    table_number = {
        engine: position
        for position, engine in enumerate(evaluation["engine_numbers"], start=1)
        if engine is not None
    }
    out = []
    for issue in issues:
        copy = dict(issue)
        copy["engine_hand"] = issue.get("hand")
        copy["hand"] = table_number.get(issue.get("hand"), issue.get("hand"))
        out.append(copy)
    return out


def _clean_adjusted(points: Mapping[str, Any] | None, sides: Sequence[str]) -> dict[str, int]:
    """The admin's points per side: every side, whole numbers (else HandRejected)."""
    cleaned: dict[str, int] = {}
    problems = []
    for side in sides:
        value = (points or {}).get(side)
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append({"code": "VALUE_NOT_INTEGER", "hand": None, "side": side,
                             "field": "adjusted_points", "params": {}})
        else:
            cleaned[side] = value
    if problems:
        raise HandRejected(problems)
    return cleaned


def _evaluate_change(
    *,
    table: Table,
    seats: list[Seat],
    hands: list[Hand],
    changed: Hand | None,
    by: Any,
    acknowledge_warnings: bool,
    adjusted_reason: str,
    adjusted_points: Mapping[str, Any] | None,
) -> dict[str, Any]:
    """Evaluate ``hands`` (the change applied). Sets ``changed``'s adjustment when an admin
    overrides the engine. Returns the evaluation to write."""
    if changed is not None:  # the changed hand is checked as entered, never as adjusted
        changed.adjusted_points = None
        changed.adjusted_reason = ""
    entries = [(h.data, h.adjusted_points) for h in hands]
    evaluation = evaluate_entries(table, seats, entries)
    if evaluation["errors"]:
        reason = (adjusted_reason or "").strip()
        is_admin = Role.at_least(_role(by, table), Role.ADMIN)
        position = hands.index(changed) if changed is not None else None
        own_errors = position is not None and any(
            e.get("hand") == evaluation["engine_numbers"][position] for e in evaluation["errors"]
        )
        if not (reason and is_admin and own_errors and changed is not None):
            raise HandRejected(
                _with_table_numbers(evaluation["errors"], evaluation),
                _with_table_numbers(evaluation["warnings"], evaluation),
                evaluation,
            )
        changed.adjusted_points = _clean_adjusted(adjusted_points, sides_of(seats))
        changed.adjusted_reason = reason
        entries = [(h.data, h.adjusted_points) for h in hands]
        evaluation = evaluate_entries(table, seats, entries)
        if evaluation["errors"]:  # the adjusted hand left out still breaks a later hand
            raise HandRejected(
                _with_table_numbers(evaluation["errors"], evaluation), [], evaluation
            )
        return evaluation
    if changed is not None:
        position = hands.index(changed)
        engine_number = evaluation["engine_numbers"][position]
        new_warnings = [w for w in evaluation["warnings"] if w.get("hand") == engine_number]
        if new_warnings and not acknowledge_warnings:
            raise WarningsNotAcknowledged(
                [], _with_table_numbers(new_warnings, evaluation), evaluation
            )
    return evaluation


def _update_seats(seats: Sequence[Seat]) -> None:
    """Every seat's derived integers in one statement run per seat (``executemany``): the same
    rows as ``bulk_update`` without building a CASE expression per column."""
    if not seats:
        return
    with connection.cursor() as cursor:
        cursor.executemany(_seats_sql(connection.vendor),
                           [(s.points, s.competition_points, s.place, s.pk) for s in seats])


@cache
def _seats_sql(vendor: str) -> str:
    points, competition_points, place, pk = (
        rows.name(Seat, f) for f in ("points", "competition_points", "place", "id"))
    return (f"UPDATE {rows.name(Seat)} SET {points} = %s, {competition_points} = %s, "  # noqa: S608
            f"{place} = %s WHERE {pk} = %s")


def _write(table: Table, seats: list[Seat], evaluation: dict[str, Any], hand_count: int) -> None:
    apply_entries(table, seats, evaluation, hand_count)
    _update_seats(seats)
    table.save(update_fields=["hand_count", "finished"])


def _save_hand(hand: Hand, by: Any, reason: str) -> None:
    hand._history_user = by  # type: ignore[attr-defined]
    hand._change_reason = reason[:100]  # type: ignore[attr-defined]
    hand.save()


@cache
def _historical_hand() -> Any:
    """simple-history's model of the hands' history (``Hand.history`` builds a manager class
    on every access)."""
    return Hand.history.model  # type: ignore[attr-defined]


def _insert_hand(hand: Hand, by: Any, reason: str) -> None:
    """A new hand and its history row ("+", who, when, why), as ``hand.save()`` with
    simple-history writes them."""
    rows.insert(hand)
    history = _historical_hand()(
        history_date=timezone.now(), history_type="+", history_user=by,
        history_change_reason=reason[:100],
        **{f.attname: getattr(hand, f.attname) for f in Hand._meta.concrete_fields},
    )
    rows.insert(history)


# -- services -------------------------------------------------------------------------------
@dataclass
class Saved:
    """What a save wrote, as committed: the locked table, its seats (derived values applied),
    its hands in order and the evaluation (the view renders from these, no re-read)."""

    hand: Hand
    table: Table
    seats: list[Seat]
    hands: list[Hand]
    evaluation: dict[str, Any]


def hand_add(
    *,
    table: Table,
    data: dict[str, Any],
    by: Any,
    expected_version: int,
    acknowledge_warnings: bool = False,
    adjusted_reason: str = "",
    adjusted_points: Mapping[str, Any] | None = None,
) -> Hand:
    """Append a hand to the table's match (see :func:`hand_add_saved`)."""
    return hand_add_saved(
        table=table, data=data, by=by, expected_version=expected_version,
        acknowledge_warnings=acknowledge_warnings, adjusted_reason=adjusted_reason,
        adjusted_points=adjusted_points,
    ).hand


def _read(table_pk: int) -> tuple[Table, list[Seat], list[Hand]]:
    """The table (with its evening, for the open check), seats and hands, as committed now."""
    table = (
        Table.objects.select_related("round__evening__competition__club", "confirmed_by")
        .filter(pk=table_pk).first()
    )
    if table is None:  # redrawn meanwhile (only possible before its first hand)
        raise TableChanged(Table(pk=table_pk, version=-1))
    seats, hands = _load(table)
    return table, seats, hands


@_retry_when_locked
def hand_add_saved(
    *,
    table: Table,
    data: dict[str, Any],
    by: Any,
    expected_version: int,
    acknowledge_warnings: bool = False,
    adjusted_reason: str = "",
    adjusted_points: Mapping[str, Any] | None = None,
    role: str | None = None,
    seats: list[Seat] | None = None,
    hands: list[Hand] | None = None,
) -> Saved:
    """Append a hand to the table's match.

    Optimistic, the common case in one short write transaction: the match is read (or given:
    ``seats`` and ``hands`` read together with ``table`` at ``table.version``), checked and
    evaluated outside any transaction; then one transaction claims the table with
    ``UPDATE … SET version = version + 1, hand_count, finished WHERE version = expected`` and,
    if that matched, writes the hand, its history and the seats. Every change a save depends
    on bumps the version in the transaction that makes it (the hand services here, the
    confirmation, re-seating a table, closing or reopening the evening), so a claim that
    matches proves the match read is still the match stored. ``role``: the user's role in the
    table's club when the caller already knows it (else it is read).
    """
    given = table
    if seats is None or hands is None or table.version != expected_version:
        table, seats, hands = _read(table.pk)
    if table.version != expected_version:
        raise TableChanged(table)
    _check_open(table)
    _check_may_enter(by, table, seats, role)
    new = Hand(table=table, number=len(hands) + 1, data=data, created_by=by, updated_by=by)
    entries = [*hands, new]
    evaluation = _evaluate_change(
        table=table, seats=seats, hands=entries, changed=new, by=by,
        acknowledge_warnings=acknowledge_warnings, adjusted_reason=adjusted_reason,
        adjusted_points=adjusted_points,
    )
    apply_entries(table, seats, evaluation, len(entries))
    with transaction.atomic():
        if not _claim_version(table.pk, expected_version, counts=table):
            raise TableChanged(_read(table.pk)[0])
        _insert_hand(new, by, new.adjusted_reason or "added")
        _update_seats(seats)
    table.version = given.version = expected_version + 1
    return Saved(new, table, seats, entries, evaluation)


@_retry_when_locked
@transaction.atomic
def hand_update(
    *,
    hand: Hand,
    data: dict[str, Any],
    by: Any,
    expected_version: int,
    acknowledge_warnings: bool = False,
    adjusted_reason: str = "",
    adjusted_points: Mapping[str, Any] | None = None,
) -> Hand:
    """Change a saved hand; the whole match is re-evaluated with the change applied."""
    locked = _claim(hand.table_id, expected_version)
    _check_open(locked)
    seats, hands = _load(locked)
    _check_may_enter(by, locked, seats)
    current = next((h for h in hands if h.pk == hand.pk), None)
    if current is None:  # deleted meanwhile (the version check makes this unlikely)
        raise TableChanged(locked)
    current.data = data
    current.updated_by = by
    evaluation = _evaluate_change(
        table=locked, seats=seats, hands=hands, changed=current, by=by,
        acknowledge_warnings=acknowledge_warnings, adjusted_reason=adjusted_reason,
        adjusted_points=adjusted_points,
    )
    _save_hand(current, by, current.adjusted_reason or "changed")
    _write(locked, seats, evaluation, len(hands))
    return current


@_retry_when_locked
@transaction.atomic
def hand_delete(*, hand: Hand, by: Any, expected_version: int, reason: str = "") -> None:
    """Delete a saved hand; later hands move up one number. Refused if that makes a later hand
    invalid."""
    locked = _claim(hand.table_id, expected_version)
    _check_open(locked)
    seats, hands = _load(locked)
    _check_may_enter(by, locked, seats)
    current = next((h for h in hands if h.pk == hand.pk), None)
    if current is None:
        raise TableChanged(locked)
    remaining = [h for h in hands if h.pk != current.pk]
    evaluation = _evaluate_change(
        table=locked, seats=seats, hands=remaining, changed=None, by=by,
        acknowledge_warnings=True, adjusted_reason="", adjusted_points=None,
    )
    current._history_user = by  # type: ignore[attr-defined]
    current._change_reason = (reason.strip() or "deleted")[:100]  # type: ignore[attr-defined]
    current.delete()
    for number, later in enumerate(remaining, start=1):
        if later.number != number:
            later.number = number
            later.updated_by = by
            _save_hand(later, by, "renumbered")
    _write(locked, seats, evaluation, len(remaining))


@_retry_when_locked
@transaction.atomic
def table_confirm(*, table: Table, by: Any) -> Table:
    """A second person confirms a finished match; it is final from then on."""
    locked = (
        Table.objects.select_for_update()
        .select_related("round__evening__competition__club")
        .get(pk=table.pk)
    )
    if not locked.finished:
        raise TableLocked("not_finished")
    if locked.confirmed_at is not None:
        raise TableLocked("already_confirmed")
    seats, _hands = _load(locked)
    if not may_confirm(by, locked, seats):
        raise PermissionDenied
    locked.confirmed_by = by
    locked.confirmed_at = timezone.now()
    locked.version += 1
    locked.save(update_fields=["confirmed_by", "confirmed_at", "version"])
    return locked


@_retry_when_locked
@transaction.atomic
def table_unconfirm(*, table: Table, by: Any) -> Table:
    """A club admin reopens a confirmed match for a correction (while the evening is open)."""
    locked = (
        Table.objects.select_for_update()
        .select_related("round__evening__competition__club")
        .get(pk=table.pk)
    )
    if not Role.at_least(_role(by, locked), Role.ADMIN):
        raise PermissionDenied
    if not locked.round.evening.is_open:
        raise TableLocked("closed")
    locked.confirmed_by = None
    locked.confirmed_at = None
    locked.version += 1
    locked.save(update_fields=["confirmed_by", "confirmed_at", "version"])
    return locked
