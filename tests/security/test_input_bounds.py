"""Crafted input never answers 500 and stores nothing (issue 13, item 4).

Each test is one finding: a number of 5,000 digits in a hand field (add, live check, edit), a
hand number that is not a whole number on the live check, a huge ``version``, adjusted points
outside what the game allows a side in one hand, a check-in id that is not a number, and model
fields whose range the database would overflow.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Hand, Participant, Table
from tournaments.services.scores import hand_add

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
HUGE = "9" * 5000
DEAL = {"h-penalties-0": "0", "h-penalties-1": "45", "h-penalties-2": "12",
        "h-penalties-3": "88"}


@pytest.fixture
def table(club: Any, make_member: Callable[..., Any], make_competition: Callable[..., Any],
          make_evening: Callable[..., Any], make_round: Callable[..., Any],
          seat_table: Callable[..., Any], admin_user: Any) -> Table:
    members = [make_member(club, name=n) for n in ("Ann", "Bob", "Cor", "Dirk")]
    evening = make_evening(make_competition(club, "jokeren"), members)
    table = seat_table(make_round(evening), list(evening.participants.all()))
    hand_add(table=table, data={"penalties": {"Ann": 0, "Bob": 45, "Cor": 12, "Dirk": 88}},
             by=admin_user, expected_version=0)
    return Table.objects.get(pk=table.pk)


def _url(name: str, club: Any, pk: int) -> str:
    return reverse(f"tournaments:{name}", kwargs={"club": club.slug, "pk": pk})


def _hand(table: Table) -> Hand:
    return Hand.objects.get(table=table, number=1)


def _snapshot(table: Table) -> tuple[Any, ...]:
    return (Table.objects.get(pk=table.pk).version, Hand.objects.count(),
            Hand.history.count(), list(Hand.objects.values_list("data", flat=True)))


@pytest.mark.parametrize("field", list(DEAL))
@pytest.mark.parametrize("where", ["add", "check", "edit"])
def test_a_number_of_5000_digits_is_refused_with_a_message(
        club: Any, admin_client: Client, table: Table, field: str, where: str) -> None:
    before = _snapshot(table)
    post = {**DEAL, field: HUGE, "version": str(table.version)}
    if where == "add":
        response = admin_client.post(_url("hand_add", club, table.pk), post, **HTMX)
    elif where == "check":
        response = admin_client.post(_url("hand_check", club, table.pk), post, **HTMX)
    else:
        response = admin_client.post(_url("hand_edit", club, _hand(table).pk), post, **HTMX)
    assert response.status_code == 200
    assert "Dit getal is veel te groot." in response.content.decode()
    assert _snapshot(table) == before


@pytest.mark.parametrize("hand", ["abc", "1.5", "١", HUGE, "-1", str(2**63)])
def test_the_live_check_refuses_a_hand_number_that_is_no_id(
        club: Any, admin_client: Client, table: Table, hand: str) -> None:
    response = admin_client.post(_url("hand_check", club, table.pk),
                                 {**DEAL, "hand": hand, "version": "1"}, **HTMX)
    assert response.status_code == 404


@pytest.mark.parametrize("version", [str(10**30), str(2**63), str(2**31), HUGE, "-5", "x"])
def test_a_huge_version_is_a_changed_table_on_edit_and_delete(
        club: Any, admin_client: Client, table: Table, version: str) -> None:
    before = _snapshot(table)
    edit = admin_client.post(_url("hand_edit", club, _hand(table).pk),
                             {**DEAL, "h-penalties-1": "46", "version": version}, **HTMX)
    assert edit.status_code == 200
    assert "zojuist gewijzigd door iemand anders" in edit.content.decode()
    delete = admin_client.post(_url("hand_delete", club, _hand(table).pk),
                               {"version": version, "reason": "x"}, follow=True)
    assert delete.status_code == 200
    assert "er is niets verwijderd" in delete.content.decode()
    assert _snapshot(table) == before


REFUSED = {"version": "1", "h-penalties-0": "0", "h-penalties-1": "1", "h-penalties-2": "12",
           "h-penalties-3": "88", "adjusted_reason": "director's decision"}  # 1 is impossible


@pytest.mark.parametrize("points", [str(10**30), "-1000000", "793", "-1", HUGE])
def test_adjusted_points_are_bounded_by_what_the_game_allows_a_side_in_one_hand(
        club: Any, admin_client: Client, table: Table, points: str) -> None:
    before = _snapshot(table)
    post = {**REFUSED, "adj-0": "0", "adj-1": points, "adj-2": "12", "adj-3": "88"}
    response = admin_client.post(_url("hand_add", club, table.pk), post, **HTMX)
    assert response.status_code == 200
    # Jokeren: a penalty from 0 to 792 (scoring.side_points_bounds)
    assert "één kant scoort van 0 tot 792 punten" in response.content.decode()
    assert _snapshot(table) == before


def test_adjusted_points_at_the_bounds_are_saved(club: Any, admin_client: Client,
                                                 table: Table) -> None:
    post = {**REFUSED, "adj-0": "0", "adj-1": "792", "adj-2": "12", "adj-3": "0"}
    admin_client.post(_url("hand_add", club, table.pk), post, **HTMX)
    assert Hand.objects.get(table=table, number=2).adjusted_points == {
        "Ann": 0, "Bob": 792, "Cor": 12, "Dirk": 0}


@pytest.mark.parametrize("value", ["a\x00b", "4\x005"])
def test_a_nul_character_in_a_hand_field_is_refused_at_its_input(
        club: Any, admin_client: Client, table: Table, value: str) -> None:
    """Even an admin's adjusted save (which stores the hand as entered) cannot store it."""
    before = _snapshot(table)
    post = {**REFUSED, "h-penalties-1": value, "adj-0": "0", "adj-1": "2", "adj-2": "12",
            "adj-3": "88"}
    response = admin_client.post(_url("hand_add", club, table.pk), post, **HTMX)
    assert response.status_code == 200
    assert "Hierin staat een teken dat niet kan worden opgeslagen." in response.content.decode()
    assert _snapshot(table) == before


@pytest.mark.parametrize("action", ["in", "out"])
@pytest.mark.parametrize("value", ["abc", "1.5", "", "٣", HUGE, str(2**63), "-3", "1\x00"])
def test_a_checkin_id_that_is_no_id_is_404(club: Any, admin_client: Client,
                                           make_member: Callable[..., Any],
                                           make_competition: Callable[..., Any],
                                           make_evening: Callable[..., Any], action: str,
                                           value: str) -> None:
    member = make_member(club, name="Els")
    evening = make_evening(make_competition(club, "jokeren"), [member], status="checkin")
    url = reverse("tournaments:checkin", kwargs={"club": club.slug, "pk": evening.pk})
    key = "member" if action == "in" else "participant"
    response = admin_client.post(url, {"action": action, key: value})
    assert response.status_code == 404
    assert Participant.objects.filter(evening=evening).count() == 1
