"""Checking a change of a table's hands before it is written: the refusals and the evaluation.

Split from the write path (``writes``) so that what refuses a save reads on its own: the table
moved on (:class:`TableChanged`), the engine's errors (:class:`HandRejected`) or its new
warnings (:class:`WarningsNotAcknowledged`), and a club admin's adjusted score. The views map
each refusal to its answer (``views.scores.save``). Why one path for every save:
docs/architecture.md ("One write path for every save").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError

from clubmanager.core.text import reason_refusal
from tournaments.models import Hand, Seat, Table
from tournaments.shared.guards import ScoreError, TableLocked, evening_ensure_open
from tournaments.shared.matches import MatchView, malformed, match_view, sides_of


class TableChanged(ScoreError):
    """The table was saved by someone else since the form was rendered."""

    def __init__(self, table: Table) -> None:
        super().__init__(f"table {table.pk} is at version {table.version}")
        self.table = table  # fresh from the database


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


def check_open(table: Table) -> None:
    evening_ensure_open(table.round.evening)
    if table.confirmed_at is not None:
        raise TableLocked("confirmed")


def _with_table_numbers(
    issues: Sequence[Mapping[str, Any]], view: MatchView
) -> list[dict[str, Any]]:
    """Engine hand numbers (ordinary hands only) → the table's hand numbers."""
    table_number: dict[int | None, int] = {
        engine: position
        for position, engine in enumerate(view.engine_numbers, start=1)
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
    problems: list[dict[str, Any]] = []
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


def check_reason(reason: str) -> None:
    """A reason (adjusted score, delete) the text policy refuses: ValidationError, nothing is
    written (the views check it first and show the sentence at the reason)."""
    refused = reason_refusal(reason)
    if refused is not None:
        raise ValidationError({"reason": refused})


def _rejected(view: MatchView, warnings: bool = True) -> HandRejected:
    return HandRejected(
        _with_table_numbers(view.errors, view),
        _with_table_numbers(view.warnings, view) if warnings else [],
        view.as_dict(),
    )


def evaluate_change(
    *,
    table: Table,
    seats: list[Seat],
    hands: list[Hand],
    changed: Hand | None,
    is_admin: bool,
    acknowledge_warnings: bool,
    adjusted_reason: str,
    adjusted_points: Mapping[str, Any] | None,
) -> MatchView:
    """Evaluate ``hands`` (the change applied). Sets ``changed``'s adjustment when an admin
    overrides the engine. Returns the evaluation to write."""
    if changed is not None:  # the changed hand is checked as entered, never as adjusted
        changed.adjusted_points = None
        changed.adjusted_reason = ""
    view = match_view(table, seats, [(h.data, h.adjusted_points) for h in hands])
    position = hands.index(changed) if changed is not None else None
    own = None if position is None else view.engine_numbers[position]
    if view.errors:
        reason = (adjusted_reason or "").strip()
        own_errors = own is not None and any(e.get("hand") == own for e in view.errors)
        if not (reason and is_admin and own_errors and changed is not None):
            raise _rejected(view)
        check_reason(reason)
        # The admin overrides the rules, not what a hand can hold: the hand stays as entered,
        # so its fields must be of their kinds (whole numbers, the game's choices).
        shape = malformed(table.game, changed.data, sides_of(seats), own)
        if shape:
            raise HandRejected(_with_table_numbers(shape, view))
        changed.adjusted_points = _clean_adjusted(adjusted_points, sides_of(seats))
        changed.adjusted_reason = reason
        view = match_view(table, seats, [(h.data, h.adjusted_points) for h in hands])
        if view.errors:  # the adjusted hand left out still breaks a later hand
            raise _rejected(view, warnings=False)
        return view
    new_warnings = [w for w in view.warnings if own is not None and w.get("hand") == own]
    if new_warnings and not acknowledge_warnings:
        raise WarningsNotAcknowledged(
            [], _with_table_numbers(new_warnings, view), view.as_dict()
        )
    return view
