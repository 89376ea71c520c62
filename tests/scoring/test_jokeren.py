"""Amerikaans Jokeren: every worked example of ../shared/rules/jokeren.md, and every code."""

import pytest

from scoring import evaluate

SIDES = ["Ann", "Bob", "Cor", "Dirk"]


def deal(*penalties, sides=SIDES):
    return {"penalties": dict(zip(sides, penalties, strict=True))}


def match(*hands, sides=SIDES, options=None):
    doc = {"game": "jokeren", "sides": sides, "hands": list(hands)}
    if options is not None:
        doc["options"] = options
    return evaluate(doc)


def codes(result):
    return [e["code"] for e in result["errors"]]


FILLER = [deal(0, 45, 12, 88)] * 6  # six valid deals before the out_at_once deal


def test_first_deal_valid():
    result = match(deal(0, 45, 12, 88))
    assert result["valid"]
    assert result["hands"][0] == {
        "points": {"Ann": 0, "Bob": 45, "Cor": 12, "Dirk": 88},
        "winner": "Ann",
        "contract": "set3",
        "dealer": "Ann",
    }
    assert result["ranking"] == [["Ann"], ["Cor"], ["Bob"], ["Dirk"]]
    assert result["better"] == "lower"
    assert result["finished"] is False


def test_multiple_winners_names_them():
    result = match(deal(0, 45, 0, 88))
    assert codes(result) == ["JK_MULTIPLE_WINNERS"]
    assert result["errors"][0]["params"] == {"sides": ["Ann", "Cor"]}
    assert result["errors"][0]["hand"] == 1


def test_no_winner():
    assert codes(match(deal(5, 45, 12, 88))) == ["JK_NO_WINNER"]


@pytest.mark.parametrize("bad", [1, -4])
def test_impossible_penalty(bad):
    result = match(deal(0, bad, 12, 88))
    assert codes(result) == ["JK_PENALTY_IMPOSSIBLE"]
    assert result["errors"][0]["side"] == "Bob"


@pytest.mark.parametrize(
    "last, valid",
    [((0, 30, 60, 90), False), ((0, 40, 50, 60), False), ((0, 31, 61, 62), True)],
)
def test_out_at_once_bounds(last, valid):
    result = match(*FILLER, deal(*last))
    assert result["valid"] is valid
    if not valid:
        assert codes(result) == ["JK_LAST_DEAL_TOO_LOW"]
        assert result["errors"][0]["hand"] == 7


@pytest.mark.parametrize("losers, minimum", [(1, 31), (2, 82), (3, 154)])
def test_out_at_once_total_bound_per_player_count(losers, minimum):
    sides = SIDES[: losers + 1]
    each = [minimum // losers + (1 if i < minimum % losers else 0) for i in range(losers)]
    ok = deal(0, *each, sides=sides)
    low = deal(0, *each[:-1], each[-1] - 1, sides=sides)
    filler = [deal(0, *([45] * losers), sides=sides)] * 6
    assert match(*filler, ok, sides=sides)["valid"]
    assert codes(match(*filler, low, sides=sides)) == ["JK_LAST_DEAL_TOO_LOW"]


def test_high_penalty_warns_but_is_valid():
    result = match(deal(0, 45, 12, 88), deal(0, 175, 12, 88))
    assert result["valid"]
    assert [(w["code"], w["hand"], w["side"]) for w in result["warnings"]] == [
        ("JK_PENALTY_HIGH", 2, "Bob")
    ]


def test_penalty_above_deck_value():
    assert codes(match(deal(0, 45, 12, 88), deal(0, 800, 12, 88))) == ["JK_PENALTY_TOO_HIGH"]


def test_deal_sum_above_deck_value():
    result = match(deal(0, 300, 300, 300))
    assert codes(result) == ["JK_PENALTY_TOO_HIGH"]
    assert result["errors"][0]["params"]["value"] == 900


def test_round_total_and_finish():
    sides = ["Ann", "Bob"]
    bob = [0, 45, 12, 30, 0, 88, 61]
    hands = [deal(0 if b else 20, b, sides=sides) for b in bob]
    result = match(*hands, sides=sides)
    assert result["valid"], result["errors"]
    assert result["totals"]["Bob"] == 236
    assert result["competition_points"] == result["totals"]
    assert result["finished"] is True
    assert [h["dealer"] for h in result["hands"]] == ["Ann", "Bob"] * 3 + ["Ann"]
    assert [h["contract"] for h in result["hands"]][-1] == "out_at_once"


def test_eighth_deal_is_match_finished():
    result = match(*FILLER, deal(0, 31, 61, 62), deal(0, 45, 12, 88))
    assert codes(result) == ["MATCH_FINISHED"]
    assert result["errors"][0]["hand"] == 8
    assert len(result["hands"]) == 7


def test_five_players_is_sides_count():
    result = match(sides=["A", "B", "C", "D", "E"])
    assert codes(result) == ["SIDES_COUNT"]
    assert result["errors"][0]["params"] == {"min": 2, "max": 4}


def test_checking_stops_at_first_bad_hand():
    result = match(deal(0, 45, 12, 88), deal(0, 0, 12, 88), deal(0, 1, 2, 3))
    assert codes(result) == ["JK_MULTIPLE_WINNERS"]
    assert len(result["hands"]) == 1
    assert result["totals"] == {"Ann": 0, "Bob": 45, "Cor": 12, "Dirk": 88}


def test_contracts_option_sets_number_of_deals():
    two = [deal(0, 45, 12, 88)] * 2
    result = match(*two, options={"contracts": ["run3", "run4"]})
    assert result["finished"]
    assert [h["contract"] for h in result["hands"]] == ["run3", "run4"]
    assert result["options"] == {"contracts": ["run3", "run4"]}


@pytest.mark.parametrize(
    "options",
    [{"contracts": []}, {"contracts": ["set5"]}, {"contracts": ["set3"] * 21},
     {"contracts": "set3"}, {"deals": 7}, [1]],
)
def test_bad_options(options):
    result = match(options=options)
    assert codes(result) == ["OPTION_INVALID"]
    assert result["hands"] == []


@pytest.mark.parametrize(
    "hand, code",
    [
        ({"penalties": {"Ann": 0, "Bob": 45, "Cor": 12}}, "HAND_SIDES_MISMATCH"),
        ({"penalties": {"Ann": 0, "Bob": "45", "Cor": 12, "Dirk": 8}}, "VALUE_NOT_INTEGER"),
        ({"penalties": {"Ann": 0, "Bob": 4.0, "Cor": 12, "Dirk": 8}}, "VALUE_NOT_INTEGER"),
        ({"penalties": {"Ann": 0, "Bob": True, "Cor": 12, "Dirk": 8}}, "VALUE_NOT_INTEGER"),
        ({"penalties": {"Ann": 0, "Bob": None, "Cor": 12, "Dirk": 8}}, "VALUE_NOT_INTEGER"),
        ({}, "HAND_INVALID"),
        ({"penalties": [0, 1, 2, 3]}, "HAND_INVALID"),
        ({"penalties": {"Ann": 0, "Bob": 45, "Cor": 12, "Dirk": 88}, "x": 1}, "HAND_INVALID"),
        ("0,45,12,88", "HAND_INVALID"),
    ],
)
def test_malformed_hands(hand, code):
    assert codes(match(hand)) == [code]


def test_a_refused_contract_is_named_in_the_option_error() -> None:
    result = evaluate({"game": "jokeren", "options": {"contracts": ["set3", "poker", "run3"]},
                       "sides": ["Ann", "Bob"], "hands": []})
    assert [e["params"] for e in result["errors"]] == [{"option": "contracts", "value": "poker"}]
    too_many = evaluate({"game": "jokeren", "options": {"contracts": ["set3"] * 21},
                         "sides": ["Ann", "Bob"], "hands": []})
    assert [e["params"] for e in too_many["errors"]] == [{"option": "contracts"}]  # no one item


def test_the_first_side_deals_first_and_the_deal_moves_on_in_the_order_of_sides():
    sides = ["Cor", "Dirk", "Ann"]  # playing order: Cor was drawn to deal first
    hands = [deal(0, 20, 30, sides=sides), deal(12, 0, 30, sides=sides)]
    result = match(*hands, sides=sides)
    assert [h["dealer"] for h in result["hands"]] == ["Cor", "Dirk"]
    state = result["state"]
    assert [(d["number"], d["dealer"]) for d in state["deals"]] == [
        (1, "Cor"), (2, "Dirk"), (3, "Ann"), (4, "Cor"), (5, "Dirk"), (6, "Ann"), (7, "Cor")]
    assert [d["contract"] for d in state["deals"]] == [
        "set3", "run3", "set4", "run4", "run5", "run6", "out_at_once"]
    assert state["played"] == 2
    assert state["next_deal"] == {"number": 3, "contract": "set4", "dealer": "Ann"}


def test_before_the_first_deal_the_state_names_every_dealer_and_the_first_deal():
    result = match(sides=["Bob", "Ann"], options={"contracts": ["run3", "out_at_once", "set3"]})
    state = result["state"]
    assert state["next_deal"] == {"number": 1, "contract": "run3", "dealer": "Bob"}
    assert [d["dealer"] for d in state["deals"]] == ["Bob", "Ann", "Bob"]
    assert state["played"] == 0


def test_after_the_last_deal_there_is_no_next_deal():
    result = match(*FILLER, deal(0, 31, 61, 62))
    assert result["finished"] is True
    assert result["state"]["next_deal"] is None
    assert result["state"]["played"] == 7
    # 4 players: deal 7 is dealt by the third side again (Ann, Bob, Cor, Dirk, Ann, Bob, Cor)
    assert result["state"]["deals"][-1] == {"number": 7, "contract": "out_at_once",
                                            "dealer": "Cor"}


def test_a_refused_deal_leaves_the_next_deal_where_it_was():
    result = match(deal(0, 45, 12, 88), deal(0, 0, 12, 88))
    assert result["state"]["next_deal"] == {"number": 2, "contract": "run3", "dealer": "Bob"}
