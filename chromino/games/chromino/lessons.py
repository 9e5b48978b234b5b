"""Chromino's first-game lessons: the two-contact rule, the chameleon, the last tile.

Each position is a one-player game of Chromino's own type: the board is laid
tile by tile through the board's checks (every tile after the first makes two
matching contacts, as in a real game), the hand is dealt by a checked setup,
so a lesson can only show what docs/rules.md allows. The board, in rows
(x from -2, y from -1 down):

```
  y = 0    . . B G R . .
  y = 1    . . . G R Y .
  y = 2    . . . . R Y Y   (the third row only in the last lesson)
```

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
from .tiles import TILES

BOARD: Final = (Placement("BGR", 0, 0, "E"), Placement("GRY", 1, 1, "E"))
"""Two tiles: blue, green, red, and under its green and red a green, red, yellow."""
WIDER_BOARD: Final = (*BOARD, Placement("RYY", 2, 2, "E"))


def position(
    board: Sequence[Placement], hand: Sequence[str], options: GameOptions | None = None
) -> Game:
    """A one-player game with ``board`` laid (each tile checked) and ``hand`` to play,
    under ``options`` (the rule book's defaults when None).

    The bag is empty: a lesson (or a puzzle) is one tile laid, never a draw.
    """
    names = [placement.tile for placement in board] + list(hand)
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise InvalidSetupError("board", f"tile {twice[0]} is there twice")
    setup = Setup(options or GameOptions(), ("you",), board[0], (tuple(hand),), (), 0)
    game = Game(setup)
    for placement in board[1:]:
        game.board.check(placement)
        game.board.place(placement)
    return game


def _two_contacts() -> Game:
    # Red, yellow, yellow fits only under the red and yellow of the second tile;
    # all purple fits nowhere.
    return position(BOARD, ("RYY", "PPP"))


def _chameleon() -> Game:
    # No tile of the hand has green and red side by side, but the chameleon's wild
    # middle goes under the green (or the yellow).
    return position(BOARD, ("PXR", "PYY"))


def _last_tile() -> Game:
    # Both tiles fit; laid second, the chameleon would be the last tile, which it never may be.
    return position(WIDER_BOARD, ("GXR", "PYY"))


def _any_legal(game: Game, event: Event) -> bool:
    """The two-contact lesson: any legal placement makes two matching contacts."""
    return True


def _centre_touches(game: Game, event: Event) -> bool:
    """The chameleon laid with its wild middle against a square of the board."""
    placement = event.action.placement
    if placement is None or not TILES[placement.tile].is_chameleon:
        return False
    middle = placement.cells()[1]
    x, y = middle[0], middle[1]
    neighbours = ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
    own = {(cx, cy) for cx, cy, _ in placement.cells()}
    return any(cell not in own and game.board.letter_at(*cell) for cell in neighbours)


def _chameleon_first(game: Game, event: Event) -> bool:
    """The chameleon laid while another tile is left: the last tile is then an ordinary one."""
    placement = event.action.placement
    return placement is not None and TILES[placement.tile].is_chameleon


LESSONS: Final[tuple[Lesson[Game], ...]] = (
    Lesson("two-contacts", _two_contacts, _any_legal),
    Lesson("chameleon", _chameleon, _centre_touches),
    Lesson("last-tile", _last_tile, _chameleon_first),
)
"""Chromino's lessons, in the order a newcomer takes them."""
