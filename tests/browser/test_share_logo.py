"""The club's logo on the shared results, on a 390x844 phone, for a visitor who is not logged in
while the club's pages are closed: the picture shows, it is not a broken image."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from clubmanager.logo import logo_from_upload
from clubmanager.services import club_logo_set
from tests.tournaments.conftest import play_big_five  # noqa: F401
from tournaments.models import Evening, EveningStatus
from tournaments.standings.services.sharing import evening_share_code_renew

from .conftest import keep

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_visitor_with_the_link_sees_the_logo_of_a_closed_club(
    browsing: Any, step: Any, club: Any, admin_user: Any, play_big_five: Any,  # noqa: F811
) -> None:
    played = play_big_five(club, ("Henk van Leeuwen", "Alie de Jong", "Gerrit Hoekstra"))
    evening = played["evening"]
    Evening.objects.filter(pk=evening.pk).update(status=EveningStatus.CLOSED)
    evening.refresh_from_db()
    out = io.BytesIO()
    Image.new("RGB", (300, 150), (0, 90, 160)).save(out, format="PNG")
    club.public_pages = False
    club.save()
    club_logo_set(club=club, by=admin_user, logo=logo_from_upload(io.BytesIO(out.getvalue())))
    code = evening_share_code_renew(evening=evening, by=admin_user).share_code
    visitor = browsing.new_page(phone=True)

    with step("the visitor opens the share link"):
        visitor.goto(f"/uitslag/{code}/")
        logo = visitor.locator("img.brand-logo")
        logo.wait_for()
        assert visitor.evaluate(
            "img => img.complete && img.naturalWidth", logo.element_handle()) == 300
        keep(visitor, "share-logo-phone.png")
