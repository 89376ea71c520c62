"""The season reglement on a phone: a club admin picks "Beste 6 van 8, op gemiddelde"
on the competition's form, without typing anything, and the standings then strike through the
evening that no longer counts, with words a screen reader reads. The a11y checker of every
browser test also holds the form to 44 px tap targets and 16 px text at 390x844.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournaments.models import Evening, Participant, Round, Seat, Table

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def seven_evenings(competition: Any, members: list[Any]) -> None:
    """Ann and Bob play seven evenings; Ann's 1 on the third is her worst."""
    ann_scores = [50, 60, 1, 70, 80, 90, 40]
    for week, ann in enumerate(ann_scores):
        evening = Evening.objects.create(
            competition=competition, status="closed",
            date=competition.start_date + datetime.timedelta(weeks=week + 1))
        people = [Participant.objects.create(evening=evening, member=m) for m in members]
        table = Table.objects.create(round=Round.objects.create(evening=evening, number=1,
                                                                seed=1),
                                     number=1, game=competition.game, finished=True,
                                     hand_count=1)
        for position, (person, points) in enumerate(zip(people, (ann, 30), strict=True),
                                                    start=1):
            Seat.objects.create(table=table, position=position, participant=person,
                                side=person.member.name, points=points,
                                competition_points=points, place=1 if points > 30 else 2)


def test_a_preset_on_a_phone_strikes_through_the_evening_that_drops(
    browsing: Any, step: Any, club: Any, admin_user: Any, make_member: Any,
    make_competition: Any,
) -> None:
    competition = make_competition(club, "high_five_crowns", name="Kroonjaar")
    members = [make_member(club, name="Ann"), make_member(club, name="Bob")]
    seven_evenings(competition, members)
    page = browsing.new_page(phone=True)
    edit = reverse("tournaments:competition_edit", kwargs={"club": club.slug,
                                                           "pk": competition.pk})

    with step("choose the preset in the club's words"):
        page.goto(edit)
        log_in(page, admin_user.username)
        # in Dutch from here on, as the club's language switch leaves it
        page.context.add_cookies([{"name": "django_language", "value": "nl",
                                   "url": browsing.base_url}])
        page.goto(edit)
        expect(page.get_by_text("Hoeveel avonden tellen mee?")).to_be_visible()
        preset = page.get_by_label("Beste 6 van 8, op gemiddelde")
        preset.check()
        expect(preset).to_be_checked()
        page.get_by_role("button", name="Opslaan").click()
        page.wait_for_url(lambda url: "/edit/" not in url)
        # the reglement in words (the first; the list of its changes below says it again)
        expect(page.get_by_text("De stand gaat op het gemiddelde", exact=False).first
               ).to_be_visible()

    with step("the dropped evening is struck through, in words for a screen reader"):
        page.goto(reverse("tournaments:standings",
                          kwargs={"club": club.slug, "pk": competition.pk}))
        ann = page.locator("table.standings tbody tr", has_text="Ann")
        struck = ann.locator("td.dropped s")
        expect(struck).to_have_count(1)
        expect(struck).to_have_text("1")
        assert "line-through" in struck.evaluate("s => getComputedStyle(s).textDecorationLine")
        expect(ann.locator("td.dropped .visually-hidden")).to_have_text(" telt niet mee")
        # best 6 of 7 on average: (50 + 60 + 70 + 80 + 90 + 40) / 6 = 65
        # ranked by average: the average is the bold first figure, the total last
        expect(ann.locator("td").nth(2)).to_have_text("65,0")
        expect(ann.locator("td").nth(6)).to_have_text("390")


def test_answers_typed_over_a_preset_are_what_is_saved(
    browsing: Any, step: Any, club: Any, admin_user: Any, make_competition: Any,
) -> None:
    """The preset fills the form as it is picked, and never after. She picks
    "Beste 6 van 8", types 4 over the 6, saves: 4 is stored."""
    competition = make_competition(club, "jokeren", name="Proefjaar")
    page = browsing.new_page(phone=True)
    edit = reverse("tournaments:competition_edit", kwargs={"club": club.slug,
                                                           "pk": competition.pk})
    with step("the preset fills in the answers"):
        page.goto(edit)
        log_in(page, admin_user.username)
        page.context.add_cookies([{"name": "django_language", "value": "nl",
                                   "url": browsing.base_url}])
        page.goto(edit)
        page.get_by_label("Beste 6 van 8, op gemiddelde").check()
        expect(page.locator('input[name="count_n"]')).to_have_value("6")
        expect(page.locator('input[name="min_played"]')).to_have_value("6")
        expect(page.locator('input[name="rank_by"][value="average"]')).to_be_checked()
    with step("she types 4 over the 6 and saves"):
        page.locator('input[name="count_n"]').fill("4")
        page.get_by_role("button", name="Opslaan").click()
        page.wait_for_url(lambda url: "/edit/" not in url)
    competition.refresh_from_db()
    assert competition.rules["count"] == {"best": 4}
    assert competition.rules["rank_by"] == "average"
