"""Table codes stay out of the logs: Django's log lines and gunicorn's access log keep a
code's first 4 characters only."""

from __future__ import annotations

import io
import logging
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client

from clubmanager.core.log_redaction import RedactTableCodes, redact
from clubmanager.project.gunicorn_logging import AccessLogger

CODE = "NEAdNlBUEeaycZNpq1rzHg"
ROOT = Path(__file__).resolve().parents[2]


def test_redact_keeps_the_first_four_characters_of_every_code() -> None:
    assert redact(f"GET /t/{CODE}/hands/12/edit/?x=1 HTTP/1.1") == (
        "GET /t/NEAd***/hands/12/edit/?x=1 HTTP/1.1")
    assert redact(f"http://club.example/t/{CODE}/ and /t/{CODE}") == (
        "http://club.example/t/NEAd***/ and /t/NEAd***")
    assert redact("/t/ab/") == "/t/ab***/"
    assert redact("/clubs/harten-vrouw/competitions/tables/3/") == (
        "/clubs/harten-vrouw/competitions/tables/3/")
    # the door code (checks members in) and an evening's share link are cut the same way
    assert redact(f"GET /deur/{CODE}/12/ HTTP/1.1") == "GET /deur/NEAd***/12/ HTTP/1.1"
    assert redact(f"Not Found: /uitslag/{CODE}/") == "Not Found: /uitslag/NEAd***/"


@pytest.mark.django_db
def test_django_request_log_lines_carry_no_whole_code() -> None:
    """The "Not Found: /t/<code>/" of a wrong code, through the console handler settings
    configure (the filter is on the handler)."""
    handlers = [h for h in logging.getLogger().handlers
                if any(isinstance(f, RedactTableCodes) for f in h.filters)]
    assert handlers, "settings.LOGGING puts RedactTableCodes on the console handler"
    handler = handlers[0]
    assert isinstance(handler, logging.StreamHandler)
    written = io.StringIO()
    before = handler.setStream(written)
    try:
        assert Client().get(f"/t/{CODE}/").status_code == 404
    finally:
        handler.setStream(before)
    assert "Not Found: /t/NEAd***/" in written.getvalue()
    assert CODE not in written.getvalue()
    # every handler a request's log line reaches has the filter (Django's own defaults too:
    # its DEBUG console handler, its mail to ADMINS); pytest's capture aside
    for name in ("django.request", "django.server", "django.security.csrf"):
        logger: logging.Logger | None = logging.getLogger(name)
        while logger is not None:
            for reached in logger.handlers:
                if type(reached).__module__.startswith("_pytest"):
                    continue
                assert any(isinstance(f, RedactTableCodes) for f in reached.filters), (
                    f"{name} reaches {reached!r} on {logger.name} without the filter")
            logger = logger.parent if logger.propagate else None


def test_gunicorn_access_log_carries_no_whole_code(tmp_path: Path) -> None:
    from gunicorn.config import Config

    log = tmp_path / "access.log"
    config = Config()
    config.set("accesslog", str(log))
    config.set("access_log_format", '%(h)s "%(r)s" %(s)s "%(f)s" %(U)s')
    logger = AccessLogger(config)
    environ: dict[str, Any] = {
        "REQUEST_METHOD": "POST", "RAW_URI": f"/t/{CODE}/hands/add/",
        "PATH_INFO": f"/t/{CODE}/hands/add/", "QUERY_STRING": "", "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "192.0.2.4", "HTTP_REFERER": f"http://club.example/t/{CODE}/"}
    response = SimpleNamespace(status="302 Found", sent=0, headers=[])
    request = SimpleNamespace(headers=[("REFERER", f"http://club.example/t/{CODE}/")])
    logger.access(response, request, environ, timedelta(milliseconds=12))
    for handler in logger.access_log.handlers:
        handler.flush()
    line = log.read_text()
    assert 'POST /t/NEAd***/hands/add/ HTTP/1.1' in line
    assert '"http://club.example/t/NEAd***/"' in line and CODE not in line


def test_make_run_gives_gunicorn_the_redacting_logger() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert "--access-logfile -" in makefile
    assert "--logger-class clubmanager.project.gunicorn_logging.AccessLogger" in makefile
