"""Field conditions are data (``When``, ``ExceptSides``): a malformed one, or one naming what
its game does not have, fails when the module is imported, never silently holds."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import ALL_GAMES
from scoring.base import Game
from scoring.spec import (
    BOOLEAN,
    CHOICE,
    INTEGER,
    PER_SIDE,
    ExceptSides,
    Field,
    When,
    condition_from,
)


@pytest.mark.parametrize("kwargs", [
    {},  # nothing to compare with
    {"equals": 1, "among": (1, 2)},  # two comparisons
    {"at_least": 2},  # at_least is for the number of sides only (subject "end")
    {"equals": [1]},  # not a plain value
    {"among": [1, 2]},  # a list, not a tuple
])
def test_a_malformed_condition_is_an_error(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        When("end", **kwargs)


def test_a_condition_as_text_is_an_error() -> None:
    with pytest.raises(TypeError):
        Field("out", INTEGER, condition="end == 'out'")  # type: ignore[arg-type]


def test_except_sides_is_for_a_per_side_field() -> None:
    with pytest.raises(ValueError):
        Field("out", INTEGER, condition=(ExceptSides("eliminated"),))


def _game(condition: tuple[Any, ...]) -> type[Game]:
    class Tiny(Game):  # defining the class checks its conditions
        key = "tiny"
        options = ()
        hand_fields = (
            Field("end", CHOICE, choices=("out", "blocked")),
            Field("forced", BOOLEAN, required=False),
            Field("points", PER_SIDE, item=Field("p", INTEGER), condition=condition),
        )

    return Tiny


@pytest.mark.parametrize("condition", [
    (When("ending", equals="out"),),  # no such field
    (When("options.points", equals=None),),  # no such option
    (When("points", equals=1),),  # the field itself
    (ExceptSides("end"),),  # not a side list
])
def test_a_condition_naming_what_the_game_lacks_fails_at_definition(
        condition: tuple[Any, ...]) -> None:
    with pytest.raises(ValueError):
        _game(condition)


def test_a_well_formed_condition_is_accepted_and_holds_strictly() -> None:
    _game((When("end", equals="out"), When("forced", equals=False), When("sides", at_least=2)))
    assert When("forced", equals=False).holds(False)
    assert not When("forced", equals=False).holds(0)  # 0 is not "no"
    assert not When("forced", equals=False).holds(None)
    assert When("sides", at_least=2).holds(3) and not When("sides", at_least=2).holds(1)
    assert When("end", among=("out", "blocked")).holds("blocked")


@pytest.mark.parametrize("key", sorted(ALL_GAMES))
def test_every_described_condition_reads_back_as_itself(key: str) -> None:
    for spec in ALL_GAMES[key].hand_fields:
        for condition in spec.condition:
            assert condition_from(condition.describe()) == condition or (
                isinstance(condition, When) and condition_from(condition.describe()).values
                == condition.values)
