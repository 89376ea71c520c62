"""Klaverjassen: reading one deal as the tellijst has it, and checking it against the rules
(every ``KJ_`` code). The game itself, the scoring of a valid deal and the state of the boompje
are in ``klaverjassen.py``, which imports what it needs from here.

Rules digest: ../shared/rules/klaverjassen.md
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..issues import HAND_INVALID, VALUE_NOT_INTEGER, Issue
from ..values import check_keys, is_int, per_side_ints

DEAL_POINTS = 162  # 3 x 30 + 62 + 10 (the last trick), the card points of one deal
ROEM_ALL_MAX = 900  # 7 x 100 + 200 (four jacks): all roem in one deal
ROEM_HIGH = 200  # more than this for one team in one deal gets a warning (four jacks alone)
IMPOSSIBLE_POINTS = (1, DEAL_POINTS - 1)  # no card is worth 1
IMPOSSIBLE_ROEM = (10, 30)  # roem is made of 20s, 50s, 100s and 200s
PLAYERS = (1, 2)  # a team's first and second player

FIELDS = ("played", "points", "roem", "pit", "verzaakt", "verzaakt_player")

KJ_PLAYED_INVALID = "KJ_PLAYED_INVALID"
KJ_POINTS_RANGE = "KJ_POINTS_RANGE"
KJ_POINTS_SUM = "KJ_POINTS_SUM"
KJ_ROEM_STEP = "KJ_ROEM_STEP"
KJ_ROEM_TOO_HIGH = "KJ_ROEM_TOO_HIGH"
KJ_PIT_INVALID = "KJ_PIT_INVALID"
KJ_PIT_POINTS = "KJ_PIT_POINTS"
KJ_PIT_ROEM = "KJ_PIT_ROEM"
KJ_VERZAKEN_INVALID = "KJ_VERZAKEN_INVALID"
KJ_PLAYED_ORDER = "KJ_PLAYED_ORDER"
KJ_ROEM_HIGH = "KJ_ROEM_HIGH"
KJ_PIT_MISSING = "KJ_PIT_MISSING"


@dataclass(frozen=True)
class Deal:
    """One deal's well-formed values; a field that is malformed is None (``points`` also when
    a revoke under ``"opponents"`` leaves it out). ``roem`` is 0 for both teams when not given."""

    played: str | None
    points: Mapping[str, int] | None
    roem: Mapping[str, int] | None
    pit: str | None
    verzaakt: str | None
    verzaakt_player: int | None


@dataclass(frozen=True)
class Rules:
    """The options a deal is checked and scored with."""

    sides: tuple[str, ...]
    nat_on_half: str
    pit_bonus: int
    verzaken: str
    verzaken_penalty: int
    roem_max: int
    forced_play: bool

    def other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]


def read_deal(hand: Mapping[str, Any], rules: Rules) -> tuple[Deal, list[Issue]]:
    """The deal's well-formed values, and HAND_INVALID, HAND_SIDES_MISMATCH, VALUE_NOT_INTEGER
    and the codes of the fields that name a team (played, pit, verzaakt, verzaakt_player)."""
    errors = check_keys(hand, optional=FIELDS)
    played = hand.get("played")
    if not _is_side(played, rules.sides):
        errors.append(Issue(KJ_PLAYED_INVALID, field="played"))
        played = None
    pit = hand.get("pit")
    if pit is not None and not _is_side(pit, rules.sides):
        errors.append(Issue(KJ_PIT_INVALID, field="pit"))
        pit = None
    verzaakt, player, issues = _read_revoke(hand, rules)
    errors += issues
    points, issues = _read_points(hand, rules, revoke_given=hand.get("verzaakt") is not None)
    errors += issues
    roem: Mapping[str, int] | None = dict.fromkeys(rules.sides, 0)
    if hand.get("roem") is not None:
        roem, issues = per_side_ints(hand["roem"], rules.sides, "roem")
        errors += issues
    return Deal(played, points, roem, pit, verzaakt, player), errors


def _is_side(value: object, sides: Sequence[str]) -> bool:
    return isinstance(value, str) and value in sides


def _read_points(
    hand: Mapping[str, Any], rules: Rules, *, revoke_given: bool
) -> tuple[Mapping[str, int] | None, list[Issue]]:
    """The card points; they may be missing or null only when a revoke decides the deal."""
    if hand.get("points") is None:
        if revoke_given and rules.verzaken == "opponents":
            return None, []
        reason = "missing" if "points" not in hand else "not_object"
        return None, [Issue(HAND_INVALID, field="points", params={"reason": reason})]
    return per_side_ints(hand["points"], rules.sides, "points")


def _read_revoke(
    hand: Mapping[str, Any], rules: Rules
) -> tuple[str | None, int | None, list[Issue]]:
    """``verzaakt`` and ``verzaakt_player``: the player is required under ``"player"`` when a
    team revoked, allowed under ``"opponents"`` (it names who, and changes nothing), and never
    allowed without ``verzaakt``."""
    verzaakt, player = hand.get("verzaakt"), hand.get("verzaakt_player")
    errors: list[Issue] = []
    if verzaakt is not None and not _is_side(verzaakt, rules.sides):
        errors.append(Issue(KJ_VERZAKEN_INVALID, field="verzaakt", params={"reason": "side"}))
        verzaakt = None
    if player is None:
        if verzaakt is not None and rules.verzaken == "player":
            errors.append(Issue(KJ_VERZAKEN_INVALID, side=verzaakt, field="verzaakt_player",
                                params={"reason": "player_missing"}))
        return verzaakt, None, errors
    if not is_int(player):
        return verzaakt, None, [*errors, Issue(VALUE_NOT_INTEGER, field="verzaakt_player")]
    if player not in PLAYERS:
        errors.append(Issue(KJ_VERZAKEN_INVALID, field="verzaakt_player",
                            params={"reason": "player_range"}))
    elif hand.get("verzaakt") is None:
        errors.append(Issue(KJ_VERZAKEN_INVALID, field="verzaakt_player",
                            params={"reason": "player_without_verzaakt"}))
    return verzaakt, None if errors else int(player), errors


# -- the rules' checks on well-formed values ----------------------------------------------------
def check_deal(deal: Deal, rules: Rules, previous: str | None) -> list[Issue]:
    """The ``KJ_`` errors of a deal's well-formed values. ``previous`` is the team that took
    the previous deal on (None for the first deal)."""
    errors: list[Issue] = []
    if deal.points is not None:
        errors += _check_points(deal.points)
    if deal.roem is not None:
        errors += _check_roem(deal.roem, rules.roem_max)
    if deal.pit is not None:
        errors += _check_pit(deal, rules)
    if rules.forced_play and deal.played is not None and deal.played == previous:
        errors.append(Issue(KJ_PLAYED_ORDER, side=deal.played, field="played",
                            params={"previous": previous}))
    return errors


def _check_points(points: Mapping[str, int]) -> list[Issue]:
    errors = [
        Issue(KJ_POINTS_RANGE, side=side, field="points",
              params={"value": value, "min": 0, "max": DEAL_POINTS})
        for side, value in points.items()
        if not 0 <= value <= DEAL_POINTS or value in IMPOSSIBLE_POINTS
    ]
    total = sum(points.values())
    if total != DEAL_POINTS:
        errors.append(Issue(KJ_POINTS_SUM, field="points",
                            params={"sum": total, "expected": DEAL_POINTS}))
    return errors


def _check_roem(roem: Mapping[str, int], roem_max: int) -> list[Issue]:
    errors = [
        Issue(KJ_ROEM_STEP, side=side, field="roem", params={"value": value})
        for side, value in roem.items()
        if value < 0 or value % 10 or value in IMPOSSIBLE_ROEM
    ]
    total = sum(roem.values())
    if not errors and total > roem_max:
        errors.append(Issue(KJ_ROEM_TOO_HIGH, field="roem",
                            params={"value": total, "max": roem_max}))
    return errors


def _check_pit(deal: Deal, rules: Rules) -> list[Issue]:
    assert deal.pit is not None
    errors: list[Issue] = []
    if deal.points is not None and deal.points[deal.pit] != DEAL_POINTS:
        errors.append(Issue(KJ_PIT_POINTS, side=deal.pit, field="points",
                            params={"value": deal.points[deal.pit], "expected": DEAL_POINTS}))
    without = rules.other(deal.pit)  # the team that took no trick
    if deal.roem is not None and deal.roem[without] > 0:
        errors.append(Issue(KJ_PIT_ROEM, side=without, field="roem",
                            params={"value": deal.roem[without]}))
    return errors


def deal_warnings(deal: Deal, rules: Rules) -> list[Issue]:
    """A team's roem above 200; a playing team with all points and no pit marked (not when a
    revoke under ``"opponents"`` decides the deal: its pit does not count)."""
    warnings = [
        Issue(KJ_ROEM_HIGH, side=side, field="roem", params={"value": value, "max": ROEM_HIGH})
        for side, value in (deal.roem or {}).items()
        if value > ROEM_HIGH
    ]
    decided_by_revoke = deal.verzaakt is not None and rules.verzaken == "opponents"
    if (deal.played is not None and deal.points is not None and deal.pit is None
            and not decided_by_revoke and deal.points[deal.played] == DEAL_POINTS
            and deal.points[rules.other(deal.played)] == 0):
        warnings.append(Issue(KJ_PIT_MISSING, side=deal.played, field="pit"))
    return warnings
