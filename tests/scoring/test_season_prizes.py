"""One evening's prizes: the worked examples 7 and 8 of ../shared/rules/season.md, every rule
shape, tie groups at the edge, the booby prize, and the errors."""

import json
import math

import pytest

from scoring import prizes


def award(scores, rule, better="higher", booby=True):
    result = prizes({"better": better, "scores": scores, "rule": rule, "booby": booby})
    assert result["valid"], result["errors"]
    assert json.loads(json.dumps(result)) == result
    return result


def positions(result):
    return [p["position"] for p in result["prizes"]]


NINE = {name: score for name, score in zip("ABCDEFGHI", range(90, 0, -10), strict=True)}


def test_example_7_formula_of_4_with_9_players():
    result = award(NINE, {"first": 4, "then_every": 4})
    assert positions(result) == [1, 2, 3, 4, 8]
    assert [p["members"] for p in result["prizes"]] == [["A"], ["B"], ["C"], ["D"], ["H"]]
    assert result["prizes"][4]["score"] == 20
    assert result["booby"] == {"members": ["I"], "score": 10}


def test_example_8_a_tie_at_the_edge():
    result = award({"Dirk": 3, "Cor": 7, "Ann": 9, "Bob": 7}, {"top": 2})
    assert result["prizes"] == [{"position": 1, "members": ["Ann"], "score": 9},
                                {"position": 2, "members": ["Bob", "Cor"], "score": 7}]
    assert result["booby"] == {"members": ["Dirk"], "score": 3}


def test_the_contracts_example_a_group_covering_two_prizes_appears_at_both():
    result = award({"Ann": 5230, "Bob": 4890, "Cor": 4890, "Dirk": 3700}, {"top": 3})
    assert result == {
        "valid": True, "errors": [],
        "prizes": [{"position": 1, "members": ["Ann"], "score": 5230},
                   {"position": 2, "members": ["Bob", "Cor"], "score": 4890},
                   {"position": 3, "members": ["Bob", "Cor"], "score": 4890}],
        "booby": {"members": ["Dirk"], "score": 3700}}


def test_tie_groups_list_members_a_to_z_ignoring_case():
    result = award({"cor": 5, "Bob": 5, "ann": 5, "Dirk": 1}, {"top": 1})
    assert result["prizes"][0]["members"] == ["ann", "Bob", "cor"]


def test_lower_is_better():
    result = award({"Ann": 120, "Bob": 80, "Cor": 95}, {"top": 1}, better="lower")
    assert result["prizes"] == [{"position": 1, "members": ["Bob"], "score": 80}]
    assert result["booby"] == {"members": ["Ann"], "score": 120}


@pytest.mark.parametrize(("players", "per", "expected"), [
    (0, 4, []), (1, 4, [1]), (3, 4, [1]), (4, 4, [1]), (7, 4, [1]), (8, 4, [1, 2]),
    (9, 3, [1, 2, 3]), (5, 1, [1, 2, 3, 4, 5]),
])
def test_one_prize_per_k_players(players, per, expected):
    scores = {f"P{i}": 100 - i for i in range(players)}
    assert positions(award(scores, {"per": per})) == expected


def test_positions_beyond_the_player_count_are_dropped():
    three = {"Ann": 3, "Bob": 2, "Cor": 1}
    assert positions(award(three, {"top": 10})) == [1, 2, 3]
    assert positions(award(three, {"positions": [5, 2, 9]})) == [2]
    assert positions(award(three, {"first": 1, "then_every": 5})) == [1]
    assert positions(award(three, {"top": 2**53 - 1})) == [1, 2, 3]


def test_explicit_positions_in_any_order():
    result = award(NINE, {"positions": [9, 1, 5]}, booby=True)
    assert positions(result) == [1, 5, 9]
    assert result["booby"] is None  # the worst player already has position 9


def test_first_zero_then_every():
    assert positions(award(NINE, {"first": 0, "then_every": 3})) == [3, 6, 9]


def test_top_zero_gives_only_the_booby():
    result = award(NINE, {"top": 0})
    assert result["prizes"] == [] and result["booby"] == {"members": ["I"], "score": 10}


def test_no_booby_when_the_worst_group_covers_a_prize():
    result = award({"Ann": 9, "Bob": 7, "Cor": 7}, {"top": 2})
    assert result["booby"] is None


def test_the_booby_goes_to_the_whole_worst_tie_group():
    result = award({"Ann": 9, "Bob": 1, "Cor": 5, "Dirk": 1}, {"top": 1})
    assert result["booby"] == {"members": ["Bob", "Dirk"], "score": 1}


def test_no_booby_with_fewer_than_two_players_or_when_not_asked():
    assert award({"Ann": 9}, {"positions": []})["booby"] is None
    assert award({}, {"top": 3}) == {"valid": True, "errors": [], "prizes": [], "booby": None}
    assert award(NINE, {"top": 1}, booby=False)["booby"] is None


def test_defaults_higher_better_and_no_booby():
    result = prizes({"scores": {"Ann": 1, "Bob": 2, "Cor": 0}, "rule": {"top": 1}})
    assert result["prizes"] == [{"position": 1, "members": ["Bob"], "score": 2}]
    assert result["booby"] is None


def refused(doc):
    result = prizes(doc)
    assert result["valid"] is False and result["prizes"] == [] and result["booby"] is None
    assert json.loads(json.dumps(result)) == result
    return [(e["code"], e["field"]) for e in result["errors"]]


OK = {"scores": {"Ann": 1}, "rule": {"top": 1}}


@pytest.mark.parametrize("doc", [None, [], "prizes", 1])
def test_a_document_that_is_not_an_object(doc):
    assert refused(doc) == [("DOCUMENT_INVALID", None)]


@pytest.mark.parametrize("scores", [None, [], {"Ann": "5"}, {"Ann": True}, {"Ann": 1.0},
                                    {"Ann": math.nan}, {"": 4}, {5: 4}, {"Ann": 10**20}])
def test_bad_scores(scores):
    assert refused({**OK, "scores": scores}) == [("DOCUMENT_INVALID", "scores")]


@pytest.mark.parametrize(("change", "field"), [
    ({"rule": None}, "rule"),
    ({"rule": "top3"}, "rule"),
    ({"rule": {}}, "rule"),
    ({"rule": {"top": 3, "per": 4}}, "rule"),
    ({"rule": {"first": 4}}, "rule"),
    ({"rule": {"bottom": 1}}, "rule"),
    ({"rule": {1: 1}}, "rule"),
    ({"rule": {"top": -1}}, "rule.top"),
    ({"rule": {"top": True}}, "rule.top"),
    ({"rule": {"per": 0}}, "rule.per"),
    ({"rule": {"per": 2.5}}, "rule.per"),
    ({"rule": {"first": 4, "then_every": 0}}, "rule.then_every"),
    ({"rule": {"first": -1, "then_every": 4}}, "rule.first"),
    ({"rule": {"positions": [1, 1]}}, "rule.positions"),
    ({"rule": {"positions": [0]}}, "rule.positions"),
    ({"rule": {"positions": "1,2"}}, "rule.positions"),
    ({"rule": {"positions": [1.0]}}, "rule.positions"),
    ({"better": "most"}, "better"),
    ({"better": None}, "better"),
    ({"booby": "yes"}, "booby"),
    ({"booby": None}, "booby"),
])
def test_bad_rules(change, field):
    assert refused({**OK, **change}) == [("RULES_INVALID", field)]


def test_a_missing_rule_is_named():
    assert refused({"scores": {"Ann": 1}}) == [("RULES_INVALID", "rule")]


def test_every_problem_at_once():
    assert refused({"better": 0, "rule": {"top": "3"}, "scores": {"Ann": "x"}}) == [
        ("RULES_INVALID", "better"), ("RULES_INVALID", "rule.top"),
        ("DOCUMENT_INVALID", "scores")]
