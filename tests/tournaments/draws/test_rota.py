"""Who sits out, and the koppel movement (pure): the rota over an evening and a season."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from tournaments.draws.draw import table_sizes
from tournaments.draws.rota import movement, sit_outs

PLAYERS = list(range(1, 10))  # nine: one sits out each round at tables of four


def _evening(players: list[int], rounds: int, season: Counter[int], seed: int) -> list[int]:
    evening: Counter[int] = Counter()
    out = []
    for number in range(rounds):
        chosen = sit_outs(players, len(players) % 4, seed + number, evening, season)
        evening.update(chosen)
        season.update(chosen)
        out.extend(chosen)
    return out


@pytest.mark.parametrize("seed", range(20))
def test_nine_players_three_rounds_each_sits_out_at_most_once(seed: int) -> None:
    out = _evening(PLAYERS, 3, Counter(), seed)
    assert len(out) == 3 and len(set(out)) == 3


def test_on_an_evening_nobody_sits_out_twice_before_everyone_once_whatever_the_season() -> None:
    season = Counter({1: 5, 2: 5, 3: 5, 4: 5, 5: 5, 6: 5, 7: 5, 8: 5})  # 9 never sat out
    out = _evening(PLAYERS, 9, season, 7)
    assert sorted(out) == PLAYERS  # nine rounds: each player exactly once
    assert out[0] == 9  # who sat out least sits out first


def test_over_a_season_sitting_out_is_shared_out_evenly() -> None:
    season: Counter[int] = Counter()
    for evening in range(12):  # 12 evenings of 3 rounds: 36 sit-outs over 9 players
        _evening(PLAYERS, 3, season, 100 * evening)
    assert set(season.values()) == {4}


def test_ties_go_by_a_stable_draw_of_the_seed() -> None:
    assert sit_outs(PLAYERS, 1, 42) == sit_outs(list(reversed(PLAYERS)), 1, 42)
    chosen = {sit_outs(PLAYERS, 1, seed)[0] for seed in range(40)}
    assert len(chosen) > 3  # different seeds pick different players


def test_fixed_pairs_sit_out_together_singles_first() -> None:
    pairs = [(1, 2), (3, 4), (5, 6)]
    assert sit_outs([1, 2, 3, 4, 5, 6, 7], 3, 1, pairs=pairs) in (
        [7, 1, 2], [7, 3, 4], [7, 5, 6])
    two = sit_outs([1, 2, 3, 4, 5, 6], 2, 1, pairs=pairs)
    assert tuple(two) in pairs


def _meetings(pairs: int, rounds: int) -> Counter[tuple[int, int]]:
    numbered = [(2 * n + 1, 2 * n + 2) for n in range(pairs)]  # pair n: players 2n+1, 2n+2
    met: Counter[tuple[int, int]] = Counter()
    for number in range(1, rounds + 1):
        tables, out = movement(numbered, number)
        assert out == []
        for table in tables:
            odd, even = (table[0] + 1) // 2, (table[1] + 1) // 2
            assert table == [2 * odd - 1, 2 * even - 1, 2 * odd, 2 * even]  # partners opposite
            met[(odd, even)] += 1
    return met


def test_movement_four_pairs_even_stay_odd_move_one_table_on() -> None:
    numbered = [("a1", "a2"), ("b1", "b2"), ("c1", "c2"), ("d1", "d2")]
    first, _ = movement(numbered, 1)
    second, _ = movement(numbered, 2)
    assert first == [["a1", "b1", "a2", "b2"], ["c1", "d1", "c2", "d2"]]
    assert second == [["c1", "b1", "c2", "b2"], ["a1", "d1", "a2", "d2"]]  # 1 → table 2
    assert _meetings(4, 2) == {(1, 2): 1, (3, 4): 1, (3, 2): 1, (1, 4): 1}


def test_movement_six_pairs_every_odd_meets_every_even_once_in_three_rounds() -> None:
    met = _meetings(6, 3)
    assert set(met) == set(itertools.product((1, 3, 5), (2, 4, 6)))
    assert set(met.values()) == {1}
    for number in (1, 2, 3):  # the even pairs never move
        tables, _ = movement([(2 * n + 1, 2 * n + 2) for n in range(6)], number)
        assert [t[1] for t in tables] == [3, 7, 11]


def test_movement_odd_number_of_pairs_one_sits_out_each_round() -> None:
    numbered = [(n, n + 10) for n in range(1, 6)]  # five pairs
    out = [movement(numbered, r)[1] for r in (1, 2, 3)]
    assert all(len(o) == 1 for o in out)
    assert len({o[0] for o in out}) == 3  # a different odd pair each round


class _Fours:
    table_range = (4, 4)
    team_game = True


@pytest.mark.parametrize(("n", "tables"), [(4, 1), (7, 1), (8, 2), (9, 2), (11, 2), (13, 3)])
def test_a_game_of_exactly_four_never_gets_a_table_of_three(n: int, tables: int) -> None:
    assert table_sizes(_Fours(), n) == [4] * tables
