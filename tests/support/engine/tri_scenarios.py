"""Hand-made Triominos games and boards for the rule-by-rule tests (test_tri_rules_*.py).

A scenario fixes what a seed would otherwise choose: each hand, the bag in
drawing order and the first player. It may hold fewer than the 56 tiles (a
setup built in code may; a record may not). Board tiles can be laid *without*
the rules (as a position document is read) to reach a shape a short game
would take many moves to build.

Boards are drawn in comments with x growing east and y growing south; a cell
is up when x + y is even.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final

from chromino.games.triominos.game import Game, Setup
from chromino.games.triominos.options import GameOptions
from chromino.games.triominos.placement import Placement
from chromino.games.triominos.tiles import ALL_NAMES
from support.engine.steps import draw, lay_unchecked, pass_turn, play, refusal_checks, timeout

DATA: Final = Path(__file__).resolve().parents[2] / "data" / "triominos"
"""Data files of these tests; never the shared folder (the repository stands alone)."""


def at(tile: str, x: int, y: int, rot: int = 0) -> Placement:
    """Shorthand for a placement."""
    return Placement(tile, x, y, rot)


START: Final = at("345", 0, 0, 0)
"""The usual first tile: 3 on top (1,0), 4 bottom right (2,1), 5 bottom left (0,1)."""

HEXAGON_BOARD: Final = (
    at("134", 0, 0, 1),
    at("133", -1, 0, 0),
    at("144", 0, 1, 2),
    at("114", -1, 1, 1),
    at("111", -2, 1, 1),
)
"""§10: five of the six cells around corner (0, 1); ``113`` on (-2, 0) rot 2 closes it."""

BRIDGE_BOARD: Final = (
    at("000", 0, 0, 0),
    at("001", 1, 0, 0),
    at("011", 2, 0, 1),
    at("012", 2, 1, 2),
    at("112", 3, 1, 0),
    at("122", 3, 2, 1),
    at("222", 2, 2, 0),
    at("223", 1, 2, 1),
)
"""§10: a ring open at (0,1), (-1,1) and (1,1); ``003`` on (0, 1) rot 2 bridges it."""

DOUBLE_HEXAGON_BOARD: Final = (
    at("005", -1, -1, 0),
    at("002", 0, -1, 0),
    at("022", 1, -1, 1),
    at("045", -1, 0, 1),
    at("024", 1, 0, 2),
    at("234", 2, 0, 0),
    at("444", 0, 1, 0),
    at("344", 1, 1, 2),
    at("334", 2, 1, 1),
)
"""Every cell around corners (1, 0) and (2, 1) but (0, 0), with 0 on (1, 0) and 4 on
(2, 1) and (0, 1): ``044`` on (0, 0) rot 0 (0, 4, 4) closes two hexagons.
Around the third corner (0, 1), (-2, 0), (-2, 1) and (-1, 1) are empty."""

TRIPLE_HEXAGON_BOARD: Final = (
    at("003", -1, -1, 2),
    at("034", 0, -1, 0),
    at("004", 1, -1, 2),
    at("005", -1, 0, 2),
    at("001", 1, 0, 2),
    at("011", 2, 0, 0),
    at("135", 0, 1, 1),
    at("113", 1, 1, 0),
    at("111", 2, 1, 0),
    at("055", -2, 0, 0),
    at("355", -2, 1, 0),
    at("335", -1, 1, 2),
)
"""All twelve cells around the three corners of (0, 0), which needs 0 top (1, 0),
1 bottom right (2, 1), 5 bottom left (0, 1): ``015`` rot 0 closes three hexagons."""


def make_setup(
    hands: Sequence[Sequence[str]],
    *,
    bag: Sequence[str] = (),
    first: int = 0,
    options: GameOptions | None = None,
) -> Setup:
    """A setup with chosen hands, bag (drawing order) and first seat; seats named p0, p1, ..."""
    names = tuple(f"p{i}" for i in range(len(hands)))
    return Setup(
        options or GameOptions(),
        names,
        tuple(tuple(hand) for hand in hands),
        tuple(bag),
        first,
    )


def make_game(
    hands: Sequence[Sequence[str]],
    *,
    bag: Sequence[str] = (),
    first: int = 0,
    board: Sequence[Placement] = (),
    **option_values: object,
) -> Game:
    """``Game(setup)`` for a hand-made setup, with ``board`` tiles laid unchecked first."""
    options = GameOptions.from_dict(option_values)
    game = Game(make_setup(hands, bag=bag, first=first, options=options))
    laid: Game = lay_unchecked(game, board, {*bag, *(name for hand in hands for name in hand)})
    return laid


def full_setup(
    hands: Sequence[Sequence[str]],
    *,
    bag_top: Sequence[str] = (),
    first: int = 0,
    options: GameOptions | None = None,
) -> Setup:
    """A setup holding all 56 tiles (as a record must): the bag starts with ``bag_top``
    and goes on with every tile not in a hand, in name order."""
    used = {*bag_top, *(name for hand in hands for name in hand)}
    rest = [name for name in ALL_NAMES if name not in used]
    return make_setup(hands, bag=[*bag_top, *rest], first=first, options=options)


refused, refused_play = refusal_checks(lambda game: game.board.open_cells())
"""Assert that an action (or a play) is refused and changed nothing, the board's open
cells included; give the reason."""

__all__ = ["draw", "pass_turn", "play", "refused", "refused_play", "timeout"]
