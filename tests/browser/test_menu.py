"""The menu on a phone: one "Menu" button beside the club's name; tapped, every link is on the
screen (no sideways scrolling, "Log out" included); on a laptop the links show without a tap."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_phone_menu_fits_the_screen(browsing: Any, club: Any, admin_user: Any) -> None:
    page = browsing.new_page(phone=True)
    page.goto(f"/clubs/{club.slug}/")  # to the login page and back
    log_in(page, admin_user.username)
    log_out = page.get_by_role("button", name="Log out")
    expect(log_out).to_be_hidden()
    button = page.locator("summary", has_text="Menu")
    box = button.bounding_box()
    assert box["y"] + box["height"] < 80 and box["x"] + box["width"] <= 390
    assert box["height"] >= 44 and box["width"] >= 44

    button.click()
    expect(log_out).to_be_visible()
    links = page.locator("nav.menu li a, nav.menu li button")
    assert links.count() >= 6
    for i in range(links.count()):
        item = links.nth(i).bounding_box()
        assert item["x"] >= 0 and item["x"] + item["width"] <= 390, links.nth(i).inner_text()
        assert item["y"] + item["height"] <= 844 and item["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    page.locator("nav.menu").get_by_role("link", name="Competitions").click()
    expect(page).to_have_url(f"{browsing.base_url}/clubs/{club.slug}/competitions/")


def test_the_laptop_menu_needs_no_tap(browsing: Any, club: Any, admin_user: Any) -> None:
    page = browsing.new_page()
    page.goto(f"/clubs/{club.slug}/")  # to the login page and back
    log_in(page, admin_user.username)
    expect(page.locator("summary", has_text="Menu")).to_be_hidden()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    expect(page.locator("nav.menu").get_by_role("link", name="Roles and logins")).to_be_visible()
