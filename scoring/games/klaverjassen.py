"""Klaverjassen: a boompje of 16 (12, 8) deals between two teams, nat, pit, roem and revokes.

Rules digest: ../shared/rules/klaverjassen.md. The two sides are the two teams (the "wij" and
"zij" columns of the tellijst). A hand is one deal as written: who took it on, both teams' card
points (together 162), the roem per team, a pit and a revoke; the engine applies nat, pit and
the revoke itself. Reading and checking a deal is in ``klaverjassen_checks.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..base import Conclusion, Game, Outcome
from ..spec import BOOLEAN, CHOICE, INTEGER, PER_SIDE, SIDE, Field, Option, When
from ..values import rank
from .klaverjassen_checks import (
    DEAL_POINTS,
    KJ_PIT_INVALID,
    KJ_PIT_MISSING,
    KJ_PIT_POINTS,
    KJ_PIT_ROEM,
    KJ_PLAYED_INVALID,
    KJ_PLAYED_ORDER,
    KJ_POINTS_RANGE,
    KJ_POINTS_SUM,
    KJ_ROEM_HIGH,
    KJ_ROEM_STEP,
    KJ_ROEM_TOO_HIGH,
    KJ_VERZAKEN_INVALID,
    ROEM_ALL_MAX,
    Deal,
    Rules,
    check_deal,
    deal_warnings,
    read_deal,
)

MAX_DEALS = 40
MAX_BONUS = 500  # pit_bonus and verzaken_penalty
NAT_ON_HALF = ("nat", "stands")
VERZAKEN = ("opponents", "player")


@dataclass(frozen=True)
class Tally:
    """One team's sums over the deals entered (``state`` of the evaluation)."""

    card_points: int = 0
    roem: int = 0
    played: int = 0
    nat: int = 0
    pits: int = 0
    verzaakt: int = 0
    player_adjustments: tuple[int, int] = (0, 0)

    def as_dict(self) -> dict[str, Any]:
        return {
            "card_points": self.card_points, "roem": self.roem, "played": self.played,
            "nat": self.nat, "pits": self.pits, "verzaakt": self.verzaakt,
            "player_adjustments": list(self.player_adjustments),
        }


@dataclass(frozen=True)
class State:
    rules: Rules
    deals: int
    entered: int = 0
    last_played: str | None = None
    tallies: Mapping[str, Tally] = field(default_factory=dict)


@dataclass(frozen=True)
class Score:
    """What a valid deal is worth, per team, after nat, pit and revoke."""

    card_points: dict[str, int]
    roem: dict[str, int]
    nat: bool
    pit: str | None
    adjustment: dict[str, Any] | None = None  # {"side", "player", "points"} under "player"


class Klaverjassen(Game):
    key = "klaverjassen"
    name = "Klaverjassen"
    min_sides = 2
    max_sides = 2
    better = "higher"
    team_game = True  # four players at a table are two teams, partners opposite
    extra_keys = ("state",)
    options = (
        Option("deals", INTEGER, 16, "Deals in the boompje (16; some clubs 12 or 8).",
               minimum=1, maximum=MAX_DEALS),
        Option("nat_on_half", CHOICE, "nat",
               "The playing team on exactly half: 'nat', or 'stands' (each team keeps its own "
               "points and roem).", choices=NAT_ON_HALF),
        Option("pit_bonus", INTEGER, 100, "Roem for the team that took all 8 tricks.",
               minimum=0, maximum=MAX_BONUS),
        Option("verzaken", CHOICE, "opponents",
               "A revoke: 'opponents' (the other team gets 162 + the penalty as roem, the "
               "revoking team 0) or 'player' (the deal counts as played; the revoking player "
               "alone loses the penalty).", choices=VERZAKEN),
        Option("verzaken_penalty", INTEGER, 100, "The penalty of a revoke.",
               minimum=0, maximum=MAX_BONUS),
        Option("roem_max", INTEGER, ROEM_ALL_MAX,
               "Both teams' roem in one deal at most (900; 800 where four jacks count 100).",
               minimum=0, maximum=ROEM_ALL_MAX, multiple_of=10),
        Option("forced_play", BOOLEAN, False,
               "Verplicht spelen (Utrechts): the playing team alternates deal by deal."),
    )
    hand_fields = (
        Field("played", SIDE, "The team that took the deal on (chose trump)."),
        Field("points", PER_SIDE,
              "The card points each team counted, the last trick's 10 included, before nat: "
              "together 162. May be left out when a revoke under 'opponents' decides the deal.",
              nullable=True,
              item=Field("points", INTEGER, minimum=0, maximum=DEAL_POINTS)),
        Field("roem", PER_SIDE, "The roem each team scored, without the pit bonus.",
              required=False, nullable=True,
              item=Field("roem", INTEGER, minimum=0, maximum=ROEM_ALL_MAX, multiple_of=10)),
        Field("pit", SIDE, "The team that took all 8 tricks (pit or mars).",
              required=False, nullable=True),
        Field("verzaakt", SIDE, "The team whose player revoked.", required=False, nullable=True),
        Field("verzaakt_player", INTEGER,
              "Which of the revoking team's players revoked: 1 or 2, in the order of its seats.",
              required=False, nullable=True, minimum=1, maximum=2,
              condition=(When("options.verzaken", equals="player"),)),
    )
    error_codes = (
        KJ_PLAYED_INVALID, KJ_POINTS_RANGE, KJ_POINTS_SUM, KJ_ROEM_STEP, KJ_ROEM_TOO_HIGH,
        KJ_PIT_INVALID, KJ_PIT_POINTS, KJ_PIT_ROEM, KJ_VERZAKEN_INVALID, KJ_PLAYED_ORDER,
    )
    warning_codes = (KJ_ROEM_HIGH, KJ_PIT_MISSING)

    def start(self, sides: Sequence[str], options: Mapping[str, Any]) -> State:
        rules = Rules(
            tuple(sides), str(options["nat_on_half"]), int(options["pit_bonus"]),
            str(options["verzaken"]), int(options["verzaken_penalty"]),
            int(options["roem_max"]), bool(options["forced_play"]),
        )
        return State(rules, int(options["deals"]), tallies={s: Tally() for s in sides})

    def side_points_bounds(self, options: Mapping[str, Any], side_count: int) -> tuple[int, int]:
        """A team's deal: 0 (nat) up to 162 with all roem and the pit bonus, or 162 with the
        revoke penalty under ``"opponents"``. (A player's revoke adjustment is per player.)"""
        most = DEAL_POINTS + int(options["roem_max"]) + int(options["pit_bonus"])
        if options["verzaken"] == "opponents":
            most = max(most, DEAL_POINTS + int(options["verzaken_penalty"]))
        return 0, most

    def sweep_points(self, options: Mapping[str, Any]) -> int:
        """A pit or mars: all 162 card points and the pit bonus as roem ("Een mars is 162
        punten en 100 roem", De Pitslag)."""
        return DEAL_POINTS + int(options["pit_bonus"])

    def finished(self, state: State) -> bool:
        return state.entered >= state.deals

    def play(self, state: State, hand: dict[str, Any]) -> Outcome:
        deal, errors = read_deal(hand, state.rules)
        errors += check_deal(deal, state.rules, state.last_played)
        warnings = deal_warnings(deal, state.rules)
        if errors or deal.played is None:
            return Outcome(errors, warnings)
        score = score_deal(deal, state.rules)
        sides = state.rules.sides
        derived = {
            "played": deal.played,
            "nat": score.nat,
            "pit": score.pit,
            "verzaakt": deal.verzaakt,
            "card_points": score.card_points,
            "roem": score.roem,
            "points": {s: score.card_points[s] + score.roem[s] for s in sides},
            "player_adjustment": score.adjustment,
        }
        return Outcome([], warnings, derived, _next(state, deal, score))

    def conclude(self, state: State, totals: dict[str, int]) -> Conclusion:
        ranking = rank(state.rules.sides, totals, self.better)
        extra = {"state": {side: t.as_dict() for side, t in state.tallies.items()}}
        return Conclusion(totals, dict(totals), ranking, extra)


def score_deal(deal: Deal, rules: Rules) -> Score:
    """A valid deal's card points and roem per team (decisions 2-4, 6 and 8 of the digest)."""
    assert deal.played is not None
    if deal.verzaakt is not None and rules.verzaken == "opponents":
        winner = rules.other(deal.verzaakt)
        return Score({s: DEAL_POINTS if s == winner else 0 for s in rules.sides},
                     {s: rules.verzaken_penalty if s == winner else 0 for s in rules.sides},
                     nat=False, pit=None)
    assert deal.points is not None and deal.roem is not None
    played, other = deal.played, rules.other(deal.played)
    roem = dict(deal.roem)
    if deal.pit is not None:
        nat = deal.pit == other
    else:
        mine, theirs = deal.points[played] + roem[played], deal.points[other] + roem[other]
        nat = mine < theirs or (mine == theirs and rules.nat_on_half == "nat")
    if nat:
        card_points = {played: 0, other: DEAL_POINTS}
        roem = {played: 0, other: roem[played] + roem[other]}
    else:
        card_points = {played: deal.points[played], other: deal.points[other]}
    if deal.pit is not None:
        roem[deal.pit] += rules.pit_bonus
    adjustment = None
    if deal.verzaakt is not None:  # under "player": the revoking player alone pays
        adjustment = {"side": deal.verzaakt, "player": deal.verzaakt_player,
                      "points": -rules.verzaken_penalty}
    ordered = rules.sides
    return Score({s: card_points[s] for s in ordered}, {s: roem[s] for s in ordered}, nat,
                 deal.pit, adjustment)


def _next(state: State, deal: Deal, score: Score) -> State:
    tallies = dict(state.tallies)
    for side, tally in tallies.items():
        adjustments = tally.player_adjustments
        if score.adjustment is not None and score.adjustment["side"] == side:
            index = int(score.adjustment["player"]) - 1
            changed = list(adjustments)
            changed[index] += int(score.adjustment["points"])
            adjustments = (changed[0], changed[1])
        took_on = side == deal.played
        tallies[side] = replace(
            tally,
            card_points=tally.card_points + score.card_points[side],
            roem=tally.roem + score.roem[side],
            played=tally.played + took_on,
            nat=tally.nat + (took_on and score.nat),
            pits=tally.pits + (score.pit == side),
            verzaakt=tally.verzaakt + (deal.verzaakt == side),
            player_adjustments=adjustments,
        )
    return replace(state, entered=state.entered + 1, last_played=deal.played, tallies=tallies)
