"""What one side can score in one hand: the bound on any points the site takes outside a hand.

A club admin may save a hand the engine refused, with a reason and the points that stand for
each side (an adjusted score). Those points never pass through a game's ``play``, so the site
bounds them by what the game allows a side in one hand. Each game derives its bound from its
rules digest (../shared/rules/<game>.md) in ``Game.side_points_bounds``:

* ``jokeren``: a penalty is at least 0 (the player who went out) and at most the value of all
  106 cards, 792 (JK_PENALTY_TOO_HIGH): 0..792.
* ``big_five``: a side's points are its cards left, 0 up to the cards it was dealt: 49/33/24
  for 2/3/4 players by default, ``cards_per_player`` (or the largest handicap count) when set,
  the table size's entry of ``cards_by_players`` when it names one;
  solitaire counts the discards, 0..64 (0..96 when ``solitaire_must_lay`` is false).
* ``high_five_1959``: ``table + 50 × (fives + straights) − hand``, +100 and the numbers of the
  failing sides for the side that went out. ``hand`` and ``table`` are each at most the deck's
  1740 (HF_CARDS_EXCEED_DECK), and ``table`` is at least 25 per stack of five and 30 per
  straight (HF_TABLE_BELOW_MELDS), so at most 1740 // 25 = 69 melds. A side's number is at most
  the largest of ``targets``, itself at most 1740: the opening meld must be worth the number,
  and no side lays more than the deck. Least: −1740 (nothing on the table, the whole deck in hand).
  Most: 1740 + 50 × 69 + 100 + (sides − 1) × max(targets).
* ``high_five_crowns``: points are competition points of one game: 0 or 1 (``wins``), or
  players − place, 0..sides − 1 (``places``).
* ``high_five_tiles``: a turn scores 0 (forced) up to the score card's highest combination;
  without a card the scorekeeper's points, at most ``MAX_CARD_POINTS`` per turn (a cap, as the
  rules do not know the card's values), plus the end bonus, which the match adds on top of the
  turn that empties a side's rack.
* ``klaverjassen``: a team's deal, 0 (nat) up to 162 + ``roem_max`` (all roem after a nat) +
  ``pit_bonus``, or 162 + ``verzaken_penalty`` for a revoke under ``"opponents"`` when that is
  more. A player's revoke adjustment (``"player"``) is per player, not the team's.

``sweep_points`` is the other such value: what a side scores for a deal in which it takes every
trick (klaverjassen: a pit or mars, 162 + ``pit_bonus``; the other games have none). A club's
reglement may credit it to a player who sits out a round ("1600 punten en een mars"), and the
site asks the engine for it rather than knowing what a mars is worth.

Plain Python, no Django.
"""

from __future__ import annotations

from typing import Any

from .registry import ALL_GAMES


def side_points_bounds(game: str, options: Any, side_count: int) -> tuple[int, int]:
    """(least, most) one side can score in one hand of ``game`` with ``side_count`` sides.

    ``options`` as stored for the competition; an invalid option counts as its default, as in
    ``evaluate``. Raises KeyError for an unknown game.
    """
    rules = ALL_GAMES[game]
    resolved, _issues = rules.resolve_options(options, None)
    count = min(max(side_count, rules.min_sides), rules.max_sides)
    return rules.side_points_bounds(resolved, count)


def sweep_points(game: str, options: Any) -> int | None:
    """What one side of ``game`` scores for a deal in which it takes every trick under
    ``options`` (an invalid option counts as its default); None: the game has no such deal.
    Raises KeyError for an unknown game."""
    rules = ALL_GAMES[game]
    resolved, _issues = rules.resolve_options(options, None)
    return rules.sweep_points(resolved)
