"""Triominos' first-game lessons: matching corners, a bridge, a hexagon (§3, §4).

Each position is a one-player game of Triominos' own type, its board laid tile
by tile through the board's checks (each tile shares a side and matches every
corner, as in a real game), so a lesson shows only what docs/triominos-rules.md
allows. The bridge and the hexagon are the rule book's worked examples (§10).

The lessons' words are the host's (web/lessons.py), found by their keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...core.errors import InvalidSetupError
from ...core.lesson import Lesson
from .game import Event, Game, Setup
from .options import GameOptions
from .placement import Placement
from .scoring import Figure

CORNERS_BOARD: Final = (Placement("345", 0, 0, 0), Placement("334", 1, 0, 2))
"""3-4-5 with 3-3-4 beside it, the 4 and the 3 of their shared side together."""
BRIDGE_BOARD: Final = (
    Placement("000", 0, 0, 0),
    Placement("001", 1, 0, 0),
    Placement("011", 2, 0, 1),
    Placement("012", 2, 1, 2),
    Placement("112", 3, 1, 0),
    Placement("122", 3, 2, 1),
    Placement("222", 2, 2, 0),
    Placement("223", 1, 2, 1),
)
"""A ring with a gap at (0, 1): a tile there touches 0-0-0 by a side and 2-2-3 by its point."""
HEXAGON_BOARD: Final = (
    Placement("134", 0, 0, 1),
    Placement("133", -1, 0, 0),
    Placement("144", 0, 1, 2),
    Placement("114", -1, 1, 1),
    Placement("111", -2, 1, 1),
)
"""Five triangles around the point (0, 1), each showing 1 there: the sixth closes the hexagon."""

HEXAGONS: Final = frozenset({Figure.HEXAGON, Figure.DOUBLE_HEXAGON, Figure.TRIPLE_HEXAGON})


def position(board: Sequence[Placement], hand: Sequence[str]) -> Game:
    """A one-player game with ``board`` laid (each tile checked) and ``hand`` to play.

    The bag is empty and the game untimed: a lesson is one tile laid.
    """
    names = [placement.tile for placement in board] + list(hand)
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise InvalidSetupError("board", f"tile {twice[0]} is there twice")
    game = Game(Setup(GameOptions(turn_seconds=0), ("you",), (tuple(hand),), (), 0))
    for placement in board:
        game.board.check(placement)
        game.board.place(placement)
    return game


def _corners() -> Game:
    # 4-5-5 fits below 3-4-5 (its 5 and 4 against theirs); 5-5-5 fits nowhere.
    return position(CORNERS_BOARD, ("455", "555"))


def _bridge() -> Game:
    # 0-0-3 fits in the gap (a bridge) and west of 0-0-0 (no bridge); 0-0-2 only west.
    return position(BRIDGE_BOARD, ("003", "002"))


def _hexagon() -> Game:
    # 1-1-3 closes the ring around (0, 1) from (-2, 0), or lies at (-3, 1) without closing it.
    return position(HEXAGON_BOARD, ("113", "335"))


def _any_legal(game: Game, event: Event) -> bool:
    """The corners lesson: any legal placement matches every corner it touches."""
    return True


def _a_bridge(game: Game, event: Event) -> bool:
    return event.figure is Figure.BRIDGE


def _a_hexagon(game: Game, event: Event) -> bool:
    return event.figure in HEXAGONS


LESSONS: Final[tuple[Lesson[Game], ...]] = (
    Lesson("corners", _corners, _any_legal),
    Lesson("bridge", _bridge, _a_bridge),
    Lesson("hexagon", _hexagon, _a_hexagon),
)
"""Triominos' lessons, in the order a newcomer takes them."""
