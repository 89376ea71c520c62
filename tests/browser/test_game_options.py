"""Game options in Dutch form widgets on a phone: a club admin fills HIGH
FIVE!'s score card and Big Five's cards per table size by tapping and typing numbers, never
JSON; the a11y checker of every browser test holds the form to 44 px targets and 16 px text.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.games.tiles_classifier import CATEGORIES
from tournaments.models import Competition

from .conftest import ARTIFACTS, log_in

pytestmark = pytest.mark.django_db(transaction=True)

CARD = {"Hoge kaart": 0, "Paar": 1, "Twee paar": 2, "Drie gelijke": 3, "Straat": 4,
        "Flush": 5, "Full house": 6, "Vier gelijke": 8, "Straight flush": 10,
        "Royal flush": 15, "High Five (vijf gelijke)": 20}


def open_dutch(browsing: Any, page: Any, url: str, username: str) -> None:
    page.goto(url)
    log_in(page, username)
    page.context.add_cookies([{"name": "django_language", "value": "nl",
                               "url": browsing.base_url}])
    page.goto(url)


def test_the_score_card_is_typed_as_numbers_in_a_table(
    browsing: Any, step: Any, club: Any, admin_user: Any, make_competition: Any,
) -> None:
    competition = make_competition(club, "high_five_tiles", name="Tegels")
    edit = reverse("tournaments:competition_edit", kwargs={"club": club.slug,
                                                           "pk": competition.pk})
    page = browsing.new_page(phone=True)
    with step("fill the score card in Dutch"):
        open_dutch(browsing, page, edit, admin_user.username)
        card = page.locator("fieldset.number-rows", has_text="Scorekaart")
        expect(card.locator("legend")).to_have_text("Scorekaart")
        assert page.locator("textarea").count() == 0
        for name, points in CARD.items():
            card.get_by_label(name, exact=True).fill(str(points))
        card.screenshot(path=str(ARTIFACTS / "options-score-card-phone.png"))
        page.get_by_role("button", name="Opslaan").click()
        page.wait_for_url(lambda url: "/edit/" not in url)
    competition.refresh_from_db()
    # by the engine's combinations, lowest first (a stored JSON object keeps no key order on
    # PostgreSQL)
    assert [competition.options["points"][c] for c in CATEGORIES] == list(CARD.values())
    with step("the card loads back, a half card is refused with its message in view"):
        page.goto(edit)
        expect(card.get_by_label("Royal flush", exact=True)).to_have_value("15")
        card.get_by_label("Flush", exact=True).fill("")
        page.get_by_role("button", name="Opslaan").click()
        expect(card.locator(".errorlist")).to_contain_text("Nog leeg: flush")
        assert Competition.objects.get(pk=competition.pk).options["points"]["flush"] == 5


def test_big_five_cards_by_table_size_and_a_choice_with_a_sentence(
    browsing: Any, step: Any, club: Any, admin_user: Any, make_competition: Any,
) -> None:
    competition = make_competition(club, "big_five", name="Big Five")
    edit = reverse("tournaments:competition_edit", kwargs={"club": club.slug,
                                                           "pk": competition.pk})
    page = browsing.new_page(phone=True)
    with step("a number and a table per player count"):
        open_dutch(browsing, page, edit, admin_user.username)
        page.get_by_label("Kaarten per speler", exact=True).fill("20")
        table = page.locator("fieldset.number-rows", has_text="naar het aantal spelers")
        table.get_by_label("2 spelers").fill("40")
        page.locator("fieldset.game-options").screenshot(
            path=str(ARTIFACTS / "options-big-five-phone.png"))
        page.get_by_role("button", name="Opslaan").click()
        page.wait_for_url(lambda url: "/edit/" not in url)
    competition.refresh_from_db()
    assert competition.options["cards_per_player"] == 20
    assert competition.options["cards_by_players"] == {"2": 40}


def test_french_high_five_competition_points_are_radio_buttons_with_a_sentence(
    browsing: Any, step: Any, club: Any, admin_user: Any, make_competition: Any,
) -> None:
    competition = make_competition(club, "high_five_crowns", name="Kronen")
    edit = reverse("tournaments:competition_edit", kwargs={"club": club.slug,
                                                           "pk": competition.pk})
    page = browsing.new_page(phone=True)
    with step("choose points by place"):
        open_dutch(browsing, page, edit, admin_user.username)
        choice = page.get_by_label("punten naar plaats")
        expect(page.get_by_text("met 4 spelers krijgt de winnaar 3", exact=False)).to_be_visible()
        choice.check()
        page.locator("fieldset.game-options").screenshot(
            path=str(ARTIFACTS / "options-crowns-phone.png"))
        page.get_by_role("button", name="Opslaan").click()
        page.wait_for_url(lambda url: "/edit/" not in url)
    competition.refresh_from_db()
    assert competition.options["scoring"] == "places"
