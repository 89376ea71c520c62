"""Score entry's writes: add, change and delete a hand (``writes``, checked in ``checks``),
and confirm a finished match (``confirmation``); ``sqlite_retry`` is a test-database
workaround. Who may is read in ``selectors.permissions``.

One package per concern so that each piece can be read on its own; the names callers use are
here. Why one write path for every save: docs/architecture.md ("One write path for every save");
what a scorekeeper sees of it: docs/scorekeeper-guide.md.
"""

from tournaments.entry.services.scores.checks import (
    HandRejected,
    TableChanged,
    WarningsNotAcknowledged,
)
from tournaments.entry.services.scores.confirmation import table_confirm, table_unconfirm
from tournaments.entry.services.scores.writes import (
    NO_VERSION,
    HandChange,
    Saved,
    hand_add,
    hand_delete,
    hand_update,
)
from tournaments.shared.guards import ScoreError, TableLocked

__all__ = [
    "NO_VERSION",
    "HandChange",
    "HandRejected",
    "Saved",
    "ScoreError",
    "TableChanged",
    "TableLocked",
    "WarningsNotAcknowledged",
    "hand_add",
    "hand_delete",
    "hand_update",
    "table_confirm",
    "table_unconfirm",
]
