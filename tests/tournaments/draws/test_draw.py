"""The draw (pure): table sizes for every game, reproducibility, repeat avoidance, pairs."""

import itertools

import pytest

from scoring import GAMES
from tournaments.draws.draw import (
    DrawError,
    draw,
    meetings,
    member_scorekeeper,
    pair,
    partnerships,
    table_range,
    table_roles,
    table_sizes,
)
from tournaments.games import site_game

GAME_KEYS = sorted(GAMES)


@pytest.mark.parametrize("game", GAME_KEYS)
@pytest.mark.parametrize("n", range(2, 41))
def test_sizes_add_up_never_one_never_above_max(game: str, n: int) -> None:
    low, high = table_range(site_game(game))
    if low == high and n < low:
        return  # a game played only at full tables needs one full table (test_sit_outs.py)
    sizes = table_sizes(site_game(game), n, low, high)
    assert sum(sizes) == n if low < high else n - sum(sizes) < low  # the rest sit out
    assert min(sizes) >= 2
    assert max(sizes) <= high
    assert sizes == sorted(sizes, reverse=True)


@pytest.mark.parametrize("game", GAME_KEYS)
def test_one_player_cannot_be_seated(game: str) -> None:
    with pytest.raises(DrawError):
        table_sizes(site_game(game), 1)
    with pytest.raises(DrawError):
        table_sizes(site_game(game), 0)


@pytest.mark.parametrize(
    ("n", "expected"),
    [(2, [2]), (3, [3]), (4, [4]), (5, [3, 2]), (6, [3, 3]), (7, [4, 3]), (9, [3, 3, 3]),
     (12, [4, 4, 4]), (13, [4, 3, 3, 3]), (16, [4, 4, 4, 4]), (17, [4, 4, 3, 3, 3]),
     (18, [4, 4, 4, 3, 3])],
)
def test_jokeren_at_most_four_threes_when_not_a_multiple(n: int, expected: list[int]) -> None:
    assert table_sizes(site_game("jokeren"), n) == expected


@pytest.mark.parametrize("n", range(2, 41))
def test_jokeren_is_fours_only_for_multiples_of_four(n: int) -> None:
    sizes = table_sizes(site_game("jokeren"), n)
    assert set(sizes) <= {2, 3, 4}
    assert (set(sizes) == {4}) == (n % 4 == 0)
    if n >= 6:
        assert 2 not in sizes  # tables of 3 absorb the remainder once there are enough players


@pytest.mark.parametrize(
    ("n", "expected"),
    [(2, [2]), (3, [3]), (4, [4]), (5, [3, 2]), (6, [4, 2]), (7, [4, 3]), (8, [4, 4]),
     (13, [4, 4, 3, 2]), (14, [4, 4, 4, 2]), (15, [4, 4, 4, 3]), (16, [4, 4, 4, 4]),
     (17, [4, 4, 4, 3, 2])],
)
def test_high_five_1959_as_many_team_tables_as_possible(n: int, expected: list[int]) -> None:
    assert table_sizes(site_game("high_five_1959"), n) == expected


@pytest.mark.parametrize("n", range(2, 41))
def test_high_five_1959_uses_small_variants_only_when_forced(n: int) -> None:
    sizes = table_sizes(site_game("high_five_1959"), n)
    assert sizes.count(4) == (n // 4 if n % 4 != 1 else n // 4 - 1)
    assert len([s for s in sizes if s < 4]) <= 2


@pytest.mark.parametrize("game", ["big_five", "high_five_tiles"])
@pytest.mark.parametrize(("n", "expected"), [(5, [3, 2]), (13, [4, 3, 3, 3]), (8, [4, 4])])
def test_big_five_and_tiles_two_to_four(game: str, n: int, expected: list[int]) -> None:
    assert table_sizes(site_game(game), n) == expected
    assert table_range(site_game(game), 1, 9) == (2, 4)


def test_french_high_five_two_to_six_configurable() -> None:
    assert table_range(site_game("high_five_crowns")) == (2, 6)
    assert table_sizes(site_game("high_five_crowns"), 13) == [5, 4, 4]
    assert table_sizes(site_game("high_five_crowns"), 13, 2, 4) == [4, 3, 3, 3]
    assert table_sizes(site_game("high_five_crowns"), 13, 3, 5) == [5, 4, 4]
    assert table_sizes(site_game("high_five_crowns"), 12, 2, 6) == [6, 6]
    assert table_range(site_game("high_five_crowns"), 2, 9) == (2, 6)
    with pytest.raises(DrawError):
        # 7 fits neither one table nor two of 4–5
        table_sizes(site_game("high_five_crowns"), 7, 4, 5)


def _check_seated(players: list[int], sizes: list[int], tables: list[list[int]]) -> None:
    assert [len(t) for t in tables] == sizes
    assert sorted(itertools.chain.from_iterable(tables)) == sorted(players)


@pytest.mark.parametrize("n", [2, 5, 13, 16, 17, 24, 40])
def test_draw_seats_everyone_once(n: int) -> None:
    players = list(range(100, 100 + n))
    sizes = table_sizes(site_game("jokeren"), n)
    _check_seated(players, sizes, draw(players, sizes, seed=7))


def test_same_seed_and_players_give_the_same_draw_whatever_the_order() -> None:
    players = list(range(1, 18))
    sizes = table_sizes(site_game("jokeren"), 17)
    first = draw(players, sizes, seed=424242)
    again = draw(list(reversed(players)), sizes, seed=424242)
    assert first == again
    history = {pair(1, 2): 1, pair(3, 4): 2}
    assert draw(players, sizes, 99, history, history) == draw(players, sizes, 99, history, history)


def test_different_seeds_usually_give_different_draws() -> None:
    players = list(range(1, 17))
    sizes = table_sizes(site_game("jokeren"), 16)
    draws = {str(draw(players, sizes, seed=s)) for s in range(20)}
    assert len(draws) >= 18


def test_nobody_meets_twice_in_two_rounds_of_sixteen() -> None:
    players = list(range(1, 17))
    sizes = table_sizes(site_game("jokeren"), 16)
    for seed in range(10):
        first = draw(players, sizes, seed)
        second = draw(players, sizes, seed + 1000, meetings(first), {})
        assert not set(meetings(first)) & set(meetings(second)), seed


def test_season_history_spreads_meetings() -> None:
    """With the season's meetings given, pairs that met most are avoided."""
    players = list(range(1, 9))
    sizes = [4, 4]
    season = {pair(a, b): 5 for a in range(1, 5) for b in range(a + 1, 5)}
    tables = draw(players, sizes, 3, {}, season)
    for table in tables:
        assert len(set(table) & {1, 2, 3, 4}) == 2


def test_team_tables_partners_opposite_and_fixed_pairs_respected() -> None:
    players = list(range(1, 18))
    sizes = table_sizes(site_game("high_five_1959"), 17)
    fixed = [(1, 2), (5, 9), (11, 17)]
    for seed in range(10):
        tables = draw(players, sizes, seed, fixed_pairs=fixed, team_tables=True)
        _check_seated(players, sizes, tables)
        partners = partnerships([t for t in tables if len(t) == 4])
        for a, b in fixed:
            assert partners.get(pair(a, b)) == 1, (seed, tables)


def test_fixed_pair_with_one_absent_plays_as_single() -> None:
    players = [1, 3, 4, 5, 6, 7, 8, 9]
    tables = draw(players, [4, 4], 1, fixed_pairs=[(1, 2)], team_tables=True)
    _check_seated(players, [4, 4], tables)


def test_team_tables_avoid_repeating_partners() -> None:
    players = list(range(1, 9))
    sizes = [4, 4]
    partners = {pair(1, 3): 3, pair(2, 4): 3, pair(5, 7): 3, pair(6, 8): 3}
    for seed in range(5):
        tables = draw(players, sizes, seed, {}, {}, partners, team_tables=True)
        assert not set(partnerships(tables)) & set(partners)


def test_roles_are_derived_from_the_seed() -> None:
    roles = table_roles(5, [4, 3, 2])
    assert roles == table_roles(5, [4, 3, 2])
    for (dealer, keeper), size in zip(roles, [4, 3, 2], strict=True):
        assert 1 <= dealer <= size and 1 <= keeper <= size and dealer != keeper


def test_draw_refuses_sizes_that_do_not_fit() -> None:
    with pytest.raises(DrawError):
        draw([1, 2, 3], [2, 2], 1)
    with pytest.raises(DrawError):
        draw([1, 2, 3], [2, 1], 1)


@pytest.mark.parametrize(("keeper", "dealer", "members", "expected"), [
    (2, 1, [True, True, True, True], 2),     # a member was drawn: stays
    (2, 1, [True, False, True, False], 3),   # guest drawn: the next member seat
    (4, 2, [True, False, True, False], 1),   # ... wrapping round the table
    (2, 3, [False, False, True, False], 3),  # the dealer when no other member sits there
    (2, 3, [True, False, True, False], 1),   # another member before the dealer
    (2, 1, [False, False, False], 2),        # guests only: nobody better
])
def test_a_guest_is_never_the_scorekeeper_when_a_member_sits_there(
    keeper: int, dealer: int, members: list[bool], expected: int
) -> None:
    assert member_scorekeeper(keeper, dealer, members) == expected
