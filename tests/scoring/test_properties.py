"""Properties every game keeps, proven with hypothesis over generated documents.

Each game has a strategy module in ``strategies/`` with ``valid_matches()``; a game without one
fails ``test_every_game_has_a_strategy``.
"""

import copy
import importlib
import json
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import ALL_GAMES, evaluate

PROPERTY_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def strategy_for(key):
    return importlib.import_module(f"tests.scoring.strategies.{key}").valid_matches()


def test_every_game_has_a_strategy():
    for key in ALL_GAMES:
        assert callable(importlib.import_module(f"tests.scoring.strategies.{key}").valid_matches)


def expected_totals(result):
    totals = dict.fromkeys(result["totals"], 0)
    for hand in result["hands"]:
        for side, points in hand["points"].items():
            totals[side] += points
    if result["game"] == "high_five_tiles" and result["state"]["first_out"] is not None:
        totals[result["state"]["first_out"]] += result["options"]["end_bonus"]
    return totals


@pytest.mark.parametrize("key", sorted(ALL_GAMES))
def test_valid_matches_keep_the_invariants(key):
    @PROPERTY_SETTINGS
    @given(doc=strategy_for(key))
    def check(doc):
        result = evaluate(doc)
        assert result["valid"], result["errors"]
        assert len(result["hands"]) == len(doc["hands"])
        # totals equal the sum of the hands' points
        assert result["totals"] == expected_totals(result)
        # the ranking holds every side exactly once
        ranked = [side for group in result["ranking"] for side in group]
        assert sorted(ranked) == sorted(doc["sides"]) and len(ranked) == len(doc["sides"])
        # the evaluation survives a JSON round trip, and so does the document
        assert json.loads(json.dumps(result)) == result
        assert evaluate(json.loads(json.dumps(doc))) == result

    check()


@pytest.mark.parametrize("key", sorted(ALL_GAMES))
def test_appending_a_hand_never_changes_earlier_hands(key):
    @PROPERTY_SETTINGS
    @given(doc=strategy_for(key), data=st.data())
    def check(doc, data):
        assume(doc["hands"])
        full = evaluate(doc)
        cut = data.draw(st.integers(0, len(doc["hands"]) - 1))
        prefix = evaluate({**doc, "hands": doc["hands"][:cut]})
        assert prefix["valid"]
        assert prefix["hands"] == full["hands"][:cut]

    check()


TILE = re.compile(r"^(10|[2-9AJQK])[CSHD]$|^\*$")


def vocabulary(key):
    """Strings a document of this game may hold that are not side names (renaming a side
    renames every equal string, keys included)."""
    words = {"game", "sides", "hands", "options"}

    def collect(described):
        for item in described:
            if item.get("name"):  # option and field names are keys of the document
                words.add(str(item["name"]))
            words.update(str(c) for c in item.get("choices", []))
            collect(item.get("fields", []))
            if "item" in item:
                collect([item["item"]])

    described = ALL_GAMES[key].describe()
    collect(described["options"])
    collect(described["hand_fields"])
    return words


def rename(value, names):
    if isinstance(value, dict):
        return {names.get(k, k): rename(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [rename(v, names) for v in value]
    if isinstance(value, str):
        return names.get(value, value)
    return value


@pytest.mark.parametrize("key", sorted(ALL_GAMES))
def test_renaming_sides_keeps_a_valid_document_valid(key):
    words = vocabulary(key)

    @PROPERTY_SETTINGS
    @given(doc=strategy_for(key))
    def check(doc):
        assume(not any(s in words or TILE.match(s) for s in doc["sides"]))
        names = {side: f"Tafelgenoot {i} ✓" for i, side in enumerate(doc["sides"])}
        renamed = rename(copy.deepcopy(doc), names)
        renamed["game"] = doc["game"]
        before, after = evaluate(doc), evaluate(renamed)
        assert after["valid"]
        assert after["totals"] == rename(before["totals"], names)
        assert after["ranking"] == rename(before["ranking"], names)

    check()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=25,
)


@PROPERTY_SETTINGS
@given(document=json_values)
def test_evaluate_never_raises_on_any_json(document):
    result = evaluate(document)
    assert result["valid"] is False
    assert result["errors"]


@pytest.mark.parametrize("key", sorted(ALL_GAMES))
def test_evaluate_never_raises_on_damaged_documents(key):
    """A valid document with one value anywhere in it replaced by junk."""
    junk = st.one_of(
        json_values,
        st.integers(min_value=10**30, max_value=10**40),
        st.integers(min_value=-(10**40), max_value=-(10**30)),
        st.just("🂡 Ça va"),
    )

    @PROPERTY_SETTINGS
    @given(doc=strategy_for(key), replacement=junk, data=st.data())
    def check(doc, replacement, data):
        paths = []

        def walk(value, path):
            paths.append(path)
            if isinstance(value, dict):
                for k, v in value.items():
                    walk(v, (*path, k))
            elif isinstance(value, list):
                for i, v in enumerate(value):
                    walk(v, (*path, i))

        walk(doc, ())
        path = data.draw(st.sampled_from(paths[1:]))
        damaged = copy.deepcopy(doc)
        target = damaged
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = replacement
        result = evaluate(damaged)
        assert isinstance(result["valid"], bool)
        assert json.loads(json.dumps(result)) == result

    check()


@pytest.mark.parametrize(
    "document",
    [
        None,
        42,
        "jokeren",
        [],
        {},
        {"game": "jokeren"},
        {"game": ["jokeren"], "sides": ["A", "B"], "hands": []},
        {"game": {"x": 1}, "sides": "AB", "hands": {}},
        {"game": "jokeren", "sides": [["A"], {"B": 1}], "hands": []},
        {"game": "jokeren", "sides": ["A", "B"], "hands": [None, 1, "x"]},
    ],
)
def test_evaluate_never_raises_on_wrong_types(document):
    assert evaluate(document)["valid"] is False


@pytest.mark.parametrize("key", sorted(ALL_GAMES))
def test_deep_nesting_is_refused_not_crashed(key):
    deep = []
    for _ in range(100_000):
        deep = [deep]
    sides = ["A", "B"]
    for doc in (
        {"game": key, "sides": sides, "hands": [deep]},
        {"game": key, "sides": sides, "hands": [{"x": deep}]},
        {"game": key, "sides": sides, "options": {"x": deep}, "hands": []},
        {"game": key, "sides": [deep], "hands": []},
    ):
        assert evaluate(doc)["valid"] is False


@pytest.mark.parametrize("key", sorted(ALL_GAMES))
def test_zero_hands_gives_a_tied_ranking_of_everyone(key):
    game = ALL_GAMES[key]
    sides = ["Ann", "Bob", "Cor", "Dirk"][: max(game.min_sides, 2) if game.max_sides > 1 else 1]
    result = evaluate({"game": key, "sides": sides, "hands": []})
    assert result["valid"], result["errors"]
    assert result["ranking"] == [sides]
    assert result["totals"] == dict.fromkeys(sides, 0)
    assert result["finished"] is False
    for extra in game.extra_keys:
        assert extra in result


def test_document_errors_are_all_reported_and_no_hand_is_checked():
    result = evaluate(
        {"game": "jokeren", "sides": ["A", "A"], "options": {"nope": 1}, "hands": [5]}
    )
    assert {e["code"] for e in result["errors"]} == {"SIDES_INVALID", "OPTION_INVALID"}
    assert result["hands"] == [] and result["totals"] == {} and result["ranking"] == []
    assert result["options"] == {"contracts": ALL_GAMES["jokeren"].option("contracts").default}


@pytest.mark.parametrize(
    "sides, code",
    [(["A", " "], "SIDES_INVALID"), (["A", 3], "SIDES_INVALID"), (["A", ""], "SIDES_INVALID"),
     (["A"], "SIDES_COUNT"), ("AB", "DOCUMENT_INVALID")],
)
def test_bad_sides(sides, code):
    result = evaluate({"game": "jokeren", "sides": sides, "hands": []})
    assert [e["code"] for e in result["errors"]] == [code]


def test_unknown_game_and_missing_hands_are_both_reported():
    result = evaluate({"game": "hartenjagen", "sides": ["A", "B"]})
    assert [(e["code"], e["field"]) for e in result["errors"]] == [
        ("GAME_UNKNOWN", "game"),
        ("DOCUMENT_INVALID", "hands"),
    ]


def test_unknown_top_level_keys_are_ignored():
    doc = {"game": "jokeren", "sides": ["A", "B"], "hands": [], "table": 7}
    assert evaluate(doc)["valid"]
