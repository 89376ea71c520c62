"""gunicorn's logger with table codes cut short in its access log (``make run``:
``--logger-class clubmanager.project.gunicorn_logging.AccessLogger``). Every text field a format can
name (request line, path, query, referrer, headers) goes through
:func:`clubmanager.core.log_redaction.redact`."""

from __future__ import annotations

from typing import Any

from gunicorn.glogging import Logger

from ..core.log_redaction import redact


class AccessLogger(Logger):
    def atoms(self, resp: Any, req: Any, environ: dict[str, Any],
              request_time: Any) -> dict[str, Any]:
        atoms: dict[str, Any] = super().atoms(resp, req, environ, request_time)
        return {k: redact(v) if isinstance(v, str) else v for k, v in atoms.items()}
