"""Run a benchmark against a throw-away test database, the way the production server runs.

``test_database()`` creates a temporary test database with DEBUG off (as under ``make run`` and
gunicorn: no query log, no template debug information) and without Django's test
instrumentation (``setup_test_environment`` would make every template render send a signal).
``WsgiBrowser`` sends requests straight into Django's WSGI handler, the object gunicorn calls,
as a logged-in phone with htmx does: session and CSRF cookies, the CSRF header.
"""

from __future__ import annotations

import io
import os
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlencode


@contextmanager
def test_database() -> Iterator[None]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubmanager.project.settings")
    # whitenoise: STATIC_ROOT is only there after collectstatic, which benchmarks don't need.
    warnings.filterwarnings("ignore", message="No directory at", module="whitenoise")
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection

    settings.DEBUG = False  # before anything renders: the template engine reads it once
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


@contextmanager
def _connections_kept() -> Iterator[None]:
    """Inside a test's transaction the request must not close the connection when it starts or
    ends, as a server does (Django's own test client does the same): on PostgreSQL that would
    close the test's transaction. ``make bench`` runs outside one and keeps the server's way."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections, connection

    if not connection.in_atomic_block:
        yield
        return
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


class WsgiBrowser:
    """A logged-in browser talking to ``django.core.handlers.wsgi.WSGIHandler`` directly.

    ``post(path, data, htmx=True)`` and ``get(path, headers)`` return ``(status code, body)``;
    ``last_headers`` holds the last answer's headers. The session is made once with the test
    client's ``force_login`` (set-up, not timed); the CSRF token is a real one (``get_token``),
    sent as cookie and header like htmx does. ``user=None``: a visitor, not logged in.
    """

    def __init__(self, user: Any | None, language: str = "en") -> None:
        from django.conf import settings
        from django.core.handlers.wsgi import WSGIHandler
        from django.http import HttpRequest
        from django.middleware.csrf import get_token
        from django.test import Client

        request = HttpRequest()
        self.token = get_token(request)
        self.cookie = (f"{settings.CSRF_COOKIE_NAME}={request.META['CSRF_COOKIE']}; "
                       f"{settings.LANGUAGE_COOKIE_NAME}={language}")
        if user is not None:
            client = Client()
            client.force_login(user)
            session = client.cookies[settings.SESSION_COOKIE_NAME].value
            self.cookie = f"{settings.SESSION_COOKIE_NAME}={session}; {self.cookie}"
        self.handler = WSGIHandler()
        self.last_headers: dict[str, str] = {}

    def _call(self, method: str, path: str, body: bytes,
              extra: dict[str, str]) -> tuple[int, bytes]:
        environ = {
            "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "",
            "SERVER_NAME": "testserver", "SERVER_PORT": "80", "HTTP_HOST": "testserver",
            "REMOTE_ADDR": "127.0.0.1", "SERVER_PROTOCOL": "HTTP/1.1",
            "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(body),
            "wsgi.errors": io.StringIO(), "wsgi.multithread": False,
            "wsgi.multiprocess": True, "wsgi.run_once": False, "wsgi.version": (1, 0),
            "CONTENT_LENGTH": str(len(body)), "HTTP_COOKIE": self.cookie, **extra,
        }
        status: list[str] = []

        def start_response(line: str, headers: list[tuple[str, str]],
                           exc_info: Any = None) -> None:
            status.append(line)
            self.last_headers = dict(headers)

        with _connections_kept():
            result = self.handler(environ, start_response)
            try:
                content = b"".join(result)
            finally:
                close = getattr(result, "close", None)
                if close is not None:
                    close()
        return int(status[0].split()[0]), content

    def post(self, path: str, data: dict[str, str], htmx: bool = True) -> tuple[int, bytes]:
        extra = {"CONTENT_TYPE": "application/x-www-form-urlencoded",
                 "HTTP_X_CSRFTOKEN": self.token}
        if htmx:
            extra["HTTP_HX_REQUEST"] = "true"
        return self._call("POST", path, urlencode(data).encode(), extra)

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        """GET ``path``; ``headers`` as WSGI keys (``{"HTTP_IF_NONE_MATCH": tag}``)."""
        return self._call("GET", path, b"", headers or {})


def measure(function: Callable[[], Any]) -> tuple[Any, float, float]:
    """(result, seconds, peak MiB allocated in Python: tracemalloc).

    Runs ``function`` twice: once timed without tracing (tracemalloc slows Python down), once
    traced for the peak memory.
    """
    import time
    import tracemalloc

    start = time.perf_counter()
    result = function()
    seconds = time.perf_counter() - start
    tracemalloc.start()
    function()
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return result, seconds, peak / (1024 * 1024)
