"""The HIGH FIVE! tile classifier: worked examples, jokers, and a brute-force cross-check."""

from collections import Counter
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.games.tiles_classifier import (
    CATEGORIES,
    CATEGORY_ORDER,
    JOKER,
    TILE_CODES,
    classify,
    parse_row,
    parse_tile,
)

# -- an independent, joker-free classifier to check against ---------------------------------
VALUES = {"A": 14, "J": 11, "Q": 12, "K": 13}


def split_row(text):
    """A row written as in the rule file: tile codes separated by spaces."""
    return text.split()


def _value(code):
    rank = code[:-1]
    return VALUES.get(rank) or int(rank)


def exact(codes):
    """The combination five concrete tiles make (duplicates allowed: jokers may copy)."""
    values = sorted(_value(c) for c in codes)
    counts = sorted(Counter(values).values(), reverse=True)
    flush = len({c[-1] for c in codes}) == 1
    distinct = len(set(values)) == 5
    straight = distinct and (values[-1] - values[0] == 4 or values == [2, 3, 4, 5, 14])
    if counts[0] == 5:
        return "high_five"
    if flush and straight and values[0] == 10:
        return "royal_flush"
    if flush and straight:
        return "straight_flush"
    if counts[0] == 4:
        return "four_of_a_kind"
    if counts == [3, 2]:
        return "full_house"
    if flush:
        return "flush"
    if straight:
        return "straight"
    if counts[0] == 3:
        return "three_of_a_kind"
    if counts[:2] == [2, 2]:
        return "two_pair"
    if counts[0] == 2:
        return "pair"
    return "high_card"


def brute_force(codes):
    """The best combination over every choice of the jokers (each any of the 52 tiles)."""
    real = [c for c in codes if c != JOKER]
    jokers = len(codes) - len(real)
    choices = combinations_with_replacement(TILE_CODES, jokers)
    return max((exact(real + list(c)) for c in choices), key=CATEGORY_ORDER.__getitem__)


@st.composite
def rows(draw, max_jokers=5):
    jokers = draw(st.integers(0, max_jokers))
    real = draw(st.lists(st.sampled_from(TILE_CODES), min_size=5 - jokers, max_size=5 - jokers,
                         unique=True))
    return draw(st.permutations(real + [JOKER] * jokers))


# -- the worked examples of high_five_tiles.md -------------------------------------------
@pytest.mark.parametrize(
    "row, category",
    [
        ("5D 3C 3S 5H 3H", "full_house"),
        ("KC QD JD 10C 9H", "straight"),
        ("AH KC QD JD 10C", "straight"),
        ("5D 4C 3C 2S AC", "straight"),
        ("3C 2S AC KC QD", "high_card"),
        ("7C 7D 7H 7S *", "high_five"),
        ("7C 7D 7H 7S 9D", "four_of_a_kind"),
        ("10H JH QH KH *", "royal_flush"),
        ("9H 10H JH QH *", "straight_flush"),
        ("2H 5H 9H JH KH", "flush"),
    ],
)
def test_worked_examples(row, category):
    assert classify(row.split()) == category


@pytest.mark.parametrize(
    "row, category",
    [
        ("KC QD JD 10C 9H", "straight"),  # the seed's own example, in two orders
        ("KC 10C 9H QD JD", "straight"),
        ("10H JH QH KH AH", "royal_flush"),  # no joker needed for a royal flush
        ("AH 2H 3H 4H 5H", "straight_flush"),  # ace-low straight flush
        ("2C 2D 9S 9H KD", "two_pair"),
        ("2C 2D 9S JH KD", "pair"),
        ("2C 2D 2S JH KD", "three_of_a_kind"),
        ("2C 2D 2S 2H KD", "four_of_a_kind"),
        ("2C 4D 6S 8H 10D", "high_card"),
        ("QC KD AH 2S 3D", "high_card"),  # no wrapping round the ace
    ],
)
def test_rows_without_jokers(row, category):
    assert classify(row.split()) == category


@pytest.mark.parametrize(
    "row, category",
    [
        ("KH * * * *", "high_five"),  # four jokers copy the one tile
        ("* * * * *", "high_five"),  # five jokers: combinatorially a High Five
        ("AH KH * * *", "royal_flush"),
        ("AH 2H * * *", "straight_flush"),  # ace low
        ("AH 5H * * *", "straight_flush"),
        ("AH 6H * * *", "four_of_a_kind"),  # no straight through A and 6
        ("QC KD AH 2S *", "pair"),  # no wrapping, even with a joker
        ("QC KD AH * *", "straight"),
        ("2H 2C * 5D 9S", "three_of_a_kind"),
        ("2H 3C * 5D 9S", "pair"),
        ("2H 3C 4H 5D *", "straight"),
        ("2H 2C 3H 3D *", "full_house"),
        ("2H 2C 2S 3D *", "four_of_a_kind"),
        ("2H 7H 9H KH *", "flush"),
        ("2H 3H 4H 5H *", "straight_flush"),
        ("9C 9D 9H 9S *", "high_five"),
        ("9C 9D * 5S *", "four_of_a_kind"),
        ("9C 9D * 9S 5S", "four_of_a_kind"),
    ],
)
def test_jokers_chosen_at_best(row, category):
    assert classify(row.split()) == category


@pytest.mark.parametrize(
    "tiles",
    [
        split_row("5D 3C 3S 5H"),  # four tiles
        split_row("5D 3C 3S 5H 3H 2C"),  # six tiles
        split_row("5D 3C 3S 5H 5H"),  # the same tile twice
        split_row("5D 3C 3S 5H 1H"),  # no rank 1
        split_row("5D 3C 3S 5H 3X"),  # no suit X
        split_row("5d 3C 3S 5H 3H"),  # codes are upper case
        ["5D", "3C", "3S", "5H", 3],
        ["5D", "3C", "3S", "5H", None],
        "5D3C3",  # a string is not a list of tiles
        [],
    ],
)
def test_invalid_rows_are_none(tiles):
    assert classify(tiles) is None


def test_parse_tile_and_row():
    assert parse_tile("10H") is not None and parse_tile("10H").rank == 10
    assert parse_tile("AS").rank == 14
    assert parse_tile(JOKER) is None
    assert parse_tile("11H") is None
    row = parse_row(["AH", "*", "*", "2C", "KD"])
    assert row is not None and row.jokers == 2 and len(row.tiles) == 3


def test_every_category_is_reachable():
    made = {classify(list(row)) for row in (
        split_row("2C 4D 6S 8H 10D"), split_row("2C 2D 6S 8H 10D"), split_row("2C 2D 6S 6H 10D"),
        split_row("2C 2D 2S 8H 10D"), split_row("2C 3D 4S 5H 6D"), split_row("2C 4C 6C 8C 10C"),
        split_row("2C 2D 2S 8H 8D"), split_row("2C 2D 2S 2H 10D"), split_row("2C 3C 4C 5C 6C"),
        split_row("10C JC QC KC AC"), split_row("2C 2D 2S 2H *"),
    )}
    assert made == set(CATEGORIES)


# -- properties ----------------------------------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(rows(max_jokers=2))
def test_matches_brute_force_up_to_two_jokers(row):
    assert classify(row) == brute_force(row)


@pytest.mark.parametrize(
    "row",
    ["AH 2C * * *", "QC KD * AH *", "2H 3H * * 9H", "7C 7D * * 8S", "JC QD * * 4S", "5S 9S * * *",
     "10H * * * KH"],
)
def test_matches_brute_force_with_three_jokers(row):
    assert classify(row.split()) == brute_force(row.split())


@pytest.mark.parametrize("tile", TILE_CODES)
def test_four_jokers_and_any_tile_is_a_high_five(tile):
    assert classify([JOKER, tile, JOKER, JOKER, JOKER]) == "high_five"


@given(rows(), st.randoms())
def test_order_does_not_matter(row, rnd):
    shuffled = list(row)
    rnd.shuffle(shuffled)
    assert classify(shuffled) == classify(row)


@given(rows(max_jokers=4), st.integers(0, 4))
def test_a_joker_never_makes_a_row_worse(row, position):
    if row[position] == JOKER:
        return
    better = list(row)
    better[position] = JOKER
    assert CATEGORY_ORDER[classify(better)] >= CATEGORY_ORDER[classify(row)]


@given(rows(max_jokers=0))
def test_without_jokers_no_high_five(row):
    assert classify(row) != "high_five"
    assert classify(row) == exact(row)
