"""Evening prizes in a real browser: a club admin sets "the formula of 4"
with a booby prize on a phone; the evening's results on a phone (390x844) list the prizes with
the shared places; the club-room TV (1920x1080) shows the prize list once tonight is over. The
a11y checker of every browser test holds the phone pages to 44 px tap targets and 16 px text.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from tournaments.models import Evening, Participant, Round, Seat, Table

from .conftest import keep, log_in_dutch

pytestmark = pytest.mark.django_db(transaction=True)

FORMULA = {"prizes": {"rule": {"first": 4, "then_every": 4}, "booby": True}}
# Ten players at two tables: Bram and Cas tie for 2nd/3rd, Hugo is 8th, Joost last.
SCORES = {"Anna Bakker": 90, "Bram de Vries": 80, "Cas Jansen": 80, "Dirk Smit": 70,
          "Eva Visser": 60, "Fenna Mulder": 50, "Gijs Bos": 40, "Hugo Meijer": 30,
          "Ines Dekker": 20, "Joost Peters": 10}


def tonight(competition: Any, members: list[Any]) -> Evening:
    evening = Evening.objects.create(competition=competition, status="playing",
                                     date=timezone.localdate())
    round_ = Round.objects.create(evening=evening, number=1, seed=1)
    people = [Participant.objects.create(evening=evening, member=m) for m in members]
    for number, chunk in enumerate((people[:5], people[5:]), start=1):
        table = Table.objects.create(round=round_, number=number, game=competition.game,
                                     finished=True, hand_count=1)
        for position, person in enumerate(chunk, start=1):
            points = SCORES[person.member.name]
            Seat.objects.create(table=table, position=position, participant=person,
                                side=person.member.name, points=points,
                                competition_points=points, place=position)
    return evening


@pytest.fixture
def prize_evening(club: Any, make_member: Any, make_competition: Any) -> Evening:
    competition = make_competition(club, "high_five_crowns", name="Kroonjaar", rules=FORMULA)
    return tonight(competition, [make_member(club, name=n) for n in SCORES])


def test_an_admin_sets_the_formula_of_4_with_a_booby_prize_on_a_phone(
    browsing: Any, step: Any, club: Any, admin_user: Any, make_competition: Any,
) -> None:
    competition = make_competition(club, "high_five_crowns", name="Kroonjaar")
    page = browsing.new_page(phone=True)
    with step("answer the prize question in the club's words"):
        log_in_dutch(browsing, page, reverse("tournaments:competition_edit", kwargs={
            "club": club.slug, "pk": competition.pk}), admin_user.username)
        expect(page.get_by_text("Avondprijzen").first).to_be_visible()
        page.get_by_label("De eersten, daarna elke zoveelste").check()
        expect(page.get_by_text("daarna 8, 12, 16 enzovoort")).to_be_visible()
        page.get_by_label("Formule: prijzen voor plaats 1 tot en met").fill("4")
        page.get_by_label("Formule: daarna elke hoeveelste plaats?").fill("4")
        page.get_by_label("Poedelprijs voor de laagste score").check()
        page.get_by_role("button", name="Opslaan").click()
        page.wait_for_url(lambda url: "/edit/" not in url)
    competition.refresh_from_db()
    assert competition.rules["prizes"] == FORMULA["prizes"]


def test_the_evening_results_on_a_phone_list_the_prizes(
    browsing: Any, step: Any, club: Any, member_user: Any, prize_evening: Evening,
) -> None:
    page = browsing.new_page(phone=True)
    with step("the prize list under the evening's ranking"):
        log_in_dutch(browsing, page, reverse("tournaments:evening_results", kwargs={
            "club": club.slug, "pk": prize_evening.pk}), member_user.username)
        prizes = page.locator("table.prizes")
        expect(prizes.locator("tbody tr")).to_have_count(5)
        shared = prizes.locator("tbody tr", has_text="2e/3e gedeeld")
        expect(shared).to_contain_text("Bram de Vries")
        expect(shared).to_contain_text("Cas Jansen")
        expect(prizes.locator("tbody tr", has_text="8e")).to_contain_text("Hugo Meijer")
        expect(prizes.locator("tr.booby")).to_contain_text("Poedelprijs")
        expect(prizes.locator("tr.booby")).to_contain_text("Joost Peters")
        expect(page.get_by_role("link", name="Prijslijst afdrukken (PDF)")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        prizes.scroll_into_view_if_needed()
        if os.environ.get("KEEP_SCREENSHOTS"):
            keep(page, "prizes-evening-phone.png")


def test_the_tv_shows_the_prize_list_at_the_end_of_the_evening(
    browsing: Any, club: Any, prize_evening: Evening,
) -> None:
    page = browsing.new_page(language="nl")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(reverse("tournaments:tv", kwargs={"club": club.slug,
                                                "pk": prize_evening.competition_id}))
    prizes = page.locator(".tv-prizes table.prizes")
    expect(prizes).to_be_visible()
    expect(prizes.locator("tbody tr", has_text="2e/3e gedeeld")).to_contain_text("Cas J.")
    expect(prizes.locator("tr.booby")).to_contain_text("Joost P.")  # public: short names
    # beside the standings, and the screen does not scroll
    # (ten players: all of them on one page, the legend says nothing of pages)
    expect(page.locator(".tv-page:not([hidden]) table.tv-standings tbody tr")).to_have_count(10)
    expect(page.locator(".tv-paging")).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920
    if os.environ.get("KEEP_SCREENSHOTS"):
        keep(page, "prizes-tv.png")
