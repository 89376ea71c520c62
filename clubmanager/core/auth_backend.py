"""Django's ``ModelBackend``, its user read through the live cache: a member's poll runs no query.

Every request of a logged-in user asks the backend for the user (``get_user``), then checks
the session's hash against the user's password. A member's unchanged poll of the standings or
of tonight's live page read nothing else from the database (``live_cache``), so this one query
was most of its cost, and on PostgreSQL a round trip each time.

The user is kept under the generation ``user:<pk>``, which every save or delete of a user moves
once its transaction commits (the receivers below): a new password, a deactivated account or a
login (``last_login``) is seen by the next request of every process. What a request adds to the
user it got (``_perm_cache`` and the like) lives on its own copy, never in the cache: the copy
kept is the one the database gave, pickled before anyone used it. A write that bypasses the
model (``QuerySet.update`` on users; the site has none) is seen within ``KEEP_SECONDS``.

Authentication itself (the password check, django-axes' lock) is ``ModelBackend``'s, unchanged.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.db.models.signals import post_delete, post_save

from .live_cache import cached, moved


class LiveModelBackend(ModelBackend):
    """``ModelBackend`` whose ``get_user`` reads through the live cache."""

    def get_user(self, user_id: Any) -> Any:
        read = super().get_user
        return cached(f"user:{user_id}", [f"user:{user_id}"], lambda: read(user_id))


def _user_changed(sender: Any, instance: Any, **kwargs: Any) -> None:
    moved(f"user:{instance.pk}")


post_save.connect(_user_changed, sender=get_user_model(), dispatch_uid="live_user_saved")
post_delete.connect(_user_changed, sender=get_user_model(), dispatch_uid="live_user_deleted")
