"""The one lookup of a code: what it opens, or :class:`CodeRefused`.

Each kind finds its own object (a selector of its feature: ``active_code``, ``door_evening``,
``shared_evening``) and hands it in; this function is the same for all three. A right code is
looked up first, so the limit on wrong codes never stands in its way; a wrong, renewed or
revoked code counts towards that code's limit (``throttle``) and is refused as ``wrong``; once
the limit is reached it is refused as ``blocked`` and its tries are no longer written. The
answer to a refusal: ``tournaments.codes.views``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, TypeVar

from tournaments.codes import throttle
from tournaments.codes.tokens import code_well_formed

Found = TypeVar("Found")

WRONG: Literal["wrong"] = "wrong"
BLOCKED: Literal["blocked"] = "blocked"


class CodeRefused(Exception):
    """A code that opens nothing: ``wrong`` (unknown, renewed, revoked or malformed; 404) or
    ``blocked`` (tried too often; 429 after ``retry_after`` seconds at most)."""

    def __init__(self, reason: Literal["wrong", "blocked"], retry_after: int = 0) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after


def code_lookup(code: str, find: Callable[[str], Found | None]) -> Found:
    """What ``code`` opens, found by ``find`` (only for a well-formed code); else raise
    :class:`CodeRefused`, having counted the wrong try."""
    found = find(code) if code_well_formed(code) else None
    if found is not None:
        return found
    if throttle.is_blocked(code):
        raise CodeRefused(BLOCKED, retry_after=int(throttle.cooloff().total_seconds()))
    throttle.record_failure(code)
    raise CodeRefused(WRONG)
