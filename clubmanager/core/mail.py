"""Mail sent after the answer, never while a visitor waits for it.

The password reset (``views.PasswordResetView``) answers at once, the same for a known and an
unknown address; its mail is rendered and sent in a thread of its own. So a slow or hanging
mail server holds no worker and the answer's time tells nobody whether an address has a login.
Every step with the mail server is bounded by ``EMAIL_TIMEOUT`` (``DJANGO_EMAIL_TIMEOUT``).

Each message is sent on its own, so one address the server refuses (550) stops no other; the
caller may ask to hear how each went (``report``), as the results mail does to show the club
admin who got it. A mail that cannot be sent is logged (``clubmanager.core.mail``: the kind of
failure and the server's code, never the address), never lost silently.
"""

from __future__ import annotations

import logging
import smtplib
import threading
import time
from collections.abc import Callable, Sequence

from django.core.mail import EmailMessage, get_connection
from django.db import OperationalError, connections
from django.utils import translation

logger = logging.getLogger(__name__)

_pending: set[threading.Thread] = set()
_lock = threading.Lock()

#: Called once per message, in order, after its sending: its index and the error (None: sent).
Report = Callable[[int, BaseException | None], None]


def smtp_code(error: BaseException) -> int | None:
    """The mail server's code in ``error``: 550 for a refused address, say; None if it gave
    none (it could not be reached)."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        codes = [code for code, _message in error.recipients.values()]
        return int(codes[0]) if codes else None
    if isinstance(error, smtplib.SMTPResponseException):
        return int(error.smtp_code)
    return None


def send_each(messages: Sequence[EmailMessage], report: Report | None = None) -> None:
    """Send ``messages`` one by one on one connection. A refused address fails that message
    only; after another failure the connection is opened afresh for the next message, and if
    it cannot be opened the rest fail with that error, without a wait each."""
    connection = get_connection()
    try:
        for index, message in enumerate(messages):
            error: BaseException | None = None
            try:
                connection.open()  # nothing when it is open already
            except Exception as exc:
                for rest in range(index, len(messages)):
                    _failed(exc, rest, report)
                return
            try:
                connection.send_messages([message])
            except Exception as exc:
                error = exc
                if not isinstance(exc, smtplib.SMTPRecipientsRefused):
                    connection.close()
            if error is None:
                _report(report, index, None)
            else:
                _failed(error, index, report)
    finally:
        connection.close()


def _failed(error: BaseException, index: int, report: Report | None) -> None:
    code = smtp_code(error)
    logger.warning("a mail could not be sent: %s%s", type(error).__name__,
                   f" ({code})" if code else "")
    _report(report, index, error)


#: Waits (seconds) before the report is tried again when the database was busy (SQLite
#: locks a table while another connection writes it); about 3 s in all.
REPORT_RETRIES = (0.05, 0.1, 0.2, 0.4, 0.8, 1.6)


def _report(report: Report | None, index: int, error: BaseException | None) -> None:
    """Tell the caller; a database that is busy is tried again a few times, and a report that
    still fails is logged and stops no other mail."""
    if report is None:
        return
    for wait in (*REPORT_RETRIES, None):
        try:
            report(index, error)
            return
        except OperationalError as exc:
            failure: Exception = exc
            if wait is None:
                break
            time.sleep(wait)
        except Exception as exc:
            failure = exc
            break
    logger.error("the outcome of a mail could not be recorded", exc_info=failure)


def send_later(build: Callable[[], Sequence[EmailMessage]], *, language: str | None,
               report: Report | None = None) -> None:
    """Build the messages (``build``, in ``language``) and send them each on its own
    (:func:`send_each`), in a thread of its own; not a daemon thread, so a worker that stops
    lets it finish first."""

    def run() -> None:
        try:
            with translation.override(language):
                messages = list(build())
            if messages:
                send_each(messages, report)
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
