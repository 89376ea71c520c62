"""Errors and warnings: codes with context, never prose."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any


@dataclass(frozen=True)
class Issue:
    """One error or warning. ``hand`` is 1-based, or None for the document itself."""

    code: str
    hand: int | None = None
    side: str | None = None
    field: str | None = None
    params: dict[str, Any] = dataclass_field(default_factory=dict)

    def at(self, hand: int) -> Issue:
        """The same issue, attached to a hand number."""
        return Issue(self.code, hand, self.side, self.field, self.params)

    def as_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "hand": self.hand,
            "side": self.side,
            "field": self.field,
            "params": dict(self.params),
        }


# Codes every game uses (see ../shared/rules/README.md).
GAME_UNKNOWN = "GAME_UNKNOWN"
DOCUMENT_INVALID = "DOCUMENT_INVALID"
SIDES_INVALID = "SIDES_INVALID"
SIDES_COUNT = "SIDES_COUNT"
OPTION_INVALID = "OPTION_INVALID"
HAND_INVALID = "HAND_INVALID"
HAND_SIDES_MISMATCH = "HAND_SIDES_MISMATCH"
VALUE_NOT_INTEGER = "VALUE_NOT_INTEGER"
MATCH_FINISHED = "MATCH_FINISHED"

COMMON_CODES: tuple[str, ...] = (
    GAME_UNKNOWN,
    DOCUMENT_INVALID,
    SIDES_INVALID,
    SIDES_COUNT,
    OPTION_INVALID,
    HAND_INVALID,
    HAND_SIDES_MISMATCH,
    VALUE_NOT_INTEGER,
    MATCH_FINISHED,
)
