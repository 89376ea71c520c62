"""HIGH FIVE, the French card game (Sébastien Martinand): crowns to win, penalties to go out.

Rules digest: ../shared/rules/high_five_crowns.md
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import Game, Outcome
from ..issues import VALUE_NOT_INTEGER, Issue
from ..spec import CHOICE, INTEGER, PER_SIDE, SIDE, SIDE_LIST, ExceptSides, Field, Option
from ..values import check_keys, is_int

MAX_GAMES = 50
MAX_THRESHOLD = 50
DRAW_MAX = 3  # one Crown card is worth at most 3 crowns
SCORINGS = ("wins", "places")
COUNTS = ("crowns", "penalties")

FR_WINNER_INVALID = "FR_WINNER_INVALID"
FR_ELIMINATED_INVALID = "FR_ELIMINATED_INVALID"
FR_WIN_CONDITION = "FR_WIN_CONDITION"
FR_COUNTS_INVALID = "FR_COUNTS_INVALID"
FR_CROWNS_HIGH = "FR_CROWNS_HIGH"
FR_PENALTIES_AT_LIMIT = "FR_PENALTIES_AT_LIMIT"


@dataclass(frozen=True)
class State:
    sides: tuple[str, ...]
    games: int
    threshold: int
    scoring: str
    played: int = 0

    def next(self) -> State:
        return State(self.sides, self.games, self.threshold, self.scoring, self.played + 1)


class HighFiveCrowns(Game):
    key = "high_five_crowns"
    name = "HIGH FIVE (jeu de cartes)"
    min_sides = 2
    max_sides = 6
    better = "higher"
    options = (
        Option("games", INTEGER, 1, "Games in the match.", minimum=1, maximum=MAX_GAMES),
        Option("threshold", INTEGER, 10, "Crowns to win; penalties to be eliminated.",
               minimum=1, maximum=MAX_THRESHOLD),
        Option("scoring", CHOICE, "wins",
               "Competition points per game: 'wins' = 1 for the winner; "
               "'places' = players minus place.",
               choices=SCORINGS),
    )
    hand_fields = (
        Field("winner", SIDE, "The player who won the game."),
        Field("eliminated", SIDE_LIST, "The eliminated players, in the order they went out.",
              default=[]),
        Field("crowns", PER_SIDE, "Crowns in front of each player still in the game.",
              item=Field("crowns", INTEGER, minimum=0), condition=(ExceptSides("eliminated"),)),
        Field("penalties", PER_SIDE, "Penalties in front of each player still in the game.",
              item=Field("penalties", INTEGER, minimum=0), condition=(ExceptSides("eliminated"),)),
    )
    error_codes = (
        FR_WINNER_INVALID,
        FR_ELIMINATED_INVALID,
        FR_WIN_CONDITION,
        FR_COUNTS_INVALID,
    )
    warning_codes = (FR_CROWNS_HIGH, FR_PENALTIES_AT_LIMIT)

    def start(self, sides: Sequence[str], options: Mapping[str, Any]) -> State:
        return State(tuple(sides), int(options["games"]), int(options["threshold"]),
                     str(options["scoring"]))

    def side_points_bounds(self, options: Mapping[str, Any], side_count: int) -> tuple[int, int]:
        """One game's competition points: 1 for the winner, or players minus place."""
        return 0, (1 if options["scoring"] == "wins" else side_count - 1)

    def finished(self, state: State) -> bool:
        return state.played >= state.games

    def play(self, state: State, hand: dict[str, Any]) -> Outcome:
        # Missing winner/crowns/penalties have their own codes; only these two are generic.
        errors = check_keys(hand, required=("eliminated",),
                            optional=("winner", *COUNTS))
        eliminated, issues = _eliminated(hand, state.sides)
        errors += issues
        remaining = (None if eliminated is None
                     else [s for s in state.sides if s not in eliminated])
        winner, issues = _winner(hand, state.sides)
        errors += issues
        if winner is not None and _listed(winner, hand.get("eliminated")):
            errors.append(Issue(FR_WINNER_INVALID, side=winner, field="winner",
                                params={"reason": "eliminated"}))
            winner = None
        counts: dict[str, dict[str, int] | None] = {}
        for name in COUNTS:
            counts[name], issues = _counts(hand, name, remaining)
            errors += issues
        crowns, penalties = counts["crowns"], counts["penalties"]
        warnings = _warnings(winner, crowns, penalties, state.threshold)
        if winner is not None and crowns is not None and remaining is not None:
            errors += _check_win(winner, crowns, remaining, state.threshold)
        if errors or winner is None or crowns is None or eliminated is None:
            return Outcome(errors, warnings)
        places = rank_places(state.sides, winner, eliminated, crowns)
        derived = {
            "winner": winner,
            "places": places,
            "points": game_points(places, winner, state.scoring),
        }
        return Outcome([], warnings, derived, state.next())


def _strings(values: list[Any]) -> list[str]:
    return [v for v in values if isinstance(v, str)]


def _listed(side: str, eliminated: object) -> bool:
    """The side appears in ``eliminated`` (when that is a list at all)."""
    return isinstance(eliminated, list) and side in _strings(eliminated)


def _eliminated(
    hand: Mapping[str, Any], sides: Sequence[str]
) -> tuple[list[str] | None, list[Issue]]:
    """The eliminated sides in order, or the issues (a missing one is HAND_INVALID)."""
    if "eliminated" not in hand:
        return None, []
    value = hand["eliminated"]
    if not isinstance(value, list):
        return None, [Issue(FR_ELIMINATED_INVALID, field="eliminated",
                            params={"reason": "not_list"})]
    unknown = [v for v in value if not (isinstance(v, str) and v in sides)]
    if unknown:
        return None, [Issue(FR_ELIMINATED_INVALID, field="eliminated",
                            params={"reason": "unknown", "sides": _strings(unknown)})]
    twice = [s for s in sides if value.count(s) > 1]
    if twice:
        return None, [Issue(FR_ELIMINATED_INVALID, field="eliminated",
                            params={"reason": "duplicate", "sides": twice})]
    if len(value) >= len(sides):
        return None, [Issue(FR_ELIMINATED_INVALID, field="eliminated",
                            params={"reason": "everyone"})]
    return list(value), []


def _winner(hand: Mapping[str, Any], sides: Sequence[str]) -> tuple[str | None, list[Issue]]:
    if "winner" not in hand:
        return None, [Issue(FR_WINNER_INVALID, field="winner", params={"reason": "missing"})]
    value = hand["winner"]
    if not (isinstance(value, str) and value in sides):
        return None, [Issue(FR_WINNER_INVALID, field="winner", params={"reason": "unknown"})]
    return value, []


def _counts(
    hand: Mapping[str, Any], name: str, remaining: Sequence[str] | None
) -> tuple[dict[str, int] | None, list[Issue]]:
    """Crowns or penalties per remaining side. With ``remaining`` unknown (a bad
    ``eliminated``) only the values are checked, and None comes back."""
    if name not in hand:
        return None, [Issue(FR_COUNTS_INVALID, field=name, params={"reason": "missing"})]
    value = hand[name]
    if not isinstance(value, dict):
        return None, [Issue(FR_COUNTS_INVALID, field=name, params={"reason": "not_object"})]
    if remaining is not None and (set(value) != set(remaining) or len(value) != len(remaining)):
        missing = [s for s in remaining if s not in value]
        unknown = [str(k) for k in value if k not in remaining]
        return None, [Issue(FR_COUNTS_INVALID, field=name,
                            params={"reason": "sides", "missing": missing, "unknown": unknown})]
    issues = [Issue(VALUE_NOT_INTEGER, side=str(side), field=name)
              for side, v in value.items() if not is_int(v)]
    if issues:
        return None, issues
    issues = [Issue(FR_COUNTS_INVALID, side=str(side), field=name,
                    params={"reason": "negative", "value": v})
              for side, v in value.items() if v < 0]
    if issues or remaining is None:
        return None, issues
    return {side: int(value[side]) for side in remaining}, []


def _check_win(
    winner: str, crowns: Mapping[str, int], remaining: Sequence[str], threshold: int
) -> list[Issue]:
    """Fewer crowns than the threshold wins only as the last player left."""
    if crowns[winner] < threshold and len(remaining) > 1:
        return [Issue(FR_WIN_CONDITION, side=winner, field="crowns",
                      params={"value": crowns[winner], "threshold": threshold})]
    return []


def _warnings(
    winner: str | None,
    crowns: Mapping[str, int] | None,
    penalties: Mapping[str, int] | None,
    threshold: int,
) -> list[Issue]:
    warnings: list[Issue] = []
    if winner is not None and crowns is not None and crowns[winner] > threshold + DRAW_MAX - 1:
        warnings.append(Issue(FR_CROWNS_HIGH, side=winner, field="crowns",
                              params={"value": crowns[winner], "threshold": threshold,
                                      "limit": threshold + DRAW_MAX - 1}))
    if penalties is not None:
        warnings += [Issue(FR_PENALTIES_AT_LIMIT, side=side, field="penalties",
                           params={"value": p, "threshold": threshold})
                     for side, p in penalties.items() if p >= threshold]
    return warnings


def rank_places(
    sides: Sequence[str], winner: str, eliminated: Sequence[str], crowns: Mapping[str, int]
) -> dict[str, int]:
    """Decision 2: the winner, then the others still in by crowns (sports ranking), then
    the eliminated, last eliminated first."""
    others = [s for s in crowns if s != winner]
    places = {winner: 1}
    for side in others:
        places[side] = 2 + sum(1 for o in others if crowns[o] > crowns[side])
    for back, side in enumerate(reversed(eliminated)):
        places[side] = 1 + len(crowns) + back
    return {side: places[side] for side in sides}


def game_points(places: Mapping[str, int], winner: str, scoring: str) -> dict[str, int]:
    """Decision 3: 1 for the winner ('wins'), or players minus place ('places')."""
    if scoring == "places":
        return {side: len(places) - place for side, place in places.items()}
    return {side: int(side == winner) for side in places}
