"""Table codes stay out of the logs (issue #22).

A table code in a URL (``/t/<code>/…``) lets whoever has it enter scores at that table, so a
log line must not carry it whole: only its first 4 characters are kept (``/t/AbCd***/``),
enough to tell two codes apart when reading a log, far too little to use one. Applied to
Django's own log records (``RedactTableCodes`` on the handlers in ``settings.LOGGING``:
``django.request``'s "Not Found: /t/…", the development server's request lines) and to
gunicorn's access log (``clubmanager.gunicorn_logging.AccessLogger``, ``make run``), whose
request line, path and referrer (a page opened from a code's page) would carry it.
"""

from __future__ import annotations

import logging
import re

#: A path segment after ``/t/``: the code (whatever its characters, up to the next separator).
TABLE_CODE = re.compile(r"/t/([^/?#\s\"']+)")
KEPT = 4


def _shortened(match: re.Match[str]) -> str:
    return f"/t/{match.group(1)[:KEPT]}***"


def redact(text: str) -> str:
    """``text`` with every table code in a URL cut to its first 4 characters."""
    return TABLE_CODE.sub(_shortened, text) if "/t/" in text else text


class RedactTableCodes(logging.Filter):
    """A log record's message with its table codes cut short (never drops a record)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = redact(message)
        if redacted != message:
            record.msg, record.args = redacted, ()
        return True
