"""The season import carries the reglement: a club admin uploads a season
workbook, the preview says in words which reglement the competition takes over, how many
evenings do not count and how many call-offs come along; a workbook with a rule the engine
refuses gets the sentence naming the rule, not a 500. At 390x844 and 1920x1080 (the a11y
checker of every browser test holds the pages to 44 px targets and 16 px text on the phone).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.tournaments.workbook.test_season_import import edit, empty_like
from tests.tournaments.workbook.test_workbook_reglement import (
    assert_same_season,
    build_season,
    calloffs_of,
)
from tournaments.workbook.selectors import season_workbook

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_the_import_takes_over_the_reglement_and_refuses_a_bad_rule(
        phone: bool, browsing: Any, step: Any, club: Any, admin_user: Any,
        make_competition: Any, make_member: Any, make_evening: Any, make_round: Any) -> None:
    source = build_season(club, "jokeren", make_competition, make_member, make_evening,
                          make_round)
    data = season_workbook(source)
    target = empty_like(source)
    page = browsing.new_page(phone=phone)
    if not phone:
        page.set_viewport_size({"width": 1920, "height": 1080})
    url = reverse("tournaments:season_import", kwargs={"club": club.slug,
                                                        "competition_id": target.pk})

    with step("a rule the engine refuses is named, nothing to confirm"):
        page.goto(url)
        log_in(page, admin_user.username)
        page.context.add_cookies([{"name": "django_language", "value": "nl",
                                   "url": browsing.base_url}])
        page.goto(url)
        bad = edit(data, "Reglement", "C2", '{"drop": -1}')
        page.get_by_label("Seizoenswerkmap").set_input_files(
            {"name": "seizoen.xlsx", "mimeType": XLSX, "buffer": bad})
        page.get_by_role("button", name="Voorbeeld tonen").click()
        expect(page.get_by_text("de regel “count” (Hoeveel avonden tellen mee?)",
                                exact=False)).to_be_visible()
        expect(page.get_by_role("button", name="Import bevestigen")).to_have_count(0)

    with step("the preview says which reglement comes along"):
        page.goto(url)
        page.get_by_label("Seizoenswerkmap").set_input_files(
            {"name": "seizoen.xlsx", "mimeType": XLSX, "buffer": data})
        page.get_by_role("button", name="Voorbeeld tonen").click()
        expect(page.get_by_role("heading", name="Het reglement uit het bestand")).to_be_visible()
        expect(page.get_by_text("1 avond telt niet mee voor de competitie.")).to_be_visible()
        expect(page.get_by_text("2 afmeldingen.")).to_be_visible()
        expect(page.get_by_text("Afgemeld: de slechtste score van de avond.",
                                exact=False)).to_be_visible()
        browsing.screenshot("preview")

    with step("confirmed: the same season, rules, call-offs and standings"):
        page.get_by_role("button", name="Import bevestigen").click()
        expect(page.get_by_text("Seizoen ingelezen", exact=False)).to_be_visible()
        assert_same_season(target, source)
        assert len(calloffs_of(target)) == 2
