"""The club's logo on an evening's share page (``/uitslag/<code>/``): whoever holds the link sees
it, also when the club's pages are not public, without the logo being opened to everyone."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from PIL import Image

from clubmanager.logo import logo_from_upload
from clubmanager.models import ClubLogo
from clubmanager.services import club_logo_set
from tests.tournaments.standings.test_share import make_link, played  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed_club_with_logo(club: Any, admin_user: Any) -> Any:
    out = io.BytesIO()
    Image.new("RGB", (120, 60), (0, 90, 160)).save(out, format="PNG")
    club.public_pages = False
    club.save()
    logo = logo_from_upload(io.BytesIO(out.getvalue()))
    return club_logo_set(club=club, by=admin_user, logo=logo)


def brand_logo(body: str) -> str:
    found = re.search(r'<img class="brand-logo" src="([^"]+)"', body)
    assert found, "no logo in the page's header"
    return found.group(1)


def test_the_share_page_shows_the_logo_to_whoever_holds_the_link(
        admin_client: Client, client: Client, closed_club_with_logo: Any,
        played: dict[str, Any]) -> None:  # noqa: F811
    club = closed_club_with_logo
    path = make_link(admin_client, club, played["evening"])
    logo_url = brand_logo(client.get(path).content.decode())
    response = client.get(logo_url)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert response.content == ClubLogo.objects.get(club=club).png
    assert response["Cache-Control"].startswith("private")
    assert response["Content-Security-Policy"] == "default-src 'none'; sandbox"
    # the club's own address for it stays closed to visitors
    own = reverse("clubmanager:club_logo", kwargs={"club": club.slug,
                                                   "version": club.logo_version})
    assert client.get(own).status_code == 302


def test_the_shared_logo_follows_the_link_and_the_logo(
        admin_client: Client, client: Client, closed_club_with_logo: Any,
        played: dict[str, Any]) -> None:  # noqa: F811
    club, evening = closed_club_with_logo, played["evening"]
    path = make_link(admin_client, club, evening)
    evening.refresh_from_db()
    code = evening.share_code
    logo_url = reverse("share:logo", kwargs={"code": code, "version": club.logo_version})
    old = reverse("share:logo", kwargs={"code": code, "version": "0" * 16})
    assert client.get(old)["Location"] == logo_url  # an older logo's address: the current one
    wrong = reverse("share:logo", kwargs={"code": "x" * 22, "version": club.logo_version})
    assert client.get(wrong).status_code == 404
    make_link(admin_client, club, evening)  # renewed: the old link's logo is gone too
    assert client.get(logo_url).status_code == 404
    assert client.get(path).status_code == 404
