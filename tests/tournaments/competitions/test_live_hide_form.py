"""The competition form says what the hidden live ranking's numbers mean (a round's
number, minutes after the evening's start), so no club reads them as "the last N"."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.competitions.test_competitions import add_url, form_data
from tournaments.models import Competition

pytestmark = pytest.mark.django_db


def test_the_form_says_round_number_and_minutes_after_the_start(admin_client: Any,
                                                                club: Any) -> None:
    page = admin_client.get(add_url(club, "big_five")).content.decode()
    assert "Stand verbergen vanaf ronde" in page
    assert "niet het aantal laatste ronden: bij 3 ronden per avond verbergt 3 de laatste" in page
    assert "Stand verbergen vanaf (minuten na de aanvang)" in page
    assert "aanvang 19:30 en verbergen vanaf 22:00 is 150" in page
    assert "de stand en de tv tonen de stand van vóór vanavond" in page


def test_the_numbers_are_saved(admin_client: Any, club: Any) -> None:
    data = form_data("big_five", live_hide_from_round="3", live_hide_after_minutes="150")
    assert admin_client.post(add_url(club, "big_five"), data).status_code == 302
    competition = Competition.objects.get()
    assert (competition.live_hide_from_round, competition.live_hide_after_minutes) == (3, 150)


@pytest.mark.parametrize(("field", "value"), [("live_hide_from_round", "0"),
                                              ("live_hide_after_minutes", "1441")])
def test_a_round_that_does_not_exist_or_a_time_past_the_day_is_refused(
        admin_client: Any, club: Any, field: str, value: str) -> None:
    response = admin_client.post(add_url(club, "big_five"), form_data("big_five", **{field: value}))
    assert response.status_code == 200 and field in response.context["form"].errors
    assert not Competition.objects.exists()
