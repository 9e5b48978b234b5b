"""Table sizes for a round (web.tournaments.table_sizes), checked exhaustively against
a plain search: for every bound pair and every field of 0 to 200 players, as many
seated as any split could seat, sizes within one of each other, as few tables as that
allows."""

from __future__ import annotations

from functools import cache

import pytest

from web.tournaments.table_sizes import table_sizes

BOUNDS = [(low, high) for low in range(2, 9) for high in range(low, 9)]


@cache
def reachable(smallest: int, largest: int, limit: int = 200) -> frozenset[int]:
    """Every number of players some tables of ``smallest..largest`` seats can seat."""
    sums = {0}
    for total in range(1, limit + 1):
        if any(total - size in sums for size in range(smallest, largest + 1)):
            sums.add(total)
    return frozenset(sums)


@pytest.mark.parametrize(("smallest", "largest"), BOUNDS)
def test_sizes_seat_most_players_evenly_at_fewest_tables(smallest: int, largest: int) -> None:
    for players in range(201):
        sizes, byes = table_sizes(players, smallest, largest)
        seated = max(n for n in reachable(smallest, largest) if n <= players)
        assert sum(sizes) == seated and byes == players - seated
        assert all(smallest <= size <= largest for size in sizes)
        assert sizes == sorted(sizes, reverse=True)
        if sizes:
            assert max(sizes) - min(sizes) <= 1
        assert len(sizes) == -(-seated // largest)


def test_examples_read_as_the_docstring_says() -> None:
    assert table_sizes(10, 2, 4) == ([4, 3, 3], 0)
    assert table_sizes(10, 4, 4) == ([4, 4], 2)
    assert table_sizes(5, 3, 4) == ([4], 1)
    assert table_sizes(3, 4, 6) == ([], 3)
    assert table_sizes(0, 2, 8) == ([], 0)


@pytest.mark.parametrize(
    ("players", "smallest", "largest"), [(-1, 2, 4), (5, 1, 4), (5, 4, 3), (5, 2, 9)]
)
def test_impossible_bounds_are_refused(players: int, smallest: int, largest: int) -> None:
    with pytest.raises(ValueError):
        table_sizes(players, smallest, largest)
