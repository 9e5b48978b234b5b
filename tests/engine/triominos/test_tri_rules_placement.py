"""docs/triominos-rules.md §3: where a tile may go, at the board and at the game level.

Most scenarios start from 345 on (0,0) rot 0, an up cell: 3 on its top
corner (1,0), 4 bottom right (2,1), 5 bottom left (0,1). Its edge
neighbours are the down cells (-1,0) west, (1,0) east and (0,1) below.
"""

from __future__ import annotations

import pytest
from support.engine.tri_scenarios import (
    BRIDGE_BOARD,
    START,
    at,
    make_game,
    play,
    refused,
    refused_play,
)

from chromino.core.errors import IllegalMoveError, Reason
from chromino.games.triominos.actions import Action, parse_action
from chromino.games.triominos.board import Board
from chromino.games.triominos.placement import Placement
from chromino.games.triominos.reasons import TriominosReason

# --- the notation -------------------------------------------------------------------


def test_rule_3_rot_puts_that_digit_on_corner_0_and_the_next_ones_clockwise() -> None:
    assert at("345", 0, 0, 0).corners() == ((1, 0, 3), (2, 1, 4), (0, 1, 5))
    assert at("345", 0, 0, 1).corners() == ((1, 0, 4), (2, 1, 5), (0, 1, 3))
    assert at("345", 0, 0, 2).corners() == ((1, 0, 5), (2, 1, 3), (0, 1, 4))
    # On a down cell corner 0 is the bottom point, then top left, top right.
    assert at("012", 1, 0, 1).corners() == ((2, 1, 1), (1, 0, 2), (3, 0, 0))


def test_rule_3_a_triple_is_one_physical_placement_listed_with_the_smallest_rot() -> None:
    board = Board.from_placements([START])
    empty = Board()
    assert list(empty.legal_placements(["555"])) == [at("555", 0, 0, 0)]
    assert list(empty.legal_placements(["012"])) == [at("012", 0, 0, r) for r in range(3)]
    # Every rotation of a triple is accepted, and all are the same physical placement.
    for rot in range(3):
        assert empty.is_legal(at("555", 0, 0, rot))
        assert at("555", 0, 0, rot).same_physical(at("555", 0, 0, 0))
        assert at("555", 0, 0, rot).normalized() == at("555", 0, 0, 0)
    assert not at("012", 0, 0, 1).same_physical(at("012", 0, 0, 0))
    assert list(board.legal_placements(["555"])) == []


# --- rule 1: an empty cell, a tile of the hand ----------------------------------------


def test_rule_3_1_the_cell_must_be_empty() -> None:
    game = make_game([["334", "012"], ["000"]], board=[START])
    assert refused_play(game, 0, at("334", 0, 0, 0)) is Reason.OVERLAP


def test_rule_3_1_the_tile_must_be_in_the_players_hand() -> None:
    game = make_game([["012", "555"], ["334"]], board=[START])
    assert refused_play(game, 0, at("334", 1, 0, 2)) is Reason.TILE_NOT_IN_HAND  # seat 1's
    assert refused_play(game, 0, at("344", 1, 0, 2)) is Reason.TILE_NOT_IN_HAND  # nobody's
    assert game.legal_plays(0) == []


def test_rule_3_unknown_tiles_are_refused_as_unknown() -> None:
    game = make_game([["012"], ["000"]])
    assert refused_play(game, 0, at("210", 0, 0, 0)) is Reason.UNKNOWN_TILE
    with pytest.raises(IllegalMoveError) as caught:
        parse_action({"action": "play", "tile": "210", "x": 0, "y": 0, "rot": 0})
    assert caught.value.reason is Reason.UNKNOWN_TILE


@pytest.mark.parametrize("rot", [-1, 3, 7])
def test_rule_3_rot_is_0_1_or_2(rot: int) -> None:
    game = make_game([["012"], ["000"]])
    assert refused_play(game, 0, at("012", 0, 0, rot)) is Reason.BAD_PLACEMENT
    with pytest.raises(IllegalMoveError) as caught:
        parse_action({"action": "play", "tile": "012", "x": 0, "y": 0, "rot": rot})
    assert caught.value.reason is Reason.BAD_PLACEMENT


# --- rule 2: the first tile -------------------------------------------------------------


def test_rule_3_2_the_first_tile_goes_on_the_origin() -> None:
    game = make_game([["012", "345"], ["000"]])
    for x, y in [(1, 0), (0, 1), (-1, 0), (2, 2)]:
        assert refused_play(game, 0, at("012", x, y, 0)) is TriominosReason.FIRST_TILE_NOT_ORIGIN


def test_rule_3_2_the_first_tile_may_lie_in_any_rotation_with_nothing_to_match() -> None:
    for rot in range(3):
        game = make_game([["012", "345"], ["000"]])
        event = play(game, 0, at("012", 0, 0, rot))
        assert event.points == 3
        assert game.board.placements == [at("012", 0, 0, rot)]
    listed = make_game([["012", "345"], ["000"]]).legal_plays(0)
    assert sorted(listed, key=lambda p: (p.tile, p.rot)) == [
        *(at("012", 0, 0, r) for r in range(3)),
        *(at("345", 0, 0, r) for r in range(3)),
    ]


# --- rule 3: a whole side shared --------------------------------------------------------


def test_rule_3_3_a_later_tile_must_share_a_side_with_a_tile() -> None:
    game = make_game([["333", "012"], ["000"]], board=[START])
    # (2,0) is up; its bottom-left corner (2,1) is 345's bottom right (4): it
    # touches 345 at that point only.
    assert refused_play(game, 0, at("012", 2, 0, 0)) is TriominosReason.NO_EDGE_CONTACT
    assert refused_play(game, 0, at("012", 9, 9, 0)) is TriominosReason.NO_EDGE_CONTACT


def test_rule_3_3_touching_at_a_point_is_not_enough_even_when_the_number_matches() -> None:
    # (2,0) up: corners top (3,0), bottom right (4,1), bottom left (2,1) = 4 on the board.
    board = Board.from_placements([START])
    matching = at("344", 2, 0, 1)  # 4 on (3,0), 4 on (4,1), 3 on (2,1): no
    assert matching.corners()[2] == (2, 1, 3)
    fitting = at("344", 2, 0, 0)  # 3, 4, 4: 4 on (2,1) as 345 shows
    assert fitting.corners()[2] == (2, 1, 4)
    with pytest.raises(IllegalMoveError) as caught:
        board.check(fitting)
    assert caught.value.reason is TriominosReason.NO_EDGE_CONTACT


# --- rule 4: every corner matches every tile there ------------------------------------


def test_rule_3_4_the_corners_on_the_shared_side_must_match() -> None:
    game = make_game([["344", "012"], ["000"]], board=[START])
    # East cell (1,0) needs 4 at the bottom (2,1) and 3 top left (1,0).
    assert refused_play(game, 0, at("344", 1, 0, 1)) is TriominosReason.CORNER_MISMATCH  # 4, 4, 3
    assert refused_play(game, 0, at("344", 1, 0, 0)) is TriominosReason.CORNER_MISMATCH  # 3, 4, 4
    play(game, 0, at("344", 1, 0, 2))  # 4, 3, 4


def test_rule_3_4_tiles_touching_at_a_point_only_must_match_there_too() -> None:
    # The bridge ring of §10: the down cell (0,1) shares a side only with 000
    # on (0,0) (0 on (0,1) and (2,1)); its bottom corner (1,2) is the top-left
    # corner of 223 on (1,2) rot 1, which shows 3 there and touches (0,1) at
    # that point only.
    game = make_game([["002", "003"], ["555"]], board=BRIDGE_BOARD)
    assert refused_play(game, 0, at("002", 0, 1, 2)) is TriominosReason.CORNER_MISMATCH  # 2, 0, 0
    play(game, 0, at("003", 0, 1, 2))  # 3, 0, 0
    # Without 223 the same 002 fits: only the point-only tile was in the way.
    without = [p for p in BRIDGE_BOARD if p.tile != "223"]
    assert make_game([["002", "003"], ["555"]], board=without).board.is_legal(at("002", 0, 1, 2))


def test_rule_3_4_a_corner_on_the_shared_side_may_also_touch_another_tile() -> None:
    # 345 on (0,0) and 455 on (0,1) rot 1 (5 bottom (1,2), 5 top left (0,1),
    # 4 top right (2,1)). The up cell (1,1) shares a side with 455 and touches
    # 345 at (2,1) only; it needs 4 on top (2,1) and 5 bottom left (1,2):
    # (4, any, 5) clockwise, which only 445 rot 0 (and 455, in use) reads.
    game = make_game([["445", "245"], ["000"]], board=[START, at("455", 0, 1, 1)])
    assert game.board.needs(1, 1) == (4, None, 5)
    assert [p for p in game.legal_plays(0) if (p.x, p.y) == (1, 1)] == [at("445", 1, 1, 0)]
    for rot in (1, 2):
        assert refused_play(game, 0, at("445", 1, 1, rot)) is TriominosReason.CORNER_MISMATCH
    for rot in range(3):
        assert refused_play(game, 0, at("245", 1, 1, rot)) is TriominosReason.CORNER_MISMATCH
    play(game, 0, at("445", 1, 1, 0))


def test_rule_3_4_the_check_and_the_listing_agree_on_point_only_contacts() -> None:
    # 345 at (0,0); 344 at (1,0) rot 2 (4 bottom (2,1), 3 top left (1,0), 4 top right (3,0)).
    # The up cell (2,0) then shares a side with 344 ((3,0) and (2,1)) and needs
    # 4 on top (3,0) and 4 bottom left (2,1): 44x clockwise from the top.
    board = Board.from_placements([START, at("344", 1, 0, 2)])
    assert board.needs(2, 0) == (4, None, 4)
    for name in ("244", "445", "444"):
        listed = [p for p in board.legal_placements([name]) if (p.x, p.y) == (2, 0)]
        for rot in range(3):
            placement = at(name, 2, 0, rot)
            assert board.is_legal(placement) == (placement.normalized() in listed)


def test_rule_3_a_play_action_needs_a_well_formed_placement() -> None:
    game = make_game([["012"], ["000"]])
    assert refused(game, 0, Action("play")) is Reason.BAD_PLACEMENT
    assert refused(game, 0, Action.play(Placement("012", 0, 0, True))) is Reason.BAD_PLACEMENT
    assert refused(game, 0, Action.play(Placement("012", 0, 1001, 0))) is Reason.BAD_PLACEMENT
