"""The club settings page in a real browser on a phone (390x844): the club
admin renames the club and uploads a logo, and the club home shows both, the logo loaded under
the site's strict Content-Security-Policy (the conftest fails a test on any violation, and the
a11y checker holds the page to 44 px tap targets and 16 px text)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from PIL import Image, ImageDraw
from playwright.sync_api import expect

from .conftest import keep, log_in_dutch

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_admin_sets_the_name_and_logo_and_sees_them_on_the_club_home(
        browsing: Any, step: Any, club: Any, admin_user: Any, tmp_path: Path) -> None:
    logo = tmp_path / "logo van de club.png"
    drawing = Image.new("RGB", (300, 150), (255, 255, 255))
    ImageDraw.Draw(drawing).ellipse((100, 25, 200, 125), fill=(200, 30, 40))
    drawing.save(logo)
    home = reverse("clubmanager:club_home", kwargs={"club": club.slug})
    page = browsing.new_page(phone=True)
    with step("the admin opens Clubinstellingen from the club home"):
        log_in_dutch(browsing, page, home, admin_user.username)
        page.get_by_role("link", name="Clubinstellingen").first.click()
        expect(page.get_by_role("heading", name="Clubinstellingen", level=1)).to_be_visible()
        expect(page.get_by_label("Clubnaam")).to_have_value("De Harten Vrouw")
    with step("the admin renames the club"):
        page.get_by_label("Clubnaam").fill("De Harten Vrouw 1923")
        page.get_by_role("button", name="Clubinstellingen opslaan").click()
        expect(page.get_by_text("De clubinstellingen zijn opgeslagen.")).to_be_visible()
    with step("the admin uploads a logo"):
        page.get_by_label("Logo", exact=True).set_input_files(str(logo))
        page.get_by_role("button", name="Logo uploaden").click()
        expect(page.get_by_text("Het logo is opgeslagen.")).to_be_visible()
        expect(page.get_by_role("img", name="Logo van De Harten Vrouw 1923")).to_be_visible()
        keep(page, "club-settings-phone.png")
    with step("the club home shows the new name and the logo"):
        page.goto(home)
        expect(page.get_by_role("heading", name="De Harten Vrouw 1923", level=1)).to_be_visible()
        header_logo = page.locator(".site-header img.brand-logo")
        expect(header_logo).to_be_visible()
        assert header_logo.evaluate("img => img.complete && img.naturalWidth") == 300
        expect(page.locator(".site-header .brand")).to_contain_text("De Harten Vrouw 1923")
        keep(page, "club-home-with-logo-phone.png")
