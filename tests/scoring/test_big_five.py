"""Big Five: every worked example of ../shared/rules/big_five.md, every code and option."""

import pytest
from hypothesis import HealthCheck, given, settings

from scoring import GAMES, evaluate
from tests.scoring.strategies.big_five import valid_matches

SIDES = ["Ann", "Bob", "Cor", "Dirk"]


def game(*cards, end="went_out", sides=None):
    sides = sides or SIDES[: len(cards)]
    return {"end": end, "cards_left": dict(zip(sides, cards, strict=True))}


def match(*hands, sides=None, options=None):
    if sides is None:
        sides = SIDES[: len(hands[0]["cards_left"])] if hands else SIDES[:3]
    doc = {"game": "big_five", "sides": sides, "hands": list(hands)}
    if options is not None:
        doc["options"] = options
    return evaluate(doc)


def solo(*discards, options=None):
    hands = [{"discards": d} for d in discards]
    return match(*hands, sides=["Ann"], options=options)


def codes(result):
    return [e["code"] for e in result["errors"]]


def only_error(result):
    assert len(result["errors"]) == 1, result["errors"]
    return result["errors"][0]


# -- worked examples -----------------------------------------------------------------------


def test_example_three_players_went_out():
    result = match(game(0, 12, 20))
    assert result["valid"], result["errors"]
    assert result["hands"] == [
        {"points": {"Ann": 0, "Bob": 12, "Cor": 20}, "winners": ["Ann"]}
    ]
    assert result["ranking"] == [["Ann"], ["Bob"], ["Cor"]]
    assert result["better"] == "lower"
    assert result["finished"] is True  # games defaults to 1


def test_example_four_players_above_24_cards():
    error = only_error(match(game(0, 25, 3, 9)))
    assert error["code"] == "BF_CARDS_OUT_OF_RANGE"
    assert (error["hand"], error["side"], error["field"]) == (1, "Bob", "cards_left")
    assert error["params"]["max"] == 24
    assert error["params"]["value"] == 25


def test_example_two_players_49_is_valid():
    result = match(game(0, 49))
    assert result["valid"], result["errors"]
    assert result["totals"] == {"Ann": 0, "Bob": 49}


def test_two_players_50_is_out_of_range():
    error = only_error(match(game(0, 50)))
    assert error["code"] == "BF_CARDS_OUT_OF_RANGE"
    assert error["params"]["max"] == 49


def test_three_players_max_is_33():
    assert match(game(0, 33, 1))["valid"]
    error = only_error(match(game(0, 34, 1)))
    assert (error["code"], error["params"]["max"]) == ("BF_CARDS_OUT_OF_RANGE", 33)


def test_example_two_zeros_is_winner_mismatch():
    error = only_error(match(game(0, 0, 5)))
    assert error["code"] == "BF_WINNER_MISMATCH"
    assert error["field"] == "cards_left"
    assert error["params"] == {"end": "went_out", "sides": ["Ann", "Bob"]}


def test_example_blocked_tie_for_fewest():
    result = match(game(4, 4, 9, end="blocked"))
    assert result["valid"], result["errors"]
    assert result["hands"][0]["winners"] == ["Ann", "Bob"]
    assert result["ranking"] == [["Ann", "Bob"], ["Cor"]]


def test_example_blocked_with_a_zero_is_winner_mismatch():
    error = only_error(match(game(0, 4, 9, end="blocked")))
    assert error["code"] == "BF_WINNER_MISMATCH"
    assert error["params"] == {"end": "blocked", "sides": ["Ann"]}


def test_example_went_out_without_a_zero_is_winner_mismatch():
    error = only_error(match(game(2, 4, 9)))
    assert error["code"] == "BF_WINNER_MISMATCH"
    assert error["params"] == {"end": "went_out", "sides": []}


def test_example_three_games_totals_and_finish():
    result = match(game(0, 12, 20), game(8, 0, 15), game(5, 9, 0), options={"games": 3})
    assert result["valid"], result["errors"]
    assert result["totals"] == {"Ann": 13, "Bob": 21, "Cor": 35}
    assert result["competition_points"] == result["totals"]
    assert result["finished"] is True
    assert result["ranking"] == [["Ann"], ["Bob"], ["Cor"]]
    assert [h["winners"] for h in result["hands"]] == [["Ann"], ["Bob"], ["Cor"]]


def test_example_younger_players_fifteen_cards():
    error = only_error(match(game(0, 16, 3, 2), options={"cards_per_player": 15}))
    assert error["code"] == "BF_CARDS_OUT_OF_RANGE"
    assert (error["side"], error["params"]["max"]) == ("Bob", 15)
    assert match(game(0, 15, 3, 2), options={"cards_per_player": 15})["valid"]


def test_example_solitaire_64_is_valid():
    result = solo(64)
    assert result["valid"], result["errors"]
    assert result["hands"] == [{"points": {"Ann": 64}, "winners": ["Ann"]}]
    assert result["totals"] == {"Ann": 64}
    assert result["ranking"] == [["Ann"]]
    assert result["finished"] is True


def test_example_solitaire_65_is_out_of_range():
    error = only_error(solo(65))
    assert error["code"] == "BF_SOLITAIRE_OUT_OF_RANGE"
    assert (error["side"], error["field"]) == ("Ann", "discards")
    assert error["params"]["max"] == 64


def test_example_solitaire_65_valid_without_must_lay():
    assert solo(65, options={"solitaire_must_lay": False})["valid"]


@pytest.mark.parametrize("must_lay, bound", [(True, 64), (False, 96)])
def test_solitaire_bounds(must_lay, bound):
    options = {"solitaire_must_lay": must_lay}
    assert solo(0, options=options)["valid"]
    assert solo(bound, options=options)["valid"]
    for bad in (bound + 1, -1):
        error = only_error(solo(bad, options=options))
        assert error["code"] == "BF_SOLITAIRE_OUT_OF_RANGE"
        assert error["params"]["max"] == bound


# -- the match -------------------------------------------------------------------------------


def test_zero_hands():
    result = match()
    assert result["valid"]
    assert result["totals"] == {"Ann": 0, "Bob": 0, "Cor": 0}
    assert result["ranking"] == [["Ann", "Bob", "Cor"]]
    assert result["finished"] is False
    assert result["options"] == {"games": 1, "cards_per_player": None,
                                 "cards_by_players": None, "solitaire_must_lay": True}


def test_tied_totals_share_a_place():
    result = match(game(0, 5, 9), game(5, 0, 9), options={"games": 2})
    assert result["totals"] == {"Ann": 5, "Bob": 5, "Cor": 18}
    assert result["ranking"] == [["Ann", "Bob"], ["Cor"]]


def test_not_finished_before_the_agreed_games():
    result = match(game(0, 12, 20), options={"games": 2})
    assert result["valid"] and result["finished"] is False


def test_a_game_after_the_last_is_match_finished():
    result = match(game(0, 12, 20), game(0, 1, 2), options={"games": 1})
    error = only_error(result)
    assert (error["code"], error["hand"]) == ("MATCH_FINISHED", 2)
    assert len(result["hands"]) == 1
    assert result["totals"] == {"Ann": 0, "Bob": 12, "Cor": 20}
    assert result["finished"] is True


def test_match_finished_does_not_check_the_hand():
    assert codes(match(game(0, 12, 20), "junk")) == ["MATCH_FINISHED"]


def test_solitaire_series_and_match_finished():
    result = solo(10, 20, 30, options={"games": 3})
    assert result["valid"] and result["finished"]
    assert result["totals"] == {"Ann": 60}
    assert codes(solo(10, 20, options={"games": 1})) == ["MATCH_FINISHED"]


def test_checking_stops_at_the_first_bad_game():
    result = match(game(0, 12, 20), game(0, 0, 1), game(0, 1, 2), options={"games": 3})
    error = only_error(result)
    assert (error["code"], error["hand"]) == ("BF_WINNER_MISMATCH", 2)
    assert result["totals"] == {"Ann": 0, "Bob": 12, "Cor": 20}
    assert result["finished"] is False


def test_negative_cards_are_out_of_range():
    error = only_error(match(game(0, -1, 20)))
    assert error["code"] == "BF_CARDS_OUT_OF_RANGE"
    assert error["side"] == "Bob"


def test_range_and_winner_errors_are_both_reported():
    result = match(game(0, 0, 40))
    assert sorted(codes(result)) == ["BF_CARDS_OUT_OF_RANGE", "BF_WINNER_MISMATCH"]


# -- options ---------------------------------------------------------------------------------


@pytest.mark.parametrize("games", [1, 2, 50])
def test_games_option(games):
    hands = [game(0, 12, 20)] * games
    result = match(*hands, options={"games": games})
    assert result["valid"] and result["finished"]
    assert result["totals"]["Bob"] == 12 * games


@pytest.mark.parametrize(
    "options",
    [
        {"games": 0},
        {"games": 51},
        {"games": "3"},
        {"games": True},
        {"games": 2.0},
        {"games": None},
        {"cards_per_player": 0},
        {"cards_per_player": 34},  # 3 x 34 = 102 > 99
        {"cards_per_player": True},
        {"cards_per_player": 15.0},
        {"cards_per_player": "15"},
        {"cards_per_player": []},
        {"cards_per_player": {}},
        {"cards_per_player": {"Ann": 10, "Bob": 10}},  # Cor missing
        {"cards_per_player": {"Ann": 10, "Bob": 10, "Cor": 10, "Dirk": 10}},
        {"cards_per_player": {"Ann": 50, "Bob": 40, "Cor": 10}},  # 100 > 99
        {"cards_per_player": {"Ann": 0, "Bob": 40, "Cor": 10}},
        {"cards_per_player": {"Ann": True, "Bob": 40, "Cor": 10}},
        {"cards_per_player": {"Ann": "9", "Bob": 40, "Cor": 10}},
        {"solitaire_must_lay": 1},
        {"solitaire_must_lay": None},
        {"solitaire": True},
        ["games", 3],
        "games=3",
    ],
)
def test_bad_options(options):
    result = match(options=options)
    error = only_error(result)
    assert error["code"] == "OPTION_INVALID"
    assert error["hand"] is None
    assert result["hands"] == []
    assert result["totals"] == {"Ann": 0, "Bob": 0, "Cor": 0}


def test_bad_option_names_the_option():
    assert only_error(match(options={"games": 0}))["params"] == {"option": "games"}


def test_options_null_means_defaults():
    result = match(options=None)
    assert result["valid"]
    doc = {"game": "big_five", "sides": ["A", "B"], "hands": [], "options": None}
    assert evaluate(doc)["options"]["games"] == 1


@pytest.mark.parametrize("per_player, players", [(49, 2), (33, 3), (24, 4), (1, 4)])
def test_cards_per_player_at_most_99_in_all(per_player, players):
    sides = SIDES[:players]
    assert match(sides=sides, options={"cards_per_player": per_player})["valid"]
    if per_player > 1:
        result = match(sides=sides, options={"cards_per_player": per_player + 1})
        assert codes(result) == ["OPTION_INVALID"]


def test_cards_per_player_may_be_null_explicitly():
    assert match(game(0, 33, 1), options={"cards_per_player": None})["valid"]


def test_handicap_deals_per_side():
    options = {"cards_per_player": {"Ann": 40, "Bob": 30, "Cor": 29}}
    result = match(game(0, 30, 29), options=options)
    assert result["valid"], result["errors"]
    assert result["options"]["cards_per_player"] == {"Ann": 40, "Bob": 30, "Cor": 29}
    error = only_error(match(game(0, 31, 29), options=options))
    assert error["code"] == "BF_CARDS_OUT_OF_RANGE"
    assert (error["side"], error["params"]["max"]) == ("Bob", 30)
    error = only_error(match(game(41, 0, 29), options=options))
    assert (error["side"], error["params"]["max"]) == ("Ann", 40)


def test_cards_by_players_deals_by_the_table_size():
    options = {"cards_per_player": 15, "cards_by_players": {"3": 20, "4": 12}}
    assert match(game(0, 20, 3), options=options)["valid"]
    error = only_error(match(game(0, 21, 3), options=options))
    assert (error["code"], error["params"]["max"]) == ("BF_CARDS_OUT_OF_RANGE", 20)
    # two players are not in the table: the number applies
    error = only_error(match(game(0, 16), options=options))
    assert error["params"]["max"] == 15
    # without a number, the default of that count
    assert match(game(0, 49), options={"cards_by_players": {"3": 20}})["valid"]


def test_a_handicap_wins_over_cards_by_players():
    options = {"cards_per_player": {"Ann": 40, "Bob": 30, "Cor": 29},
               "cards_by_players": {"3": 10}}
    assert match(game(0, 30, 29), options=options)["valid"]


@pytest.mark.parametrize("value", [
    {}, {"1": 10}, {"5": 10}, {"3": 0}, {"3": 34}, {"2": 50}, {"3": "9"}, {"3": True}, 15,
    ["3", 10], {3: 10},
])
def test_cards_by_players_refused(value):
    error = only_error(match(options={"cards_by_players": value}))
    assert error["code"] == "OPTION_INVALID"
    assert error["params"]["option"] == "cards_by_players"


@pytest.mark.parametrize("value", [15, {"Ann": 15}])
def test_cards_per_player_must_be_null_for_solitaire(value):
    result = solo(options={"cards_per_player": value})
    error = only_error(result)
    assert error["code"] == "OPTION_INVALID"
    assert error["params"] == {"option": "cards_per_player"}
    assert result["options"]["cards_per_player"] == value  # echoed as given


def test_option_value_checked_without_usable_sides():
    doc = {"game": "big_five", "sides": ["A", "A"], "hands": [],
           "options": {"cards_per_player": {"A": 10, "B": 20}}}
    assert codes(evaluate(doc)) == ["SIDES_INVALID"]
    doc["options"] = {"cards_per_player": {"A": 60, "B": 60}}
    assert codes(evaluate(doc)) == ["SIDES_INVALID", "OPTION_INVALID"]
    doc["options"] = {"cards_per_player": 100}
    assert codes(evaluate(doc)) == ["SIDES_INVALID", "OPTION_INVALID"]


def test_options_are_not_checked_against_a_bad_side_count():
    doc = {"game": "big_five", "sides": SIDES + ["Eva"], "hands": [],
           "options": {"cards_per_player": 15}}
    assert codes(evaluate(doc)) == ["SIDES_COUNT"]


# -- sides -----------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 5])
def test_sides_count_bounds(count):
    names = [f"P{i}" for i in range(count)]
    error = only_error(evaluate({"game": "big_five", "sides": names, "hands": []}))
    assert error["code"] == "SIDES_COUNT"
    assert error["params"] == {"min": 1, "max": 4}


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_one_to_four_sides(count):
    assert evaluate({"game": "big_five", "sides": SIDES[:count], "hands": []})["valid"]


# -- malformed hands -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, code, field",
    [
        ({"cards_left": {"Ann": 0, "Bob": 1, "Cor": 2}}, "HAND_INVALID", "end"),
        ({"end": "went_out"}, "HAND_INVALID", "cards_left"),
        ({**game(0, 1, 2), "winner": "Ann"}, "HAND_INVALID", "winner"),
        ({**game(0, 1, 2), "discards": 3}, "HAND_INVALID", "discards"),
        ({"end": "went_out", "cards_left": [0, 1, 2]}, "HAND_INVALID", "cards_left"),
        ({"end": "went_out", "cards_left": None}, "HAND_INVALID", "cards_left"),
        ({"end": "went_out", "cards_left": {"Ann": 0, "Bob": 1}}, "HAND_SIDES_MISMATCH",
         "cards_left"),
        ({"end": "went_out", "cards_left": {"Ann": 0, "Bob": 1, "Cor": 2, "Eva": 3}},
         "HAND_SIDES_MISMATCH", "cards_left"),
        (game(0, 1, 2, end="won"), "BF_END_INVALID", "end"),
        (game(0, 1, 2, end=None), "BF_END_INVALID", "end"),
        (game(0, 1, 2, end=1), "BF_END_INVALID", "end"),
        (game(0, 1, 2, end=["went_out"]), "BF_END_INVALID", "end"),
        (game(0, 1, 2, end="WENT_OUT"), "BF_END_INVALID", "end"),
        ("0,1,2", "HAND_INVALID", None),
        ([0, 1, 2], "HAND_INVALID", None),
        (None, "HAND_INVALID", None),
    ],
)
def test_malformed_hands(hand, code, field):
    error = only_error(match(hand, sides=SIDES[:3]))
    assert (error["code"], error["field"], error["hand"]) == (code, field, 1)


def test_sides_mismatch_names_missing_and_unknown():
    hand = {"end": "went_out", "cards_left": {"Ann": 0, "Bob": 1, "Eva": 2}}
    error = only_error(match(hand, sides=SIDES[:3]))
    assert error["params"] == {"missing": ["Cor"], "unknown": ["Eva"]}


@pytest.mark.parametrize("bad", [True, False, 1.0, 2.5, "3", None, [3], {"n": 3}])
def test_cards_not_integer(bad):
    error = only_error(match(game(0, bad, 2)))
    assert (error["code"], error["side"], error["field"]) == ("VALUE_NOT_INTEGER", "Bob",
                                                             "cards_left")


def test_end_invalid_and_bad_cards_are_reported_together():
    result = match(game(0, "x", 2, end="done"))
    assert codes(result) == ["BF_END_INVALID", "VALUE_NOT_INTEGER"]


def test_unknown_key_and_bad_end_are_reported_together():
    result = match({**game(0, 1, 2, end="done"), "note": "x"})
    assert sorted(codes(result)) == ["BF_END_INVALID", "HAND_INVALID"]


@pytest.mark.parametrize("bad", [True, False, 1.0, "3", None, [3]])
def test_solitaire_discards_not_integer(bad):
    error = only_error(match({"discards": bad}, sides=["Ann"]))
    assert (error["code"], error["side"], error["field"]) == ("VALUE_NOT_INTEGER", "Ann",
                                                             "discards")


@pytest.mark.parametrize(
    "hand, field",
    [({}, "discards"), ({"discards": 3, "end": "blocked"}, "end"),
     (game(0, sides=["Ann"]), "end")],
)
def test_solitaire_malformed_hands(hand, field):
    result = match(hand, sides=["Ann"])
    assert "HAND_INVALID" in codes(result)
    assert field in [e["field"] for e in result["errors"]]


# -- description -----------------------------------------------------------------------------


def test_describes_both_hand_shapes():
    described = GAMES["big_five"].describe()
    fields = {f["name"]: f for f in described["hand_fields"]}
    assert fields["end"]["choices"] == ["went_out", "blocked"]
    assert fields["end"]["condition"] == [{"kind": "when", "subject": "sides", "at_least": 2}]
    assert fields["cards_left"]["kind"] == "per_side"
    assert fields["cards_left"]["condition"] == fields["end"]["condition"]
    assert fields["cards_left"]["item"]["minimum"] == 0
    assert fields["discards"]["condition"] == [{"kind": "when", "subject": "sides",
                                                "among": [1]}]
    assert described["sides"] == {"min": 1, "max": 4}
    assert {"BF_END_INVALID", "BF_CARDS_OUT_OF_RANGE", "BF_WINNER_MISMATCH",
            "BF_SOLITAIRE_OUT_OF_RANGE"} <= set(described["error_codes"])
    options = {o["name"]: o for o in described["options"]}
    assert options["cards_per_player"]["kind"] == "custom"
    assert options["cards_per_player"]["nullable"] is True
    assert options["solitaire_must_lay"]["default"] is True


# -- the strategy ----------------------------------------------------------------------------


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=valid_matches())
def test_strategy_generates_valid_matches(doc):
    result = evaluate(doc)
    assert result["valid"], result["errors"]
    assert len(result["hands"]) == len(doc["hands"])
