"""The hand history's own fields (``models.CodeTrail``): django-simple-history records every
save and delete of a hand; a change made through a table code also records the code and the
device's user agent. The score services write a code's change inside :func:`through_code`, and
the receiver below copies the code onto each history record made meanwhile (the user, as
always, comes from the hand's ``_history_user``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.dispatch import receiver
from simple_history.signals import pre_create_historical_record

from tournaments.models import Hand, TableCode

_through: ContextVar[tuple[TableCode, str] | None] = ContextVar("table_code", default=None)


@contextmanager
def through_code(code: TableCode | None, user_agent: str) -> Iterator[None]:
    """Hand changes made within come through ``code`` (None: a login) from that device."""
    token = _through.set((code, user_agent) if code is not None else None)
    try:
        yield
    finally:
        _through.reset(token)


@receiver(pre_create_historical_record, dispatch_uid="tournaments.hand_code_trail")
def hand_code_trail(sender: Any, instance: Any, history_instance: Any, **kwargs: Any) -> None:
    through = _through.get()
    if through is not None and isinstance(instance, Hand):
        history_instance.table_code, history_instance.user_agent = through
