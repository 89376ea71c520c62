"""The service worker and the web app manifest (clubmanager/core/pwa.py): served from the root, for
the table pages only, and a manifest that opens at the page it was added from, never elsewhere."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.staticfiles import finders
from django.test import Client


@pytest.mark.django_db
def test_the_service_worker_is_served_from_the_root_for_the_table_pages(client: Client) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    assert 'var CACHE = "cm-table-v2";' in body
    assert 'var CATALOG_URL = "/jsi18n/";' in body  # the page's texts are kept too
    assert 'var STATIC_URL = "/static/";' in body
    assert "{%" not in body and "{{" not in body  # the template was rendered
    assert client.post("/sw.js").status_code == 405


@pytest.mark.django_db
@pytest.mark.parametrize(("start", "expected"), [
    ("/clubs/hv/competitions/tables/7/", "/clubs/hv/competitions/tables/7/"),
    ("/t/AbCdEf/", "/t/AbCdEf/"),
    ("https://evil.example/phish", "/"),
    ("//evil.example/phish", "/"),
    ("javascript:alert(1)", "/"),
    ("", "/"),
    # what a browser would read as another site, or that no page of ours holds
    ("/\\evil.example/x", "/"),
    ("\\\\evil.example/x", "/"),
    ("/\\/evil.example/x", "/"),
    ("/\t/evil.example/x", "/"),
    ("/\n/evil.example/x", "/"),
    ("/\r\n/evil.example", "/"),
    ("/\x00/evil.example", "/"),
    ("/clubs/hv/\x7f", "/"),
    (" //evil.example", "/"),
    ("/ /evil.example", "/"),
    ("/t/AbCdEf/?next=//evil.example", "/"),
    ("/t/%E2%9C%93/", "/t/%E2%9C%93/"),
])
def test_the_manifest_opens_at_the_page_it_was_added_from_on_this_site(
        client: Client, start: str, expected: str) -> None:
    response = client.get("/manifest.webmanifest", {"start": start})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/manifest+json")
    data: dict[str, Any] = json.loads(response.content)
    assert data["start_url"] == expected
    assert data["display"] == "standalone"
    assert {icon["sizes"] for icon in data["icons"]} == {"192x192", "512x512"}
    for icon in data["icons"]:  # PNG files of the size they claim
        found = finders.find(icon["src"].removeprefix("/static/"))
        assert found, icon["src"]
        with open(found, "rb") as png:
            head = png.read(24)
        assert head[:8] == b"\x89PNG\r\n\x1a\n"
        side = int(icon["sizes"].split("x")[0])
        assert int.from_bytes(head[16:20], "big") == int.from_bytes(head[20:24], "big") == side


@pytest.mark.django_db
def test_the_manifest_speaks_the_visitors_language(client: Client) -> None:
    client.cookies["django_language"] = "nl"
    data = json.loads(client.get("/manifest.webmanifest").content)
    assert data["lang"] == "nl"
    assert data["description"] == "Scores invoeren aan tafel"


# -- who a kept page belongs to (issue: a shared phone showed the previous login's table) ------
@pytest.mark.django_db
def test_a_login_is_named_to_the_phone_per_session_and_forgotten_at_logout(
        client: Client, member_user: Any) -> None:
    from tests.conftest import PASSWORD

    client.post("/accounts/login/", {"username": member_user.username, "password": PASSWORD})
    page = client.get("/")
    cookie = page.cookies["cm-who"]
    assert page["X-CM-Who"] == cookie.value
    assert cookie.value.startswith(f"u{member_user.pk}.")
    assert not cookie["httponly"]  # the page and the service worker read it
    assert cookie["samesite"] == "Lax"
    assert int(cookie["max-age"]) == client.session.get_expiry_age()
    token = cookie.value.split(".", 1)[1]
    assert len(token) == 24 and client.session.session_key not in cookie.value
    assert client.get("/").cookies["cm-who"].value == cookie.value  # the same session: the same

    client.post("/accounts/logout/")
    client.post("/accounts/login/", {"username": member_user.username, "password": PASSWORD})
    again = client.get("/").cookies["cm-who"].value
    assert again.split(".")[0] == f"u{member_user.pk}" and again != cookie.value  # a new session

    gone = client.post("/accounts/logout/")
    assert gone.cookies["cm-who"].value == "" and gone.cookies["cm-who"]["max-age"] == 0


@pytest.mark.django_db
def test_nobody_is_named_without_a_login(client: Client) -> None:
    page = client.get("/accounts/login/")
    assert page["X-CM-Who"] == ""
    assert "cm-who" not in page.cookies
    client.cookies["cm-who"] = "u1.stale"  # a session that ended without a log-out
    assert client.get("/accounts/login/").cookies["cm-who"].value == ""


@pytest.mark.django_db
def test_the_offline_clients_texts_are_in_the_javascript_catalogue(client: Client) -> None:
    client.cookies["django_language"] = "nl"
    body = client.get("/jsi18n/").content.decode()
    assert "Er is nu iemand anders ingelogd op deze telefoon." in body
    assert "invoeren zijn nog niet verzonden" in body  # the plural
