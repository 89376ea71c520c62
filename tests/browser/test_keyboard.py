"""Typing a deal on a phone keyboard: Enter/Go moves to the next empty field and saves only from
the last one; after a save the first field of the next deal has the focus (keyboard up); a
refused save puts the focus on the refused field."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournaments.games import sample_hands
from tournaments.models import Hand, Table
from tournaments.shared.matches import sides_of

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def entry(browsing: Any, club: Any, scorekeeper_user: Any, table: Table) -> tuple[Any, Any, dict]:
    """(page, the deal's number fields, a valid first deal) for the table's scorekeeper."""
    page = browsing.new_page(phone=True)
    page.goto(reverse("tournaments:table_scores", kwargs={"club": club.slug, "pk": table.pk}))
    log_in(page, scorekeeper_user.username)
    penalties = sample_hands("jokeren", sides_of(table.seats.all()))[0]["penalties"]
    return page, page.locator("form.hand-form input[inputmode=numeric]"), penalties


def focused_name(page: Any) -> str:
    return page.evaluate("document.activeElement && document.activeElement.name")


def test_enter_moves_on_and_saves_only_from_the_last_field(entry: Any, table: Table) -> None:
    page, boxes, penalties = entry
    names = [boxes.nth(i).get_attribute("name") for i in range(boxes.count())]
    assert len(names) == 4
    assert boxes.nth(0).get_attribute("enterkeyhint") == "next"
    assert boxes.nth(3).get_attribute("enterkeyhint") == "done"

    boxes.nth(2).fill(str(penalties["Cor"]))  # filled out of order: Enter skips it later
    boxes.nth(0).click()
    page.keyboard.type(str(penalties["Ann"]))
    page.keyboard.press("Enter")  # half a deal: not sent, the next field instead
    assert focused_name(page) == names[1]
    assert not Hand.objects.filter(table=table).exists()
    expect(page.locator(".field-error")).to_have_count(0)

    page.keyboard.type(str(penalties["Bob"]))
    page.keyboard.press("Enter")
    assert focused_name(page) == names[3]
    page.keyboard.type(str(penalties["Dirk"]))
    page.keyboard.press("Enter")  # the last field: saves

    expect(page.get_by_text("Deal 1 saved.")).to_be_visible()
    assert Hand.objects.filter(table=table).count() == 1
    expect(page.locator("form.hand-form input[inputmode=numeric]").first).to_be_focused()


def test_a_refused_save_puts_the_focus_on_the_refused_field(entry: Any, table: Table) -> None:
    page, boxes, penalties = entry
    for i, side in enumerate(("Ann", "Bob", "Cor", "Dirk")):
        boxes.nth(i).fill(str(1 if side == "Bob" else penalties[side]))
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("#id-h-penalties-1-err")).to_contain_text("impossible")
    expect(page.locator('form.hand-form [aria-invalid="true"]')).to_be_focused()
    assert not Hand.objects.filter(table=table).exists()
