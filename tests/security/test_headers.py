"""Every HTML response carries the Content-Security-Policy; downloads (PDF, xlsx) do not need it.

Walks every URL of the URL × role matrix (tests/security/test_url_matrix.py) as the club admin,
as an anonymous visitor and as htmx, so pages, partials, redirects, 403/404 pages and the login
page are all covered.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from clubmanager.core.csp import HEADER, policy_header
from tests.security.test_url_matrix import URLS, client_of, url_of, world  # noqa: F401

pytestmark = pytest.mark.django_db

# What the policy would block: inline script, inline style, event-handler attributes, js: URLs.
# A data block (``json_script``: type application/json) is never run: the policy allows it.
DATA_BLOCK = r'(?![^>]*type="application/json")'
INLINE = re.compile(r"<script(?![^>]*\bsrc=)" + DATA_BLOCK
                    + r"[^>]*>|<style\b|\sstyle=|\son[a-z]+=|javascript:", re.I)
POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
          "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'")


def test_the_policy_is_strict() -> None:
    assert policy_header(settings.SECURE_CSP) == POLICY


def test_every_html_response_carries_the_policy_and_needs_nothing_inline(
        world: dict[str, Any]) -> None:  # noqa: F811
    html, downloads, missing, inline = 0, 0, [], []
    clients = {"admin": client_of(world, "admin"), "anonymous": Client(),
               "htmx": client_of(world, "admin")}
    for name, route in URLS:
        url = url_of(name, route, world)
        for who, client in clients.items():
            headers = {"HX-Request": "true"} if who == "htmx" else {}
            response = client.get(url, headers=headers)
            if response["Content-Type"].startswith("text/html"):
                html += 1
                if response.get(HEADER) != POLICY:
                    missing.append(f"{who} {url} {response.status_code}")
                found = INLINE.search(response.content.decode())
                if found:
                    inline.append(f"{who} {url}: {found.group(0)}")
            else:
                downloads += 1
    assert not missing, f"HTML without the policy: {missing}"
    assert not inline, f"HTML the policy would block: {inline}"
    assert html > 3 * 20 and downloads > 0, (html, downloads)
    not_found = Client().get("/no-such-page/")
    assert not_found.status_code == 404 and not_found[HEADER] == POLICY
