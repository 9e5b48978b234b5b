"""Round robin in groups and the arena (web.tournaments.round_robin, .arena): every
pair of a group meets, the circle method exactly once per pair, seats shared out; the
arena seats distinct free players of similar standing and avoids their latest
opponents while it can."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import hypothesis_profiles

from web.tournaments.arena import arena_tables
from web.tournaments.history import History, histories
from web.tournaments.orientation import balanced_orientation
from web.tournaments.pairing import Standing
from web.tournaments.records import TableResult
from web.tournaments.round_robin import group_limit, round_robin, split_groups
from web.tournaments.table_sizes import table_sizes

hypothesis_profiles.load()


def meetings(schedule: list[list[tuple[int, ...]]]) -> Counter[frozenset[int]]:
    return Counter(
        frozenset(pair)
        for tables in schedule
        for table in tables
        for pair in combinations(table, 2)
    )


@pytest.mark.parametrize("players", range(2, 9))
def test_circle_method_meets_every_pair_exactly_once(players: int) -> None:
    schedule = round_robin(list(range(players)), 2, seed=5)
    assert len(schedule) == (players - 1 if players % 2 == 0 else players)
    met = meetings(schedule)
    assert set(met) == {frozenset(p) for p in combinations(range(players), 2)}
    assert set(met.values()) == {1}
    for tables in schedule:
        seated = [e for table in tables for e in table]
        assert len(seated) == len(set(seated)) == players - players % 2
    first = Counter(table[0] for tables in schedule for table in tables)
    games = Counter(e for tables in schedule for table in tables for e in table)
    assert all(abs(2 * first[e] - games[e]) <= 1 for e in range(players))


def test_groups_are_snake_seeded_and_even() -> None:
    groups = split_groups(list(range(20)), 2)
    assert [len(group) for group in groups] == [7, 7, 6]
    assert groups[0][:4] == [0, 5, 6, 11]
    assert groups[2][:4] == [2, 3, 8, 9]
    assert group_limit(2) == 8 and group_limit(4) == 16


@settings(max_examples=40)
@given(st.integers(0, 80), st.integers(2, 8), st.integers(0, 2**32))
def test_every_pair_of_a_group_meets(players: int, size: int, seed: int) -> None:
    entrants = random.Random(seed).sample(range(1000), players)
    schedule = round_robin(entrants, size, seed)
    groups = split_groups(entrants, size)
    assert sorted(e for group in groups for e in group) == sorted(entrants)
    assert all(len(group) <= group_limit(size) for group in groups)
    if groups:
        assert max(map(len, groups)) - min(map(len, groups)) <= 1
    group_of = {e: number for number, group in enumerate(groups) for e in group}
    met = meetings(schedule)
    wanted = {frozenset(p) for group in groups for p in combinations(group, 2)}
    assert set(met) == wanted
    for tables in schedule:
        seated = [e for table in tables for e in table]
        assert len(seated) == len(set(seated))
        for table in tables:
            assert 2 <= len(table) <= size
            assert len({group_of[e] for e in table}) == 1
    assert round_robin(entrants, size, seed) == schedule


@pytest.mark.parametrize("size", range(3, 9))
def test_seats_rotate_evenly_in_a_full_group(size: int) -> None:
    players = group_limit(size)
    schedule = round_robin(list(range(players)), size, seed=2)
    held: dict[int, Counter[int]] = {e: Counter() for e in range(players)}
    for tables in schedule:
        for table in tables:
            for seat, entrant in enumerate(table):
                held[entrant][seat] += 1
    for counts in held.values():
        assert max(counts[s] for s in range(size)) - min(counts[s] for s in range(size)) <= 2


def arena_case(seed: int, waiting: int) -> tuple[list[Standing], dict[int, History]]:
    rng = random.Random(seed)
    results = []
    people = list(range(waiting + 20))
    for number in range(rng.randrange(0, 30)):
        table = tuple(rng.sample(people, rng.randint(2, 6)))
        ranks = tuple(rng.randrange(len(table)) for _ in table)
        results.append(TableResult(number, 0, table, ranks, (0,) * len(table)))
    free = rng.sample(people, waiting)
    return [Standing(e, rng.randrange(5), rng.random()) for e in free], histories(results, [])


@settings(max_examples=50)
@given(st.integers(0, 60), st.integers(2, 8), st.integers(2, 8), st.integers(0, 2**32))
def test_arena_seats_distinct_free_players(waiting: int, low: int, high: int, seed: int) -> None:
    smallest, largest = min(low, high), max(low, high)
    free, past = arena_case(seed, waiting)
    tables, left = arena_tables(free, past, smallest, largest, seed)
    seated = [e for table in tables for e in table]
    assert len(seated) == len(set(seated))
    assert sorted(seated + list(left)) == sorted(s.entrant for s in free)
    sizes, leftover = table_sizes(waiting, smallest, largest)
    assert sorted(map(len, tables), reverse=True) == sizes
    assert left == tuple(s.entrant for s in free[waiting - leftover :])
    assert arena_tables(free, past, smallest, largest, seed) == (tables, left)


def test_arena_avoids_the_latest_opponents_when_it_can() -> None:
    results = [TableResult(1, n, (2 * n, 2 * n + 1), (0, 1), (0, 0)) for n in range(4)]
    free = [Standing(e, points=10.0 - e, rating=0.0) for e in range(8)]
    for seed in range(10):
        tables, left = arena_tables(free, histories(results, []), 4, 4, seed)
        assert left == ()
        for table in tables:
            assert len({e // 2 for e in table}) == 4, table


def test_arena_keeps_repeats_to_the_fewest_when_some_are_forced() -> None:
    results = [
        TableResult(1, 0, (0, 1, 2, 3), (0, 1, 2, 3), (0, 0, 0, 0)),
        TableResult(1, 1, (4, 5, 6, 7), (0, 1, 2, 3), (0, 0, 0, 0)),
    ]
    free = [Standing(e, points=10.0 - e, rating=0.0) for e in range(8)]
    tables, _ = arena_tables(free, histories(results, []), 4, 4, seed=1)
    pairs = [p for table in tables for p in combinations(table, 2)]
    assert sum(a // 4 == b // 4 for a, b in pairs) == 4, "two of each old table, the fewest"


def test_arena_still_seats_players_who_all_just_met() -> None:
    results = [TableResult(3, 0, (1, 2, 3), (0, 1, 2), (0, 0, 0))]
    free = [Standing(e, 0.0, 0.0) for e in (3, 1, 2)]
    tables, left = arena_tables(free, histories(results, []), 3, 3, seed=0)
    assert sorted(tables[0]) == [1, 2, 3] and left == ()


@settings(max_examples=40)
@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), max_size=60))
def test_orientation_balances_starts_for_any_games(games: list[tuple[int, int]]) -> None:
    games = [(a, b) for a, b in games if a != b]
    oriented = balanced_orientation(games)
    assert [frozenset(g) for g in oriented] == [frozenset(g) for g in games]
    starts = Counter(first for first, _ in oriented)
    seconds = Counter(second for _, second in oriented)
    for player in set(starts) | set(seconds):
        assert abs(starts[player] - seconds[player]) <= 1
