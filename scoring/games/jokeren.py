"""Amerikaans Jokeren: 7 deals a round, penalty points, lowest wins.

Rules digest: ../shared/rules/jokeren.md. The first side deals the first deal, then each next
side in order; so the sides of the document are in playing order, and the evaluation's
``state`` gives every deal of the round (its contract and dealer) and the next one, for the
score page and the printed sheet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import Conclusion, Game, Outcome
from ..issues import Issue
from ..spec import CHOICE_LIST, INTEGER, PER_SIDE, Field, Option
from ..values import check_keys, per_side_ints, rank

CONTRACTS = ("set3", "run3", "set4", "run4", "run5", "run6", "out_at_once")
DECK_VALUE = 792  # all 106 cards: 2 x 376 + 2 jokers x 20
HAND_VALUE_MAX = 150  # 13 cards: 2 jokers x 20 + 11 x 10
MIN_PENALTY = 2  # a loser holds a card; the cheapest is a 2
# out_at_once: the cheapest 13, 26 and 39 cards the losers can hold together
OUT_AT_ONCE_MIN_EACH = 31
OUT_AT_ONCE_MIN_TOTAL = {1: 31, 2: 82, 3: 154}

JK_NO_WINNER = "JK_NO_WINNER"
JK_MULTIPLE_WINNERS = "JK_MULTIPLE_WINNERS"
JK_PENALTY_IMPOSSIBLE = "JK_PENALTY_IMPOSSIBLE"
JK_PENALTY_TOO_HIGH = "JK_PENALTY_TOO_HIGH"
JK_LAST_DEAL_TOO_LOW = "JK_LAST_DEAL_TOO_LOW"
JK_PENALTY_HIGH = "JK_PENALTY_HIGH"


@dataclass(frozen=True)
class State:
    sides: tuple[str, ...]
    contracts: tuple[str, ...]
    deals: int = 0


class Jokeren(Game):
    key = "jokeren"
    name = "Amerikaans Jokeren"
    min_sides = 2
    max_sides = 4
    better = "lower"
    options = (
        Option(
            "contracts",
            CHOICE_LIST,
            list(CONTRACTS),
            "The contract of each deal; their number is the deals per round.",
            choices=CONTRACTS,
            min_items=1,
            max_items=20,
        ),
    )
    hand_fields = (
        Field(
            "penalties",
            PER_SIDE,
            "Penalty points per player: 0 for the player who went out.",
            item=Field("penalty", INTEGER, minimum=0, maximum=DECK_VALUE),
        ),
    )
    error_codes = (
        JK_NO_WINNER,
        JK_MULTIPLE_WINNERS,
        JK_PENALTY_IMPOSSIBLE,
        JK_PENALTY_TOO_HIGH,
        JK_LAST_DEAL_TOO_LOW,
    )
    warning_codes = (JK_PENALTY_HIGH,)
    extra_keys = ("state",)

    def start(self, sides: Sequence[str], options: Mapping[str, Any]) -> State:
        return State(tuple(sides), tuple(options["contracts"]))

    def side_points_bounds(self, options: Mapping[str, Any], side_count: int) -> tuple[int, int]:
        """A penalty: 0 for the player who went out, at most every card's value."""
        return 0, DECK_VALUE

    def finished(self, state: State) -> bool:
        return state.deals >= len(state.contracts)

    def play(self, state: State, hand: dict[str, Any]) -> Outcome:
        errors = check_keys(hand, required=("penalties",))
        if errors:
            return Outcome(errors)
        penalties, errors = per_side_ints(hand["penalties"], state.sides, "penalties")
        if penalties is None:
            return Outcome(errors)

        contract = state.contracts[state.deals]
        errors, warnings = _check_penalties(penalties, contract)
        if errors:
            return Outcome(errors, warnings)
        winner = next(side for side, p in penalties.items() if p == 0)
        derived = {
            "points": penalties,
            "winner": winner,
            "contract": contract,
            "dealer": dealer(state, state.deals),
        }
        return Outcome([], warnings, derived, State(state.sides, state.contracts, state.deals + 1))

    def conclude(self, state: State, totals: dict[str, int]) -> Conclusion:
        ranking = rank(state.sides, totals, self.better)
        return Conclusion(totals, dict(totals), ranking, {"state": describe(state)})


def dealer(state: State, index: int) -> str:
    """The side that deals deal ``index`` (0-based): the first side, then each next in order."""
    return state.sides[index % len(state.sides)]


def describe(state: State) -> dict[str, Any]:
    """Every deal of the round (number, contract, dealer), the deals played and the next deal
    (None when the round is over)."""
    deals = [{"number": i + 1, "contract": contract, "dealer": dealer(state, i)}
             for i, contract in enumerate(state.contracts)]
    upcoming = deals[state.deals] if state.deals < len(deals) else None
    return {"deals": deals, "played": state.deals, "next_deal": upcoming}


def _check_penalties(penalties: dict[str, int], contract: str) -> tuple[list[Issue], list[Issue]]:
    errors: list[Issue] = []
    warnings: list[Issue] = []
    for side, p in penalties.items():
        if p < 0 or p == 1:
            errors.append(Issue(JK_PENALTY_IMPOSSIBLE, side=side, field="penalties",
                                params={"value": p, "minimum": MIN_PENALTY}))
        elif p > DECK_VALUE:
            errors.append(Issue(JK_PENALTY_TOO_HIGH, side=side, field="penalties",
                                params={"value": p, "maximum": DECK_VALUE}))
        elif p > HAND_VALUE_MAX:
            warnings.append(Issue(JK_PENALTY_HIGH, side=side, field="penalties",
                                  params={"value": p, "limit": HAND_VALUE_MAX}))
    deal_sum = sum(penalties.values())
    if deal_sum > DECK_VALUE and not any(e.code == JK_PENALTY_TOO_HIGH for e in errors):
        errors.append(Issue(JK_PENALTY_TOO_HIGH, field="penalties",
                            params={"value": deal_sum, "maximum": DECK_VALUE}))

    winners = [side for side, p in penalties.items() if p == 0]
    if not winners:
        errors.append(Issue(JK_NO_WINNER, field="penalties"))
    elif len(winners) > 1:
        errors.append(Issue(JK_MULTIPLE_WINNERS, field="penalties", params={"sides": winners}))
    elif contract == "out_at_once" and not errors:
        errors += _check_out_at_once(penalties)
    return errors, warnings


def _check_out_at_once(penalties: dict[str, int]) -> list[Issue]:
    losers = {side: p for side, p in penalties.items() if p != 0}
    errors = [
        Issue(JK_LAST_DEAL_TOO_LOW, side=side, field="penalties",
              params={"value": p, "minimum": OUT_AT_ONCE_MIN_EACH})
        for side, p in losers.items()
        if p < OUT_AT_ONCE_MIN_EACH
    ]
    minimum = OUT_AT_ONCE_MIN_TOTAL[len(losers)]
    if not errors and sum(losers.values()) < minimum:
        errors.append(Issue(JK_LAST_DEAL_TOO_LOW, field="penalties",
                            params={"value": sum(losers.values()), "minimum": minimum}))
    return errors
