"""HIGH FIVE! tiles: parse tile codes and find the best combination five tiles make.

A tile is rank + suit (``"10H"``, ``"AC"``); ``"*"`` is a joker. A joker may stand for any tile,
even one that is already in the row, so jokers are free to duplicate a real tile.

The classifier does not try joker values one by one. For each combination, highest first, it
asks whether *some* choice of the jokers reaches *at least* that combination, from the ranks and
suits of the real tiles alone; the first combination that can be reached is the best one. Every
test below is exact in both directions: it holds when the jokers can make the combination, and
whatever choice of jokers makes it true makes a hand at least that good.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

# The combinations, lowest first.
CATEGORIES: tuple[str, ...] = (
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "royal_flush",
    "high_five",
)
CATEGORY_ORDER: dict[str, int] = {name: i for i, name in enumerate(CATEGORIES)}

JOKER = "*"
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("C", "S", "H", "D")
# Rank values with the ace high (14); the ace-low straight is a window of its own.
RANK_VALUE: dict[str, int] = {r: (14 if r == "A" else i + 1) for i, r in enumerate(RANKS)}
TILE_CODES: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
ROW_LENGTH = 5

# Every rank set a straight can have: A-2-3-4-5 up to 10-J-Q-K-A; no wrapping round the ace.
STRAIGHT_WINDOWS: tuple[frozenset[int], ...] = (
    frozenset({14, 2, 3, 4, 5}),
    *(frozenset(range(low, low + 5)) for low in range(2, 11)),
)
ROYAL = frozenset({10, 11, 12, 13, 14})


def _mask(ranks: Iterable[int]) -> int:
    mask = 0
    for r in ranks:
        mask |= 1 << r
    return mask


def _submasks(windows: Iterable[frozenset[int]]) -> frozenset[int]:
    """Every rank mask that lies inside one of the windows: what jokers can fill up."""
    out: set[int] = set()
    for window in windows:
        ranks = sorted(window)
        for pick in range(1 << len(ranks)):
            out.add(_mask(r for i, r in enumerate(ranks) if pick >> i & 1))
    return frozenset(out)


_STRAIGHT_MASKS = _submasks(STRAIGHT_WINDOWS)
_ROYAL_MASKS = _submasks((ROYAL,))


@dataclass(frozen=True, slots=True)
class Tile:
    """One real tile: its rank value (ace 14) and suit."""

    rank: int
    suit: str


@dataclass(frozen=True, slots=True)
class Row:
    """Five tiles as the classifier sees them: the real tiles and the number of jokers."""

    tiles: tuple[Tile, ...]
    jokers: int


_TILES: dict[str, Tile] = {r + s: Tile(RANK_VALUE[r], s) for r in RANKS for s in SUITS}


def parse_tile(code: object) -> Tile | None:
    """The real tile a code names; None for a joker or an unknown code."""
    return _TILES.get(code) if isinstance(code, str) else None


def is_tile_code(code: object) -> bool:
    return code == JOKER or parse_tile(code) is not None


def parse_row(codes: Sequence[str]) -> Row | None:
    """Five codes as a row; None when not five, an unknown code, or a real tile twice."""
    if len(codes) != ROW_LENGTH:
        return None
    real = [c for c in codes if c != JOKER]
    if len(set(real)) != len(real):
        return None
    tiles = tuple(_TILES.get(c) for c in real)
    if None in tiles:
        return None
    return Row(cast(tuple[Tile, ...], tiles), ROW_LENGTH - len(real))


def classify(tiles: Sequence[str]) -> str | None:
    """The best combination five tiles make, jokers chosen at best; None if not a valid row."""
    if isinstance(tiles, str) or not all(isinstance(t, str) for t in tiles):
        return None
    return _classify_codes(tuple(tiles))


@lru_cache(maxsize=4096)
def _classify_codes(codes: tuple[str, ...]) -> str | None:
    row = parse_row(codes)
    return None if row is None else best_category(row)


def best_category(row: Row) -> str:
    """The highest combination some choice of the row's jokers reaches."""
    tiles = row.tiles
    return _best([t.rank for t in tiles], len({t.suit for t in tiles}) <= 1, row.jokers)


def _best(ranks: Sequence[int], one_suit: bool, j: int) -> str:
    counts = _rank_counts(ranks)
    most = counts[0] if counts else 0
    mask = _mask(ranks)
    distinct = len(counts) == len(ranks)
    if j >= 1 and len(counts) <= 1:
        return "high_five"
    if one_suit and distinct and mask in _ROYAL_MASKS:
        return "royal_flush"
    if one_suit and distinct and mask in _STRAIGHT_MASKS:
        return "straight_flush"
    if most + j >= 4:
        return "four_of_a_kind"
    if len(counts) <= 2 and most <= 3:
        return "full_house"
    if one_suit:
        return "flush"
    if distinct and mask in _STRAIGHT_MASKS:
        return "straight"
    if most + j >= 3:
        return "three_of_a_kind"
    if _two_pair_cost(counts) <= j:
        return "two_pair"
    if most + j >= 2:
        return "pair"
    return "high_card"


def _rank_counts(ranks: Sequence[int]) -> list[int]:
    """How many tiles of each rank, most first."""
    return sorted(map(ranks.count, set(ranks)), reverse=True)


def _two_pair_cost(counts: Sequence[int]) -> int:
    """Jokers needed to have two ranks with two tiles each (a rank not held costs 2)."""
    first, second = (*counts, 0, 0)[:2]  # counts are sorted, most first
    return max(0, 2 - first) + max(0, 2 - second)
