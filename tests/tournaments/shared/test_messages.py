"""Every engine code has its own sentence, in English and in Dutch, that names the rule."""

import pytest
from django.utils import translation

from scoring import GAMES, evaluate
from tournaments.shared.messages import all_messages, issue_message

ALL_CODES = sorted({
    code
    for game in GAMES.values()
    for code in game.describe()["error_codes"] + game.describe()["warning_codes"]
})


def _generic(code: str) -> str:
    return issue_message({"code": "NO_SUCH_CODE_" + code})


@pytest.mark.parametrize("code", ALL_CODES)
@pytest.mark.parametrize("language", ["en", "nl"])
def test_every_code_has_its_own_message(code: str, language: str) -> None:
    with translation.override(language):
        text = issue_message({"code": code, "hand": 1, "side": "Ann", "field": "penalties",
                              "params": {}})
        assert code in all_messages()
        assert code not in text
        assert text != _generic(code).replace("NO_SUCH_CODE_" + code, code)
        assert len(text) > 20


def test_unknown_code_gets_a_generic_sentence_with_the_code() -> None:
    with translation.override("en"):
        assert "XX_NEW" in issue_message({"code": "XX_NEW", "params": {}})


def test_params_and_display_names_are_used() -> None:
    result = evaluate({"game": "jokeren", "sides": ["a", "b", "c"],
                       "hands": [{"penalties": {"a": 0, "b": 0, "c": 12}}]})
    [issue] = result["errors"]
    with translation.override("en"):
        text = issue_message(issue, sides_display={"a": "Ann", "b": "Bob"})
    assert text == "Only one player can go out in a deal: Ann and Bob all have 0."
    with translation.override("nl"):
        text = issue_message(issue, sides_display={"a": "Ann", "b": "Bob"})
    assert text == "Er kan maar één speler per spel uitgaan: Ann en Bob hebben 0."


def test_real_engine_issues_of_every_game_read_well() -> None:
    cases = [
        {"game": "high_five_1959", "sides": ["A", "B"], "hands": [{"end": "out", "out": "A",
         "sides": {"A": {"opened": True, "target": 80, "opening": 75, "table": 500, "fives": 5,
                         "straights": 1, "hand": 0},
                   "B": {"opened": False, "target": None, "table": 0, "fives": 0,
                         "straights": 0, "hand": 100}}}]},
        {"game": "big_five", "sides": ["A", "B", "C", "D"],
         "hands": [{"end": "went_out", "cards_left": {"A": 0, "B": 25, "C": 3, "D": 9}}]},
        {"game": "high_five_crowns", "sides": ["A", "B"],
         "hands": [{"winner": "A", "eliminated": ["A"], "crowns": {"B": 1},
                    "penalties": {"B": 1}}]},
        {"game": "high_five_tiles", "sides": ["A", "B"],
         "hands": [{"side": "B", "tiles_placed": 3, "category": "pair", "points": 2}]},
    ]
    with translation.override("en"):
        texts = [issue_message(evaluate(doc)["errors"][0]) for doc in cases]
    assert "opening meld of 75 is below the number played for (80)" in texts[0]
    assert "25 cards left is impossible" in texts[1]
    assert "eliminated and cannot also be the winner" in texts[2]
    assert "It is A's turn" in texts[3]
@pytest.mark.parametrize("code", ALL_CODES)
def test_dutch_differs_from_english(code: str) -> None:
    issue = {"code": code, "hand": 1, "side": "Ann", "field": "penalties",
             "params": {"value": 1, "sides": ["Ann", "Bob"]}}
    with translation.override("en"):
        english = issue_message(issue)
    with translation.override("nl"):
        dutch = issue_message(issue)
    assert dutch != english, code


