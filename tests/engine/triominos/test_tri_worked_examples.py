"""docs/triominos-rules.md §10: every worked example, each its own test.

Expected values are worked by hand from the rule book (the comments show
the working), never computed by the engine. Each example is checked three
ways: the board's checked path, the listing of legal plays, and a game
applying the placement.
"""

from __future__ import annotations

from support.engine.tri_scenarios import (
    BRIDGE_BOARD,
    HEXAGON_BOARD,
    START,
    at,
    make_game,
    play,
    refused_play,
)

from chromino.games.triominos.board import Board
from chromino.games.triominos.grid import corners
from chromino.games.triominos.placement import Placement
from chromino.games.triominos.reasons import TriominosReason
from chromino.games.triominos.scoring import Figure


def listed(board: Board, placement: Placement) -> tuple[int, Figure | None] | None:
    """Points and figure of the placement among the board's legal plays, or None."""
    for entry in board.legal_plays([placement.tile]):
        if entry.placement == placement:
            return entry.points, entry.figure
    return None


def test_example_10_the_first_tile_345_shows_3_4_5_top_bottom_right_bottom_left() -> None:
    board = Board.from_placements([START])
    assert board.number_at(1, 0) == 3
    assert board.number_at(2, 1) == 4
    assert board.number_at(0, 1) == 5


def test_example_10_the_east_down_cell_has_corners_bottom_top_left_top_right() -> None:
    assert corners(1, 0) == ((2, 1), (1, 0), (3, 0))
    # It shares the side (1,0)-(2,1) with 345: 4 on corner 0, 3 on corner 1.
    assert Board.from_placements([START]).needs(1, 0) == (4, 3, None)


def test_example_10_334_rot_2_east_reads_4_3_3_and_scores_10() -> None:
    placement = at("334", 1, 0, 2)
    assert placement.numbers() == (4, 3, 3)
    board = Board.from_placements([START])
    board.check(placement)
    assert listed(board, placement) == (3 + 3 + 4, None)
    game = make_game([["334", "000"], ["111"]], board=[START])
    assert play(game, 0, placement).points == 10


def test_example_10_344_rot_2_east_reads_4_3_4_and_scores_11() -> None:
    placement = at("344", 1, 0, 2)
    assert placement.numbers() == (4, 3, 4)
    assert listed(Board.from_placements([START]), placement) == (3 + 4 + 4, None)
    game = make_game([["344", "000"], ["111"]], board=[START])
    assert play(game, 0, placement).points == 11


def test_example_10_344_rot_1_east_reads_4_4_3_and_is_illegal() -> None:
    placement = at("344", 1, 0, 1)
    assert placement.numbers() == (4, 4, 3)
    assert listed(Board.from_placements([START]), placement) is None
    game = make_game([["344", "000"], ["111"]], board=[START])
    assert refused_play(game, 0, placement) is TriominosReason.CORNER_MISMATCH


def test_example_10_the_down_cell_below_needs_5_top_left_and_4_top_right() -> None:
    assert corners(0, 1) == ((1, 2), (0, 1), (2, 1))
    assert Board.from_placements([START]).needs(0, 1) == (None, 5, 4)


def test_example_10_455_rot_1_below_reads_5_5_4_and_scores_14() -> None:
    placement = at("455", 0, 1, 1)
    assert placement.numbers() == (5, 5, 4)
    assert listed(Board.from_placements([START]), placement) == (4 + 5 + 5, None)
    game = make_game([["455", "000"], ["111"]], board=[START])
    assert play(game, 0, placement).points == 14


def test_example_10_445_rot_1_below_reads_4_5_4_and_scores_13() -> None:
    placement = at("445", 0, 1, 1)
    assert placement.numbers() == (4, 5, 4)
    assert listed(Board.from_placements([START]), placement) == (4 + 4 + 5, None)
    game = make_game([["445", "000"], ["111"]], board=[START])
    assert play(game, 0, placement).points == 13


def test_example_10_555_fits_nowhere_next_to_345() -> None:
    # Every cell sharing a side with 345 needs a 3 or a 4 on a shared corner.
    board = Board.from_placements([START])
    assert list(board.legal_placements(["555"])) == []
    for x, y in [(1, 0), (0, 1), (-1, 0)]:
        for rot in range(3):
            assert not board.is_legal(at("555", x, y, rot))


def test_example_10_113_rot_2_closes_the_hexagon_around_0_1_for_55() -> None:
    # 113 rot 2 on the up cell (-2,0) reads 3, 1, 1: 3 on top (-1,0) as 133
    # shows, 1 bottom right (0,1) as 134, 133, 144, 114 and 111 show, 1 bottom
    # left (-2,1) as 111 shows. The six cells around (0,1): (-2,0), (-1,0),
    # (0,0), (-2,1), (-1,1), (0,1) — all taken now. 1 + 1 + 3 + 50 = 55.
    placement = at("113", -2, 0, 2)
    assert placement.numbers() == (3, 1, 1)
    board = Board.from_placements(HEXAGON_BOARD)
    board.check(placement)
    assert listed(board, placement) == (55, Figure.HEXAGON)
    game = make_game([["113", "555"], ["000"]], board=HEXAGON_BOARD)
    event = play(game, 0, placement)
    assert (event.points, event.figure) == (55, Figure.HEXAGON)


def test_example_10_003_rot_2_bridges_the_ring_for_43() -> None:
    # 003 rot 2 on the down cell (0,1) reads 3, 0, 0: 3 at the bottom (1,2), 0
    # top left (0,1) and top right (2,1) as 000 shows. It shares a side with
    # (0,0) only ((-1,1) and (1,1) are empty), and its opposite corner (1,2)
    # is 223's top-left corner, 3. 0 + 0 + 3 + 40 = 43.
    placement = at("003", 0, 1, 2)
    assert placement.numbers() == (3, 0, 0)
    board = Board.from_placements(BRIDGE_BOARD)
    board.check(placement)
    assert listed(board, placement) == (43, Figure.BRIDGE)
    game = make_game([["003", "555"], ["444"]], board=BRIDGE_BOARD)
    event = play(game, 0, placement)
    assert (event.points, event.figure) == (43, Figure.BRIDGE)
