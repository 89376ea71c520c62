"""The refusals every write of an evening's results shares, in one place.

Closed means closed: while an evening is closed, nothing that changes its results or standings
happens: no hand added, changed or deleted, no confirmation given or withdrawn, no round drawn
or redrawn, no seat swapped, no late arrival seated, nobody checked in or out. Every service
that could do one of those calls :func:`evening_ensure_open` (a club admin reopens the evening
first). ``tests/tournaments/evenings/test_closed_evening.py`` walks every service.

:class:`EveningClosed` is both a :class:`TableLocked` (what the score pages turn into "the
evening is closed: scores can no longer be changed") and a ``ValidationError`` (what the
evening and draw pages show as a message), so every view that reaches it already answers with
a sentence, never a 500.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.models import Evening

__all__ = ["EveningClosed", "ScoreError", "TableLocked", "evening_ensure_open"]


class ScoreError(Exception):
    """A score change that was not made; nothing was written."""


class TableLocked(ScoreError):
    """The evening is closed or the match confirmed: no more changes."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason  # "closed" or "confirmed" or "not_finished" / "already_confirmed"


class EveningClosed(TableLocked, ValidationError):
    """The evening is closed: reopen it first."""

    def __init__(self) -> None:
        ValidationError.__init__(self, _("The evening is closed; reopen it first."))
        self.reason = "closed"


def evening_ensure_open(evening: Evening) -> None:
    """Raise :class:`EveningClosed` when ``evening`` is closed. The caller has read the evening
    in its transaction (locked, or guarded by the table's version: closing bumps every table's
    version)."""
    if not evening.is_open:
        raise EveningClosed
