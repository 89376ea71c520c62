"""``side_points_bounds``: what one side can score in one hand, per game and options.

The figures are the derivations in ``scoring/bounds.py`` from ../shared/rules/; the property
test checks that no valid match of any game ever gets past them.
"""

import importlib

import pytest
from hypothesis import HealthCheck, given, settings

from scoring import ALL_GAMES, evaluate, side_points_bounds
from scoring.games.high_five_tiles import MAX_CARD_POINTS
from scoring.games.tiles_classifier import CATEGORIES


@pytest.mark.parametrize(("game", "options", "sides", "bounds"), [
    ("jokeren", {}, 4, (0, 792)),
    ("jokeren", None, 2, (0, 792)),
    ("big_five", {}, 2, (0, 49)),
    ("big_five", {}, 3, (0, 33)),
    ("big_five", {}, 4, (0, 24)),
    ("big_five", {"cards_per_player": 15}, 4, (0, 15)),
    ("big_five", {"cards_per_player": {"A": 40, "B": 30, "C": 29}}, 3, (0, 40)),
    ("big_five", {"cards_per_player": 15, "cards_by_players": {"3": 20}}, 3, (0, 20)),
    ("big_five", {"cards_per_player": 15, "cards_by_players": {"3": 20}}, 4, (0, 15)),
    ("big_five", {}, 1, (0, 64)),
    ("big_five", {"solitaire_must_lay": False}, 1, (0, 96)),
    # 1740 + 50 × 69 + 100 + transferred numbers (100 is the largest default target)
    ("high_five_1959", {}, 2, (-1740, 5290 + 100)),
    ("high_five_1959", {}, 3, (-1740, 5290 + 200)),
    ("high_five_1959", {"targets": [50, 300]}, 3, (-1740, 5290 + 600)),
    ("high_five_crowns", {}, 6, (0, 1)),
    ("high_five_crowns", {"scoring": "places"}, 4, (0, 3)),
    ("high_five_tiles", {}, 2, (0, MAX_CARD_POINTS + 2)),
    ("high_five_tiles", {"points": dict(zip(CATEGORIES, range(0, 110, 10), strict=True)),
                         "end_bonus": 5}, 3, (0, 105)),
])
def test_bounds_follow_from_the_rules(game, options, sides, bounds):
    assert side_points_bounds(game, options, sides) == bounds


def test_an_invalid_option_counts_as_its_default():
    assert side_points_bounds("big_five", {"cards_per_player": "many"}, 2) == (0, 49)
    assert side_points_bounds("high_five_1959", {"targets": [10**30]}, 2) == (-1740, 5390)


def test_every_bound_is_finite_and_fits_a_database_integer():
    for key, game in ALL_GAMES.items():
        for count in range(game.min_sides, game.max_sides + 1):
            low, high = side_points_bounds(key, {}, count)
            assert -(2**31) < low <= 0 < high < 2**31, key


def test_the_caps_the_bounds_rely_on_are_enforced():
    """Tile points above the cap and a High Five target above the deck are refused."""
    hand = {"side": "Ann", "tiles_placed": 3, "category": "pair", "points": MAX_CARD_POINTS + 1}
    result = evaluate({"game": "high_five_tiles", "sides": ["Ann", "Bob"], "hands": [hand]})
    assert [e["code"] for e in result["errors"]] == ["HT_POINTS_INVALID"]
    assert result["errors"][0]["params"]["maximum"] == MAX_CARD_POINTS
    too_high = MAX_CARD_POINTS + 1
    for options in ({"end_bonus": too_high}, {"points": dict.fromkeys(CATEGORIES, too_high)}):
        result = evaluate({"game": "high_five_tiles", "sides": ["Ann", "Bob"], "hands": [],
                           "options": options})
        assert [e["code"] for e in result["errors"]] == ["OPTION_INVALID"]
    result = evaluate({"game": "high_five_1959", "sides": ["A", "B"], "hands": [],
                       "options": {"targets": [50, 1745]}})
    assert [e["code"] for e in result["errors"]] == ["OPTION_INVALID"]


@pytest.mark.parametrize("key", sorted(ALL_GAMES))
def test_no_valid_match_scores_a_side_past_the_bounds(key):
    strategy = importlib.import_module(f"tests.scoring.strategies.{key}").valid_matches()

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(doc=strategy)
    def check(doc):
        result = evaluate(doc)
        low, high = side_points_bounds(key, doc.get("options"), len(doc["sides"]))
        for hand in result["hands"]:
            assert all(low <= p <= high for p in hand["points"].values()), hand

    check()
