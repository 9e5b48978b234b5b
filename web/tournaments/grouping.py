"""Tables formed down an ordered list of players, keeping neighbours together while
avoiding pairs that should not meet again.

Swiss rounds and the arena both want the same thing: players of similar standing at
one table, and no one seated with an opponent they met already (Swiss) or just now
(arena) while another choice exists. A cost says how bad a pair is; tables are first
filled greedily from a short window of the list, then single swaps between nearby
tables lower the total cost while they can, and where they get stuck a short seeded
walk of swaps (the best one even when it is worse for now) looks for a way out,
keeping the best arrangement it saw. Every step looks only near each player, so ten
thousand players take about as long per player as a hundred."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from itertools import islice

PairCost = Callable[[int, int], int]
"""How undesirable it is to seat two players together (0 = not at all)."""

WINDOW_PER_SEAT = 3
"""How far down the list a table may reach, in seats of the table being filled."""

SWAP_REACHES = (2, 16)
"""How many tables away swaps look, widening only while some cost remains."""

WALK_STEPS = 400
"""How many swaps the walk may try once no single swap helps any more."""

WALK_REACH = 3
"""How many tables away the walk looks for a partner to swap with."""

WALK_NOISE = 0.2
"""How often the walk makes a random swap rather than the best one."""

WHOLE_FIELD_TABLES = 256
"""Up to this many tables, a last pass may swap between any two of them."""


def group_tables(
    ordered: Sequence[int], sizes: Sequence[int], cost: PairCost, seed: int = 0
) -> list[list[int]]:
    """Tables of the given sizes, in order, from ``ordered`` (best standing first),
    with as little total pair ``cost`` as the greedy fill, the swaps and a short
    seeded walk find. ``sum(sizes)`` must equal ``len(ordered)``."""
    if sum(sizes) != len(ordered):
        raise ValueError("the tables must seat exactly the players given")
    tables = _greedy_fill(ordered, sizes, cost)
    reaches = [*SWAP_REACHES]
    if len(tables) <= WHOLE_FIELD_TABLES:
        reaches.append(len(tables))
    for reach in reaches:
        if not any(table_cost(table, cost) for table in tables):
            break
        _swap_down(tables, cost, reach)
    if any(table_cost(table, cost) for table in tables):
        _walk(tables, cost, random.Random(seed))
    return tables


def table_cost(table: Sequence[int], cost: PairCost) -> int:
    """The summed cost of every pair at one table."""
    return sum(cost(a, table[j]) for i, a in enumerate(table) for j in range(i + 1, len(table)))


def _cost_with(player: int, others: Sequence[int], skip: int, cost: PairCost) -> int:
    """The cost ``player`` brings to a table of ``others`` (without ``skip``)."""
    return sum(cost(player, other) for other in others if other != skip)


def _greedy_fill(ordered: Sequence[int], sizes: Sequence[int], cost: PairCost) -> list[list[int]]:
    """Each table starts with the best-placed player left and adds, seat by seat, the
    player of the window below who brings the least cost (the higher-placed on a
    tie), so tables stay close to the standings order."""
    tables: list[list[int]] = []
    window: list[int] = []
    upcoming = iter(ordered)
    for size in sizes:
        limit = max(size * WINDOW_PER_SEAT, size)
        window.extend(_take(upcoming, limit - len(window)))
        table = [window.pop(0)]
        while len(table) < size:
            window.extend(_take(upcoming, limit - 1 - len(window)))
            best = min(
                range(len(window)),
                key=lambda index: (_cost_with(window[index], table, -1, cost), index),
            )
            table.append(window.pop(best))
        tables.append(table)
    return tables


def _take(upcoming: Iterator[int], count: int) -> list[int]:
    """Up to ``count`` more players from the list (none when ``count`` is not positive)."""
    return list(islice(upcoming, max(count, 0)))


def _swap_down(tables: list[list[int]], cost: PairCost, reach: int) -> None:
    """Swap single players between tables at most ``reach`` apart while a swap
    lowers the summed cost of the two tables; every accepted swap lowers the total,
    so this ends."""
    improved = True
    while improved:
        improved = False
        for index, table in enumerate(tables):
            if table_cost(table, cost) == 0:
                continue
            low, high = max(0, index - reach), min(len(tables), index + reach + 1)
            for other_index in range(low, high):
                if other_index != index and _best_swap(table, tables[other_index], cost):
                    improved = True
                    if table_cost(table, cost) == 0:
                        break


def _best_swap(table: list[int], other: list[int], cost: PairCost) -> bool:
    """Make the swap between ``table`` and ``other`` that lowers their summed cost
    the most, if one does; say whether it did."""
    pair = [[cost(mine, theirs) for theirs in other] for mine in table]
    mine_at_home = [_cost_with(mine, table, mine, cost) for mine in table]
    theirs_at_home = [_cost_with(theirs, other, theirs, cost) for theirs in other]
    mine_away = [sum(row) for row in pair]
    theirs_away = [sum(row[j] for row in pair) for j in range(len(other))]
    best_gain, best_pair = 0, (-1, -1)
    for i, row in enumerate(pair):
        for j, between in enumerate(row):
            before = mine_at_home[i] + theirs_at_home[j]
            # Each joins the other's table without the one they replace.
            after = theirs_away[j] - between + mine_away[i] - between
            if before - after > best_gain:
                best_gain, best_pair = before - after, (i, j)
    if best_gain == 0:
        return False
    i, j = best_pair
    table[i], other[j] = other[j], table[i]
    return True


def _walk(tables: list[list[int]], cost: PairCost, rng: random.Random) -> None:
    """Escape the dead ends of improving swaps: repeatedly take a player who has a
    cost at their table and swap them with someone a few tables away, the best swap
    even when it makes things worse for now (and a random one now and then), keeping
    the best arrangement seen. Nearby tables only, so standings stay close."""
    costs = [table_cost(table, cost) for table in tables]
    total, best_total = sum(costs), sum(costs)
    best = [list(table) for table in tables]
    for _ in range(WALK_STEPS):
        if total == 0:
            break
        home = rng.choice([index for index, value in enumerate(costs) if value])
        table = tables[home]
        mover = rng.choice([i for i, p in enumerate(table) if _cost_with(p, table, p, cost)])
        moves = [
            (_swap_gain(table, mover, tables[away], j, cost), away, j)
            for away in range(max(0, home - WALK_REACH), min(len(tables), home + WALK_REACH + 1))
            if away != home
            for j in range(len(tables[away]))
        ]
        if not moves:
            break
        if rng.random() < WALK_NOISE:
            gain, away, j = rng.choice(moves)
        else:
            top = max(move[0] for move in moves)
            gain, away, j = rng.choice([move for move in moves if move[0] == top])
        other = tables[away]
        table[mover], other[j] = other[j], table[mover]
        costs[home], costs[away] = table_cost(table, cost), table_cost(other, cost)
        total -= gain
        if total < best_total:
            best_total, best = total, [list(table) for table in tables]
    tables[:] = best


def _swap_gain(table: list[int], i: int, other: list[int], j: int, cost: PairCost) -> int:
    """How much swapping ``table[i]`` with ``other[j]`` lowers the two tables' cost."""
    mine, theirs = table[i], other[j]
    before = _cost_with(mine, table, mine, cost) + _cost_with(theirs, other, theirs, cost)
    after = _cost_with(theirs, table, mine, cost) + _cost_with(mine, other, theirs, cost)
    return before - after
