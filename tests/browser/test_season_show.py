"""Season rules set and shown, on a phone (390x844) and on a
1920x1080 screen: a club admin sets every rule on the competition's form in the club's words
(how many count, the average, a minimum, what an absence scores, called off or not, periods by
evening, a tie-break, evening prizes with a booby prize) and marks an evening as not counting;
the standings then strike through the evenings that do not count (with words for a screen
reader), mark a called-off absence score and say how many evenings a member still needs; the
TV says the same in its table, and lists the prizes at the end of the evening.

With KEEP_SCREENSHOTS set, screenshots go to test-artifacts/ to look at.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournaments.models import CallOff, Participant, Seat, Table

from .conftest import ARTIFACTS, log_in_dutch
from .test_prizes import SCORES as PRIZE_SCORES
from .test_prizes import keep, tonight
from .test_season_rules import seven_evenings

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS = {"phone": (390, 844), "screen": (1920, 1080)}


def open_page(browsing: Any, viewport: str, language: str = "en") -> Any:
    if viewport == "phone":
        return browsing.new_page(phone=True, language=language)
    page = browsing.new_page(language=language)
    width, height = VIEWPORTS[viewport]
    page.set_viewport_size({"width": width, "height": height})
    return page


def question(page: Any, legend: str) -> Any:
    """The radio buttons of one question of the reglement, by its legend."""
    return page.get_by_role("group", name=legend, exact=True)


def no_sideways_scroll(page: Any, viewport: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[viewport][0]


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_an_admin_sets_every_rule_in_the_clubs_words(
    viewport: str, browsing: Any, step: Any, club: Any, admin_user: Any, make_member: Any,
    make_competition: Any,
) -> None:
    competition = make_competition(club, "high_five_crowns", name="Kroonjaar")
    seven_evenings(competition, [make_member(club, name="Ann"), make_member(club, name="Bob")])
    evenings = list(competition.evenings.order_by("date"))
    edit = reverse("tournaments:competition_edit", kwargs={"club": club.slug,
                                                           "pk": competition.pk})
    page = open_page(browsing, viewport)

    with step("best 6, on the average, a minimum, absences, a tie-break and prizes"):
        log_in_dutch(browsing, page, edit, admin_user.username)
        question(page, "Hoeveel avonden tellen mee?").get_by_label(
            "Alleen de beste avonden").check()
        page.get_by_label("Hoeveel avonden (de beste), of hoeveel vallen af").fill("6")
        question(page, "Wat bepaalt de stand?").get_by_label("Het gemiddelde").check()
        page.get_by_label("Hoeveel avonden moet iemand minstens spelen").fill("5")
        question(page, "Wat krijgt wie zich heeft afgemeld?").get_by_label(
            "De slechtste score van die avond").check()
        question(page, "Wat krijgt wie er niet was (zonder afmelding)?").get_by_label(
            "Een vast aantal punten").check()
        page.get_by_label("Vast aantal punten voor wie er niet was").fill("10")
        page.get_by_label("Hoe vaak hoogstens krijgt een afwezige punten?").fill("2")
        page.get_by_label("Beslissing bij gelijke stand 1").select_option(
            label="meer avonden gespeeld")
        question(page, "Wie krijgt een prijs?").get_by_label("De besten", exact=False).first.check()
        page.get_by_label("De besten: hoeveel prijzen?").fill("5")
        page.get_by_label("Poedelprijs voor de", exact=False).check()
        no_sideways_scroll(page, viewport)
        page.get_by_role("button", name="Opslaan").click()
        page.wait_for_url(lambda url: "/edit/" not in url)
    competition.refresh_from_db()
    assert competition.rules == {
        "count": {"best": 6}, "rank_by": "average", "min_played": 5,
        "absent": {"notified": "worst", "unnotified": {"fixed": 10}, "max_scored": 2},
        "tiebreaks": ["played"], "prizes": {"rule": {"top": 5}, "booby": True}}

    with step("periods chosen by evening, the best evening of each"):
        page.goto(edit)
        question(page, "Wat bepaalt de stand?").get_by_label("Het totaal").check()
        page.get_by_label("Hoeveel avonden (de beste), of hoeveel vallen af").fill("1")
        choose = page.locator("fieldset.evening-periods")
        expect(choose).to_contain_text("Of kies de periode van elke avond")
        choose.locator(f"select[name='evening_period_{evenings[0].pk}']").select_option("1")
        choose.locator(f"select[name='evening_period_{evenings[4].pk}']").select_option("2")
        no_sideways_scroll(page, viewport)
        if os.environ.get("KEEP_SCREENSHOTS"):
            choose.scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / f"season-form-periods-{viewport}.png"))
        page.get_by_role("button", name="Opslaan").click()
        page.wait_for_url(lambda url: "/edit/" not in url)
        expect(page.locator("dl.facts").get_by_text(
            "2 perioden; de club koos de avonden van elke.", exact=False).first).to_be_visible()
        # the competition's page keeps the earlier reglement
        page.get_by_text("3 reglementen dit seizoen").click()
        expect(page.locator(".reglement-history li")).to_have_count(3)
        if os.environ.get("KEEP_SCREENSHOTS"):
            keep(page, f"season-reglement-history-{viewport}.png")
    competition.refresh_from_db()
    assert competition.rules["periods"]["evenings"] == {str(evenings[0].pk): 1,
                                                        str(evenings[4].pk): 2}
    assert competition.rules["periods"]["count"] == {"best": 1}

    with step("an evening that does not count"):
        page.goto(reverse("tournaments:evening_detail", kwargs={"club": club.slug,
                                                                "pk": evenings[-1].pk}))
        page.get_by_label("Telt niet mee voor de competitie").check()
        page.locator("form.counts-form").get_by_role("button", name="Opslaan").click()
        expect(page.get_by_text("telt niet mee voor de competitie").first).to_be_visible()
    evenings[-1].refresh_from_db()
    assert evenings[-1].counts is False

    with step("the standings: a column per period, one of Ann's evenings per period counts"):
        page.goto(reverse("tournaments:standings", kwargs={"club": club.slug,
                                                           "pk": competition.pk}))
        table = page.locator("table.standings")
        expect(table.locator("thead th", has_text="Periode 2")).to_have_count(1)
        ann = table.locator("tbody tr", has_text="Ann")
        # six evenings count for the competition now, in two periods of 4 and 2: one each
        expect(ann.locator("td.dropped s")).to_have_count(4)
        if os.environ.get("KEEP_SCREENSHOTS"):
            keep(page, f"season-periods-standings-{viewport}.png")


@pytest.fixture
def season_with_a_calloff(club: Any, make_member: Any, make_competition: Any) -> Any:
    """Ann and Bob play seven evenings (Ann's third is her worst); Cor played the first and
    called off for the second; on the best 6 of the average, at least 3 evenings."""
    competition = make_competition(club, "high_five_crowns", name="Kroonjaar", rules={
        "count": {"best": 6}, "rank_by": "average", "min_played": 3,
        "absent": {"notified": "worst", "unnotified": "nothing"}})
    ann, bob = make_member(club, name="Ann"), make_member(club, name="Bob")
    cor = make_member(club, name="Cor")
    seven_evenings(competition, [ann, bob])
    first, second = competition.evenings.order_by("date")[:2]
    table = Table.objects.get(round__evening=first)
    Seat.objects.create(table=table, position=3, participant=Participant.objects.create(
        evening=first, member=cor), side="Cor", points=20, competition_points=20, place=3)
    CallOff.objects.create(evening=second, member=cor)
    return competition


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_standings_show_what_counts(
    viewport: str, browsing: Any, step: Any, club: Any, member_user: Any,
    season_with_a_calloff: Any,
) -> None:
    competition = season_with_a_calloff
    page = open_page(browsing, viewport)
    with step("the dropped evening struck through, the call-off marked, what Cor needs"):
        log_in_dutch(browsing, page, reverse("tournaments:standings", kwargs={
            "club": club.slug, "pk": competition.pk}), member_user.username)
        table = page.locator("table.standings")
        ann = table.locator("tbody tr", has_text="Ann")
        struck = ann.locator("td.dropped s")
        expect(struck).to_have_text("1")
        assert "line-through" in struck.evaluate("s => getComputedStyle(s).textDecorationLine")
        expect(ann.locator("td.dropped .visually-hidden")).to_have_text(" telt niet mee")
        cor = table.locator("tbody tr", has_text="Cor")
        expect(cor).to_contain_text("nog 2 avonden nodig")
        # the evening's worst on the second evening was Bob's 30, marked as called off
        called_off = cor.locator("td.absent")
        expect(called_off).to_have_count(1)
        expect(called_off).to_contain_text("30")
        expect(called_off.locator(".visually-hidden")).to_have_text(" (afgemeld)")
        if os.environ.get("KEEP_SCREENSHOTS"):
            keep(page, f"season-standings-{viewport}.png")

    with step("the TV: what Cor needs, and how many of each member's evenings count"):
        page.goto(reverse("tournaments:tv", kwargs={"club": club.slug, "pk": competition.pk}))
        tv = page.locator("table.tv-standings").first
        expect(tv.locator("thead th", has_text="Telt")).to_have_count(1)
        expect(page.locator("table.tv-standings tbody tr", has_text="Cor")).to_contain_text(
            "nog 2 avonden nodig")
        ann = page.locator("table.tv-standings tbody tr", has_text="Ann")
        expect(ann.locator("td.counts [aria-hidden]")).to_have_text("6/7")
        expect(ann.locator("td.counts .visually-hidden")).to_have_text(
            "6 van 7 avonden tellen mee")
        no_sideways_scroll(page, viewport)
        if os.environ.get("KEEP_SCREENSHOTS"):
            keep(page, f"season-tv-{viewport}.png")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_my_results_say_which_evenings_count_and_what_is_needed(
    viewport: str, browsing: Any, step: Any, club: Any, member_user: Any,
    season_with_a_calloff: Any,
) -> None:
    from clubmanager.models import Member

    Member.objects.filter(club=club, name="Cor").update(user=member_user)
    page = open_page(browsing, viewport)
    with step("Cor's own page"):
        log_in_dutch(browsing, page, reverse("tournaments:my_results",
                                             kwargs={"club": club.slug}), member_user.username)
        card = page.locator(".cards li", has_text="Kroonjaar")
        expect(card).to_contain_text("nog niet genoeg avonden voor een plaats")
        expect(card).to_contain_text("Nog 2 avonden nodig")
        expect(card).to_contain_text("punten bij afwezigheid, afgemeld")
        no_sideways_scroll(page, viewport)
        if os.environ.get("KEEP_SCREENSHOTS"):
            keep(page, f"season-my-results-{viewport}.png")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_tv_lists_the_prizes_at_the_end_of_the_evening(
    viewport: str, browsing: Any, club: Any, make_member: Any, make_competition: Any,
) -> None:
    competition = make_competition(club, "high_five_crowns", name="Kroonjaar", rules={
        "prizes": {"rule": {"top": 3}, "booby": True}})
    tonight(competition, [make_member(club, name=n) for n in PRIZE_SCORES])
    page = open_page(browsing, viewport, language="nl")
    page.goto(reverse("tournaments:tv", kwargs={"club": club.slug, "pk": competition.pk}))
    prizes = page.locator(".tv-prizes table.prizes")
    expect(prizes).to_be_visible()
    expect(prizes.locator("tbody tr", has_text="2e/3e gedeeld")).to_contain_text("Bram V.")
    expect(prizes.locator("tbody tr", has_text="2e/3e gedeeld")).to_contain_text("Cas J.")
    expect(prizes.locator("tr.booby")).to_contain_text("Joost P.")
    no_sideways_scroll(page, viewport)
    if os.environ.get("KEEP_SCREENSHOTS"):
        keep(page, f"season-tv-prizes-{viewport}.png")

