"""docs/triominos-rules.md §1 (the tiles) and §2 (the grid)."""

from __future__ import annotations

from collections import Counter

import pytest

from chromino.games.triominos.grid import (
    cells_around,
    corners,
    edge_neighbours,
    is_up,
    point_only_cells,
)
from chromino.games.triominos.tiles import ALL_NAMES, TILES, UnknownTileError, tile_named

# --- §1 the tiles ---------------------------------------------------------------------


def test_rule_1_there_are_56_tiles_one_per_multiset_of_three_numbers() -> None:
    assert len(ALL_NAMES) == 56
    multisets = Counter(tuple(sorted(name)) for name in ALL_NAMES)
    assert len(multisets) == 56
    assert set(multisets.values()) == {1}
    assert all(set(name) <= set("012345") for name in ALL_NAMES)


def test_rule_1_six_triples_thirty_with_a_pair_twenty_with_three_numbers() -> None:
    kinds = Counter(len(set(name)) for name in ALL_NAMES)
    assert kinds == {1: 6, 2: 30, 3: 20}
    assert [name for name in ALL_NAMES if TILES[name].is_triple] == [
        "000",
        "111",
        "222",
        "333",
        "444",
        "555",
    ]


def test_rule_1_a_name_reads_clockwise_from_the_smallest_and_never_decreases() -> None:
    for name in ALL_NAMES:
        assert list(name) == sorted(name)
    assert {"000", "001", "015", "345", "455"} <= set(ALL_NAMES)


def test_rule_1_only_the_clockwise_ascending_tile_of_three_numbers_exists() -> None:
    assert "012" in TILES
    assert "021" not in TILES  # its mirror image is not in the set
    # 012 laid in any rotation reads 0, 1, 2 clockwise, never 0, 2, 1.
    readings = {TILES["012"].corner_numbers(rot) for rot in range(3)}
    assert readings == {(0, 1, 2), (1, 2, 0), (2, 0, 1)}


@pytest.mark.parametrize("spelling", ["210", "120", "201", "021", "12", "0012", "", "a", 12, None])
def test_rule_1_names_are_the_only_spelling_anything_else_is_unknown(spelling: object) -> None:
    with pytest.raises(UnknownTileError):
        tile_named(spelling)
    assert tile_named("012").name == "012"


def test_rule_1_a_tile_is_worth_the_sum_of_its_numbers() -> None:
    assert TILES["345"].value == 12
    assert TILES["000"].value == 0
    assert TILES["555"].value == 15
    assert TILES["015"].value == 6
    assert sum(tile.value for tile in TILES.values()) == 420  # each number 0-5 appears 28 times


# --- §2 the grid ----------------------------------------------------------------------


def test_rule_2_a_cell_points_up_when_x_plus_y_is_even() -> None:
    assert is_up(0, 0)
    assert is_up(-1, 1)
    assert is_up(2, 4)
    assert not is_up(1, 0)
    assert not is_up(0, -1)
    assert not is_up(-3, 0)


def test_rule_2_an_up_cell_has_its_corners_top_bottom_right_bottom_left() -> None:
    assert corners(0, 0) == ((1, 0), (2, 1), (0, 1))
    assert corners(3, 5) == ((4, 5), (5, 6), (3, 6))


def test_rule_2_a_down_cell_has_its_corners_bottom_top_left_top_right() -> None:
    assert corners(1, 0) == ((2, 1), (1, 0), (3, 0))
    assert corners(0, 1) == ((1, 2), (0, 1), (2, 1))


def test_rule_2_corners_are_points_whose_coordinates_add_up_to_an_odd_number() -> None:
    for x in range(-4, 5):
        for y in range(-4, 5):
            assert all((u + v) % 2 == 1 for u, v in corners(x, y))


def test_rule_2_edge_neighbours_are_east_west_and_below_or_above() -> None:
    assert set(edge_neighbours(0, 0)) == {(-1, 0), (1, 0), (0, 1)}  # up: the one below
    assert set(edge_neighbours(1, 0)) == {(0, 0), (2, 0), (1, -1)}  # down: the one above


def test_rule_2_edge_neighbours_share_a_side_that_is_two_corners() -> None:
    for x in range(-3, 4):
        for y in range(-3, 4):
            mine = set(corners(x, y))
            for k, (nx, ny) in enumerate(edge_neighbours(x, y)):
                shared = mine & set(corners(nx, ny))
                assert len(shared) == 2
                # neighbour k lies across the side opposite corner k
                assert corners(x, y)[k] not in shared


def test_rule_2_the_six_cells_around_a_corner() -> None:
    assert set(cells_around(1, 0)) == {(-1, -1), (0, -1), (1, -1), (-1, 0), (0, 0), (1, 0)}
    for u in range(-5, 6):
        for v in range(-5, 6):
            if (u + v) % 2 == 0:
                continue
            around = cells_around(u, v)
            assert len(set(around)) == 6
            assert all((u, v) in corners(x, y) for x, y in around)


def test_rule_2_around_a_corner_two_edge_neighbours_and_three_cells_touching_at_it() -> None:
    for x, y in [(0, 0), (1, 0), (-2, 3), (5, -1)]:
        for k, point in enumerate(corners(x, y)):
            others = [cell for cell in cells_around(*point) if cell != (x, y)]
            sides = [cell for cell in others if cell in edge_neighbours(x, y)]
            assert len(sides) == 2
            only = point_only_cells(x, y, k)
            assert len(only) == 3
            assert set(only) == set(others) - set(sides)
            for cell in only:
                assert set(corners(*cell)) & set(corners(x, y)) == {point}
