"""Season standings refuse a bad document with codes, never an exception: DOCUMENT_INVALID,
RULES_INVALID (naming the rule's field) and EVENING_INVALID (naming the evening)."""

import json
import math

import pytest

from scoring import standings

GOOD_EVENING = {"id": "e1", "scores": {"Ann": 5, "Bob": 3}}


def errors(doc):
    result = standings(doc)
    assert result["valid"] is False and result["rows"] == []
    assert json.loads(json.dumps(result)) == result
    for error in result["errors"]:
        assert set(error) == {"code", "field", "params"}
    return [(e["code"], e["field"]) for e in result["errors"]], result["errors"]


def rules_errors(rules):
    found, _ = errors({"rules": rules, "evenings": [GOOD_EVENING]})
    return found


@pytest.mark.parametrize("doc", [None, [], "season", 3, 2.5, True])
def test_a_document_that_is_not_an_object(doc):
    assert errors(doc)[0] == [("DOCUMENT_INVALID", None)]


@pytest.mark.parametrize("evenings", [None, {}, "e1", 7])
def test_evenings_must_be_a_list(evenings):
    doc = {"evenings": evenings} if evenings is not None else {}
    assert errors(doc)[0] == [("DOCUMENT_INVALID", "evenings")]


@pytest.mark.parametrize("members", [{}, "Ann", 3])
def test_members_must_be_a_list(members):
    assert errors({"members": members, "evenings": []})[0] == [("DOCUMENT_INVALID", "members")]


@pytest.mark.parametrize("member", ["", "  ", 3, None, True, ["Ann"]])
def test_members_must_be_names(member):
    assert errors({"members": ["Ann", member], "evenings": []})[0] == [
        ("DOCUMENT_INVALID", "members")]


def test_members_must_be_unique():
    found, details = errors({"members": ["Ann", "Ann"], "evenings": []})
    assert found == [("DOCUMENT_INVALID", "members")]
    assert details[0]["params"] == {"reason": "duplicate", "member": "Ann"}


@pytest.mark.parametrize(("rules", "field"), [
    ("total", None),
    ([], None),
    ({"colour": "red"}, "colour"),
    ({"better": "more"}, "better"),
    ({"better": None}, "better"),
    ({"rank_by": "wins"}, "rank_by"),
    ({"count": "best"}, "count"),
    ({"count": {"best": 2, "drop": 1}}, "count"),
    ({"count": {}}, "count"),
    ({"count": {"best": 0}}, "count.best"),
    ({"count": {"best": True}}, "count.best"),
    ({"count": {"best": 2.0}}, "count.best"),
    ({"count": {"best": "2"}}, "count.best"),
    ({"count": {"drop": -1}}, "count.drop"),
    ({"count": {"drop": 10**30}}, "count.drop"),
    ({"min_played": -1}, "min_played"),
    ({"min_played": False}, "min_played"),
    ({"min_played": math.nan}, "min_played"),
    ({"absent": None}, "absent"),
    ({"absent": "worst"}, "absent"),
    ({"absent": {"late": "worst"}}, "absent.late"),
    ({"absent": {"notified": "best"}}, "absent.notified"),
    ({"absent": {"notified": {"fixed": 1, "x": 2}}}, "absent.notified"),
    ({"absent": {"unnotified": {"fixed": 1.5}}}, "absent.unnotified.fixed"),
    ({"absent": {"unnotified": {"fixed": True}}}, "absent.unnotified.fixed"),
    ({"absent": {"max_scored": -1}}, "absent.max_scored"),
    ({"absent": {"max_scored": "2"}}, "absent.max_scored"),
    ({"tiebreaks": "name"}, "tiebreaks"),
    ({"tiebreaks": ["name", "name"]}, "tiebreaks"),
    ({"tiebreaks": ["age"]}, "tiebreaks"),
    ({"tiebreaks": [["name"]]}, "tiebreaks"),
    ({"periods": []}, "periods"),
    ({"periods": {"count": "all"}}, "periods.periods"),
    ({"periods": {"periods": [["e1"]], "size": 4}}, "periods.size"),
    ({"periods": {"periods": ["e1"]}}, "periods.periods"),
    ({"periods": {"periods": [["e1", 1]]}}, "periods.periods"),
    ({"periods": {"periods": [["e1"]], "count": {"best": 0}}}, "periods.count.best"),
    ({"periods": {"periods": [["e1"]], "season_count": "most"}}, "periods.season_count"),
    ({"periods": {"periods": [["e1"]]}, "rank_by": "average"}, "rank_by"),
    ({"periods": {"periods": [["e1"]]}, "count": {"best": 3}}, "count"),
    ({1: "x"}, None),
])
def test_rules_invalid_names_the_field(rules, field):
    assert rules_errors(rules) == [("RULES_INVALID", field)]


def test_every_bad_rule_is_named_at_once():
    assert rules_errors({"better": "x", "count": {"best": -1}, "tiebreaks": 3}) == [
        ("RULES_INVALID", "better"), ("RULES_INVALID", "count.best"),
        ("RULES_INVALID", "tiebreaks")]


def test_null_rules_and_null_max_scored_and_periods_are_defaults():
    for rules in (None, {}, {"periods": None, "absent": {"max_scored": None}}):
        assert standings({"rules": rules, "evenings": [GOOD_EVENING]})["valid"]


@pytest.mark.parametrize(("periods", "reason", "evening"), [
    ([["e1"], ["e1", "e2"]], "evening_twice", "e1"),
    ([["e1", "e9"], ["e2"]], "unknown_evening", "e9"),
    ([["e1"]], "evening_missing", "e2"),
])
def test_periods_must_cover_every_played_counting_evening_once(periods, reason, evening):
    doc = {"rules": {"periods": {"periods": periods}},
           "evenings": [GOOD_EVENING, {"id": "e2", "scores": {"Ann": 1}}]}
    found, details = errors(doc)
    assert found == [("RULES_INVALID", "periods")]
    assert details[0]["params"] == {"reason": reason, "id": evening}


def evening_errors(*evenings, members=None):
    doc = {"evenings": list(evenings)}
    if members is not None:
        doc["members"] = members
    return errors(doc)


@pytest.mark.parametrize(("bad", "field", "reason"), [
    ("e1", None, "not_object"),
    ({"scores": {"Ann": 1}}, "id", "missing"),
    ({"id": "", "scores": {}}, "id", "bad_value"),
    ({"id": 7, "scores": {}}, "id", "bad_value"),
    ({"id": "e2", "scores": [1, 2]}, "scores", "not_object"),
    ({"id": "e2", "scores": {"Ann": "45"}}, "scores", "not_integer"),
    ({"id": "e2", "scores": {"Ann": True}}, "scores", "not_integer"),
    ({"id": "e2", "scores": {"Ann": 4.0}}, "scores", "not_integer"),
    ({"id": "e2", "scores": {"Ann": math.nan}}, "scores", "not_integer"),
    ({"id": "e2", "scores": {"Ann": math.inf}}, "scores", "not_integer"),
    ({"id": "e2", "scores": {"Ann": 2**53}}, "scores", "not_integer"),
    ({"id": "e2", "scores": {"Ann": None}}, "scores", "not_integer"),
    ({"id": "e2", "scores": {"": 4}}, "scores", "bad_member"),
    ({"id": "e2", "scores": {"  ": 4}}, "scores", "bad_member"),
    ({"id": "e2", "scores": {3: 4}}, "scores", "bad_member"),
    ({"id": "e2", "scores": {"Ann": 4}, "counts": "yes"}, "counts", "not_boolean"),
    ({"id": "e2", "scores": {"Ann": 4}, "counts": 1}, "counts", "not_boolean"),
    ({"id": "e2", "scores": {"Ann": 4}, "wins": [1]}, "wins", "not_object"),
    ({"id": "e2", "scores": {"Ann": 4}, "wins": {"Ann": -1}}, "wins", "not_integer"),
    ({"id": "e2", "scores": {"Ann": 4}, "wins": {"Ann": 1.0}}, "wins", "not_integer"),
    ({"id": "e2", "scores": {"Ann": 4}, "wins": {"Bob": 1}}, "wins", "not_played"),
    ({"id": "e2", "scores": {"Ann": 4}, "wins": {"": 1}}, "wins", "bad_member"),
    ({"id": "e2", "scores": {"Ann": 4}, "notified": "Bob"}, "notified", "not_list"),
    ({"id": "e2", "scores": {"Ann": 4}, "notified": [{"Bob": 1}]}, "notified", "bad_member"),
])
def test_evening_invalid_names_the_evening(bad, field, reason):
    found, details = evening_errors(GOOD_EVENING, bad)
    assert found == [("EVENING_INVALID", field)]
    assert details[0]["params"]["evening"] == 2
    assert details[0]["params"]["reason"] == reason


def test_evening_invalid_gives_the_id_and_the_member():
    _, details = evening_errors(GOOD_EVENING, {"id": "e2", "scores": {"Bob": "7"}})
    assert details[0]["params"] == {"evening": 2, "id": "e2", "reason": "not_integer",
                                    "member": "Bob"}


def test_a_duplicated_id():
    found, details = evening_errors(GOOD_EVENING, GOOD_EVENING)
    assert found == [("EVENING_INVALID", "id")]
    assert details[0]["params"] == {"evening": 2, "id": "e1", "reason": "duplicate"}


def test_a_bad_evening_that_does_not_count_is_still_refused():
    found, _ = evening_errors(GOOD_EVENING, {"id": "e2", "counts": False, "scores": {"A": "x"}})
    assert found == [("EVENING_INVALID", "scores")]


def test_a_score_for_someone_not_among_the_members():
    found, details = evening_errors(GOOD_EVENING, members=["Ann"])
    assert found == [("EVENING_INVALID", "scores")]
    assert details[0]["params"] == {"evening": 1, "id": "e1", "reason": "unknown_member",
                                    "member": "Bob"}


def test_a_call_off_from_someone_not_among_the_members():
    found, _ = evening_errors({**GOOD_EVENING, "notified": ["Zoe"]}, members=["Ann", "Bob"])
    assert found == [("EVENING_INVALID", "notified")]


def test_guests_on_an_evening_that_does_not_count_are_no_error():
    doc = {"members": ["Ann", "Bob"],
           "evenings": [GOOD_EVENING, {"id": "prize", "counts": False, "scores": {"Guest": 9}},
                        {"id": "later", "scores": {}, "notified": ["Someone"]}]}
    assert standings(doc)["valid"]


def test_unknown_keys_of_the_document_and_of_an_evening_are_ignored():
    doc = {"evenings": [{**GOOD_EVENING, "date": "2025-01-07"}], "club": "De Klaverjassers"}
    assert standings(doc)["valid"]


def test_every_bad_evening_is_named_at_once():
    found, details = evening_errors({"id": "a", "scores": {"Ann": "1"}}, 5,
                                    {"id": "c", "scores": {"Ann": 1.5}})
    assert [d["params"]["evening"] for d in details] == [1, 2, 3]
    assert [code for code, _ in found] == ["EVENING_INVALID"] * 3


def test_rules_and_evening_problems_come_together():
    found, _ = errors({"rules": {"better": 1}, "evenings": [{"id": "e1", "scores": {"A": "x"}}]})
    assert found == [("RULES_INVALID", "better"), ("EVENING_INVALID", "scores")]


def test_deeply_nested_junk_is_refused_not_recursed():
    junk: object = []
    for _ in range(100_000):
        junk = [junk]
    found, _ = errors({"rules": {"tiebreaks": junk}, "evenings": [
        {"id": "e1", "scores": {"Ann": junk}, "notified": junk}]})
    assert found == [("RULES_INVALID", "tiebreaks"), ("EVENING_INVALID", "scores"),
                     ("EVENING_INVALID", "notified")]
