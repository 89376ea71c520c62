"""Table codes, door codes and share links stay out of the logs.

A table code in a URL (``/t/<code>/…``) lets whoever has it enter scores at that table, so a
log line must not carry it whole: only its first 4 characters are kept (``/t/AbCd***/``),
enough to tell two codes apart when reading a log, far too little to use one. Applied to
Django's own log records (``RedactTableCodes`` on the handlers in ``settings.LOGGING``:
``django.request``'s "Not Found: /t/…", the development server's request lines) and to
gunicorn's access log (``clubmanager.project.gunicorn_logging.AccessLogger``, ``make run``), whose
request line, path and referrer (a page opened from a code's page) would carry it.

The evening's door code (``/deur/<code>/``: checks members in) and share link
(``/uitslag/<code>/``: the evening's results) are codes of the same kind and are cut the same way.
"""

from __future__ import annotations

import logging
import re

#: The URL prefixes a code follows: table codes, door codes, share links.
KINDS = ("t", "deur", "uitslag")
PREFIXES = tuple(f"/{kind}/" for kind in KINDS)
#: A path segment after one of them: the code (whatever its characters, up to the next
#: separator).
CODE_IN_PATH = re.compile(rf"/({'|'.join(KINDS)})/([^/?#\s\"']+)")
KEPT = 4


def _shortened(match: re.Match[str]) -> str:
    return f"/{match.group(1)}/{match.group(2)[:KEPT]}***"


def redact(text: str) -> str:
    """``text`` with every table code, door code and share code in a URL cut to its first 4
    characters."""
    return CODE_IN_PATH.sub(_shortened, text) if any(p in text for p in PREFIXES) else text


class RedactTableCodes(logging.Filter):
    """A log record's message with its table codes cut short (never drops a record)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = redact(message)
        if redacted != message:
            record.msg, record.args = redacted, ()
        return True
