"""docs/triominos-rules.md §4: a placement scores its tile's value plus at most one bonus.

The boards are in tri_scenarios.py, each drawn in its docstring; every
expected score below is worked by hand (tile value + bonus).
"""

from __future__ import annotations

from support.engine.tri_scenarios import (
    BRIDGE_BOARD,
    DOUBLE_HEXAGON_BOARD,
    HEXAGON_BOARD,
    START,
    TRIPLE_HEXAGON_BOARD,
    at,
    make_game,
    play,
)

from chromino.games.triominos.board import Board
from chromino.games.triominos.scoring import Figure


def test_rule_4_a_placement_scores_its_tile_value() -> None:
    game = make_game([["344", "012"], ["000"]], board=[START])
    event = play(game, 0, at("344", 1, 0, 2))
    assert (event.points, event.figure) == (3 + 4 + 4, None)
    assert game.scores == [11, 0]


def test_rule_4_the_first_tile_scores_its_value() -> None:
    game = make_game([["555", "012"], ["000"]])
    event = play(game, 0, at("555", 0, 0, 0))
    assert (event.points, event.figure) == (15, None)


def test_rule_4_closing_one_hexagon_scores_50_more() -> None:
    game = make_game([["113", "555"], ["000"]], board=HEXAGON_BOARD)
    event = play(game, 0, at("113", -2, 0, 2))
    assert (event.points, event.figure) == (1 + 1 + 3 + 50, Figure.HEXAGON)


def test_rule_4_closing_two_hexagons_at_once_scores_60_more() -> None:
    game = make_game([["044", "555"], ["111"]], board=DOUBLE_HEXAGON_BOARD)
    event = play(game, 0, at("044", 0, 0, 0))
    assert (event.points, event.figure) == (0 + 4 + 4 + 60, Figure.DOUBLE_HEXAGON)


def test_rule_4_closing_three_hexagons_at_once_scores_70_more() -> None:
    game = make_game([["015", "555"], ["222"]], board=TRIPLE_HEXAGON_BOARD)
    event = play(game, 0, at("015", 0, 0, 0))
    assert (event.points, event.figure) == (0 + 1 + 5 + 70, Figure.TRIPLE_HEXAGON)


def test_rule_4_a_bridge_scores_40_more() -> None:
    game = make_game([["003", "555"], ["444"]], board=BRIDGE_BOARD)
    event = play(game, 0, at("003", 0, 1, 2))
    assert (event.points, event.figure) == (0 + 0 + 3 + 40, Figure.BRIDGE)


def test_rule_4_no_bridge_without_a_tile_at_the_opposite_point() -> None:
    # The ring without 223 on (1,2): nothing touches (0,1)'s bottom point (1,2).
    board = Board.from_placements([p for p in BRIDGE_BOARD if p.tile != "223"])
    assert board.score(at("003", 0, 1, 2)) == (3, None)


def test_rule_4_no_bridge_when_the_tile_shares_two_sides() -> None:
    # Fill (-1,1) first with 034 rot 0 (0 top (0,1), 3 bottom right (1,2), 4
    # bottom left): then (0,1) shares sides with (0,0) and (-1,1), and its point
    # contact with 223 at (1,2) is no bridge (no empty space on that side).
    # No hexagon either: (1,1) and (-2,0) are still empty.
    board = Board.from_placements([*BRIDGE_BOARD, at("034", -1, 1, 0)])
    assert board.score(at("003", 0, 1, 2)) == (3, None)


def test_rule_4_no_bridge_for_a_point_contact_beside_the_shared_side() -> None:
    # 345 on (0,0); 455 on (0,1) rot 1. The up cell (1,1) shares a side with
    # 455 only and touches 345 at (2,1) — a corner of the shared side, not the
    # opposite one (3,2), where nothing lies: no bridge.
    board = Board.from_placements([START, at("455", 0, 1, 1)])
    assert board.score(at("445", 1, 1, 0)) == (13, None)


def test_rule_4_a_hexagon_is_never_also_a_bridge_and_bonuses_do_not_add_up() -> None:
    # The hexagon-closing 113 touches two tiles along its sides: a bridge needs one.
    board = Board.from_placements(HEXAGON_BOARD)
    assert board.score(at("113", -2, 0, 2)) == (55, Figure.HEXAGON)
    triple = Board.from_placements(TRIPLE_HEXAGON_BOARD)
    assert triple.score(at("015", 0, 0, 0)) == (76, Figure.TRIPLE_HEXAGON)


def test_rule_4_listed_plays_carry_the_same_points_and_figure() -> None:
    game = make_game([["003", "555"], ["444"]], board=BRIDGE_BOARD)
    plays = game.view_for(0).legal_plays()
    [bridge] = [p for p in plays if p.placement == at("003", 0, 1, 2)]
    assert (bridge.points, bridge.figure) == (43, Figure.BRIDGE)
    assert bridge.to_dict() == {
        "tile": "003",
        "x": 0,
        "y": 1,
        "rot": 2,
        "points": 43,
        "figure": "bridge",
    }


def test_rule_4_events_name_the_figure_in_json() -> None:
    game = make_game([["044", "555"], ["111"]], board=DOUBLE_HEXAGON_BOARD)
    data = play(game, 0, at("044", 0, 0, 0)).to_dict()
    assert data["figure"] == "double_hexagon"
    assert data["points"] == 68
    plain = make_game([["344", "012"], ["000"]], board=[START])
    assert play(plain, 0, at("344", 1, 0, 2)).to_dict()["figure"] is None


def test_rule_4_an_event_names_the_cells_of_its_figure_for_the_board_to_outline() -> None:
    # The bridge: the tile, the one beside it, the one at its far point (1, 2).
    bridged = make_game([["003", "555"], ["444"]], board=BRIDGE_BOARD)
    bridge = play(bridged, 0, at("003", 0, 1, 2))
    assert bridge.to_dict()["figure_cells"] == [[0, 0], [0, 1], [1, 2]]
    # One hexagon: the six cells around corner (0, 1).
    ringed = make_game([["113", "555"], ["000"]], board=HEXAGON_BOARD)
    ring = play(ringed, 0, at("113", -2, 0, 2)).to_dict()
    assert ring["figure_cells"] == [[-2, 0], [-2, 1], [-1, 0], [-1, 1], [0, 0], [0, 1]]
    # Two at once: both rings, eleven cells (the new tile is in each).
    doubled = make_game([["044", "555"], ["111"]], board=DOUBLE_HEXAGON_BOARD)
    assert len(play(doubled, 0, at("044", 0, 0, 0)).to_dict()["figure_cells"]) == 10
    # No figure, no cells.
    plain = make_game([["344", "012"], ["000"]], board=[START])
    assert "figure_cells" not in play(plain, 0, at("344", 1, 0, 2)).to_dict()
