"""Properties of the season standings and the prizes, proven with hypothesis over generated
documents (strategies/season.py) and over arbitrary JSON."""

import copy
import json
from fractions import Fraction

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import prizes, standings

from .strategies.season import prize_documents, seasons

PROPERTY_SETTINGS = settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

ROW_KEYS = {"member", "rank", "qualified", "total", "average", "played", "counted",
            "evenings", "periods"}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["id", "scores", "rules", "evenings", "members", "wins", "notified",
                         "counts", "count", "best", "drop", "periods", "absent", "Ann", "e1",
                         "rule", "top", "positions", "better", "booby"]) | st.text(max_size=4),
        inner, max_size=5),
    max_leaves=25,
)


def valid(doc):
    result = standings(doc)
    assert result["valid"], result["errors"]
    return result


def used_ids(doc):
    return [e["id"] for e in doc["evenings"] if e.get("counts", True) and e["scores"]]


def rows_by_member(result):
    return {r["member"]: r for r in result["rows"]}


def value(row, rank_by):
    if rank_by == "average":
        return None if row["average"] is None else Fraction(
            sum(row["evenings"][i]["score"] for i in row["counted"]), len(row["counted"]))
    return row["total"]


@PROPERTY_SETTINGS
@given(doc=seasons())
def test_valid_seasons_give_one_well_formed_row_per_member(doc):
    before = copy.deepcopy(doc)
    result = valid(doc)
    assert doc == before  # the document is not changed
    assert json.loads(json.dumps(result)) == result
    members = doc.get("members") or list(dict.fromkeys(
        m for e in doc["evenings"] if e["id"] in used_ids(doc) for m in e["scores"]))
    assert sorted(r["member"] for r in result["rows"]) == sorted(members)
    for row in result["rows"]:
        assert set(row) == ROW_KEYS
        assert list(row["evenings"]) == used_ids(doc)
        assert row["played"] == sum(1 for e in row["evenings"].values() if e["absent"] is None)
        assert row["qualified"] == (row["played"] >= doc["rules"].get("min_played", 0))


@PROPERTY_SETTINGS
@given(doc=seasons())
def test_total_is_the_sum_of_the_counted_evening_scores(doc):
    for row in valid(doc)["rows"]:
        counted = [i for i, e in row["evenings"].items() if e["counted"]]
        assert row["counted"] == counted
        assert all(row["evenings"][i]["score"] is not None for i in counted)
        assert row["total"] == sum(row["evenings"][i]["score"] for i in counted)
        if row["periods"] is not None:
            assert row["total"] == sum(p["total"] for p in row["periods"] if p["counted"])
        assert (row["average"] is None) == (not counted)


@PROPERTY_SETTINGS
@given(doc=seasons())
def test_ranks_are_non_decreasing_and_shared_only_for_equal_values(doc):
    result = valid(doc)
    rank_by = doc["rules"].get("rank_by", "total")
    rows = result["rows"]
    ranked = [r for r in rows if r["rank"] is not None]
    assert rows[:len(ranked)] == ranked  # ranked rows come first
    assert all(r["qualified"] for r in ranked)
    for position, (before, after) in enumerate(zip(ranked, ranked[1:], strict=False), start=2):
        assert before["rank"] <= after["rank"]
        if before["rank"] == after["rank"]:
            assert value(before, rank_by) == value(after, rank_by)
        else:
            assert after["rank"] == position
    if ranked:
        assert ranked[0]["rank"] == 1
    unqualified = [r for r in rows if not r["qualified"]]
    assert rows[len(rows) - len(unqualified):] == unqualified


@PROPERTY_SETTINGS
@given(doc=seasons(periods=False), data=st.data())
def test_drop_k_is_best_e_minus_k_for_members_who_played_every_evening(doc, data):
    played = used_ids(doc)
    k = data.draw(st.integers(0, max(len(played) - 1, 0)))
    assume(len(played) > k)
    everywhere = [m for m in rows_by_member(valid(doc))
                  if all(m in e["scores"] for e in doc["evenings"] if e["id"] in played)]
    assume(everywhere)
    dropped = rows_by_member(valid({**doc, "rules": {**doc["rules"], "count": {"drop": k}}}))
    best = rows_by_member(valid({**doc, "rules": {**doc["rules"],
                                                  "count": {"best": len(played) - k}}}))
    for member in everywhere:
        assert dropped[member] == best[member] | {"rank": dropped[member]["rank"]}


@PROPERTY_SETTINGS
@given(doc=seasons(periods=False), extra=st.integers(0, 3))
def test_best_n_with_n_at_least_the_evenings_is_all(doc, extra):
    n = max(len(used_ids(doc)) + extra, 1)
    every = valid({**doc, "rules": {**doc["rules"], "count": "all"}})
    assert valid({**doc, "rules": {**doc["rules"], "count": {"best": n}}}) == every


def negated(doc):
    flipped = copy.deepcopy(doc)
    rules = flipped["rules"]
    rules["better"] = "lower" if rules["better"] == "higher" else "higher"
    for kind in ("notified", "unnotified"):
        if isinstance(rules["absent"][kind], dict):
            rules["absent"][kind]["fixed"] *= -1
    for evening in flipped["evenings"]:
        evening["scores"] = {m: -s for m, s in evening["scores"].items()}
    return flipped


@PROPERTY_SETTINGS
@given(doc=seasons())
def test_lower_better_on_negated_scores_ranks_the_same(doc):
    result, mirrored = valid(doc), valid(negated(doc))
    assert [(r["member"], r["rank"], r["counted"]) for r in result["rows"]] == [
        (r["member"], r["rank"], r["counted"]) for r in mirrored["rows"]]
    for row, mirror in zip(result["rows"], mirrored["rows"], strict=True):
        assert mirror["total"] == -row["total"]
        if row["average"] not in (None, "0.00"):
            assert mirror["average"] == f"-{row['average']}".replace("--", "")


@PROPERTY_SETTINGS
@given(doc=seasons(), data=st.data())
def test_members_with_identical_inputs_get_identical_rows_apart_from_the_name(doc, data):
    result = valid(doc)
    assume(result["rows"])
    original = data.draw(st.sampled_from([r["member"] for r in result["rows"]]))
    twin = original + " (tweeling)"
    assume(twin not in rows_by_member(result))
    doc = copy.deepcopy(doc)
    doc["rules"]["tiebreaks"] = [t for t in doc["rules"]["tiebreaks"] if t != "name"]
    if "members" in doc:
        doc["members"].append(twin)
    for evening in doc["evenings"]:
        for field in ("scores", "wins"):
            if original in evening.get(field, {}):
                evening[field][twin] = evening[field][original]
        if original in evening.get("notified", []):
            evening["notified"].append(twin)
    rows = rows_by_member(valid(doc))
    assert rows[twin] == rows[original] | {"member": twin}


@PROPERTY_SETTINGS
@given(doc=seasons(), at=st.integers(0, 10))
def test_an_evening_planned_ahead_changes_nothing(doc, at):
    planned = {"id": "planned", "scores": {}, "notified": []}
    later = copy.deepcopy(doc)
    later["evenings"].insert(min(at, len(later["evenings"])), planned)
    assert valid(later) == valid(doc)


def check_shape(result, items):
    assert set(result) == {"valid", "errors", items, *(["booby"] if items == "prizes" else [])}
    assert json.loads(json.dumps(result)) == result
    assert result["valid"] == (not result["errors"])
    for error in result["errors"]:
        assert set(error) == {"code", "field", "params"}
        assert error["code"] in {"DOCUMENT_INVALID", "RULES_INVALID", "EVENING_INVALID"}
        assert error["field"] is None or isinstance(error["field"], str)


@settings(max_examples=80, deadline=None)
@given(doc=json_values)
def test_never_raises_on_arbitrary_json(doc):
    check_shape(standings(doc), "rows")
    check_shape(prizes(doc), "prizes")
    if isinstance(doc, dict):
        check_shape(standings({"evenings": [doc], "rules": doc}), "rows")
        check_shape(prizes({"scores": doc, "rule": doc, "better": "higher"}), "prizes")


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


@PROPERTY_SETTINGS
@given(doc=seasons(), data=st.data())
def test_never_raises_when_any_part_of_a_valid_season_is_replaced(doc, data):
    path = data.draw(st.sampled_from(list(paths(doc))[1:] or [("rules",)]))
    junk = data.draw(json_values)
    broken = copy.deepcopy(doc)
    target = broken
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = junk
    check_shape(standings(broken), "rows")


@settings(max_examples=80, deadline=None)
@given(doc=prize_documents())
def test_prizes_keep_their_promises(doc):
    before = copy.deepcopy(doc)
    result = prizes(doc)
    assert result["valid"], result["errors"]
    assert doc == before
    check_shape(result, "prizes")
    scores, higher = doc["scores"], doc["better"] == "higher"
    n = len(scores)
    given_positions = [p["position"] for p in result["prizes"]]
    assert given_positions == sorted(set(given_positions))
    assert set(given_positions) <= set(range(1, n + 1))
    for prize in result["prizes"]:
        assert prize["members"] == sorted(prize["members"], key=lambda m: (m.casefold(), m))
        assert all(scores[m] == prize["score"] for m in prize["members"])
        assert sorted(prize["members"]) == sorted(m for m, s in scores.items()
                                                  if s == prize["score"])
        better = sum(1 for s in scores.values() if (s > prize["score"] if higher
                                                    else s < prize["score"]))
        assert better < prize["position"] <= better + len(prize["members"])
    if result["booby"] is not None:
        assert doc["booby"] and n >= 2
        worst = min(scores.values()) if higher else max(scores.values())
        assert result["booby"]["score"] == worst
        assert all(set(p["members"]).isdisjoint(result["booby"]["members"])
                   for p in result["prizes"])
    if doc["rule"].get("top", 0) >= 1 and n:
        assert given_positions[0] == 1
