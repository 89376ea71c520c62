"""Ranks are never cut off: the club-room TV from 1280x720 to 3840x2160, and the standings on a
phone with three-digit ranks (the rank column used to be 40 px, so rank 17 showed as "1" on the
TV, under the name beside it)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tests.tournaments.test_standings import Season

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def big_season(club: Any, make_member: Any, make_competition: Any, make_evening: Any) -> Season:
    """120 members, 60 tables of two; everyone a different total, long names for some."""
    names = [f"Lid{i:03}" if i % 7 else f"Wilhelmina van Oranje-Nassau{i:03}" for i in range(120)]
    season = Season(club, make_member, make_competition, make_evening, names="")
    season.members = {name: make_member(club, name=name) for name in names}
    season.evening(*({names[i]: i, names[i + 1]: i + 1} for i in range(0, 120, 2)))
    club.public_pages = True
    club.save()
    return season


def assert_ranks_whole(page: Any, expected_max: int) -> None:
    cells = page.locator("table.standings tbody tr")
    ranks = []
    for i in range(cells.count()):
        row = cells.nth(i)
        rank, name = row.locator("td").nth(0), row.locator("td").nth(1)
        fits = rank.evaluate("td => td.scrollWidth <= td.clientWidth")
        assert fits, f"rank {rank.inner_text()} overflows its cell"
        rank_box, name_box = rank.bounding_box(), name.bounding_box()
        assert rank_box["x"] + rank_box["width"] <= name_box["x"] + 1, rank.inner_text()
        ranks.append(int(rank.inner_text()))
    assert max(ranks) == expected_max


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_the_tv_shows_whole_ranks_on_any_screen(
    browsing: Any, club: Any, big_season: Season, size: tuple[int, int],
) -> None:
    page = browsing.new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(reverse("tournaments:tv", kwargs={"club": club.slug,
                                                "pk": big_season.competition.pk}))
    assert_ranks_whole(page, expected_max=30)
    # the TV uses the screen: nothing scrolls, and the standings fill most of its height
    assert page.evaluate("document.documentElement.scrollHeight") <= size[1]
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    bottom = page.locator("table.standings").first.bounding_box()
    assert bottom["y"] + bottom["height"] > 0.6 * size[1]


def test_phone_standings_show_three_digit_ranks(
    browsing: Any, club: Any, member_user: Any, big_season: Season,
) -> None:
    page = browsing.new_page(phone=True)
    page.goto(reverse("tournaments:standings", kwargs={"club": club.slug,
                                                       "pk": big_season.competition.pk}))
    log_in(page, member_user.username)
    assert_ranks_whole(page, expected_max=120)
