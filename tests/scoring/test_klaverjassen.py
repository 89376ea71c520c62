"""Klaverjassen: every worked example of ../shared/rules/klaverjassen.md, every code, and the
rules as properties over generated boompjes."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import ALL_GAMES, GAMES, evaluate, side_points_bounds, sweep_points
from scoring.issues import COMMON_CODES

from .strategies.klaverjassen import valid_matches

SIDES = ["Wij", "Zij"]
KJ = ALL_GAMES["klaverjassen"]
CODES = set(COMMON_CODES) | set(KJ.error_codes) | set(KJ.warning_codes)
PROPERTIES = settings(max_examples=150, deadline=None,
                      suppress_health_check=[HealthCheck.too_slow])


def deal(played, points=None, roem=None, **more):
    """A deal as the tellijst has it: points and roem as (Wij, Zij)."""
    hand = {"played": played}
    if points is not None:
        hand["points"] = dict(zip(SIDES, points, strict=True))
    if roem is not None:
        hand["roem"] = dict(zip(SIDES, roem, strict=True))
    hand.update(more)
    return hand


def match(*hands, options=None, sides=SIDES):
    doc = {"game": "klaverjassen", "sides": sides, "hands": list(hands)}
    if options is not None:
        doc["options"] = options
    return evaluate(doc)


def score(result, number=1):
    points = result["hands"][number - 1]["points"]
    return points["Wij"], points["Zij"]


def codes(result):
    return [e["code"] for e in result["errors"]]


def warning_codes(result):
    return [w["code"] for w in result["warnings"]]


# -- the worked examples -----------------------------------------------------------------------
def test_the_playing_team_stands_and_each_keeps_its_own():
    result = match(deal("Wij", (90, 72), (20, 0)))
    assert result["valid"] and result["warnings"] == []
    assert score(result) == (110, 72)
    assert result["hands"][0] == {
        "played": "Wij", "nat": False, "pit": None, "verzaakt": None,
        "card_points": {"Wij": 90, "Zij": 72}, "roem": {"Wij": 20, "Zij": 0},
        "points": {"Wij": 110, "Zij": 72}, "player_adjustment": None,
    }


def test_nat_gives_the_other_team_162_and_the_playing_teams_roem():
    result = match(deal("Wij", (70, 92), (20, 0)))  # 90 against 92
    assert score(result) == (0, 182)
    assert result["hands"][0]["nat"] is True


def test_nat_gives_the_other_team_both_teams_roem():
    result = match(deal("Zij", (95, 67), (20, 20)))  # Zij 87 against 115
    assert score(result) == (202, 0)
    assert result["hands"][0]["roem"] == {"Wij": 40, "Zij": 0}


def test_a_nat_written_the_paper_way_gives_the_same_without_a_warning():
    result = match(deal("Wij", (0, 162), (20, 0)))
    assert result["valid"] and result["warnings"] == []
    assert score(result) == (0, 182)


@pytest.mark.parametrize("points, roem, nat, stands", [
    ((81, 81), None, (0, 162), (81, 81)),
    ((71, 91), (20, 0), (0, 182), (91, 91)),
])
def test_exactly_half_is_nat_unless_the_club_lets_it_stand(points, roem, nat, stands):
    assert score(match(deal("Wij", points, roem))) == nat
    result = match(deal("Wij", points, roem), options={"nat_on_half": "stands"})
    assert score(result) == stands and result["hands"][0]["nat"] is False


def test_a_pit_earns_the_pit_bonus():
    result = match(deal("Wij", (162, 0), (50, 0), pit="Wij"))
    assert result["valid"] and result["warnings"] == []
    assert score(result) == (312, 0)
    assert result["hands"][0]["pit"] == "Wij"
    assert score(match(deal("Wij", (162, 0), (50, 0), pit="Wij"),
                       options={"pit_bonus": 200})) == (412, 0)


def test_a_tegenpit_makes_the_playing_team_nat():
    result = match(deal("Wij", (0, 162), (0, 20), pit="Zij"))
    assert score(result) == (0, 282)
    assert result["hands"][0]["nat"] is True and result["hands"][0]["pit"] == "Zij"


def test_a_revoke_gives_the_other_team_162_and_the_penalty():
    result = match(deal("Wij", (100, 62), (20, 0), verzaakt="Zij"))
    assert score(result) == (262, 0)
    assert result["hands"][0]["nat"] is False and result["hands"][0]["verzaakt"] == "Zij"
    assert result["state"]["Zij"]["verzaakt"] == 1


def test_a_revoke_needs_nothing_more():
    assert score(match({"played": "Wij", "verzaakt": "Wij"})) == (0, 262)
    assert score(match({"played": "Wij", "verzaakt": "Wij"},
                       options={"verzaken_penalty": 50})) == (0, 212)


def test_a_revoke_by_one_player_costs_that_player_alone():
    result = match(deal("Wij", (100, 62), (20, 0), verzaakt="Zij", verzaakt_player=2),
                   options={"verzaken": "player"})
    assert result["valid"]
    assert score(result) == (120, 62)
    assert result["totals"] == {"Wij": 120, "Zij": 62}
    assert result["hands"][0]["player_adjustment"] == {"side": "Zij", "player": 2,
                                                        "points": -100}
    assert result["state"]["Zij"]["player_adjustments"] == [0, -100]
    assert result["state"]["Wij"]["player_adjustments"] == [0, 0]


def test_a_revoke_by_one_player_must_name_the_player():
    result = match(deal("Wij", (100, 62), (20, 0), verzaakt="Zij"),
                   options={"verzaken": "player"})
    assert codes(result) == ["KJ_VERZAKEN_INVALID"]
    assert result["errors"][0]["params"] == {"reason": "player_missing"}


def test_points_must_add_up_to_162():
    result = match(deal("Wij", (90, 70)))
    assert codes(result) == ["KJ_POINTS_SUM"]
    assert result["errors"][0]["params"] == {"sum": 160, "expected": 162}


def test_no_team_has_1_or_161_points():
    result = match(deal("Wij", (161, 1)))
    assert codes(result) == ["KJ_POINTS_RANGE", "KJ_POINTS_RANGE"]
    assert [e["params"]["value"] for e in result["errors"]] == [161, 1]
    assert result["errors"][0]["params"] == {"value": 161, "min": 0, "max": 162}


@pytest.mark.parametrize("points", [(-10, 172), (172, -10)])
def test_points_below_0_or_above_162(points):
    assert set(codes(match(deal("Wij", points)))) == {"KJ_POINTS_RANGE"}


@pytest.mark.parametrize("roem", [30, 25, -20, 10])
def test_roem_that_cannot_be_made(roem):
    result = match(deal("Wij", (90, 72), (roem, 0)))
    assert codes(result) == ["KJ_ROEM_STEP"]
    assert result["errors"][0]["params"] == {"value": roem}
    assert result["errors"][0]["side"] == "Wij"


def test_more_roem_than_eight_tricks_can_hold():
    result = match(deal("Wij", (90, 72), (500, 410)))
    assert codes(result) == ["KJ_ROEM_TOO_HIGH"]
    assert result["errors"][0]["params"] == {"value": 910, "max": 900}


def test_the_pit_team_has_all_points():
    result = match(deal("Wij", (150, 12), pit="Wij"))
    assert codes(result) == ["KJ_PIT_POINTS"]
    assert result["errors"][0]["params"] == {"value": 150, "expected": 162}


def test_the_team_without_a_trick_has_no_roem():
    result = match(deal("Wij", (162, 0), (0, 20), pit="Wij"))
    assert codes(result) == ["KJ_PIT_ROEM"]
    assert result["errors"][0]["params"] == {"value": 20}
    assert result["errors"][0]["side"] == "Zij"


@pytest.mark.parametrize("hand", [
    deal("Jullie", (90, 72)),
    {"points": {"Wij": 90, "Zij": 72}},
    deal(None, (90, 72)),
    deal(["Wij"], (90, 72)),
])
def test_played_must_be_one_of_the_teams(hand):
    assert codes(match(hand)) == ["KJ_PLAYED_INVALID"]


def test_roem_above_200_is_a_warning():
    result = match(deal("Wij", (90, 72), (250, 0)))
    assert result["valid"]
    assert warning_codes(result) == ["KJ_ROEM_HIGH"]
    assert result["warnings"][0]["params"] == {"value": 250, "max": 200}


def test_all_points_without_a_pit_is_a_warning():
    result = match(deal("Wij", (162, 0)))
    assert result["valid"]
    assert warning_codes(result) == ["KJ_PIT_MISSING"]
    assert score(result) == (162, 0)


def test_roem_max_is_a_club_option():
    result = match(deal("Wij", (90, 72), (400, 400)))
    assert result["valid"] and warning_codes(result) == ["KJ_ROEM_HIGH", "KJ_ROEM_HIGH"]
    result = match(deal("Wij", (90, 72), (400, 400)), options={"roem_max": 700})
    assert codes(result) == ["KJ_ROEM_TOO_HIGH"]
    assert result["errors"][0]["params"] == {"value": 800, "max": 700}


def test_forced_play_makes_the_teams_alternate():
    result = match(deal("Wij", (90, 72)), deal("Wij", (90, 72)), options={"forced_play": True})
    assert codes(result) == ["KJ_PLAYED_ORDER"]
    assert result["errors"][0]["hand"] == 2
    assert result["errors"][0]["params"] == {"previous": "Wij"}
    assert match(deal("Wij", (90, 72)), deal("Wij", (90, 72)))["valid"]  # free by default
    assert match(deal("Wij", (90, 72)), deal("Zij", (72, 90)),
                 options={"forced_play": True})["valid"]


def test_three_sides_are_not_a_klaverjas_table():
    result = match(sides=["Wij", "Zij", "Jullie"])
    assert codes(result) == ["SIDES_COUNT"]
    assert result["errors"][0]["params"] == {"min": 2, "max": 2}


# -- the whole boompje -------------------------------------------------------------------------
BOOMPJE = [  # played, points Wij-Zij, roem Wij-Zij, pit, score Wij-Zij
    ("Wij", (102, 60), (20, 0), None, (122, 60)),
    ("Zij", (45, 117), (0, 20), None, (45, 137)),
    ("Wij", (74, 88), (20, 0), None, (94, 88)),
    ("Zij", (91, 71), None, None, (162, 0)),  # Zij nat
    ("Wij", (162, 0), (50, 0), "Wij", (312, 0)),
    ("Zij", (58, 104), (0, 50), None, (58, 154)),
    ("Wij", (81, 81), None, None, (0, 162)),  # half: nat
    ("Zij", (30, 132), (20, 20), None, (50, 152)),
    ("Wij", (110, 52), None, None, (110, 52)),
    ("Zij", (66, 96), (0, 20), None, (66, 116)),
    ("Wij", (97, 65), (100, 0), None, (197, 65)),
    ("Zij", (72, 90), None, None, (72, 90)),
    ("Wij", (60, 102), (20, 0), None, (0, 182)),  # nat
    ("Zij", (12, 150), (0, 70), None, (12, 220)),
    ("Wij", (120, 42), (20, 20), None, (140, 62)),
    ("Zij", (83, 79), (0, 20), None, (83, 99)),
]
BOOMPJE_HANDS = [deal(played, points, roem, pit=pit) for played, points, roem, pit, _ in BOOMPJE]


def test_a_whole_boompje():
    result = match(*BOOMPJE_HANDS)
    assert result["valid"] and result["warnings"] == []
    assert [score(result, n) for n in range(1, 17)] == [row[4] for row in BOOMPJE]
    assert result["totals"] == {"Wij": 1523, "Zij": 1639}
    assert result["competition_points"] == result["totals"] and result["better"] == "higher"
    assert result["ranking"] == [["Zij"], ["Wij"]]
    assert result["finished"] is True
    wij, zij = result["state"]["Wij"], result["state"]["Zij"]
    assert (wij["card_points"], wij["roem"], wij["played"], wij["nat"], wij["pits"]) == (
        1193, 330, 8, 2, 1)
    assert (zij["card_points"], zij["roem"], zij["nat"]) == (1399, 240, 1)
    assert (zij["played"], zij["pits"], wij["verzaakt"], zij["verzaakt"]) == (8, 0, 0, 0)


def test_a_seventeenth_deal_is_after_the_boompje():
    result = match(*BOOMPJE_HANDS, deal("Wij", (90, 72)))
    assert codes(result) == ["MATCH_FINISHED"]
    assert result["errors"][0]["hand"] == 17
    assert result["totals"] == {"Wij": 1523, "Zij": 1639}


@pytest.mark.parametrize("deals", [8, 12])
def test_a_shorter_boompje_finishes_after_its_deals(deals):
    result = match(*BOOMPJE_HANDS[:deals], options={"deals": deals})
    assert result["valid"] and result["finished"] is True
    assert codes(match(*BOOMPJE_HANDS, options={"deals": deals})) == ["MATCH_FINISHED"]
    assert match(*BOOMPJE_HANDS[:deals - 1], options={"deals": deals})["finished"] is False


def test_equal_totals_share_a_place():
    result = match(deal("Wij", (90, 72)), deal("Zij", (72, 90)))
    assert result["totals"] == {"Wij": 162, "Zij": 162}
    assert result["ranking"] == [["Wij", "Zij"]]


# -- every other code --------------------------------------------------------------------------
def test_a_pit_that_is_not_a_team():
    result = match(deal("Wij", (162, 0), pit="Jullie"))
    assert codes(result) == ["KJ_PIT_INVALID"]
    assert result["errors"][0]["field"] == "pit"


@pytest.mark.parametrize("hand, options, reason", [
    (deal("Wij", (90, 72), verzaakt="Jullie"), None, "side"),
    (deal("Wij", (90, 72), verzaakt="Zij", verzaakt_player=3), {"verzaken": "player"},
     "player_range"),
    (deal("Wij", (90, 72), verzaakt="Zij", verzaakt_player=0), None, "player_range"),
    (deal("Wij", (90, 72), verzaakt_player=1), {"verzaken": "player"},
     "player_without_verzaakt"),
    (deal("Wij", (90, 72), verzaakt_player=1), None, "player_without_verzaakt"),
])
def test_a_revoke_that_cannot_be(hand, options, reason):
    result = match(hand, options=options)
    assert codes(result) == ["KJ_VERZAKEN_INVALID"]
    assert result["errors"][0]["params"] == {"reason": reason}


def test_the_revoking_player_may_be_named_when_the_team_pays():
    result = match(deal("Wij", (90, 72), verzaakt="Zij", verzaakt_player=1))
    assert result["valid"] and score(result) == (262, 0)
    assert result["hands"][0]["player_adjustment"] is None


def test_the_points_of_a_revoke_are_checked_though_they_do_not_count():
    assert codes(match(deal("Wij", (90, 70), verzaakt="Zij"))) == ["KJ_POINTS_SUM"]
    result = match(deal("Wij", (162, 0), (50, 0), pit="Wij", verzaakt="Wij"))
    assert result["valid"] and result["warnings"] == []
    assert score(result) == (0, 262) and result["hands"][0]["pit"] is None
    assert result["state"]["Wij"]["pits"] == 0


def test_points_are_required_unless_a_revoke_decides_the_deal():
    result = match({"played": "Wij"})
    assert codes(result) == ["HAND_INVALID"] and result["errors"][0]["field"] == "points"
    assert codes(match({"played": "Wij", "points": None})) == ["HAND_INVALID"]
    assert score(match({"played": "Wij", "points": None, "roem": None, "pit": None,
                        "verzaakt": "Zij", "verzaakt_player": None})) == (262, 0)
    result = match({"played": "Wij", "verzaakt": "Zij", "verzaakt_player": 1},
                   options={"verzaken": "player"})
    assert codes(result) == ["HAND_INVALID"]


@pytest.mark.parametrize("hand, code, field", [
    ({**deal("Wij", (90, 72)), "mars": True}, "HAND_INVALID", "mars"),
    ({**deal("Wij", (90, 72)), "roem": [20, 0]}, "HAND_INVALID", "roem"),
    ({**deal("Wij", (90, 72)), "roem": 20}, "HAND_INVALID", "roem"),
    ({"played": "Wij", "points": [90, 72]}, "HAND_INVALID", "points"),
    ({"played": "Wij", "points": {"Wij": 90}}, "HAND_SIDES_MISMATCH", "points"),
    ({"played": "Wij", "points": {"Wij": 90, "Zij": 72, "Jullie": 0}}, "HAND_SIDES_MISMATCH",
     "points"),
    (deal("Wij", (90, "72")), "VALUE_NOT_INTEGER", "points"),
    (deal("Wij", (90.0, 72)), "VALUE_NOT_INTEGER", "points"),
    (deal("Wij", (90, 72), (None, 0)), "VALUE_NOT_INTEGER", "roem"),
    (deal("Wij", (90, 72), (True, 0)), "VALUE_NOT_INTEGER", "roem"),
    (deal("Wij", (90, 72), verzaakt="Zij", verzaakt_player="2"), "VALUE_NOT_INTEGER",
     "verzaakt_player"),
])
def test_malformed_deals(hand, code, field):
    result = match(hand)
    assert [(e["code"], e["field"]) for e in result["errors"]] == [(code, field)]


def test_every_error_of_the_stopping_deal_is_reported():
    result = match(deal("Jullie", (161, 3), (30, 0), pit="Niemand"))
    assert sorted(codes(result)) == ["KJ_PIT_INVALID", "KJ_PLAYED_INVALID", "KJ_POINTS_RANGE",
                                     "KJ_POINTS_SUM", "KJ_ROEM_STEP"]


def test_checking_stops_at_the_first_wrong_deal():
    result = match(deal("Wij", (90, 72)), deal("Wij", (90, 70)), deal("Wij", (90, 72)))
    assert codes(result) == ["KJ_POINTS_SUM"] and result["errors"][0]["hand"] == 2
    assert result["totals"] == {"Wij": 90, "Zij": 72} and len(result["hands"]) == 1


@pytest.mark.parametrize("options", [
    {"deals": 0}, {"deals": 41}, {"nat_on_half": "half"}, {"pit_bonus": 501},
    {"verzaken": "team"}, {"verzaken_penalty": -1}, {"roem_max": 905}, {"roem_max": 1000},
    {"forced_play": 1}, {"mars_bonus": 100}, [],
])
def test_bad_options(options):
    assert codes(match(options=options)) == ["OPTION_INVALID"]


def test_the_options_are_echoed_resolved():
    result = match(options={"deals": 12})
    assert result["options"] == {
        "deals": 12, "nat_on_half": "nat", "pit_bonus": 100, "verzaken": "opponents",
        "verzaken_penalty": 100, "roem_max": 900, "forced_play": False,
    }


def test_an_empty_boompje():
    result = match()
    assert result["valid"] and result["ranking"] == [SIDES] and result["finished"] is False
    assert result["state"]["Wij"] == {"card_points": 0, "roem": 0, "played": 0, "nat": 0,
                                      "pits": 0, "verzaakt": 0, "player_adjustments": [0, 0]}


def test_the_bounds_of_one_deal_for_a_team():
    assert side_points_bounds("klaverjassen", None, 2) == (0, 162 + 900 + 100)
    assert side_points_bounds("klaverjassen", {"roem_max": 0, "pit_bonus": 0,
                                               "verzaken_penalty": 500}, 2) == (0, 662)


def test_the_engine_plays_it_and_the_site_lists_it():
    """Its site side (tournaments/games/klaverjassen.py) has landed: GAMES lists it."""
    assert "klaverjassen" in ALL_GAMES and "klaverjassen" in GAMES
    described = KJ.describe()
    assert json.loads(json.dumps(described)) == described
    assert described["sides"] == {"min": 2, "max": 2} and described["team_game"] is True


# -- properties --------------------------------------------------------------------------------
def _decided_by_revoke(hand, options):
    return hand.get("verzaakt") is not None and options["verzaken"] == "opponents"


@PROPERTIES
@given(doc=valid_matches())
def test_a_deal_adds_up_to_162_plus_all_roem_and_the_pit_bonus(doc):
    result = evaluate(doc)
    assert result["valid"], result["errors"]
    options = result["options"]
    for hand, derived in zip(doc["hands"], result["hands"], strict=True):
        scored = sum(derived["points"].values())
        if _decided_by_revoke(hand, options):
            assert scored == 162 + options["verzaken_penalty"]
            continue
        roem = sum((hand.get("roem") or {}).values())
        bonus = options["pit_bonus"] if hand.get("pit") else 0
        assert scored == 162 + roem + bonus


@PROPERTIES
@given(doc=valid_matches())
def test_nat_moves_everything_to_the_other_team(doc):
    result = evaluate(doc)
    options = result["options"]
    for hand, derived in zip(doc["hands"], result["hands"], strict=True):
        played = hand["played"]
        other = next(s for s in doc["sides"] if s != played)
        if derived["nat"]:
            assert derived["points"][played] == 0
            roem = sum((hand.get("roem") or {}).values())
            bonus = options["pit_bonus"] if hand.get("pit") else 0
            assert derived["points"][other] == 162 + roem + bonus
        elif not _decided_by_revoke(hand, options):
            assert derived["card_points"] == hand["points"]


@PROPERTIES
@given(doc=valid_matches())
def test_totals_and_state_equal_the_sum_of_the_deals(doc):
    result = evaluate(doc)
    for side in doc["sides"]:
        hands = result["hands"]
        assert result["totals"][side] == sum(h["points"][side] for h in hands)
        state = result["state"][side]
        assert state["card_points"] == sum(h["card_points"][side] for h in hands)
        assert state["roem"] == sum(h["roem"][side] for h in hands)
        assert state["played"] == sum(h["played"] == side for h in hands)
        assert state["nat"] == sum(h["played"] == side and h["nat"] for h in hands)
        adjustments = [h["player_adjustment"] for h in hands if h["player_adjustment"]]
        assert sum(state["player_adjustments"]) == sum(
            a["points"] for a in adjustments if a["side"] == side)
    assert result["finished"] == (len(doc["hands"]) == result["options"]["deals"])


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-200, 1200) | st.floats() | st.sampled_from(
        ["Wij", "Zij", "Jullie", "nat", "", "162"]),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.sampled_from(["Wij", "Zij", "x"]), children, max_size=3),
    max_leaves=8,
)
hand_keys = st.sampled_from(["played", "points", "roem", "pit", "verzaakt", "verzaakt_player",
                             "mars"])
junk_hands = st.one_of(junk, st.dictionaries(hand_keys, junk, max_size=6))
junk_options = st.one_of(junk, st.dictionaries(st.sampled_from(
    ["deals", "nat_on_half", "pit_bonus", "verzaken", "verzaken_penalty", "roem_max",
     "forced_play", "x"]), junk, max_size=4))


@PROPERTIES
@given(hands=st.lists(junk_hands, max_size=4), options=junk_options,
       sides=st.sampled_from([SIDES, ["Wij"], "WZ", ["Wij", "Wij"], ["Wij", "Zij", "Ons"]]))
def test_evaluate_never_raises_on_json_ish_deals(hands, options, sides):
    result = evaluate({"game": "klaverjassen", "sides": sides, "options": options,
                       "hands": hands})
    assert isinstance(result["valid"], bool)
    assert result["valid"] == (result["errors"] == [])
    assert {e["code"] for e in result["errors"] + result["warnings"]} <= CODES
    assert json.loads(json.dumps(result)) == result


@pytest.mark.parametrize("options", [{}, {"pit_bonus": 200}])
def test_a_sweep_is_worth_what_a_pit_without_roem_scores(options):
    """``sweep_points``: what a reglement credits as "een mars" to a sit-out is the engine's
    own pit, never a number the site knows."""
    pit = score(match(deal("Wij", (162, 0), (0, 0), pit="Wij"), options=options))[0]
    assert sweep_points("klaverjassen", options) == pit
    assert sweep_points("klaverjassen", {"pit_bonus": "lots"}) == 262  # as evaluate reads it


@pytest.mark.parametrize("game", ["jokeren", "big_five", "high_five_1959", "high_five_crowns",
                                  "high_five_tiles"])
def test_other_games_have_no_sweep(game):
    assert sweep_points(game, {}) is None
