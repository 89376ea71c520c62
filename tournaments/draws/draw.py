"""The table draw: pure Python, no ORM, so anyone can recompute a draw.

``table_sizes`` decides the tables of a round and ``draw`` seats the players. The result depends
only on the seed, the players (sorted) and the history passed in. It minimises the cost of
meeting again within the evening (``EVENING_WEIGHT`` per meeting) and the season, and at team
tables of repeated partners (``PARTNER_WEIGHT``), by seeded restarts and improving swaps. Why
these weights, and how well it works: docs/architecture.md ("The draw"), docs/benchmarks.md.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar


class _Key(Hashable, Protocol):
    """A player: hashable and sortable (a member id, a tuple)."""

    def __lt__(self, other: Any, /) -> bool: ...


P = TypeVar("P", bound=_Key)

EVENING_WEIGHT = 1000
PARTNER_WEIGHT = 20
RESTARTS = 6
MAX_PASSES = 12



class TableRules(Protocol):
    """What the draw needs of a game (``tournaments.games.SiteGame`` has it): its default table
    sizes (smallest, largest) and whether four players play in two teams of partners."""

    @property
    def table_range(self) -> tuple[int, int]: ...

    @property
    def team_game(self) -> bool: ...


class DrawError(ValueError):
    """The players cannot be seated under the table-size rules (e.g. a single player)."""


def pair(a: Any, b: Any) -> frozenset[Any]:
    """The key of two players in the history mappings."""
    return frozenset((a, b))


def table_range(
    game: TableRules, table_min: int | None = None, table_max: int | None = None
) -> tuple[int, int]:
    """The allowed table sizes: the competition's setting within the game's bounds (never 1)."""
    default_low, default_high = game.table_range
    if default_low == default_high:  # a game played only at full tables (klaverjas: 4)
        return default_low, default_high
    if game.team_game:
        return 2, 4
    high = min(max(table_max or default_high, 2), default_high)
    low = min(max(table_min or default_low, 2), high)
    return low, high


def table_sizes(
    game: TableRules, n: int, table_min: int | None = None, table_max: int | None = None
) -> list[int]:
    """The sizes of the tables for ``n`` players, largest first.

    A team game (High Five 1959): as many tables of four (two teams) as possible, the rest at a
    table of three and/or two (13 → 4,4,3,2). Other games: as few tables as the largest size
    allows, sizes as equal as possible (Jokeren 13 → 4,3,3,3; 17 → 4,4,3,3,3). Never a table of one.
    A game played at one table size only (klaverjas: exactly 4) gets as many full tables as
    ``n`` allows; the others sit out that round (``rota.sit_outs``), so the sizes may add up to
    less than ``n``.
    """
    if n < 2:
        raise DrawError("at least two players are needed")
    low, high = table_range(game, table_min, table_max)
    if low == high == game.table_range[0]:
        if n < low:
            raise DrawError(f"at least {low} players are needed")
        return [low] * (n // low)
    if game.team_game:
        fours, rest = divmod(n, 4)
        tail = {0: [], 1: [3, 2], 2: [2], 3: [3]}[rest]
        if rest == 1:
            fours -= 1
        return [4] * fours + tail
    for count in range(-(-n // high), n // low + 1):
        base, extra = divmod(n, count)
        if base >= low and base + (extra > 0) <= high:
            return [base + 1] * extra + [base] * (count - extra)
    raise DrawError(f"{n} players cannot be seated at tables of {low} to {high}")


def is_team_size(game: TableRules, size: int) -> bool:
    return game.team_game and size == 4


class _Costs:
    def __init__(
        self,
        met_evening: Mapping[frozenset[Any], int],
        met_season: Mapping[frozenset[Any], int],
        partners_season: Mapping[frozenset[Any], int],
    ) -> None:
        self.met_evening = met_evening
        self.met_season = met_season
        self.partners = partners_season
        self._cache: dict[frozenset[Any], int] = {}

    def meet(self, a: Any, b: Any) -> int:
        key = pair(a, b)
        cost = self._cache.get(key)
        if cost is None:
            cost = EVENING_WEIGHT * self.met_evening.get(key, 0) + self.met_season.get(key, 0)
            self._cache[key] = cost
        return cost

    def table(self, seats: Sequence[Any], team: bool) -> int:
        total = 0
        for i in range(len(seats)):
            for j in range(i + 1, len(seats)):
                total += self.meet(seats[i], seats[j])
        if team:
            total += PARTNER_WEIGHT * (
                self.partners.get(pair(seats[0], seats[2]), 0)
                + self.partners.get(pair(seats[1], seats[3]), 0)
            )
        return total


def draw(
    players: Iterable[P],
    sizes: Sequence[int],
    seed: int,
    met_evening: Mapping[frozenset[Any], int] | None = None,
    met_season: Mapping[frozenset[Any], int] | None = None,
    partners_season: Mapping[frozenset[Any], int] | None = None,
    fixed_pairs: Iterable[tuple[P, P]] = (),
    *,
    team_tables: bool = False,
) -> list[list[P]]:
    """Seat ``players`` at tables of ``sizes``; the lists are in seat order (seat 1 first).

    With ``team_tables`` a table of four is two teams, partners opposite each other (seats 1 & 3
    and 2 & 4). Fixed pairs whose both players are present sit as partners at such a table as
    long as there are team tables left; further pairs are drawn like everyone else.
    """
    ordered = sorted(set(players))
    if sum(sizes) != len(ordered):
        raise DrawError("the table sizes do not add up to the number of players")
    if any(size < 2 for size in sizes):
        raise DrawError("never a table of one")
    costs = _Costs(met_evening or {}, met_season or {}, partners_season or {})
    team = [team_tables and size == 4 for size in sizes]
    present = set(ordered)
    pairs: list[tuple[P, P]] = []
    in_pair: set[P] = set()
    halves = 2 * sum(team)
    for a, b in sorted(tuple(sorted(fp)) for fp in fixed_pairs):
        free_pair = a in present and b in present and not {a, b} & in_pair
        if free_pair and len(pairs) < halves:
            pairs.append((a, b))
            in_pair.update((a, b))
    singles = [p for p in ordered if p not in in_pair]
    # A position (table, seat) is locked when a fixed pair sits there.
    locked: set[tuple[int, int]] = set()

    rng = random.Random(seed)
    best: list[list[P]] | None = None
    best_cost = None
    for _restart in range(RESTARTS):
        tables, locked = _initial(rng, sizes, team, pairs, singles)
        cost = _improve(rng, tables, team, locked, costs)
        if best_cost is None or cost < best_cost:
            best, best_cost = [list(t) for t in tables], cost
    assert best is not None
    # Seat order within a table: random (seeded); team tables keep partners opposite.
    for index, table in enumerate(best):
        if team[index]:
            shift = rng.randrange(4)
            best[index] = table[shift:] + table[:shift]
        elif not any((index, seat) in locked for seat in range(len(table))):
            rng.shuffle(table)
    return best


def _initial(
    rng: random.Random,
    sizes: Sequence[int],
    team: Sequence[bool],
    pairs: Sequence[tuple[Any, Any]],
    singles: Sequence[Any],
) -> tuple[list[list[Any]], set[tuple[int, int]]]:
    tables: list[list[Any]] = [[None] * size for size in sizes]
    locked: set[tuple[int, int]] = set()
    halves = [(t, h) for t in range(len(sizes)) if team[t] for h in (0, 1)]
    rng.shuffle(halves)
    for (a, b), (t, h) in zip(pairs, halves, strict=False):
        tables[t][h], tables[t][h + 2] = a, b
        locked.update({(t, h), (t, h + 2)})
    rest = list(singles)
    rng.shuffle(rest)
    free = iter(rest)
    for table in tables:
        for s in range(len(table)):
            if table[s] is None:
                table[s] = next(free)
    return tables, locked


def _improve(
    rng: random.Random,
    tables: list[list[Any]],
    team: Sequence[bool],
    locked: set[tuple[int, int]],
    costs: _Costs,
) -> int:
    table_cost = [costs.table(t, team[i]) for i, t in enumerate(tables)]
    positions = [
        (t, s) for t in range(len(tables)) for s in range(len(tables[t])) if (t, s) not in locked
    ]
    for _pass in range(MAX_PASSES):
        improved = False
        rng.shuffle(positions)
        for i, (t1, s1) in enumerate(positions):
            for t2, s2 in positions[i + 1 :]:
                if t1 == t2 and not (team[t1] and (s1 - s2) % 2):
                    continue  # same table: only swapping across teams changes anything
                a, b = tables[t1][s1], tables[t2][s2]
                tables[t1][s1], tables[t2][s2] = b, a
                if t1 == t2:
                    new1 = costs.table(tables[t1], team[t1])
                    delta = new1 - table_cost[t1]
                else:
                    new1 = costs.table(tables[t1], team[t1])
                    new2 = costs.table(tables[t2], team[t2])
                    delta = new1 + new2 - table_cost[t1] - table_cost[t2]
                if delta < 0:
                    table_cost[t1] = new1
                    if t1 != t2:
                        table_cost[t2] = new2
                    improved = True
                else:
                    tables[t1][s1], tables[t2][s2] = a, b
        if not improved:
            break
    return sum(table_cost)


def table_roles(seed: int, sizes: Sequence[int]) -> list[tuple[int, int]]:
    """(first dealer seat, scorekeeper seat) of each table, 1-based, derived from the seed.

    The scorekeeper is another player than the first dealer.
    """
    rng = random.Random(f"roles:{seed}")
    roles = []
    for size in sizes:
        dealer = rng.randrange(size) + 1
        keeper = (dealer - 1 + 1 + rng.randrange(size - 1)) % size + 1 if size > 1 else dealer
        roles.append((dealer, keeper))
    return roles


def meetings(tables: Iterable[Sequence[Any]]) -> dict[frozenset[Any], int]:
    """How often each pair sat at the same table in ``tables``."""
    counts: dict[frozenset[Any], int] = {}
    for table in tables:
        for i in range(len(table)):
            for j in range(i + 1, len(table)):
                key = pair(table[i], table[j])
                counts[key] = counts.get(key, 0) + 1
    return counts


def partnerships(tables: Iterable[Sequence[Any]]) -> dict[frozenset[Any], int]:
    """How often each pair were partners (seats 1 & 3, 2 & 4) at the team tables given."""
    counts: dict[frozenset[Any], int] = {}
    for table in tables:
        if len(table) == 4:
            for key in (pair(table[0], table[2]), pair(table[1], table[3])):
                counts[key] = counts.get(key, 0) + 1
    return counts


def member_scorekeeper(keeper: int, dealer: int, members: Sequence[bool]) -> int:
    """The scorekeeper seat (1-based) moved off a walk-in guest, who has no login to enter
    scores with, when a member sits at the table: the next member seat after the drawn one,
    the first dealer only when no other member is there. ``members[i]`` tells whether seat
    i + 1 holds a member. A table of guests only keeps the drawn seat."""
    if members[keeper - 1] or not any(members):
        return keeper
    size = len(members)
    following = [(keeper - 1 + step) % size + 1 for step in range(1, size)]
    seats = [seat for seat in following if members[seat - 1]]
    return next((seat for seat in seats if seat != dealer), seats[0])
