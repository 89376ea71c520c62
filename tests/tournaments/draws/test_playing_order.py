"""The drawn first dealer decides who deals (Jokeren) or starts (HIGH FIVE!), through the engine.

The site lists the sides of a table's match document in playing order from the drawn first
dealer; the engine then says who deals or plays next. The page keeps the seats as drawn.
"""

from importlib import import_module
from typing import Any

import pytest
from django.apps import apps
from django.conf import settings
from django.urls import reverse

from tournaments.entry.services.scores import HandChange, HandRejected, hand_add
from tournaments.games import sample_hands
from tournaments.models import Hand, Table
from tournaments.shared.matches import playing_order, sides_of

pytestmark = pytest.mark.django_db

NAMES = ("Ann", "Bob", "Cor", "Dirk")


@pytest.fixture
def drawn_table(club: Any, make_member: Any, make_competition: Any, make_evening: Any,
                make_round: Any, seat_table: Any) -> Any:
    def make(game: str, players: int, first_dealer: int) -> Table:
        members = [make_member(club, name=n) for n in NAMES[:players]]
        evening = make_evening(make_competition(club, game), members)
        return seat_table(make_round(evening), list(evening.participants.order_by("pk")),
                          first_dealer=first_dealer)

    return make


def score_page(client: Any, table: Table) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get(reverse("tournaments:table_scores",
                              kwargs={"club": table.round.evening.competition.club.slug,
                                      "pk": table.pk}))
    assert page.status_code == 200
    return page.content.decode()


def test_the_drawn_first_dealer_deals_first_and_the_deal_moves_on_round_the_table(
        drawn_table: Any, admin_client: Any, scorekeeper_user: Any) -> None:
    table = drawn_table("jokeren", 4, first_dealer=3)
    assert playing_order(table, table.seats.all()) == ["Cor", "Dirk", "Ann", "Bob"]
    assert sides_of(table.seats.all()) == ["Ann", "Bob", "Cor", "Dirk"]
    assert "Deal 1 of 7: dealer Cor" in score_page(admin_client, table)
    hands = sample_hands("jokeren", playing_order(table, table.seats.all()))
    for version, hand in enumerate(hands[:2]):
        hand_add(table=table, by=scorekeeper_user,
                 change=HandChange(data=hand, expected_version=version))
    text = score_page(admin_client, table)
    assert "Deal 3 of 7: dealer Ann" in text
    # the columns of the hands stay in seat order, as drawn (the totals list by place)
    hand_list = text[text.index('class="hand-list"'):]
    heads = [hand_list.index(f">{name}<") for name in NAMES]
    assert heads == sorted(heads)


def test_the_drawn_start_player_takes_the_first_turn_of_a_tile_game(
        drawn_table: Any, admin_client: Any, scorekeeper_user: Any) -> None:
    table = drawn_table("high_five_tiles", 3, first_dealer=2)
    assert "Next turn: Bob" in score_page(admin_client, table)
    first_turn = {"side": "Ann", "tiles_placed": 3, "category": "pair", "points": 2}
    with pytest.raises(HandRejected) as refused:
        hand_add(table=table, by=scorekeeper_user,
                 change=HandChange(data=first_turn, expected_version=0))
    assert refused.value.errors[0]["code"] == "HT_TURN_ORDER"
    hands = sample_hands("high_five_tiles", playing_order(table, table.seats.all()))
    assert hands[0]["side"] == "Bob"
    for version, hand in enumerate(hands):
        hand_add(table=table, by=scorekeeper_user,
                 change=HandChange(data=hand, expected_version=version))
    table.refresh_from_db()
    assert table.finished


def test_stored_tile_games_keep_the_start_player_they_were_played_with(
        drawn_table: Any, scorekeeper_user: Any) -> None:
    """The data migration: turns stored with seat 1 starting stay valid; unplayed tables and
    other games keep their drawn first dealer."""
    played = drawn_table("high_five_tiles", 2, first_dealer=1)
    for version, hand in enumerate(sample_hands("high_five_tiles", ["Ann", "Bob"])[:3]):
        hand_add(table=played, by=scorekeeper_user,
                 change=HandChange(data=hand, expected_version=version))
    Table.objects.filter(pk=played.pk).update(first_dealer=2)  # drawn 2, played from seat 1
    unplayed = drawn_table("high_five_tiles", 2, first_dealer=2)
    dealt = drawn_table("jokeren", 2, first_dealer=2)
    Hand.objects.create(table=dealt, number=1, data={"penalties": {"Ann": 0, "Bob": 5}})
    migration = import_module("tournaments.migrations.0004_first_dealer_of_played_tile_tables")
    migration.first_dealer_of_played_tables(apps, None)
    first_dealers = dict(Table.objects.values_list("pk", "first_dealer"))
    assert first_dealers == {played.pk: 1, unplayed.pk: 2, dealt.pk: 2}
