"""Mail sent after the answer, never while a visitor waits for it.

The password reset (``views.PasswordResetView``) answers at once, the same for a known and an
unknown address; its mail is rendered and sent in a thread of its own. So a slow or hanging
mail server holds no worker and the answer's time tells nobody whether an address has a login.
Every step with the mail server is bounded by ``EMAIL_TIMEOUT`` (``DJANGO_EMAIL_TIMEOUT``).
A mail that cannot be sent is logged (``clubmanager.mail``), never lost silently.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence

from django.core.mail import EmailMessage, get_connection
from django.db import connections
from django.utils import translation

logger = logging.getLogger(__name__)

_pending: set[threading.Thread] = set()
_lock = threading.Lock()


def send_later(build: Callable[[], Sequence[EmailMessage]], *, language: str | None) -> None:
    """Build the messages (``build``, in ``language``) and send them, in a thread of its own;
    not a daemon thread, so a worker that stops lets it finish first."""

    def run() -> None:
        try:
            with translation.override(language):
                messages = list(build())
            if messages:
                with get_connection() as connection:
                    connection.send_messages(messages)
        except Exception:
            logger.exception("a mail could not be sent")
        finally:
            connections.close_all()  # this thread's own database connections, if any
            with _lock:
                _pending.discard(thread)

    thread = threading.Thread(target=run, name="send-mail", daemon=False)
    with _lock:
        _pending.add(thread)
    thread.start()


def wait_for_mail(timeout: float = 10.0) -> None:
    """Wait until the mails under way are sent (tests, and a management command that exits)."""
    with _lock:
        threads = list(_pending)
    for thread in threads:
        thread.join(timeout)
