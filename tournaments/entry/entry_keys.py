"""Idempotency keys of score entry: one key per intended save of a hand (add, change, delete).

The phone makes the key (``static/js/offline.js`` fills the form's hidden ``entry_key``); a page
rendered by the server carries a fresh one (:func:`fresh_key`), so a browser that posts the same
form again without JavaScript repeats the same key. The write path (``services.scores``) puts
the key on the history row of the change it makes (``HistoricalHand.change_key``) and, for an
added hand, on the hand itself (``Hand.entry_key``, unique per table). Before it writes, and
again when its version claim fails, it looks the key up (:func:`applied_change`): a key found
answers with that earlier change instead of making it again, so a save whose answer was lost
can be sent again safely.

A key is used once per table for good: the history rows keep it after the hand is deleted, and
the database refuses a second history row with a key already used at the table
(``models.KeyedHistory``). So an add sent again after its hand was deleted, even with the
table's current version, is answered with that first add; it never brings the hand back.

Why keys at all: a phone at a card table loses its connection, and a save whose answer never
arrived must be safe to send again, neither lost nor doubled. This module is a read (the layer
of the selectors), shared by the score views and services: docs/architecture.md ("Offline, and
a save that cannot be lost or doubled"); what a scorekeeper sees of it:
docs/scorekeeper-guide.md ("Offline").
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tournaments.models import Hand

FIELD = "entry_key"
_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")


def fresh_key() -> str:
    """A new random key (128 bits) for a form the server renders."""
    return secrets.token_urlsafe(16)


def posted_key(post: Mapping[str, Any]) -> str:
    """The form's key, or "" (no key: an ordinary save) for anything that is not one."""
    raw = str(post.get(FIELD, ""))
    return raw if _KEY.fullmatch(raw) else ""


@dataclass(frozen=True)
class AppliedChange:
    """A change a key already made: ``kind`` is simple-history's "+", "~" or "-"; ``number`` the
    hand's number when it was made; ``hand_id`` the hand's id; ``table_id`` its table."""

    kind: str
    number: int
    hand_id: int
    table_id: int


def _first(rows: Any) -> AppliedChange | None:
    row = rows.order_by("history_id").values_list(
        "history_type", "number", "id", "table_id").first()
    return AppliedChange(*row) if row is not None else None


def applied_change(*, table_pk: int, key: str) -> AppliedChange | None:
    """The change the key made at this table, if any (one indexed query)."""
    if not key:
        return None
    return _first(Hand.history.filter(table_id=table_pk, change_key=key))


def applied_delete(*, hand_pk: int, key: str) -> AppliedChange | None:
    """The deletion of hand ``hand_pk`` made with this key, if any: the hand itself is gone, so
    its history row tells the table."""
    if not key:
        return None
    return _first(Hand.history.filter(id=hand_pk, change_key=key, history_type="-"))
