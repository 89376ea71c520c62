"""Big Five (Reiner Knizia): cards left per game, lowest total wins; also solitaire.

Rules digest: ../shared/rules/big_five.md
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import Game, Outcome
from ..issues import OPTION_INVALID, VALUE_NOT_INTEGER, Issue
from ..spec import BOOLEAN, CHOICE, CUSTOM, INTEGER, PER_SIDE, Field, Option, When
from ..values import check_keys, is_int, per_side_ints

DEALT_CARDS = 99  # 100 cards, one face up on the table
DEFAULT_DEALT = {2: 49, 3: 33, 4: 24}
PLAYER_COUNTS = tuple(str(n) for n in DEFAULT_DEALT)  # the keys of ``cards_by_players``
ENDS = ("went_out", "blocked")
# Solitaire: the most cards that can reach the discard pile (decision 3).
SOLITAIRE_MAX_MUST_LAY = 64
SOLITAIRE_MAX_FREE = 96
MAX_GAMES = 50

BF_END_INVALID = "BF_END_INVALID"
BF_CARDS_OUT_OF_RANGE = "BF_CARDS_OUT_OF_RANGE"
BF_WINNER_MISMATCH = "BF_WINNER_MISMATCH"
BF_SOLITAIRE_OUT_OF_RANGE = "BF_SOLITAIRE_OUT_OF_RANGE"


def cards_per_player_ok(value: Any, sides: Sequence[str] | None) -> bool:
    """The shape of ``cards_per_player`` (null is handled by ``nullable``).

    Without usable sides only what can be known is checked: a whole number 1..99, or an
    object of whole numbers >= 1 summing to at most 99.
    """
    players = len(sides) if sides else 1
    if is_int(value):
        return value >= 1 and value * players <= DEALT_CARDS
    if not isinstance(value, dict) or not value:
        return False
    counts = list(value.values())
    if not all(is_int(c) and c >= 1 for c in counts) or sum(counts) > DEALT_CARDS:
        return False
    return sides is None or (set(value) == set(sides) and len(value) == len(sides))


def cards_by_players_ok(value: Any, sides: Sequence[str] | None) -> bool:
    """The shape of ``cards_by_players``: an object from a player count ("2" to "4") to the
    cards dealt to each player at that count, each at least 1, at most 99 in all."""
    if not isinstance(value, dict) or not value:
        return False
    for count, cards in value.items():
        if not isinstance(count, str) or count not in PLAYER_COUNTS:
            return False
        if not is_int(cards) or cards < 1 or cards * int(count) > DEALT_CARDS:
            return False
    return True


def dealt_cards(sides: Sequence[str], cards_per_player: Any,
                cards_by_players: Mapping[str, int] | None = None) -> dict[str, int]:
    """The cards each side was dealt (valid, multi-player option values): a handicap object
    first, then the count's entry of ``cards_by_players``, then the number, then the default."""
    by_count = (cards_by_players or {}).get(str(len(sides)))
    if by_count is not None and not isinstance(cards_per_player, dict):
        return dict.fromkeys(sides, int(by_count))
    if cards_per_player is None:
        return dict.fromkeys(sides, DEFAULT_DEALT[len(sides)])
    if isinstance(cards_per_player, dict):
        return {side: int(cards_per_player[side]) for side in sides}
    return dict.fromkeys(sides, int(cards_per_player))


@dataclass(frozen=True)
class State:
    sides: tuple[str, ...]
    games: int
    dealt: Mapping[str, int]  # empty in solitaire
    solitaire_max: int
    played: int = 0

    @property
    def solitaire(self) -> bool:
        return len(self.sides) == 1

    def next(self) -> State:
        return State(self.sides, self.games, self.dealt, self.solitaire_max, self.played + 1)


class BigFive(Game):
    key = "big_five"
    name = "Big Five"
    min_sides = 1
    max_sides = 4
    better = "lower"
    options = (
        Option("games", INTEGER, 1, "Games in the match.", minimum=1, maximum=MAX_GAMES),
        Option(
            "cards_per_player",
            CUSTOM,
            None,
            "Cards dealt to each player: null = 49/33/24 by player count; a whole number "
            "(e.g. 15 for younger players) dealt to everyone, at most 99 in all; or an object "
            "with each side's cards (handicap), each at least 1, at most 99 in all. "
            "Must be null for solitaire.",
            minimum=1,
            maximum=DEALT_CARDS,
            nullable=True,
            check=cards_per_player_ok,
        ),
        Option(
            "cards_by_players",
            CUSTOM,
            None,
            "Cards dealt to each player by the number of players, e.g. {\"2\": 40, \"3\": 30}: "
            "for the player counts it names it replaces cards_per_player (a handicap object "
            "still wins); each at least 1, at most 99 in all. Null: none.",
            minimum=1,
            maximum=DEALT_CARDS,
            choices=PLAYER_COUNTS,
            nullable=True,
            check=cards_by_players_ok,
        ),
        Option(
            "solitaire_must_lay",
            BOOLEAN,
            True,
            "Solitaire: a card must be laid every turn, so at most 64 discards (else 96).",
        ),
    )
    hand_fields = (
        Field(
            "end",
            CHOICE,
            "How the game ended: a player went out, or nobody could play.",
            choices=ENDS,
            condition=(When("sides", at_least=2),),
        ),
        Field(
            "cards_left",
            PER_SIDE,
            "Cards left per player (hand + own draw pile): 0 for the player who went out.",
            item=Field("cards", INTEGER, "At most the cards dealt to that player.",
                       minimum=0, maximum=DEALT_CARDS - 1),
            condition=(When("sides", at_least=2),),
        ),
        Field(
            "discards",
            INTEGER,
            "Solitaire: cards on the discard pile at the end.",
            minimum=0,
            maximum=SOLITAIRE_MAX_FREE,
            condition=(When("sides", equals=1),),
        ),
    )
    error_codes = (
        BF_END_INVALID,
        BF_CARDS_OUT_OF_RANGE,
        BF_WINNER_MISMATCH,
        BF_SOLITAIRE_OUT_OF_RANGE,
    )

    def check_options(
        self, options: dict[str, Any], sides: Sequence[str] | None
    ) -> list[Issue]:
        if sides is not None and len(sides) == 1 and options["cards_per_player"] is not None:
            return [Issue(OPTION_INVALID, field="options",
                          params={"option": "cards_per_player"})]
        return []

    def start(self, sides: Sequence[str], options: Mapping[str, Any]) -> State:
        solitaire_max = (
            SOLITAIRE_MAX_MUST_LAY if options["solitaire_must_lay"] else SOLITAIRE_MAX_FREE
        )
        dealt = {} if len(sides) == 1 else dealt_cards(
            sides, options["cards_per_player"], options["cards_by_players"])
        return State(tuple(sides), int(options["games"]), dealt, solitaire_max)

    def side_points_bounds(self, options: Mapping[str, Any], side_count: int) -> tuple[int, int]:
        """Cards left, 0 up to the cards dealt; in solitaire the discards, 0 up to the bound."""
        if side_count == 1:
            free = not options["solitaire_must_lay"]
            return 0, SOLITAIRE_MAX_FREE if free else SOLITAIRE_MAX_MUST_LAY
        cards = options["cards_per_player"]
        by_count = (options["cards_by_players"] or {}).get(str(side_count))
        if by_count is not None and not isinstance(cards, dict):
            return 0, int(by_count)
        if isinstance(cards, dict):
            return 0, max(int(c) for c in cards.values())
        return 0, int(cards) if cards is not None else DEFAULT_DEALT[side_count]

    def finished(self, state: State) -> bool:
        return state.played >= state.games

    def play(self, state: State, hand: dict[str, Any]) -> Outcome:
        if state.solitaire:
            return _play_solitaire(state, hand)
        return _play_multi(state, hand)


def _play_solitaire(state: State, hand: dict[str, Any]) -> Outcome:
    player = state.sides[0]
    errors = check_keys(hand, required=("discards",))
    if errors:
        return Outcome(errors)
    discards = hand["discards"]
    if not is_int(discards):
        return Outcome([Issue(VALUE_NOT_INTEGER, side=player, field="discards")])
    if not 0 <= discards <= state.solitaire_max:
        return Outcome([Issue(BF_SOLITAIRE_OUT_OF_RANGE, side=player, field="discards",
                              params={"value": discards, "min": 0,
                                      "max": state.solitaire_max})])
    derived = {"points": {player: discards}, "winners": [player]}
    return Outcome([], [], derived, state.next())


def _play_multi(state: State, hand: dict[str, Any]) -> Outcome:
    errors = check_keys(hand, required=("end", "cards_left"))
    # Unknown keys and missing fields are reported; present fields are still checked.
    end_ok = "end" in hand and _end_valid(hand["end"])
    if "end" in hand and not end_ok:
        errors.append(Issue(BF_END_INVALID, field="end", params={"choices": list(ENDS)}))
    cards: dict[str, int] | None = None
    if "cards_left" in hand:
        cards, card_issues = per_side_ints(hand["cards_left"], state.sides, "cards_left")
        errors += card_issues
    if cards is not None:
        errors += _check_range(cards, state.dealt)
        if end_ok:
            errors += _check_end(hand["end"], cards)
    if errors or cards is None:
        return Outcome(errors)
    return Outcome([], [], {"points": cards, "winners": fewest(cards)}, state.next())


def _end_valid(end: object) -> bool:
    return isinstance(end, str) and end in ENDS


def _check_range(cards: Mapping[str, int], dealt: Mapping[str, int]) -> list[Issue]:
    return [
        Issue(BF_CARDS_OUT_OF_RANGE, side=side, field="cards_left",
              params={"value": n, "min": 0, "max": dealt[side]})
        for side, n in cards.items()
        if not 0 <= n <= dealt[side]
    ]


def _check_end(end: str, cards: Mapping[str, int]) -> list[Issue]:
    out = [side for side, n in cards.items() if n == 0]
    if (end == "went_out" and len(out) != 1) or (end == "blocked" and out):
        return [Issue(BF_WINNER_MISMATCH, field="cards_left",
                      params={"end": end, "sides": out})]
    return []


def fewest(cards: Mapping[str, int]) -> list[str]:
    """The sides with the fewest cards left, in the order of the sides."""
    low = min(cards.values())
    return [side for side, n in cards.items() if n == low]
