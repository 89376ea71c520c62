"""``evaluate``: a match document in, an evaluation out. Never raises."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .base import Game
from .issues import (
    DOCUMENT_INVALID,
    GAME_UNKNOWN,
    HAND_INVALID,
    MATCH_FINISHED,
    SIDES_COUNT,
    SIDES_INVALID,
    Issue,
)
from .registry import ALL_GAMES


def _empty(game: object, errors: list[Issue]) -> dict[str, Any]:
    return {
        "game": game if isinstance(game, str) else None,
        "options": {},
        "valid": False,
        "errors": [e.as_dict() for e in errors],
        "warnings": [],
        "hands": [],
        "totals": {},
        "competition_points": {},
        "better": None,
        "ranking": [],
        "finished": False,
    }


def _check_sides(sides: list[Any], game: Game | None) -> list[Issue]:
    names_ok = all(isinstance(s, str) and s.strip() for s in sides)
    if not names_ok or len(set(sides)) != len(sides):
        return [Issue(SIDES_INVALID, field="sides")]
    if game is not None and not game.min_sides <= len(sides) <= game.max_sides:
        return [Issue(SIDES_COUNT, field="sides",
                      params={"min": game.min_sides, "max": game.max_sides})]
    return []


def evaluate(document: object) -> dict[str, Any]:
    """Check a match document against its game's rules and derive every value.

    See ../shared/rules/README.md for the contract. Problems come back as errors.
    """
    if not isinstance(document, dict):
        return _empty(None, [Issue(DOCUMENT_INVALID)])

    errors: list[Issue] = []
    key = document.get("game")
    game = ALL_GAMES.get(key) if isinstance(key, str) else None
    if game is None:
        errors.append(Issue(GAME_UNKNOWN, field="game"))

    sides_raw = document.get("sides")
    sides: list[str] | None = None
    if not isinstance(sides_raw, list):
        errors.append(Issue(DOCUMENT_INVALID, field="sides"))
    else:
        side_issues = _check_sides(sides_raw, game)
        errors += side_issues
        if not side_issues:
            sides = list(sides_raw)

    hands = document.get("hands")
    if not isinstance(hands, list):
        errors.append(Issue(DOCUMENT_INVALID, field="hands"))

    if game is None:
        return _empty(key, errors)

    options, option_issues = game.resolve_options(document.get("options"), sides)
    errors += option_issues
    if sides is None:
        result = _empty(key, errors)
        result["options"] = options
        result["better"] = game.better
        return result

    return _play(game, sides, options, hands if not errors else [], errors)


def _play(
    game: Game,
    sides: Sequence[str],
    options: dict[str, Any],
    hands: Any,
    errors: list[Issue],
) -> dict[str, Any]:
    state = game.start(sides, options)
    totals = dict.fromkeys(sides, 0)
    derived: list[dict[str, Any]] = []
    warnings: list[Issue] = []
    for number, hand in enumerate(hands, start=1):
        if game.finished(state):
            errors.append(Issue(MATCH_FINISHED, hand=number))
            break
        if not isinstance(hand, dict):
            errors.append(Issue(HAND_INVALID, hand=number))
            break
        outcome = game.play(state, hand)
        warnings += [w.at(number) for w in outcome.warnings]
        if outcome.errors:
            errors += [e.at(number) for e in outcome.errors]
            break
        state = outcome.state
        derived.append(outcome.derived)
        for side, points in outcome.derived["points"].items():
            totals[side] += points

    conclusion = game.conclude(state, totals)
    result: dict[str, Any] = {
        "game": game.key,
        "options": options,
        "valid": not errors,
        "errors": [e.as_dict() for e in errors],
        "warnings": [w.as_dict() for w in warnings],
        "hands": derived,
        "totals": conclusion.totals,
        "competition_points": conclusion.competition_points,
        "better": game.better,
        "ranking": conclusion.ranking,
        "finished": game.finished(state),
    }
    result.update(conclusion.extra)
    return result
