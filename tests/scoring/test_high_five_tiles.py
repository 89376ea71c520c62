"""HIGH FIVE! tiles: every worked example of ../shared/rules/high_five_tiles.md, every code, every
option, and the state the engine tracks (holdings, supply, turn order, first out)."""

import pytest
from hypothesis import HealthCheck, given, settings

from scoring import GAMES, evaluate
from scoring.games.tiles_classifier import CATEGORIES

from .strategies.high_five_tiles import valid_matches

SIDES = ["Ann", "Bob"]
CARD = dict(zip(CATEGORIES, [0, 1, 2, 3, 5, 6, 8, 10, 15, 20, 25], strict=True))


def split_row(text):
    """A row written as in the rule file: tile codes separated by spaces."""
    return text.split()


def turn(side, placed, category=None, points=None, **extra):
    hand = {"side": side, "tiles_placed": placed, **extra}
    if category is not None:
        hand["category"] = category
    if points is not None:
        hand["points"] = points
    return hand


def forced(side, **extra):
    return {"side": side, "tiles_placed": 1, "forced": True, **extra}


def match(*hands, sides=SIDES, options=None):
    doc = {"game": "high_five_tiles", "sides": sides, "hands": list(hands)}
    if options is not None:
        doc["options"] = options
    return evaluate(doc)


def codes(result):
    return [e["code"] for e in result["errors"]]


def only_error(result):
    assert len(result["errors"]) == 1, result["errors"]
    return result["errors"][0]


OPENING = [turn("Ann", 3, "pair", 4), turn("Bob", 4, "straight", 10)]  # both first turns done


def shortest_game(sides):
    """Every turn places as many tiles as allowed (4 on the first turn): the fastest finish."""
    holding, supply = dict.fromkeys(sides, 5), 48 - 4 * len(sides)
    hands, index = [], 0
    while any(holding.values()):
        side = sides[index % len(sides)]
        index += 1
        if holding[side] == 0:
            continue
        placed = min(4, holding[side])
        hands.append(turn(side, placed, "pair", 4))
        drawn = min(2, supply)
        holding[side] += drawn - placed
        supply -= drawn
    return hands


def longest_game(sides):
    """Every turn is forced (one tile): every tile, jokers included, placed singly."""
    total = 5 * len(sides) + 48 - 4 * len(sides)
    hands, holding = [], dict.fromkeys(sides, 5)
    index = 0
    while len(hands) < total:
        side = sides[index % len(sides)]
        index += 1
        if holding[side]:
            hands.append(forced(side))
    return hands


# -- the game as the site sees it -------------------------------------------------------
def test_registered_with_its_description():
    game = GAMES["high_five_tiles"]
    described = game.describe()
    assert described["sides"] == {"min": 2, "max": 4}
    assert described["better"] == "higher"
    assert {o["name"]: o["default"] for o in described["options"]} == {
        "points": None, "first_turn_tiles": [3, 4], "end_bonus": 2,
    }
    fields = {f["name"]: f for f in described["hand_fields"]}
    assert list(fields) == ["side", "tiles_placed", "category", "points", "tiles", "forced"]
    assert fields["side"]["kind"] == "side"
    assert (fields["tiles_placed"]["minimum"], fields["tiles_placed"]["maximum"]) == (1, 4)
    assert fields["category"]["choices"] == list(CATEGORIES) and fields["category"]["nullable"]
    assert fields["points"]["required"] is False
    assert fields["points"]["condition"] == [
        {"kind": "when", "subject": "options.points", "among": [None]},
        {"kind": "when", "subject": "forced", "among": [False]},
    ]
    assert fields["tiles"]["kind"] == "text_list" and fields["tiles"]["required"] is False
    assert fields["forced"]["kind"] == "boolean" and fields["forced"]["default"] is False
    assert "HT_POINTS_INCONSISTENT" in described["error_codes"]
    assert game.extra_keys == ("state",)


@pytest.mark.parametrize("players, supply", [(2, 40), (3, 36), (4, 32)])
def test_zero_hands_state(players, supply):
    sides = ["Ann", "Bob", "Cor", "Dirk"][:players]
    result = match(sides=sides)
    assert result["valid"]
    assert result["state"] == {
        "holding": dict.fromkeys(sides, 5), "supply": supply, "first_out": None,
        "next_side": "Ann",
    }
    assert result["totals"] == dict.fromkeys(sides, 0)
    assert result["finished"] is False


@pytest.mark.parametrize("sides", [["Ann"], ["A", "B", "C", "D", "E"]])
def test_sides_count(sides):
    result = match(sides=sides)
    assert codes(result) == ["SIDES_COUNT"]
    assert result["errors"][0]["params"] == {"min": 2, "max": 4}


def test_a_turn_scores_for_its_player_and_draws_two():
    result = match(turn("Ann", 3, "full_house", 10, tiles=["5D", "3C", "3S", "5H", "3H"]))
    assert result["valid"], result["errors"]
    assert result["hands"] == [{"points": {"Ann": 10, "Bob": 0}, "category": "full_house"}]
    assert result["state"] == {
        "holding": {"Ann": 4, "Bob": 5}, "supply": 38, "first_out": None, "next_side": "Bob",
    }
    assert result["totals"] == result["competition_points"] == {"Ann": 10, "Bob": 0}
    assert result["ranking"] == [["Ann"], ["Bob"]]


def test_ties_rank_together_in_side_order():
    result = match(turn("Ann", 3, "pair", 4), turn("Bob", 3, "pair", 4))
    assert result["ranking"] == [["Ann", "Bob"]]


# -- the worked examples ----------------------------------------------------------------
@pytest.mark.parametrize(
    "tiles, category",
    [
        ("5D 3C 3S 5H 3H", "full_house"),
        ("KC QD JD 10C 9H", "straight"),
        ("AH KC QD JD 10C", "straight"),
        ("5D 4C 3C 2S AC", "straight"),
        ("3C 2S AC KC QD", "high_card"),
        ("7C 7D 7H 7S *", "high_five"),
        ("7C 7D 7H 7S 9D", "four_of_a_kind"),
        ("10H JH QH KH *", "royal_flush"),
        ("9H 10H JH QH *", "straight_flush"),
        ("2H 5H 9H JH KH", "flush"),
    ],
)
def test_worked_example_rows_are_accepted(tiles, category):
    result = match(turn("Ann", 3, category, tiles=tiles.split()), options={"points": CARD})
    assert result["valid"], result["errors"]
    assert result["hands"][0]["points"]["Ann"] == CARD[category]


def test_four_of_a_kind_named_high_five_is_tiles_mismatch():
    result = match(turn("Ann", 3, "high_five", 30, tiles=split_row("7C 7D 7H 7S 9D")))
    error = only_error(result)
    assert error["code"] == "HT_TILES_MISMATCH"
    assert (error["side"], error["field"], error["hand"]) == ("Ann", "tiles", 1)
    assert error["params"]["category"] == "four_of_a_kind"


def test_no_wrapping_straight_is_mismatch():
    result = match(turn("Ann", 3, "straight", 10, tiles=split_row("3C 2S AC KC QD")))
    assert codes(result) == ["HT_TILES_MISMATCH"]
    assert result["errors"][0]["params"]["category"] == "high_card"


def test_first_turn_with_two_tiles():
    error = only_error(match(turn("Ann", 2, "pair", 4)))
    assert error["code"] == "HT_FIRST_TURN_TILES"
    assert error["params"] == {"value": 2, "allowed": [3, 4]}
    assert (error["side"], error["field"]) == ("Ann", "tiles_placed")


def test_first_turn_rule_is_per_side():
    assert codes(match(turn("Ann", 3, "pair", 4), turn("Bob", 1, "pair", 4))) == [
        "HT_FIRST_TURN_TILES"
    ]
    assert match(*OPENING, turn("Ann", 1, "pair", 4), turn("Bob", 2, "pair", 4))["valid"]


@pytest.mark.parametrize("placed", [5, 0, -1])
def test_tiles_placed_out_of_range(placed):
    error = only_error(match(*OPENING, turn("Ann", placed, "pair", 4)))
    assert error["code"] == "HT_TILES_PLACED_RANGE"
    assert error["params"] == {"value": placed, "minimum": 1, "maximum": 4}


def test_five_tiles_on_a_first_turn_is_range_only():
    assert codes(match(turn("Ann", 5, "pair", 4))) == ["HT_TILES_PLACED_RANGE"]


def test_forced_turn_with_points():
    error = only_error(match(forced("Ann", points=10)))
    assert error["code"] == "HT_FORCED_INVALID"
    assert (error["field"], error["params"]) == ("points", {"reason": "points", "value": 10})


@pytest.mark.parametrize(
    "extra, field",
    [
        ({"tiles_placed": 2}, "tiles_placed"),
        ({"category": "pair"}, "category"),
        ({"tiles": ["5D", "3C", "3S", "5H", "3H"]}, "tiles"),
    ],
)
def test_forced_turn_places_one_tile_and_names_nothing(extra, field):
    error = only_error(match(*OPENING, forced("Ann", **extra)))
    assert (error["code"], error["field"]) == ("HT_FORCED_INVALID", field)


def test_forced_turn_scores_zero():
    result = match(forced("Ann"), forced("Bob", points=0, category=None, tiles=None))
    assert result["valid"], result["errors"]
    assert result["hands"] == [
        {"points": {"Ann": 0, "Bob": 0}, "category": None},
        {"points": {"Ann": 0, "Bob": 0}, "category": None},
    ]
    assert result["state"]["holding"] == {"Ann": 6, "Bob": 6}
    assert result["state"]["supply"] == 36


def test_forced_first_turn_uses_up_the_first_turn_rule():
    result = match(forced("Ann"), turn("Bob", 3, "pair", 4), turn("Ann", 1, "pair", 4))
    assert result["valid"], result["errors"]


def test_forced_turn_without_points_when_points_are_entered():
    assert match(forced("Ann"), options={"points": None})["valid"]


def test_three_jokers_with_two_players():
    result = match(turn("Ann", 3, "high_five", 30, tiles=["7C", "*", "*", "*", "7D"]))
    error = only_error(result)
    assert error["code"] == "HT_TILES_INVALID"
    assert error["params"] == {"reason": "jokers", "jokers_allowed": 2}


def test_three_jokers_with_three_players():
    result = match(turn("Ann", 3, "high_five", 30, tiles=["7C", "*", "*", "*", "7D"]),
                   sides=["Ann", "Bob", "Cor"])
    assert result["valid"], result["errors"]


@pytest.mark.parametrize(
    "tiles, reason",
    [
        (["5D", "3C", "3S", "5H"], "count"),
        (["5D", "3C", "3S", "5H", "3H", "2C"], "count"),
        ("5D 3C 3S 5H 3H", "count"),
        ({"0": "5D"}, "count"),
        (["5D", "3C", "3S", "5H", "1H"], "code"),
        (["5D", "3C", "3S", "5H", "3h"], "code"),
        (["5D", "3C", "3S", "5H", 3], "code"),
        (["5D", "3C", "3S", "5H", "5H"], "duplicate"),
    ],
)
def test_tiles_invalid(tiles, reason):
    error = only_error(match(turn("Ann", 3, "full_house", 10, tiles=tiles)))
    assert error["code"] == "HT_TILES_INVALID"
    assert error["params"]["reason"] == reason


def test_pair_scored_differently_later_is_inconsistent():
    result = match(turn("Ann", 3, "pair", 10), turn("Bob", 3, "pair", 12))
    error = only_error(result)
    assert error["code"] == "HT_POINTS_INCONSISTENT"
    assert error["hand"] == 2 and (error["side"], error["field"]) == ("Bob", "points")
    assert error["params"] == {"value": 12, "turn": 1, "category": "pair", "points": 10}
    assert result["hands"] == [{"points": {"Ann": 10, "Bob": 0}, "category": "pair"}]


def test_higher_combination_scoring_less_is_inconsistent():
    result = match(turn("Ann", 3, "pair", 10), turn("Bob", 3, "flush", 8))
    assert codes(result) == ["HT_POINTS_INCONSISTENT"]
    assert result["errors"][0]["params"]["category"] == "pair"


def test_lower_combination_scoring_more_is_inconsistent():
    result = match(turn("Ann", 3, "flush", 8), forced("Bob"), turn("Ann", 3, "pair", 10))
    assert codes(result) == ["HT_POINTS_INCONSISTENT"]
    assert result["errors"][0]["params"] == {
        "value": 10, "turn": 1, "category": "flush", "points": 8,
    }


def test_consistent_points_are_accepted():
    result = match(
        turn("Ann", 3, "pair", 5), turn("Bob", 3, "flush", 5), turn("Ann", 2, "pair", 5),
        turn("Bob", 2, "high_five", 40), turn("Ann", 2, "straight", 5),
        turn("Bob", 1, "high_card", 0),
    )
    assert result["valid"], result["errors"]
    assert result["totals"] == {"Ann": 15, "Bob": 45}


# -- minimum and maximum game length -----------------------------------------------------
def test_shortest_two_player_game_is_22_turns_and_the_first_out_gets_the_bonus():
    hands = shortest_game(SIDES)
    assert len(hands) == 22
    result = match(*hands)
    assert result["valid"], result["errors"]
    assert result["finished"] is True
    assert result["state"] == {
        "holding": {"Ann": 0, "Bob": 0}, "supply": 0, "first_out": "Ann", "next_side": None,
    }
    assert result["totals"] == {"Ann": 11 * 4 + 2, "Bob": 11 * 4}
    assert result["competition_points"] == result["totals"]
    assert result["ranking"] == [["Ann"], ["Bob"]]


def test_bonus_counts_as_soon_as_someone_is_first_out():
    hands = shortest_game(SIDES)
    result = match(*hands[:21])
    assert result["valid"] and result["finished"] is False
    assert result["state"]["first_out"] == "Ann"
    assert result["state"]["next_side"] == "Bob"
    assert result["totals"] == {"Ann": 11 * 4 + 2, "Bob": 10 * 4}


def test_nobody_is_out_while_the_supply_lasts():
    result = match(*shortest_game(SIDES)[:20])
    assert result["state"]["supply"] == 0
    assert result["state"]["holding"] == {"Ann": 2, "Bob": 2}
    assert result["state"]["first_out"] is None


@pytest.mark.parametrize("players, shortest", [(3, 21), (4, 20)])
def test_shortest_games_with_more_players(players, shortest):
    sides = ["Ann", "Bob", "Cor", "Dirk"][:players]
    hands = shortest_game(sides)
    assert len(hands) == shortest
    result = match(*hands, sides=sides)
    assert result["valid"] and result["finished"], result["errors"]
    assert result["state"]["first_out"] == "Ann"


def test_longest_two_player_game_is_50_single_tiles():
    hands = longest_game(SIDES)
    assert len(hands) == 50
    result = match(*hands)
    assert result["valid"], result["errors"]
    assert result["finished"] is True
    assert result["totals"] == {"Ann": 2, "Bob": 0}  # Ann empties her rack first: bonus only
    assert codes(match(*hands, forced("Ann"))) == ["MATCH_FINISHED"]


def test_a_side_holding_nothing_is_skipped():
    sides = ["Ann", "Bob", "Cor"]
    hands = shortest_game(sides)
    first_out_at = next(i for i, _ in enumerate(hands, 1)
                        if match(*hands[:i], sides=sides)["state"]["first_out"])
    result = match(*hands[:first_out_at], sides=sides)
    assert result["state"]["first_out"] == "Ann"
    assert result["state"]["next_side"] == "Bob"
    assert [h["side"] for h in hands[first_out_at:]] == ["Bob", "Cor"]
    late = turn("Ann", 1, "pair", 4)
    error = only_error(match(*hands[:first_out_at], late, sides=sides))
    assert (error["code"], error["params"]) == ("HT_TURN_ORDER", {"expected": "Bob"})


def test_turn_after_the_end_is_match_finished():
    result = match(*shortest_game(SIDES), turn("Ann", 1, "pair", 4))
    assert codes(result) == ["MATCH_FINISHED"]
    assert result["errors"][0]["hand"] == 23


# -- every code --------------------------------------------------------------------------
@pytest.mark.parametrize("side, known", [("Bob", "Bob"), ("Zed", None), (3, None)])
def test_turn_order(side, known):
    error = only_error(match(turn(side, 3, "pair", 4)))
    assert error["code"] == "HT_TURN_ORDER"
    assert (error["side"], error["field"], error["params"]) == (known, "side", {"expected": "Ann"})


def test_tiles_not_held():
    # Ann: 5 - 4 + 2 = 3 tiles after her first turn.
    result = match(turn("Ann", 4, "pair", 4), turn("Bob", 4, "pair", 4), turn("Ann", 4, "pair", 4))
    error = only_error(result)
    assert error["code"] == "HT_TILES_NOT_HELD"
    assert error["params"] == {"value": 4, "holding": 3}


@pytest.mark.parametrize("category", ["royal", "Pair", 5, None])
def test_category_unknown(category):
    hand = {"side": "Ann", "tiles_placed": 3, "category": category, "points": 4}
    error = only_error(match(hand))
    assert (error["code"], error["field"], error["params"]) == (
        "HT_CATEGORY_UNKNOWN", "category", {"value": category})


def test_category_missing_on_a_turn_that_is_not_forced():
    assert codes(match(turn("Ann", 3, points=4))) == ["HT_CATEGORY_UNKNOWN"]
    assert codes(match(turn("Ann", 3, points=4, forced=False))) == ["HT_CATEGORY_UNKNOWN"]


def test_points_required_without_a_card():
    error = only_error(match(turn("Ann", 3, "pair")))
    assert (error["code"], error["side"], error["field"]) == ("HT_POINTS_REQUIRED", "Ann", "points")


def test_points_invalid():
    error = only_error(match(turn("Ann", 3, "pair", -1)))
    assert (error["code"], error["params"]) == ("HT_POINTS_INVALID", {"value": -1})
    assert codes(match(forced("Ann", points=-1))) == ["HT_POINTS_INVALID"]


def test_points_from_the_club_card():
    result = match(turn("Ann", 3, "flush"), turn("Bob", 4, "pair", 1), forced("Ann"),
                   options={"points": CARD})
    assert result["valid"], result["errors"]
    assert [h["points"] for h in result["hands"]] == [
        {"Ann": 6, "Bob": 0}, {"Ann": 0, "Bob": 1}, {"Ann": 0, "Bob": 0},
    ]
    assert result["options"]["points"] == CARD


def test_points_mismatch_with_the_club_card():
    error = only_error(match(turn("Ann", 3, "flush", 7), options={"points": CARD}))
    assert error["code"] == "HT_POINTS_MISMATCH"
    assert error["params"] == {"value": 7, "expected": 6, "category": "flush"}


def test_card_points_need_no_consistency_with_what_was_entered():
    # with a card, the card decides; two pairs always score the card's value
    result = match(turn("Ann", 3, "pair"), turn("Bob", 3, "pair", 1), options={"points": CARD})
    assert result["valid"]


@pytest.mark.parametrize("value", ["4", 4.0, True, None, [4]])
def test_points_not_an_integer(value):
    hand = {"side": "Ann", "tiles_placed": 3, "category": "pair", "points": value}
    error = only_error(match(hand))
    assert (error["code"], error["side"], error["field"]) == ("VALUE_NOT_INTEGER", "Ann", "points")
    # with a club card points are optional, but a value given must still be a number
    assert codes(match(hand, options={"points": CARD})) == ["VALUE_NOT_INTEGER"]


@pytest.mark.parametrize("value", ["3", 3.0, False, None])
def test_tiles_placed_not_an_integer(value):
    error = only_error(match(turn("Ann", value, "pair", 4)))
    assert (error["code"], error["field"]) == ("VALUE_NOT_INTEGER", "tiles_placed")


@pytest.mark.parametrize(
    "hand, field",
    [
        ({"tiles_placed": 3, "category": "pair", "points": 4}, "side"),
        ({"side": "Ann", "category": "pair", "points": 4}, "tiles_placed"),
        ({"side": "Ann", "tiles_placed": 3, "category": "pair", "points": 4, "score": 4}, "score"),
        ({"side": "Ann", "tiles_placed": 3, "category": "pair", "points": 4, "forced": "no"},
         "forced"),
        ({"side": "Ann", "tiles_placed": 1, "forced": 1}, "forced"),
        ({"side": "Ann", "tiles_placed": 1, "forced": None}, "forced"),
    ],
)
def test_hand_invalid(hand, field):
    error = only_error(match(hand))
    assert (error["code"], error["field"]) == ("HAND_INVALID", field)


def test_hand_not_an_object():
    assert codes(match(["Ann", 3])) == ["HAND_INVALID"]


def test_every_error_of_the_hand_is_reported():
    hand = {"side": "Ann", "tiles_placed": 9, "category": "royal", "points": "x", "note": ""}
    result = match(hand)
    assert sorted(codes(result)) == sorted(
        ["HAND_INVALID", "VALUE_NOT_INTEGER", "HT_TILES_PLACED_RANGE", "HT_CATEGORY_UNKNOWN"])
    assert {e["hand"] for e in result["errors"]} == {1}


def test_checking_stops_at_the_first_bad_hand():
    result = match(turn("Ann", 3, "pair", 4), turn("Bob", 2, "pair", 4), turn("Ann", 1, "pair", 4))
    assert codes(result) == ["HT_FIRST_TURN_TILES"]
    assert result["errors"][0]["hand"] == 2
    assert len(result["hands"]) == 1
    assert result["state"]["next_side"] == "Bob"
    assert result["state"]["holding"] == {"Ann": 4, "Bob": 5}


# -- options -----------------------------------------------------------------------------
def test_first_turn_tiles_option():
    options = {"first_turn_tiles": [1, 2]}
    assert match(turn("Ann", 1, "pair", 4), options=options)["valid"]
    error = only_error(match(turn("Ann", 3, "pair", 4), options=options))
    assert (error["code"], error["params"]["allowed"]) == ("HT_FIRST_TURN_TILES", [1, 2])


@pytest.mark.parametrize("bonus", [0, 5])
def test_end_bonus_option(bonus):
    result = match(*shortest_game(SIDES), options={"end_bonus": bonus})
    assert result["totals"] == {"Ann": 44 + bonus, "Bob": 44}
    assert result["options"]["end_bonus"] == bonus


def test_options_echoed_resolved():
    assert match()["options"] == {"points": None, "first_turn_tiles": [3, 4], "end_bonus": 2}
    assert match(options=None)["valid"]


def _card(**changes):
    return {**CARD, **changes}


@pytest.mark.parametrize(
    "options",
    [
        {"points": _card(pair=-1, high_card=-2)},
        {"points": _card(flush=1)},  # lower than the straight below it
        {"points": _card(pair=1.5)},
        {"points": _card(pair=True)},
        {"points": _card(pair="1")},
        {"points": {k: v for k, v in CARD.items() if k != "high_five"}},
        {"points": _card(five_aces=30)},
        {"points": list(CARD.values())},
        {"points": 10},
        {"first_turn_tiles": []},
        {"first_turn_tiles": [5]},
        {"first_turn_tiles": [0, 3]},
        {"first_turn_tiles": 3},
        {"first_turn_tiles": None},
        {"end_bonus": -1},
        {"end_bonus": "2"},
        {"end_bonus": None},
        {"bonus": 2},
        ["points"],
    ],
)
def test_bad_options(options):
    result = match(turn("Ann", 3, "pair", 4), options=options)
    assert codes(result) == ["OPTION_INVALID"]
    assert result["hands"] == []
    assert result["state"]["next_side"] == "Ann"


def test_equal_points_on_the_card_are_allowed():
    card = dict.fromkeys(CATEGORIES, 7)
    result = match(turn("Ann", 3, "pair"), turn("Bob", 3, "high_five"), options={"points": card})
    assert result["totals"] == {"Ann": 7, "Bob": 7}


# -- generated matches ---------------------------------------------------------------------
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(valid_matches())
def test_generated_matches_are_valid(doc):
    result = evaluate(doc)
    assert result["valid"], result["errors"]
    assert len(result["hands"]) == len(doc["hands"])
    assert result["finished"] == all(n == 0 for n in result["state"]["holding"].values())
