"""An individual klaverjas evening of 9 players over three rounds, in real Chromium.

The club admin checks nine members in, draws three rounds and closes the evening on the
evening pages. Klaverjassen is played at tables of exactly four, so each round one player sits
out by the rota; the reglement gives a sit-out 1600 points. The hands are stored through the
score service (``tests/tournaments/draws/four_seats.py``): the klaverjas entry form is built in
its own step, and this test is about the evening, not the entry.

Checked: each round has two tables of four and one player sitting out, shown on the evening
page; nobody sits out twice; the sit-out's 1600 is in the evening results; the standings page
ranks everyone by the reglement's total (all evenings count, highest total first).
"""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.tournaments.draws.four_seats import competition, four_seat_game, members, play
from tournaments.models import Evening, EveningStatus, Seat, SitOut

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)
__all__ = ["four_seat_game"]

SIT_OUT = 1600


def _rows(page: Any) -> list[tuple[str, int]]:
    rows = page.locator("table.standings").first.locator("tbody tr")
    found = []
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td")
        name = cells.nth(1).inner_text().strip().splitlines()[0]  # a sit-out note may follow
        found.append((name, int(cells.nth(2).inner_text())))
    return found


def test_an_individual_evening_of_nine_over_three_rounds(
        four_seat_game: str, browsing: Any, step: Any, club: Any, admin_user: Any) -> None:
    people = members(club, 9)
    comp = competition(club, {"sit_out": {"score": {"fixed": SIT_OUT}},
                              "count": "all", "rank_by": "total"})
    evening = Evening.objects.create(competition=comp, date=datetime.date(2026, 9, 8),
                                     status=EveningStatus.CHECKIN)
    page = browsing.new_page()
    evening_url = reverse("tournaments:evening_detail", kwargs={"club": club.slug,
                                                                  "pk": evening.pk})

    with step("log in and check nine people in"):
        page.goto(evening_url)
        log_in(page, admin_user.username)
        page.get_by_role("link", name="Check people in").click()
        for member in people:
            button = page.get_by_role("button", name=member.name, exact=True)
            button.click()
            expect(button).to_have_attribute("aria-pressed", "true")
        assert evening.participants.count() == 9

    page.get_by_role("link", name="Done: to the evening").click()
    for number in (1, 2, 3):
        with step(f"draw round {number}, one sits out, play it"):
            page.get_by_role("button", name=f"Draw round {number}").click()
            expect(page.get_by_text(f"Round {number} has been drawn.")).to_be_visible()
            section = page.get_by_role("region", name=f"Round {number}")
            expect(section.locator(".draw-table")).to_have_count(2)
            round_ = evening.rounds.get(number=number)
            sitter = round_.sit_outs.get().participant.name
            expect(section.locator(".sitting-out")).to_have_text(f"Sitting out: {sitter}")
            for table in round_.tables.order_by("number"):
                assert table.seats.count() == 4
                play(table, admin_user, 100 + 10 * table.number, 62 - 10 * table.number)
            page.reload()

    with step("close the evening"):
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Close the evening").click()
        expect(page.get_by_role("button", name="Reopen the evening")).to_be_visible()

    sat_out = list(SitOut.objects.filter(round__evening=evening)
                   .values_list("participant__member__name", flat=True))
    assert len(sat_out) == 3 and len(set(sat_out)) == 3  # each at most once
    expected = {m.name: SIT_OUT * sat_out.count(m.name) for m in people}
    for name, points in Seat.objects.filter(table__round__evening=evening).values_list(
            "participant__member__name", "competition_points"):
        expected[name] += points
    ranked = sorted(expected.items(), key=lambda item: (-item[1], item[0].casefold()))

    with step("the evening results credit the sit-out score"):
        page.goto(reverse("tournaments:evening_results", kwargs={"club": club.slug,
                                                                  "pk": evening.pk}))
        assert sorted(_rows(page)) == sorted(expected.items())
        for name in sat_out:  # two boompjes of at most 2 × 140 points, and the 1600
            assert expected[name] >= SIT_OUT

    with step("the standings follow the reglement"):
        page.goto(reverse("tournaments:standings", kwargs={"club": club.slug, "pk": comp.pk}))
        expect(page.get_by_role("heading", level=1)).to_contain_text(re.compile("Klaverjassen"))
        assert _rows(page) == ranked
