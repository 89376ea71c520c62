"""Season standings: every worked example of ../shared/rules/season.md, and the rules around
them (counting, absences, periods, qualification, tie-breaks, the order and the fields)."""

import json

import pytest

from scoring import standings


def evening(id_, scores, **extra):
    return {"id": id_, "scores": scores, **extra}


def season(*evenings, rules=None, members=None):
    doc = {"evenings": list(evenings)}
    if rules is not None:
        doc["rules"] = rules
    if members is not None:
        doc["members"] = members
    result = standings(doc)
    assert result["valid"], result["errors"]
    assert json.loads(json.dumps(result)) == result
    return result


def row(result, member):
    return next(r for r in result["rows"] if r["member"] == member)


def order(result):
    return [(r["member"], r["rank"]) for r in result["rows"]]


# --- The worked examples ------------------------------------------------------------------


def test_example_1_default_rules():
    result = season(evening("e1", {"Ann": 10, "Bob": 8}), evening("e2", {"Ann": 5, "Cor": 9}))
    assert order(result) == [("Ann", 1), ("Cor", 2), ("Bob", 3)]
    assert [row(result, m)["total"] for m in ("Ann", "Cor", "Bob")] == [15, 9, 8]
    assert row(result, "Bob")["evenings"]["e2"] == {"score": None, "absent": "unnotified",
                                                    "counted": False}
    assert row(result, "Cor")["evenings"]["e1"] == {"score": None, "absent": "unnotified",
                                                    "counted": False}
    assert row(result, "Ann")["counted"] == ["e1", "e2"]
    assert row(result, "Ann")["periods"] is None


def test_example_2_best_2_of_3_lower_better():
    result = season(evening("e1", {"Ann": 120, "Bob": 100}), evening("e2", {"Ann": 80}),
                    evening("e3", {"Ann": 95, "Bob": 60}),
                    rules={"better": "lower", "count": {"best": 2}})
    ann = row(result, "Ann")
    assert ann["total"] == 175 and ann["counted"] == ["e2", "e3"]
    assert ann["evenings"]["e1"] == {"score": 120, "absent": None, "counted": False}
    assert row(result, "Bob")["total"] == 160
    assert order(result) == [("Bob", 1), ("Ann", 2)]


EXAMPLE_3 = [evening("e1", {"Ann": 7, "Bob": 6}), evening("e2", {"Ann": 3}),
             evening("e3", {"Ann": 5, "Bob": 6})]


def test_example_3_drop_1_with_played_tiebreak():
    result = season(*EXAMPLE_3, rules={"count": {"drop": 1}, "tiebreaks": ["played"]})
    assert row(result, "Ann")["total"] == 12 and row(result, "Ann")["counted"] == ["e1", "e3"]
    assert row(result, "Bob")["total"] == 12 and row(result, "Bob")["counted"] == ["e1", "e3"]
    assert order(result) == [("Ann", 1), ("Bob", 2)]


def test_example_3_drop_1_without_tiebreaks_shares_rank_1():
    result = season(*EXAMPLE_3, rules={"count": {"drop": 1}})
    assert order(result) == [("Ann", 1), ("Bob", 1)]


NOTIFIED_WORST = {"absent": {"notified": "worst", "unnotified": "nothing"}}


def test_example_4_notified_absence_scores_the_worst():
    result = season(evening("e1", {"Ann": 50, "Bob": 40}, notified=["Cor"]),
                    members=["Ann", "Bob", "Cor"], rules=NOTIFIED_WORST)
    assert row(result, "Cor")["evenings"]["e1"] == {"score": 40, "absent": "notified",
                                                    "counted": True}
    assert row(result, "Cor")["total"] == 40
    assert row(result, "Cor")["played"] == 0


def test_example_4_unnotified_absence_scores_nothing():
    result = season(evening("e1", {"Ann": 50, "Bob": 40}),
                    members=["Ann", "Bob", "Cor"], rules=NOTIFIED_WORST)
    cor = row(result, "Cor")
    assert cor["evenings"]["e1"] == {"score": None, "absent": "unnotified", "counted": False}
    assert cor["total"] == 0 and cor["average"] is None and cor["counted"] == []


def test_example_5_average_of_best_2_minimum_2_played():
    result = season(evening("e1", {"Ann": 10, "Bob": 27, "Cor": 24}), evening("e2", {"Ann": 20}),
                    evening("e3", {"Ann": 30, "Cor": 26}),
                    rules={"rank_by": "average", "count": {"best": 2}, "min_played": 2})
    assert row(result, "Ann")["average"] == "25.00"
    assert row(result, "Cor")["average"] == "25.00"
    assert row(result, "Bob")["qualified"] is False
    assert order(result) == [("Ann", 1), ("Cor", 1), ("Bob", None)]


def test_example_6_periods_best_1_each():
    result = season(evening("e1", {"Ann": 5}), evening("e2", {"Ann": 9}),
                    evening("e3", {"Ann": 4}), evening("e4", {"Ann": 6}),
                    rules={"periods": {"periods": [["e1", "e2"], ["e3", "e4"]],
                                       "count": {"best": 1}, "season_count": "all"}})
    ann = row(result, "Ann")
    assert ann["total"] == 15
    assert ann["counted"] == ["e2", "e4"]
    assert ann["periods"] == [{"total": 9, "counted": True}, {"total": 6, "counted": True}]
    assert ann["average"] == "7.50"


# --- Which evenings count ------------------------------------------------------------------


def test_an_evening_that_does_not_count_is_ignored_entirely():
    result = season(evening("open", {"Ann": 99, "Dirk": 50}, counts=False),
                    evening("e1", {"Ann": 1, "Bob": 2}))
    assert [r["member"] for r in result["rows"]] == ["Bob", "Ann"]  # Dirk is no member
    assert row(result, "Ann")["total"] == 1
    assert set(row(result, "Ann")["evenings"]) == {"e1"}


def test_an_unplayed_evening_changes_nothing():
    played = [evening("e1", {"Ann": 3, "Bob": 5})]
    rules = {"count": {"drop": 1}, "absent": {"unnotified": {"fixed": 1}}}
    before = season(*played, rules=rules)
    after = season(*played, evening("e2", {}, notified=["Ann"]), {"id": "e3"}, rules=rules)
    assert after == before


def test_drop_counts_nothing_away_before_enough_evenings():
    result = season(evening("e1", {"Ann": 3}), evening("e2", {"Ann": 4}),
                    rules={"count": {"drop": 2}})
    assert row(result, "Ann")["total"] == 7


def test_drop_after_seven_evenings_is_best_five():
    scores = [7, 1, 6, 2, 5, 4, 3]
    evenings = [evening(f"e{i}", {"Ann": s}) for i, s in enumerate(scores, start=1)]
    result = season(*evenings, rules={"count": {"drop": 2}})
    assert row(result, "Ann")["total"] == 7 + 6 + 5 + 4 + 3
    assert row(result, "Ann")["counted"] == ["e1", "e3", "e5", "e6", "e7"]


def test_best_n_with_fewer_scores_counts_them_all():
    result = season(evening("e1", {"Ann": 3, "Bob": 1}), evening("e2", {"Bob": 1}),
                    rules={"count": {"best": 5}})
    assert row(result, "Ann")["total"] == 3


def test_the_earlier_evening_counts_when_scores_tie_for_the_last_place():
    result = season(evening("e1", {"Ann": 5}), evening("e2", {"Ann": 9}),
                    evening("e3", {"Ann": 5}), rules={"count": {"best": 2}})
    assert row(result, "Ann")["counted"] == ["e1", "e2"]
    assert row(result, "Ann")["evenings"]["e3"]["counted"] is False


def test_the_earlier_evening_counts_on_a_tie_lower_better_too():
    result = season(evening("e1", {"Ann": 9}), evening("e2", {"Ann": 5}),
                    evening("e3", {"Ann": 5}), rules={"better": "lower", "count": {"best": 1}})
    assert row(result, "Ann")["counted"] == ["e2"]


# --- Absences ---------------------------------------------------------------------------------


def test_fixed_absence_score_for_unnotified():
    result = season(evening("e1", {"Ann": 50}), members=["Ann", "Bob"],
                    rules={"absent": {"unnotified": {"fixed": 7}}})
    assert row(result, "Bob")["evenings"]["e1"] == {"score": 7, "absent": "unnotified",
                                                    "counted": True}


def test_worst_is_the_highest_when_lower_is_better():
    result = season(evening("e1", {"Ann": 50, "Bob": 80}, notified=["Cor"]),
                    members=["Ann", "Bob", "Cor"],
                    rules={"better": "lower", "absent": {"notified": "worst"}})
    assert row(result, "Cor")["total"] == 80


def test_average_absence_is_the_members_own_average_rounded_half_up():
    result = season(evening("e1", {"Ann": 10, "Bob": 1}), evening("e2", {"Ann": 11, "Bob": 1}),
                    evening("e3", {"Bob": 1}, notified=["Ann"]),
                    rules={"absent": {"notified": "average"}})
    assert row(result, "Ann")["evenings"]["e3"]["score"] == 11  # 10.5 rounds up
    assert row(result, "Ann")["total"] == 32


def test_average_absence_of_negative_scores_rounds_halves_away_from_zero():
    result = season(evening("e1", {"Ann": -10, "Bob": 1}), evening("e2", {"Ann": -11, "Bob": 1}),
                    evening("e3", {"Bob": 1}, notified=["Ann"]),
                    rules={"absent": {"notified": "average"}})
    assert row(result, "Ann")["evenings"]["e3"]["score"] == -11


def test_average_absence_without_any_played_evening_scores_nothing():
    result = season(evening("e1", {"Ann": 10}, notified=["Bob"]), members=["Ann", "Bob"],
                    rules={"absent": {"notified": "average"}})
    assert row(result, "Bob")["evenings"]["e1"]["score"] is None
    assert row(result, "Bob")["average"] is None


def test_max_scored_gives_a_score_to_the_first_absences_only():
    evenings = [evening(f"e{i}", {"Ann": 10}) for i in range(1, 5)]
    result = season(*evenings, members=["Ann", "Bob"],
                    rules={"absent": {"unnotified": {"fixed": 3}, "max_scored": 2}})
    bob = row(result, "Bob")
    assert [bob["evenings"][f"e{i}"]["score"] for i in range(1, 5)] == [3, 3, None, None]
    assert bob["total"] == 6


def test_max_scored_skips_absences_that_score_nothing_anyway():
    evenings = [evening("e1", {"Ann": 10}), evening("e2", {"Ann": 10}, notified=["Bob"]),
                evening("e3", {"Ann": 10}, notified=["Bob"])]
    result = season(*evenings, members=["Ann", "Bob"],
                    rules={"absent": {"notified": {"fixed": 4}, "max_scored": 1}})
    bob = row(result, "Bob")
    assert [bob["evenings"][e]["score"] for e in ("e1", "e2", "e3")] == [None, 4, None]


def test_max_scored_zero_scores_no_absence():
    result = season(evening("e1", {"Ann": 10}), members=["Ann", "Bob"],
                    rules={"absent": {"unnotified": {"fixed": 3}, "max_scored": 0}})
    assert row(result, "Bob")["total"] == 0


def test_a_member_who_called_off_but_played_counts_as_played():
    result = season(evening("e1", {"Ann": 10, "Bob": 4}, notified=["Bob"]),
                    rules={"absent": {"notified": {"fixed": 0}}})
    assert row(result, "Bob")["evenings"]["e1"] == {"score": 4, "absent": None, "counted": True}


def test_absence_scores_count_in_best_n_and_drop():
    evenings = [evening("e1", {"Ann": 1, "Bob": 2}), evening("e2", {"Ann": 1}),
                evening("e3", {"Ann": 1, "Bob": 3})]
    result = season(*evenings, rules={"count": {"best": 2},
                                      "absent": {"unnotified": {"fixed": 9}}})
    assert row(result, "Bob")["counted"] == ["e2", "e3"]
    assert row(result, "Bob")["total"] == 12


# --- Qualification and order -----------------------------------------------------------------


def test_absence_scores_do_not_count_as_played_for_min_played():
    result = season(evening("e1", {"Ann": 5}, notified=["Bob"]), evening("e2", {"Ann": 5}),
                    members=["Ann", "Bob"],
                    rules={"min_played": 1, "absent": {"notified": {"fixed": 100}}})
    assert row(result, "Bob")["qualified"] is False
    assert order(result) == [("Ann", 1), ("Bob", None)]


def test_unqualified_members_are_ordered_as_a_ranking_among_themselves():
    result = season(evening("e1", {"Ann": 5, "Bob": 1, "Cor": 3, "Dirk": 9}),
                    evening("e2", {"Dirk": 1}), rules={"min_played": 2})
    assert order(result) == [("Dirk", 1), ("Ann", None), ("Cor", None), ("Bob", None)]


def test_ranks_are_shared_then_skipped_and_equals_are_listed_a_to_z():
    result = season(evening("e1", {"ann": 5, "Dirk": 9, "bob": 5, "Cor": 5, "Eva": 1}))
    assert order(result) == [("Dirk", 1), ("ann", 2), ("bob", 2), ("Cor", 2), ("Eva", 5)]


def test_a_member_without_any_score_gets_a_row_with_total_zero():
    result = season(evening("e1", {"Ann": -3}), members=["Ann", "Zoe"])
    zoe = row(result, "Zoe")
    assert zoe == {"member": "Zoe", "rank": 1, "qualified": True, "total": 0, "average": None,
                   "played": 0, "counted": [],
                   "evenings": {"e1": {"score": None, "absent": "unnotified", "counted": False}},
                   "periods": None}
    assert order(result) == [("Zoe", 1), ("Ann", 2)]


def test_members_with_no_average_come_after_the_others_with_rank_null():
    result = season(evening("e1", {"Ann": 4}), members=["Bob", "Ann", "Cor"],
                    rules={"rank_by": "average"})
    assert order(result) == [("Ann", 1), ("Bob", None), ("Cor", None)]
    assert row(result, "Bob")["qualified"] is True


def test_average_is_compared_exactly_not_rounded():
    # Ann 3/8 = 0.375 and Bob 5/13 = 0.3846… both show "0.38"; Bob's exact average is higher.
    evenings = [evening(f"e{i}", {**({"Ann": int(i < 3)} if i < 8 else {}), "Bob": int(i < 5)})
                for i in range(13)]
    result = season(*evenings, rules={"rank_by": "average"})
    assert row(result, "Ann")["average"] == row(result, "Bob")["average"] == "0.38"
    assert order(result) == [("Bob", 1), ("Ann", 2)]


def test_average_string_rounds_half_up():
    result = season(evening("e1", {"Ann": 1}), evening("e2", {"Ann": 0}),
                    evening("e3", {"Ann": 0}), evening("e4", {"Ann": 0}),
                    evening("e5", {"Ann": 0}), evening("e6", {"Ann": 0}),
                    evening("e7", {"Ann": 0}), evening("e8", {"Ann": 0}))
    assert row(result, "Ann")["average"] == "0.13"  # 0.125
    result = season(evening("e1", {"Ann": 10041}), evening("e2", {"Ann": 10000}))
    assert row(result, "Ann")["average"] == "10020.50"


def test_negative_average_string():
    result = season(evening("e1", {"Ann": -1}), evening("e2", {"Ann": 0}),
                    evening("e3", {"Ann": 0}), evening("e4", {"Ann": 0}),
                    evening("e5", {"Ann": 0}), evening("e6", {"Ann": 0}),
                    evening("e7", {"Ann": 0}), evening("e8", {"Ann": 0}))
    assert row(result, "Ann")["average"] == "-0.13"


# --- Tie-breaks --------------------------------------------------------------------------------

TIED = [evening("e1", {"Ann": 10, "Bob": 4, "Cor": 10}, wins={"Bob": 2, "Cor": 1}),
        evening("e2", {"Bob": 6, "Dirk": 10}, wins={"Bob": 1, "Dirk": 3})]


@pytest.mark.parametrize(("tiebreaks", "expected"), [
    ([], [("Ann", 1), ("Bob", 1), ("Cor", 1), ("Dirk", 1)]),
    (["played"], [("Bob", 1), ("Ann", 2), ("Cor", 2), ("Dirk", 2)]),
    (["best_evening"], [("Ann", 1), ("Cor", 1), ("Dirk", 1), ("Bob", 4)]),
    (["wins"], [("Bob", 1), ("Dirk", 1), ("Cor", 3), ("Ann", 4)]),
    (["wins", "name"], [("Bob", 1), ("Dirk", 2), ("Cor", 3), ("Ann", 4)]),
    (["average", "played"], [("Ann", 1), ("Cor", 1), ("Dirk", 1), ("Bob", 4)]),
    (["best_evening", "wins"], [("Dirk", 1), ("Cor", 2), ("Ann", 3), ("Bob", 4)]),
    (["name"], [("Ann", 1), ("Bob", 2), ("Cor", 3), ("Dirk", 4)]),
])
def test_tiebreaks_in_order(tiebreaks, expected):
    assert order(season(*TIED, rules={"tiebreaks": tiebreaks})) == expected


def test_best_evening_tiebreak_lower_better():
    result = season(evening("e1", {"Ann": 3, "Bob": 1}), evening("e2", {"Ann": 3, "Bob": 5}),
                    rules={"better": "lower", "tiebreaks": ["best_evening"]})
    assert order(result) == [("Bob", 1), ("Ann", 2)]


def test_average_tiebreak_uses_played_evenings_not_absence_scores():
    result = season(evening("e1", {"Ann": 6, "Bob": 5}), evening("e2", {"Bob": 5}),
                    members=["Ann", "Bob"],
                    rules={"absent": {"unnotified": {"fixed": 4}}, "tiebreaks": ["average"]})
    assert row(result, "Ann")["total"] == row(result, "Bob")["total"] == 10
    assert order(result) == [("Ann", 1), ("Bob", 2)]


def test_name_tiebreak_ignores_case_and_equal_names_share_a_rank():
    result = season(evening("e1", {"bob": 1, "Ann": 1, "ANN": 1}), rules={"tiebreaks": ["name"]})
    assert order(result) == [("ANN", 1), ("Ann", 1), ("bob", 3)]


def test_tiebreaks_order_unqualified_members_too():
    result = season(evening("e1", {"Ann": 1, "Bob": 1}, wins={"Bob": 1}),
                    rules={"min_played": 2, "tiebreaks": ["wins"]})
    assert order(result) == [("Bob", None), ("Ann", None)]


def test_wins_on_evenings_that_do_not_count_are_not_counted():
    result = season(evening("e0", {"Ann": 1}, wins={"Ann": 5}, counts=False),
                    evening("e1", {"Ann": 1, "Bob": 1}, wins={"Bob": 1}),
                    rules={"tiebreaks": ["wins"]})
    assert order(result) == [("Bob", 1), ("Ann", 2)]


# --- Periods -------------------------------------------------------------------------------------

def periods_rules(periods, count="all", season_count="all", **more):
    return {"periods": {"periods": periods, "count": count, "season_count": season_count},
            **more}


def test_periods_best_of_each_and_best_periods():
    evenings = [evening(f"e{i}", {"Ann": s}) for i, s in enumerate([5, 1, 2, 8, 3, 3], start=1)]
    rules = periods_rules([["e1", "e2"], ["e3", "e4"], ["e5", "e6"]],
                          count={"best": 1}, season_count={"best": 2})
    ann = row(season(*evenings, rules=rules), "Ann")
    assert ann["periods"] == [{"total": 5, "counted": True}, {"total": 8, "counted": True},
                              {"total": 3, "counted": False}]
    assert ann["total"] == 13 and ann["counted"] == ["e1", "e4"]
    assert ann["evenings"]["e5"]["counted"] is False
    assert ann["average"] == "6.50"


def test_a_period_not_yet_played_is_not_counted():
    rules = periods_rules([["e1"], ["e2"]], season_count={"drop": 1})
    result = season(evening("e1", {"Ann": 4}), evening("e2", {}), rules=rules)
    ann = row(result, "Ann")
    assert ann["periods"] == [{"total": 4, "counted": True}, {"total": 0, "counted": False}]
    assert ann["total"] == 4  # one played period: nothing dropped yet


def test_drop_within_a_period_uses_that_periods_played_evenings():
    evenings = [evening("e1", {"Ann": 1, "Bob": 9}), evening("e2", {"Ann": 2, "Bob": 9}),
                evening("e3", {"Ann": 3}), evening("e4", {"Bob": 7})]
    rules = periods_rules([["e1", "e2", "e3"], ["e4"]], count={"drop": 1})
    result = season(*evenings, rules=rules)
    assert row(result, "Ann")["periods"][0] == {"total": 5, "counted": True}
    assert row(result, "Bob")["periods"][0] == {"total": 18, "counted": True}
    assert row(result, "Ann")["periods"][1] == {"total": 0, "counted": False}
    assert row(result, "Bob")["periods"][1] == {"total": 7, "counted": True}


def test_a_missed_period_is_what_season_drop_drops():
    evenings = [evening("e1", {"Ann": 5, "Bob": 5}), evening("e2", {"Ann": 5}),
                evening("e3", {"Ann": 1, "Bob": 6})]
    rules = periods_rules([["e1"], ["e2"], ["e3"]], season_count={"drop": 1}, better="lower")
    result = season(*evenings, rules=rules)
    bob = row(result, "Bob")
    assert bob["total"] == 11  # his missed period, not a 0, is the one dropped
    assert [p["counted"] for p in bob["periods"]] == [True, False, True]
    assert row(result, "Ann")["total"] == 6


def test_periods_may_hold_evenings_that_do_not_count_or_are_not_played():
    evenings = [evening("open", {"Ann": 50}, counts=False), evening("e1", {"Ann": 4}),
                evening("e2", {})]
    result = season(*evenings, rules=periods_rules([["open", "e1"], ["e2"]]))
    assert row(result, "Ann")["total"] == 4
