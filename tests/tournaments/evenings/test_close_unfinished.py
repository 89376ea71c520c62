"""Closing an evening with unfinished tables: the page names them, with the
deals each has and a link to it; closing anyway is a second, deliberate step, and then the
evening's page says what counts."""

from typing import Any

import pytest
from django.urls import reverse

from tournaments.entry.services.scores import HandChange, hand_add
from tournaments.games import sample_hands
from tournaments.models import Evening, EveningStatus
from tournaments.shared.matches import sides_of

pytestmark = pytest.mark.django_db


def url(name: str, club: Any, pk: int) -> str:
    return reverse(f"tournaments:{name}", kwargs={"club": club.slug, "pk": pk})


@pytest.fixture
def half_played(club: Any, make_member: Any, make_competition: Any, make_evening: Any,
                make_round: Any, seat_table: Any, scorekeeper_user: Any) -> Any:
    """A Jokeren evening: table 3 of round 1 has 3 of its 7 deals."""
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor")]
    evening = make_evening(make_competition(club, "jokeren"), members)
    table = seat_table(make_round(evening), list(evening.participants.all()), number=3)
    for version, hand in enumerate(sample_hands("jokeren", sides_of(table.seats.all()))[:3]):
        hand_add(table=table, by=scorekeeper_user,
                 change=HandChange(data=hand, expected_version=version))
    return evening, table


def test_closing_names_the_unfinished_tables_and_does_not_close(
        admin_client: Any, club: Any, half_played: Any) -> None:
    evening, table = half_played
    response = admin_client.post(url("evening_status", club, evening.pk), {"status": "closed"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Tafel 3 (Amerikaans Jokeren)" in page and "3 van 7 spellen" in page
    assert url("table_scores", club, table.pk) in page
    assert "tellen niet mee" in page and "Toch sluiten" in page
    evening.refresh_from_db()
    assert evening.status == EveningStatus.PLAYING


def test_closing_anyway_closes_and_the_evening_says_what_counts(
        admin_client: Any, club: Any, half_played: Any) -> None:
    evening, _table = half_played
    admin_client.post(url("evening_status", club, evening.pk),
                      {"status": "closed", "close_unfinished": "1"})
    evening.refresh_from_db()
    assert evening.status == EveningStatus.CLOSED
    page = admin_client.get(url("evening_detail", club, evening.pk)).content.decode()
    assert "Gesloten met onafgemaakte tafels" in page
    assert "3 van 7 spellen" in page
    assert "Alleen afgemaakte tafels tellen mee voor de stand" in page


def test_an_evening_whose_tables_are_finished_closes_at_once(
        admin_client: Any, club: Any, play_big_five: Any) -> None:
    evening = play_big_five(club, ["Ann", "Bob"])["evening"]
    admin_client.post(url("evening_status", club, evening.pk), {"status": "closed"})
    assert Evening.objects.get(pk=evening.pk).status == EveningStatus.CLOSED
    page = admin_client.get(url("evening_detail", club, evening.pk)).content.decode()
    assert "onafgemaakte" not in page
