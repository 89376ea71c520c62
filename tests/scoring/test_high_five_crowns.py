"""HIGH FIVE (French card game): every worked example of ../shared/rules/high_five_crowns.md,
every code, option and place rule."""

import pytest
from hypothesis import HealthCheck, given, settings

from scoring import GAMES, evaluate
from tests.scoring.strategies.high_five_crowns import valid_matches

SIDES = ["Ann", "Bob", "Cor", "Dirk"]


def game(winner, crowns, penalties=None, eliminated=()):
    """A hand; penalties default to 0 for every side in ``crowns``."""
    if penalties is None:
        penalties = dict.fromkeys(crowns, 0)
    return {"winner": winner, "eliminated": list(eliminated), "crowns": dict(crowns),
            "penalties": dict(penalties)}


def match(*hands, sides=SIDES[:3], options=None):
    doc = {"game": "high_five_crowns", "sides": sides, "hands": list(hands)}
    if options is not None:
        doc["options"] = options
    return evaluate(doc)


def codes(result):
    return [e["code"] for e in result["errors"]]


def warning_codes(result):
    return [w["code"] for w in result["warnings"]]


def only_error(result):
    assert len(result["errors"]) == 1, result["errors"]
    return result["errors"][0]


EXAMPLE_1 = game("Ann", {"Ann": 11, "Bob": 6, "Cor": 8}, {"Ann": 2, "Bob": 7, "Cor": 9})


# -- worked examples -----------------------------------------------------------------------


def test_example_places_and_wins_points():
    result = match(EXAMPLE_1)
    assert result["valid"], result["errors"]
    assert result["warnings"] == []
    assert result["hands"] == [{
        "winner": "Ann",
        "places": {"Ann": 1, "Bob": 3, "Cor": 2},
        "points": {"Ann": 1, "Bob": 0, "Cor": 0},
    }]
    assert result["totals"] == {"Ann": 1, "Bob": 0, "Cor": 0}
    assert result["competition_points"] == result["totals"]
    assert result["better"] == "higher"
    assert result["ranking"] == [["Ann"], ["Bob", "Cor"]]
    assert result["finished"] is True


def test_example_places_scoring():
    result = match(EXAMPLE_1, options={"scoring": "places"})
    assert result["valid"]
    assert result["hands"][0]["points"] == {"Ann": 2, "Bob": 0, "Cor": 1}
    assert result["ranking"] == [["Ann"], ["Cor"], ["Bob"]]


def test_example_win_condition_with_a_player_still_in():
    hand = game("Ann", {"Ann": 4, "Bob": 7}, eliminated=["Dirk", "Cor"])
    error = only_error(match(hand, sides=SIDES))
    assert error["code"] == "FR_WIN_CONDITION"
    assert (error["hand"], error["side"], error["field"]) == (1, "Ann", "crowns")
    assert error["params"] == {"value": 4, "threshold": 10}


def test_example_last_player_left_wins_with_few_crowns():
    result = match(game("Ann", {"Ann": 4}, eliminated=["Cor", "Bob"]))
    assert result["valid"], result["errors"]
    assert result["hands"][0]["places"] == {"Ann": 1, "Bob": 2, "Cor": 3}


def test_example_crowns_high_warns_but_is_valid():
    result = match(game("Ann", {"Ann": 14, "Bob": 6, "Cor": 8}))
    assert result["valid"]
    assert [(w["code"], w["hand"], w["side"], w["field"]) for w in result["warnings"]] == [
        ("FR_CROWNS_HIGH", 1, "Ann", "crowns")
    ]
    assert result["warnings"][0]["params"] == {"value": 14, "threshold": 10, "limit": 12}


def test_example_winner_also_eliminated():
    hand = game("Ann", {"Bob": 10, "Cor": 8}, eliminated=["Ann"])
    error = only_error(match(hand))
    assert error["code"] == "FR_WINNER_INVALID"
    assert (error["side"], error["field"]) == ("Ann", "winner")
    assert error["params"] == {"reason": "eliminated"}


# -- places and points -----------------------------------------------------------------------


def test_sports_ranking_one_two_two_four():
    hand = game("Ann", {"Ann": 10, "Bob": 5, "Cor": 5, "Dirk": 3})
    result = match(hand, sides=SIDES, options={"scoring": "places"})
    assert result["hands"][0]["places"] == {"Ann": 1, "Bob": 2, "Cor": 2, "Dirk": 4}
    assert result["hands"][0]["points"] == {"Ann": 3, "Bob": 2, "Cor": 2, "Dirk": 0}


def test_winner_first_even_with_fewer_crowns_than_another():
    hand = game("Bob", {"Ann": 12, "Bob": 10, "Cor": 1})
    result = match(hand)
    assert result["hands"][0]["places"] == {"Ann": 2, "Bob": 1, "Cor": 3}


def test_eliminated_are_placed_last_eliminated_first():
    sides = ["Ann", "Bob", "Cor", "Dirk", "Eva", "Fay"]
    hand = game("Cor", {"Cor": 10, "Eva": 3, "Fay": 3}, eliminated=["Bob", "Ann", "Dirk"])
    result = match(hand, sides=sides, options={"scoring": "places"})
    assert result["valid"], result["errors"]
    assert result["hands"][0]["places"] == {
        "Ann": 5, "Bob": 6, "Cor": 1, "Dirk": 4, "Eva": 2, "Fay": 2}
    assert result["hands"][0]["points"] == {
        "Ann": 1, "Bob": 0, "Cor": 5, "Dirk": 2, "Eva": 4, "Fay": 4}


def test_two_players():
    sides = ["Ann", "Bob"]
    assert match(game("Bob", {"Ann": 9, "Bob": 10}), sides=sides)["valid"]
    assert codes(match(game("Bob", {"Ann": 9, "Bob": 9}), sides=sides)) == ["FR_WIN_CONDITION"]
    result = match(game("Bob", {"Bob": 0}, eliminated=["Ann"]), sides=sides,
                   options={"scoring": "places"})
    assert result["valid"]
    assert result["hands"][0]["points"] == {"Ann": 0, "Bob": 1}


# -- the match -------------------------------------------------------------------------------


def test_series_totals_ties_and_finish():
    hands = [
        EXAMPLE_1,
        game("Bob", {"Ann": 3, "Bob": 10, "Cor": 8}),
        game("Cor", {"Cor": 2}, eliminated=["Ann", "Bob"]),
        game("Ann", {"Ann": 10, "Bob": 1}, eliminated=["Cor"]),
    ]
    result = match(*hands, options={"games": 4})
    assert result["valid"], result["errors"]
    assert result["totals"] == {"Ann": 2, "Bob": 1, "Cor": 1}
    assert result["ranking"] == [["Ann"], ["Bob", "Cor"]]
    assert result["finished"] is True
    places = match(*hands, options={"games": 4, "scoring": "places"})
    # Ann 2+0+0+2, Bob 0+2+1+1, Cor 1+1+2+0
    assert places["totals"] == {"Ann": 4, "Bob": 4, "Cor": 4}
    assert places["ranking"] == [["Ann", "Bob", "Cor"]]


def test_zero_hands():
    result = match()
    assert result["valid"]
    assert result["totals"] == {"Ann": 0, "Bob": 0, "Cor": 0}
    assert result["ranking"] == [["Ann", "Bob", "Cor"]]
    assert result["finished"] is False
    assert result["options"] == {"games": 1, "threshold": 10, "scoring": "wins"}


def test_not_finished_before_the_agreed_games():
    result = match(EXAMPLE_1, options={"games": 2})
    assert result["valid"] and result["finished"] is False


def test_a_game_after_the_last_is_match_finished():
    result = match(EXAMPLE_1, "not even a hand")
    error = only_error(result)
    assert (error["code"], error["hand"]) == ("MATCH_FINISHED", 2)
    assert result["totals"] == {"Ann": 1, "Bob": 0, "Cor": 0}
    assert result["finished"] is True


def test_checking_stops_at_the_first_bad_game():
    bad = game("Ann", {"Ann": 3, "Bob": 6, "Cor": 8})
    result = match(EXAMPLE_1, bad, EXAMPLE_1, options={"games": 3})
    error = only_error(result)
    assert (error["code"], error["hand"]) == ("FR_WIN_CONDITION", 2)
    assert len(result["hands"]) == 1
    assert result["finished"] is False


# -- options ---------------------------------------------------------------------------------


@pytest.mark.parametrize("games", [1, 3, 50])
def test_games_option(games):
    result = match(*[EXAMPLE_1] * games, options={"games": games})
    assert result["valid"] and result["finished"]
    assert result["totals"]["Ann"] == games


@pytest.mark.parametrize("threshold", [1, 5, 50])
def test_threshold_option(threshold):
    options = {"threshold": threshold}
    ok = game("Ann", {"Ann": threshold, "Bob": 0, "Cor": 0})
    assert match(ok, options=options)["valid"]
    low = game("Ann", {"Ann": threshold - 1, "Bob": 0, "Cor": 0})
    error = only_error(match(low, options=options))
    assert (error["code"], error["params"]["threshold"]) == ("FR_WIN_CONDITION", threshold)


def test_threshold_moves_the_warnings():
    options = {"threshold": 5}
    hand = game("Ann", {"Ann": 8, "Bob": 0, "Cor": 0}, {"Ann": 0, "Bob": 5, "Cor": 4})
    result = match(hand, options=options)
    assert result["valid"]
    assert warning_codes(result) == ["FR_CROWNS_HIGH", "FR_PENALTIES_AT_LIMIT"]
    hand = game("Ann", {"Ann": 7, "Bob": 0, "Cor": 0}, {"Ann": 0, "Bob": 4, "Cor": 4})
    assert match(hand, options=options)["warnings"] == []


@pytest.mark.parametrize("scoring", ["wins", "places"])
def test_scoring_option_is_echoed(scoring):
    result = match(EXAMPLE_1, options={"scoring": scoring})
    assert result["options"]["scoring"] == scoring


@pytest.mark.parametrize(
    "options",
    [
        {"games": 0}, {"games": 51}, {"games": "2"}, {"games": True}, {"games": None},
        {"threshold": 0}, {"threshold": 51}, {"threshold": 10.0}, {"threshold": False},
        {"scoring": "points"}, {"scoring": None}, {"scoring": ["wins"]},
        {"rounds": 2}, ["scoring"], 7,
    ],
)
def test_bad_options(options):
    result = match(EXAMPLE_1, options=options)
    error = only_error(result)
    assert (error["code"], error["hand"]) == ("OPTION_INVALID", None)
    assert result["hands"] == []


# -- warnings --------------------------------------------------------------------------------


def test_crowns_at_threshold_plus_two_do_not_warn():
    assert match(game("Ann", {"Ann": 12, "Bob": 6, "Cor": 8}))["warnings"] == []
    assert warning_codes(match(game("Ann", {"Ann": 13, "Bob": 6, "Cor": 8}))) == [
        "FR_CROWNS_HIGH"]


def test_penalties_at_limit_warns_per_side():
    hand = game("Ann", {"Ann": 10, "Bob": 6, "Cor": 8}, {"Ann": 10, "Bob": 9, "Cor": 12})
    result = match(hand)
    assert result["valid"]
    assert [(w["code"], w["side"], w["field"], w["params"]) for w in result["warnings"]] == [
        ("FR_PENALTIES_AT_LIMIT", "Ann", "penalties", {"value": 10, "threshold": 10}),
        ("FR_PENALTIES_AT_LIMIT", "Cor", "penalties", {"value": 12, "threshold": 10}),
    ]


def test_warnings_of_the_hand_that_stopped_the_check_are_kept():
    hand = game("Ann", {"Ann": 3, "Bob": 6, "Cor": 8}, {"Ann": 0, "Bob": 11, "Cor": 0})
    result = match(EXAMPLE_1, hand, options={"games": 2})
    assert codes(result) == ["FR_WIN_CONDITION"]
    assert [(w["code"], w["hand"]) for w in result["warnings"]] == [
        ("FR_PENALTIES_AT_LIMIT", 2)]


# -- codes -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "winner, reason",
    [("Eva", "unknown"), (None, "unknown"), (1, "unknown"), (["Ann"], "unknown"),
     ("ann", "unknown")],
)
def test_winner_not_a_side(winner, reason):
    hand = {**EXAMPLE_1, "winner": winner}
    error = only_error(match(hand))
    assert (error["code"], error["field"], error["params"]) == (
        "FR_WINNER_INVALID", "winner", {"reason": reason})


def test_winner_missing():
    hand = {k: v for k, v in EXAMPLE_1.items() if k != "winner"}
    error = only_error(match(hand))
    assert (error["code"], error["params"]) == ("FR_WINNER_INVALID", {"reason": "missing"})


@pytest.mark.parametrize(
    "eliminated, reason",
    [
        (["Eva"], "unknown"),
        ([3], "unknown"),
        ([None], "unknown"),
        ([["Bob"]], "unknown"),
        (["Bob", "Bob"], "duplicate"),
        (["Bob", "Cor", "Ann"], "everyone"),
        ("Bob", "not_list"),
        (None, "not_list"),
        ({"Bob": 1}, "not_list"),
    ],
)
def test_eliminated_invalid(eliminated, reason):
    hand = game("Ann", {"Ann": 10})
    hand["eliminated"] = eliminated
    result = match(hand)
    assert "FR_ELIMINATED_INVALID" in codes(result)
    error = next(e for e in result["errors"] if e["code"] == "FR_ELIMINATED_INVALID")
    assert error["field"] == "eliminated"
    assert error["params"]["reason"] == reason


def test_eliminated_unknown_names_the_sides():
    hand = game("Ann", {"Ann": 10, "Cor": 2}, eliminated=["Eva"])
    error = only_error(match(hand))
    assert error["params"] == {"reason": "unknown", "sides": ["Eva"]}


def test_everyone_eliminated_with_the_winner_among_them():
    hand = game("Ann", {}, eliminated=["Bob", "Cor", "Ann"])
    assert sorted(codes(match(hand))) == ["FR_ELIMINATED_INVALID", "FR_WINNER_INVALID"]


def test_eliminated_missing_is_hand_invalid():
    hand = {k: v for k, v in EXAMPLE_1.items() if k != "eliminated"}
    error = only_error(match(hand))
    assert (error["code"], error["field"]) == ("HAND_INVALID", "eliminated")


@pytest.mark.parametrize("field", ["crowns", "penalties"])
def test_counts_missing(field):
    hand = {k: v for k, v in EXAMPLE_1.items() if k != field}
    error = only_error(match(hand))
    assert (error["code"], error["field"], error["params"]) == (
        "FR_COUNTS_INVALID", field, {"reason": "missing"})


@pytest.mark.parametrize("field", ["crowns", "penalties"])
@pytest.mark.parametrize("value", [[1, 2, 3], None, 5, "Ann:11"])
def test_counts_not_an_object(field, value):
    hand = {**EXAMPLE_1, field: value}
    error = only_error(match(hand))
    assert (error["code"], error["field"], error["params"]) == (
        "FR_COUNTS_INVALID", field, {"reason": "not_object"})


@pytest.mark.parametrize("field", ["crowns", "penalties"])
def test_counts_for_an_eliminated_side(field):
    hand = game("Ann", {"Ann": 10, "Bob": 3}, eliminated=["Cor"])
    hand[field] = {"Ann": 10, "Bob": 3, "Cor": 1}
    error = only_error(match(hand))
    assert (error["code"], error["field"]) == ("FR_COUNTS_INVALID", field)
    assert error["params"] == {"reason": "sides", "missing": [], "unknown": ["Cor"]}


@pytest.mark.parametrize("field", ["crowns", "penalties"])
def test_counts_missing_a_side_still_in(field):
    hand = {**EXAMPLE_1, field: {"Ann": 11, "Bob": 6}}
    error = only_error(match(hand))
    assert (error["code"], error["field"]) == ("FR_COUNTS_INVALID", field)
    assert error["params"] == {"reason": "sides", "missing": ["Cor"], "unknown": []}


@pytest.mark.parametrize("field", ["crowns", "penalties"])
def test_counts_below_zero(field):
    hand = {**EXAMPLE_1, field: {"Ann": 11, "Bob": -1, "Cor": 8}}
    error = only_error(match(hand))
    assert (error["code"], error["side"], error["field"]) == ("FR_COUNTS_INVALID", "Bob", field)
    assert error["params"] == {"reason": "negative", "value": -1}


@pytest.mark.parametrize("field", ["crowns", "penalties"])
@pytest.mark.parametrize("bad", [True, False, 6.0, 6.5, "6", None, [6]])
def test_counts_not_integer(field, bad):
    hand = {**EXAMPLE_1, field: {"Ann": 11, "Bob": bad, "Cor": 8}}
    error = only_error(match(hand))
    assert (error["code"], error["side"], error["field"]) == ("VALUE_NOT_INTEGER", "Bob", field)


def test_counts_values_checked_even_when_eliminated_is_bad():
    hand = {**EXAMPLE_1, "eliminated": "Bob", "crowns": {"Ann": 11, "Bob": "x", "Cor": 8}}
    assert codes(match(hand)) == ["FR_ELIMINATED_INVALID", "VALUE_NOT_INTEGER"]


def test_several_errors_of_one_hand_are_all_reported():
    hand = {"winner": "Eva", "eliminated": ["Bob"], "crowns": {"Ann": 1},
            "penalties": {"Ann": 1, "Cor": -2}, "note": "x"}
    assert sorted(codes(match(hand))) == [
        "FR_COUNTS_INVALID", "FR_COUNTS_INVALID", "FR_WINNER_INVALID", "HAND_INVALID"]


@pytest.mark.parametrize("hand", ["Ann", ["Ann"], None, 3])
def test_hand_not_an_object(hand):
    error = only_error(match(hand))
    assert (error["code"], error["hand"]) == ("HAND_INVALID", 1)


def test_unknown_hand_key():
    error = only_error(match({**EXAMPLE_1, "dealer": "Bob"}))
    assert (error["code"], error["field"]) == ("HAND_INVALID", "dealer")


# -- sides -----------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 7])
def test_sides_count_bounds(count):
    names = [f"P{i}" for i in range(count)]
    error = only_error(evaluate({"game": "high_five_crowns", "sides": names, "hands": []}))
    assert error["code"] == "SIDES_COUNT"
    assert error["params"] == {"min": 2, "max": 6}


@pytest.mark.parametrize("count", [2, 6])
def test_two_to_six_sides(count):
    names = [f"P{i}" for i in range(count)]
    assert evaluate({"game": "high_five_crowns", "sides": names, "hands": []})["valid"]


# -- description -----------------------------------------------------------------------------


def test_describes_its_hand_fields():
    described = GAMES["high_five_crowns"].describe()
    fields = {f["name"]: f for f in described["hand_fields"]}
    assert fields["winner"]["kind"] == "side"
    assert fields["eliminated"]["kind"] == "side_list"
    for name in ("crowns", "penalties"):
        assert fields[name]["kind"] == "per_side"
        assert fields[name]["condition"] == [{"kind": "except_sides", "field": "eliminated"}]
        assert fields[name]["item"]["kind"] == "integer"
        assert fields[name]["item"]["minimum"] == 0
    assert described["warning_codes"] == ["FR_CROWNS_HIGH", "FR_PENALTIES_AT_LIMIT"]
    assert described["sides"] == {"min": 2, "max": 6}


# -- the strategy ----------------------------------------------------------------------------


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=valid_matches())
def test_strategy_generates_valid_matches(doc):
    result = evaluate(doc)
    assert result["valid"], result["errors"]
    assert len(result["hands"]) == len(doc["hands"])
