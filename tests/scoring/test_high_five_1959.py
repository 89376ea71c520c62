"""High Five 1959: every worked example of ../shared/rules/high_five_1959.md, codes, options."""

import pytest
from hypothesis import HealthCheck, given, settings

from scoring import GAMES, evaluate
from tests.scoring.strategies.high_five_1959 import valid_matches

SIDES = ["A", "B"]
GAME = GAMES["high_five_1959"]


def side(opened=True, target=50, table=500, fives=5, straights=1, hand=0, **extra):
    """One side's entry; pass ``opening=`` to add the opening meld."""
    entry = {"opened": opened, "target": target, "table": table, "fives": fives,
             "straights": straights, "hand": hand}
    entry.update(extra)
    return entry


def idle(target=None, hand=0):
    """A side that never came on the table."""
    return side(opened=False, target=target, table=0, fives=0, straights=0, hand=hand)


def failed(target=50, table=300, hand=0):
    """A side that opened but did not make its straight."""
    return side(target=target, table=table, fives=4, straights=0, hand=hand)


def out(winner, sides_=SIDES, **entries):
    return {"end": "out", "out": winner, "sides": {s: entries[s] for s in sides_}}


def stock(sides_=SIDES, **entries):
    return {"end": "stock_exhausted",
            "sides": {s: entries.get(s, {"opened": False}) for s in sides_}}


def match(*hands, sides=SIDES, options=None):
    doc = {"game": "high_five_1959", "sides": sides, "hands": list(hands)}
    if options is not None:
        doc["options"] = options
    return evaluate(doc)


def codes(result):
    return [e["code"] for e in result["errors"]]


def only_error(result):
    assert len(result["errors"]) == 1, result["errors"]
    return result["errors"][0]


def both_strike(a_table, b_table, a_target=50, b_target=50):
    """A goes out, B also meets the criteria: both strike. A: table + 400, B: table + 300."""
    return out("A", A=side(target=a_target, table=a_table),
               B=side(target=b_target, table=b_table))


EXAMPLE_1 = out(
    "A",
    A=side(target=60, opening=65, table=640, fives=6, straights=1, hand=40),
    B=side(target=80, opening=85, table=310, fives=4, straights=1, hand=115),
)


# -- worked examples ------------------------------------------------------------------------


def test_example_going_out_takes_the_failed_number():
    result = match(EXAMPLE_1)
    assert result["valid"], result["errors"]
    assert result["hands"] == [{
        "points": {"A": 1130, "B": 445},
        "result": {"A": "struck", "B": "crossed"},
        "target": {"A": 60, "B": 80},
        "criteria_met": {"A": True, "B": False},
    }]
    assert result["state"] == {
        "A": {"crosses": 0, "struck": [60], "open": [50, 50, 80, 100]},
        "B": {"crosses": 1, "struck": [], "open": [50, 50, 60, 80, 100]},
    }
    assert result["totals"] == {"A": 1130, "B": 445}
    assert result["competition_points"] == {"A": 11, "B": 4}
    assert result["ranking"] == [["A"], ["B"]]
    assert result["better"] == "higher"
    assert result["finished"] is False


def test_example_failing_side_scores_zero_with_option():
    result = match(EXAMPLE_1, options={"failing_side_points": "zero"})
    assert result["hands"][0]["points"] == {"A": 1130, "B": 0}
    assert result["options"]["failing_side_points"] == "zero"


def test_example_side_that_never_opened_gets_a_cross_without_a_number():
    result = match(out("A", A=side(target=50, table=500, hand=25), B=idle(hand=210)))
    assert result["valid"], result["errors"]
    hand = result["hands"][0]
    assert hand["points"] == {"A": 875, "B": -210}
    assert hand["result"] == {"A": "struck", "B": "crossed"}
    assert hand["target"] == {"A": 50, "B": None}
    assert result["state"]["B"] == {"crosses": 1, "struck": [], "open": [50, 50, 60, 80, 100]}
    assert result["competition_points"] == {"A": 8, "B": 0}


def test_example_never_opened_zero_option_zeroes_it_too():
    result = match(out("A", A=side(table=500, hand=25), B=idle(hand=210)),
                   options={"failing_side_points": "zero"})
    assert result["hands"][0]["points"] == {"A": 875, "B": 0}


def test_example_stock_exhausted_is_zero_and_a_cross_for_both():
    result = match(stock(A={"opened": True, "target": 60}, B={"opened": False, "target": None}))
    assert result["valid"], result["errors"]
    assert result["hands"][0]["points"] == {"A": 0, "B": 0}
    assert result["hands"][0]["result"] == {"A": "crossed", "B": "crossed"}
    assert result["hands"][0]["target"] == {"A": 60, "B": None}
    assert {s: v["crosses"] for s, v in result["state"].items()} == {"A": 1, "B": 1}
    assert result["state"]["A"]["open"] == [50, 50, 60, 80, 100]


def test_stock_exhausted_voids_even_a_side_that_met_the_criteria():
    result = match(stock(A=side(table=600, hand=50), B=failed(hand=30)) | {"out": None})
    assert result["valid"], result["errors"]
    hand = result["hands"][0]
    assert hand["points"] == {"A": 0, "B": 0}
    assert hand["criteria_met"] == {"A": True, "B": False}
    assert hand["result"] == {"A": "crossed", "B": "crossed"}
    assert result["state"]["A"]["struck"] == []


def test_example_opening_below_target():
    result = match(out("A", A=side(target=80, opening=75, table=500), B=idle()))
    error = only_error(result)
    assert (error["code"], error["hand"], error["side"], error["field"]) == (
        "HF_OPENING_BELOW_TARGET", 1, "A", "opening")
    assert error["params"] == {"target": 80, "opening": 75}


def test_example_target_no_longer_open():
    hands = [both_strike(500, 500, t, t) for t in (50, 50, 60)]
    result = match(*hands, both_strike(500, 500, 50, 80))
    error = only_error(result)
    assert (error["code"], error["hand"], error["side"], error["field"]) == (
        "HF_TARGET_UNAVAILABLE", 4, "A", "target")
    assert error["params"] == {"target": 50, "open": [80, 100]}
    assert len(result["hands"]) == 3


def test_example_out_without_a_straight():
    result = match(out("A", A=side(straights=0), B=idle()))
    error = only_error(result)
    assert (error["code"], error["side"], error["field"]) == (
        "HF_OUT_WITHOUT_CRITERIA", "A", "straights")
    assert error["params"]["straights"] == 0


def test_example_cards_exceed_deck():
    result = match(out("A", A=side(table=900, hand=60), B=failed(table=700, hand=100)))
    error = only_error(result)
    assert (error["code"], error["side"], error["field"]) == (
        "HF_CARDS_EXCEED_DECK", None, "sides")
    assert error["params"] == {"total": 1760, "maximum": 1740}


def test_deck_total_may_be_exactly_1740():
    assert match(out("A", A=side(table=900, hand=40), B=failed(table=700, hand=100)))["valid"]


def four_rounds(a_tables, b_tables):
    targets = [50, 50, 60, 80]
    return [both_strike(a, b, t, t) for a, b, t in zip(a_tables, b_tables, targets, strict=True)]


def test_example_competition_drops_the_last_two_digits():
    result = match(*four_rounds([580, 580, 580, 575], [650] * 4))
    assert result["valid"], result["errors"]
    assert result["totals"] == {"A": 3915, "B": 3800}
    assert result["competition_points"] == {"A": 39, "B": 38}
    assert result["ranking"] == [["A"], ["B"]]
    assert result["finished"] is False


def test_example_3995_against_3900_is_a_draw():
    result = match(*four_rounds([600, 600, 600, 595], [675] * 4))
    assert result["totals"] == {"A": 3995, "B": 3900}
    assert result["competition_points"] == {"A": 39, "B": 39}
    assert result["ranking"] == [["A", "B"]]


def test_example_three_crosses_scores_zero_and_loses():
    hands = [stock(), stock()]
    hands += [both_strike(600, 600, t, t) for t in (50, 50, 60)]
    hands.append(out("B", A=side(target=80, table=665, fives=4, straights=1),
                     B=side(target=80, table=620)))
    result = match(*hands)
    assert result["valid"], result["errors"]
    assert [h["points"]["A"] for h in result["hands"]][-1] == 665 + 250
    assert [h["points"]["B"] for h in result["hands"]][-1] == 620 + 300 + 100 + 80
    assert result["totals"] == {"A": 3915, "B": 3800}
    assert result["state"]["A"]["crosses"] == 3
    assert result["competition_points"] == {"A": 0, "B": 38}
    assert result["ranking"] == [["B"], ["A"]]
    assert result["finished"] is True
    after = match(*hands, both_strike(500, 500, 100, 100))
    assert codes(after) == ["MATCH_FINISHED"]


def test_example_three_players_both_failed_numbers_go_to_the_winner():
    sides = ["P1", "P2", "P3"]
    result = match(out("P1", sides, P1=side(target=100, table=520, hand=0),
                       P2=failed(target=80, table=200, hand=40),
                       P3=failed(target=50, table=150, hand=15)), sides=sides)
    assert result["valid"], result["errors"]
    points = result["hands"][0]["points"]
    assert points == {"P1": 1050, "P2": 200 + 200 - 40, "P3": 150 + 200 - 15}
    assert result["hands"][0]["result"] == {"P1": "struck", "P2": "crossed", "P3": "crossed"}


# -- the match -------------------------------------------------------------------------------


def test_zero_hands_has_the_state_of_every_side():
    result = match()
    assert result["valid"]
    assert result["state"] == {s: {"crosses": 0, "struck": [], "open": [50, 50, 60, 80, 100]}
                               for s in SIDES}
    assert result["ranking"] == [SIDES]
    assert result["competition_points"] == {"A": 0, "B": 0}


def test_striking_every_number_finishes_the_match():
    hands = [both_strike(500, 400, t, t) for t in (100, 50, 80, 50)]
    assert match(*hands)["finished"] is False
    hands.append(out("A", A=side(target=60, table=500), B=failed(target=60, table=400)))
    result = match(*hands)
    assert result["valid"], result["errors"]
    assert result["finished"] is True
    assert result["state"]["A"] == {"crosses": 0, "struck": [100, 50, 80, 50, 60], "open": []}
    assert result["state"]["B"] == {"crosses": 1, "struck": [100, 50, 80, 50],
                                    "open": [60]}
    assert result["totals"] == {"A": 5 * 900 + 60, "B": 4 * 700 + 600}
    late = match(*hands, stock())
    error = only_error(late)
    assert (error["code"], error["hand"]) == ("MATCH_FINISHED", 6)
    assert len(late["hands"]) == 5


def test_a_crossed_number_stays_open_and_may_be_played_again():
    hands = [out("A", A=side(target=50), B=failed(target=100)),
             out("B", A=idle(target=50), B=side(target=100))]
    result = match(*hands)
    assert result["valid"], result["errors"]
    assert result["state"]["B"] == {"crosses": 1, "struck": [100], "open": [50, 50, 60, 80]}
    assert result["state"]["A"]["crosses"] == 1
    assert result["hands"][1]["target"] == {"A": 50, "B": 100}


def test_a_side_meeting_the_criteria_strikes_even_when_the_other_went_out():
    result = match(both_strike(500, 300, 60, 100))
    assert result["hands"][0]["result"] == {"A": "struck", "B": "struck"}
    assert result["hands"][0]["points"] == {"A": 900, "B": 600}


def test_three_stock_rounds_end_the_match_with_everyone_tied_last():
    result = match(stock(), stock(), stock())
    assert result["finished"] is True
    assert result["competition_points"] == {"A": 0, "B": 0}
    assert result["ranking"] == [["A", "B"]]


def test_three_players_cross_limit_ends_the_match_and_ranks_last():
    sides = ["P1", "P2", "P3"]
    hands = [out("P1", sides, P1=side(target=t, table=600), P2=side(target=t, table=300),
                 P3=idle(hand=50)) for t in (50, 50, 60)]
    result = match(*hands, sides=sides)
    assert result["valid"], result["errors"]
    assert result["finished"] is True
    assert result["totals"] == {"P1": 3000, "P2": 1800, "P3": -150}
    assert result["competition_points"] == {"P1": 30, "P2": 18, "P3": 0}
    assert result["ranking"] == [["P1"], ["P2"], ["P3"]]


def test_ranking_ties_between_three_players():
    sides = ["P1", "P2", "P3"]
    result = match(out("P1", sides, P1=side(table=300), P2=side(table=500),
                       P3=side(table=530)), sides=sides)
    assert result["totals"] == {"P1": 700, "P2": 800, "P3": 830}
    assert result["competition_points"] == {"P1": 7, "P2": 8, "P3": 8}
    assert result["ranking"] == [["P2", "P3"], ["P1"]]


def test_sides_at_the_cross_limit_rank_last_even_above_a_lower_score():
    result = match(stock(), out("B", A=failed(table=900), B=side(table=200)),
                   options={"cross_limit": 2})
    assert result["finished"] is True
    assert result["totals"] == {"A": 1100, "B": 650}
    assert result["state"]["A"]["crosses"] == 2 and result["state"]["B"]["crosses"] == 1
    assert result["competition_points"] == {"A": 0, "B": 6}
    assert result["ranking"] == [["B"], ["A"]]


@pytest.mark.parametrize("sides", [["A"], ["A", "B", "C", "D"]])
def test_two_or_three_sides(sides):
    result = match(sides=sides)
    assert codes(result) == ["SIDES_COUNT"]
    assert result["errors"][0]["params"] == {"min": 2, "max": 3}


def test_checking_stops_at_the_first_bad_hand():
    result = match(EXAMPLE_1, out("A", A=side(straights=0), B=idle()), stock())
    assert codes(result) == ["HF_OUT_WITHOUT_CRITERIA"]
    assert result["errors"][0]["hand"] == 2
    assert len(result["hands"]) == 1
    assert result["totals"] == {"A": 1130, "B": 445}
    assert result["state"]["A"]["struck"] == [60]


# -- options ---------------------------------------------------------------------------------


def test_options_echoed_with_defaults():
    assert match()["options"] == {
        "targets": [50, 50, 60, 80, 100], "cross_limit": 3, "divisor": 100,
        "negative": "clamp", "failing_side_points": "formula",
    }
    assert match(options=None)["options"] == match()["options"]


@pytest.mark.parametrize(
    "negative, total, expected",
    [("clamp", -250, 0), ("truncate", -250, -2), ("truncate", -295, -2), ("truncate", -50, 0),
     ("truncate", -100, -1), ("clamp", -5, 0)],
)
def test_negative_totals(negative, total, expected):
    result = match(out("A", A=side(table=500), B=idle(hand=-total)),
                   options={"negative": negative})
    assert result["totals"]["B"] == total
    assert result["competition_points"]["B"] == expected


def test_truncated_negative_ranks_below_zero():
    result = match(out("A", A=side(table=500), B=idle(hand=250)),
                   stock(), options={"negative": "truncate"})
    assert result["competition_points"] == {"A": 9, "B": -2}
    assert result["ranking"] == [["A"], ["B"]]


def test_positive_totals_are_truncated_not_rounded():
    result = match(out("A", A=side(table=595), B=failed(table=295, hand=0)))
    assert result["totals"] == {"A": 995 + 50, "B": 295 + 200}
    assert result["competition_points"] == {"A": 10, "B": 4}


def test_custom_targets():
    options = {"targets": [100, 200]}
    first = out("A", A=side(target=200, table=500), B=side(target=100, table=500))
    result = match(first, options=options)
    assert result["state"]["A"] == {"crosses": 0, "struck": [200], "open": [100]}
    assert result["finished"] is False
    bad = match(out("A", A=side(target=50), B=idle()), options=options)
    assert codes(bad) == ["HF_TARGET_UNAVAILABLE"]
    assert bad["errors"][0]["params"] == {"target": 50, "open": [100, 200]}
    done = match(first, out("B", A=idle(), B=side(target=200)), options=options)
    assert done["finished"] is True
    assert done["state"]["B"]["struck"] == [100, 200]


def test_single_target_is_finished_after_one_strike():
    result = match(out("A", A=side(target=75, table=500), B=idle()), options={"targets": [75]})
    assert result["valid"] and result["finished"]


def test_cross_limit_option():
    assert match(stock(), options={"cross_limit": 1})["finished"] is True
    result = match(stock(), stock(), stock(), options={"cross_limit": 4})
    assert result["finished"] is False
    assert result["competition_points"] == {"A": 0, "B": 0}
    assert match(*[stock()] * 4, options={"cross_limit": 4})["finished"] is True


def test_divisor_option():
    result = match(EXAMPLE_1, options={"divisor": 10})
    assert result["competition_points"] == {"A": 113, "B": 44}
    assert match(EXAMPLE_1, options={"divisor": 1})["competition_points"] == {"A": 1130, "B": 445}


@pytest.mark.parametrize(
    "options",
    [
        {"targets": []}, {"targets": [52]}, {"targets": [0]}, {"targets": [-50]},
        {"targets": "50"}, {"targets": [50.0]}, {"targets": None},
        {"cross_limit": 0}, {"cross_limit": 11}, {"cross_limit": True},
        {"divisor": 0}, {"divisor": -100}, {"divisor": "100"},
        {"negative": "round"}, {"failing_side_points": "half"}, {"bonus": 1}, [],
    ],
)
def test_bad_options(options):
    result = match(EXAMPLE_1, options=options)
    assert codes(result) == ["OPTION_INVALID"]
    assert result["hands"] == []
    assert "state" in result


def test_option_bounds_accepted():
    options = {"targets": [5, 5, 1000], "cross_limit": 10, "divisor": 1}
    assert match(options=options)["valid"]


# -- codes -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, field",
    [
        ({"end": "draw", "out": "A", "sides": {"A": side(), "B": idle()}}, "end"),
        ({"end": None, "sides": {"A": side(), "B": idle()}}, "end"),
        ({"end": "out", "sides": {"A": side(), "B": idle()}}, "out"),
        ({"end": "out", "out": None, "sides": {"A": side(), "B": idle()}}, "out"),
        ({"end": "out", "out": "C", "sides": {"A": side(), "B": idle()}}, "out"),
        ({"end": "out", "out": ["A"], "sides": {"A": side(), "B": idle()}}, "out"),
        ({"end": "stock_exhausted", "out": "A", "sides": {"A": idle(), "B": idle()}}, "out"),
    ],
)
def test_end_invalid(hand, field):
    error = only_error(match(hand))
    assert (error["code"], error["field"], error["side"]) == ("HF_END_INVALID", field, None)


@pytest.mark.parametrize(
    "entry, field",
    [(side(table=642), "table"), (side(hand=41), "hand"),
     (side(target=60, opening=66, table=500), "opening")],
)
def test_not_multiple_of_5(entry, field):
    error = only_error(match(out("A", A=entry, B=idle())))
    assert (error["code"], error["side"], error["field"]) == ("HF_NOT_MULTIPLE_OF_5", "A", field)


@pytest.mark.parametrize(
    "entry, field",
    [(side(hand=-5), "hand"), (failed(table=-5), "table"), (side(fives=-1), "fives"),
     (failed() | {"straights": -1}, "straights"), (failed() | {"opening": -10}, "opening"),
     (failed(target=-50), "target")],
)
def test_negative(entry, field):
    error = only_error(match(out("A", A=side(), B=entry)))
    assert (error["code"], error["side"], error["field"]) == ("HF_NEGATIVE", "B", field)


def test_negative_and_not_multiple_is_reported_once():
    result = match(out("A", A=side(hand=-7), B=idle()))
    assert codes(result) == ["HF_NEGATIVE"]
    assert result["errors"][0]["params"] == {"value": -7}


@pytest.mark.parametrize("entry", [side(target=None), {k: v for k, v in side().items()
                                                         if k != "target"}])
def test_target_required(entry):
    error = only_error(match(out("A", A=entry, B=idle())))
    assert (error["code"], error["side"], error["field"]) == ("HF_TARGET_REQUIRED", "A", "target")


def test_target_required_also_when_the_stock_ran_out():
    assert codes(match(stock(A={"opened": True}))) == ["HF_TARGET_REQUIRED"]


@pytest.mark.parametrize("target", [55, 0, 70, 500])
def test_target_unavailable(target):
    error = only_error(match(out("A", A=side(target=target, table=600), B=idle())))
    assert (error["code"], error["side"], error["field"]) == (
        "HF_TARGET_UNAVAILABLE", "A", "target")


def test_target_of_a_side_that_never_opened_is_checked():
    hands = [both_strike(500, 500, 100, 100)]
    result = match(*hands, out("A", A=side(target=50), B=idle(target=100)))
    error = only_error(result)
    assert (error["code"], error["side"]) == ("HF_TARGET_UNAVAILABLE", "B")
    assert error["params"] == {"target": 100, "open": [50, 50, 60, 80]}


def test_opening_above_table():
    error = only_error(match(out("A", A=side(target=50, opening=520, table=500), B=idle())))
    assert (error["code"], error["side"], error["field"]) == ("HF_OPENING_ABOVE_TABLE", "A",
                                                              "opening")
    assert error["params"] == {"opening": 520, "table": 500}


def test_opening_equal_to_target_and_table_is_valid():
    assert match(out("A", A=side(target=100, opening=500, table=500), B=idle()))["valid"]
    assert match(out("A", A=side(target=100, opening=100, table=500), B=idle()))["valid"]


@pytest.mark.parametrize(
    "entry, fields",
    [(idle() | {"table": 50}, ["table"]), (idle() | {"fives": 1, "table": 25}, ["table", "fives"]),
     (idle() | {"straights": 1, "table": 30}, ["table", "straights"]),
     (idle() | {"opening": 60}, ["opening"]), (idle() | {"opening": 0}, ["opening"])],
)
def test_not_opened(entry, fields):
    errors = match(out("A", A=side(), B=entry))["errors"]
    assert [(e["code"], e["side"], e["field"]) for e in errors] == [
        ("HF_NOT_OPENED", "B", field) for field in fields]


def test_not_opened_with_null_opening_is_fine():
    assert match(out("A", A=side(), B=idle() | {"opening": None}))["valid"]


@pytest.mark.parametrize(
    "entry, field",
    [(idle(), "opened"), (side(fives=4), "fives"), (side(straights=0), "straights"),
     (side(fives=0, straights=0, table=500), "fives")],
)
def test_out_without_criteria(entry, field):
    errors = match(out("A", A=entry, B=idle()))["errors"]
    assert [(e["code"], e["side"], e["field"]) for e in errors][-1] == (
        "HF_OUT_WITHOUT_CRITERIA", "A", field)
    assert [e["code"] for e in errors].count("HF_OUT_WITHOUT_CRITERIA") == 1


def test_table_below_melds():
    error = only_error(match(out("A", A=side(table=150, fives=5, straights=1), B=idle())))
    assert (error["code"], error["side"], error["field"]) == ("HF_TABLE_BELOW_MELDS", "A", "table")
    assert error["params"] == {"table": 150, "fives": 5, "straights": 1, "minimum": 155}
    assert match(out("A", A=side(table=155, fives=5, straights=1), B=idle()))["valid"]


def test_every_error_of_the_stopping_hand_is_reported():
    hand = out("A", A=side(target=80, opening=75, table=642, straights=0),
               B=idle(target=55) | {"table": 10})
    result = match(hand)
    assert [(e["code"], e["side"], e["field"]) for e in result["errors"]] == [
        ("HF_NOT_MULTIPLE_OF_5", "A", "table"),
        ("HF_OPENING_BELOW_TARGET", "A", "opening"),
        ("HF_TARGET_UNAVAILABLE", "B", "target"),
        ("HF_NOT_OPENED", "B", "table"),
        ("HF_OUT_WITHOUT_CRITERIA", "A", "straights"),
    ]
    assert all(e["hand"] == 1 for e in result["errors"])


# -- malformed hands -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, code",
    [
        ({"out": "A", "sides": {"A": side(), "B": idle()}}, "HAND_INVALID"),
        ({"end": "out", "out": "A"}, "HAND_INVALID"),
        ({"end": "stock_exhausted", "sides": {"A": idle(), "B": idle()}, "x": 1}, "HAND_INVALID"),
        ({"end": "stock_exhausted", "sides": [idle(), idle()]}, "HAND_INVALID"),
        ({"end": "stock_exhausted", "sides": {"A": idle()}}, "HAND_SIDES_MISMATCH"),
        ({"end": "stock_exhausted", "sides": {"A": idle(), "B": idle(), "C": idle()}},
         "HAND_SIDES_MISMATCH"),
        ("out", "HAND_INVALID"),
        (None, "HAND_INVALID"),
    ],
)
def test_malformed_hands(hand, code):
    assert codes(match(hand)) == [code]


def test_sides_mismatch_names_missing_and_unknown():
    error = only_error(match(stock(**{}) | {"sides": {"A": idle(), "Z": idle()}}))
    assert error["code"] == "HAND_SIDES_MISMATCH"
    assert (error["field"], error["params"]) == ("sides", {"missing": ["B"], "unknown": ["Z"]})


@pytest.mark.parametrize(
    "entry, field",
    [
        ("opened", "sides"),
        ({**side(), "opened": 1}, "opened"),
        ({**side(), "opened": None}, "opened"),
        ({**side(), "opened": "true"}, "opened"),
        ({k: v for k, v in side().items() if k != "opened"}, "opened"),
        ({k: v for k, v in side().items() if k != "hand"}, "hand"),
        ({k: v for k, v in side().items() if k != "fives"}, "fives"),
        ({**side(), "jokers": 2}, "jokers"),
    ],
)
def test_malformed_side_entry(entry, field):
    error = only_error(match(out("A", A=entry, B=idle())))
    assert (error["code"], error["side"], error["field"]) == ("HAND_INVALID", "A", field)


@pytest.mark.parametrize(
    "field, value",
    [("table", "500"), ("table", 500.0), ("table", True), ("table", None), ("hand", None),
     ("fives", 5.5), ("straights", False), ("target", "50"), ("target", 50.0),
     ("opening", "65"), ("opening", True)],
)
def test_value_not_integer_is_not_checked_further(field, value):
    entry = {**side(opening=60), field: value}
    error = only_error(match(out("A", A=entry, B=idle())))
    assert (error["code"], error["side"], error["field"]) == ("VALUE_NOT_INTEGER", "A", field)


def test_null_target_and_opening_are_allowed_for_a_side_that_never_opened():
    assert match(out("A", A=side(opening=None), B=idle(target=None) | {"opening": None}))["valid"]


def test_stock_exhausted_numbers_may_be_left_out_and_count_as_zero():
    result = match(stock(A={"opened": True, "target": 50, "hand": 40}))
    assert result["valid"], result["errors"]
    with_opening = match(stock(A={"opened": True, "target": 50, "opening": 55}))
    assert codes(with_opening) == ["HF_OPENING_ABOVE_TABLE"]
    assert with_opening["errors"][0]["params"] == {"opening": 55, "table": 0}


def test_errors_of_both_sides_and_the_end_are_reported_together():
    hand = {"end": "out", "sides": {"A": {**side(), "table": "x"}, "B": 7}, "extra": 1}
    result = match(hand)
    assert [(e["code"], e["side"], e["field"]) for e in result["errors"]] == [
        ("HAND_INVALID", None, "extra"),
        ("HF_END_INVALID", None, "out"),
        ("VALUE_NOT_INTEGER", "A", "table"),
        ("HAND_INVALID", "B", "sides"),
    ]


# -- description for the site ------------------------------------------------------------------


def test_describes_options_and_hand_fields():
    described = GAME.describe()
    assert described["team_game"] is True
    assert described["sides"] == {"min": 2, "max": 3}
    assert described["better"] == "higher"
    options = {o["name"]: o for o in described["options"]}
    assert options["targets"]["default"] == [50, 50, 60, 80, 100]
    assert (options["targets"]["minimum"], options["targets"]["multiple_of"],
            options["targets"]["min_items"]) == (5, 5, 1)
    assert (options["cross_limit"]["minimum"], options["cross_limit"]["maximum"]) == (1, 10)
    assert options["divisor"]["minimum"] == 1
    assert options["negative"]["choices"] == ["clamp", "truncate"]
    assert options["failing_side_points"]["choices"] == ["formula", "zero"]
    fields = {f["name"]: f for f in described["hand_fields"]}
    assert fields["end"]["choices"] == ["out", "stock_exhausted"]
    assert fields["out"]["kind"] == "side" and fields["out"]["nullable"]
    assert fields["out"]["condition"] == [{"kind": "when", "subject": "end", "among": ["out"]}]
    item = fields["sides"]["item"]
    assert fields["sides"]["kind"] == "per_side" and item["kind"] == "object"
    inner = {f["name"]: f for f in item["fields"]}
    assert list(inner) == ["opened", "target", "opening", "table", "fives", "straights", "hand"]
    assert inner["opened"]["kind"] == "boolean"
    assert inner["target"]["nullable"] and inner["target"]["multiple_of"] == 5
    assert not inner["opening"]["required"] and inner["opening"]["nullable"]
    assert all(inner[n]["minimum"] == 0 for n in ("table", "fives", "straights", "hand"))
    assert inner["table"]["multiple_of"] == inner["hand"]["multiple_of"] == 5
    assert GAME.extra_keys == ("state",)
    hf_codes = [c for c in described["error_codes"] if c.startswith("HF_")]
    assert len(hf_codes) == 11


# -- the strategy other tests build on ---------------------------------------------------------


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=valid_matches())
def test_generated_matches_are_valid(doc):
    result = evaluate(doc)
    assert result["valid"], result["errors"]
    assert len(result["hands"]) == len(doc["hands"])
