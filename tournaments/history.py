"""The hand history's own fields (``models.CodeTrail``): django-simple-history records every
save and delete of a hand; a change made through a table code also records the code and the
device's user agent, which the score services put on the hand as ``_table_code`` and
``_user_agent`` (next to simple-history's own ``_history_user``)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver
from simple_history.signals import pre_create_historical_record

from .models import Hand


@receiver(pre_create_historical_record, dispatch_uid="tournaments.hand_code_trail")
def hand_code_trail(sender: Any, instance: Any, history_instance: Any, **kwargs: Any) -> None:
    if not isinstance(instance, Hand):
        return
    code = getattr(instance, "_table_code", None)
    if code is not None:
        history_instance.table_code = code
        history_instance.user_agent = getattr(instance, "_user_agent", "")
