"""Chromino's board as integers: cells packed into one int, the 3-cell windows a tile can
fill, and the small key naming the colours each square of a window needs (docs/rules.md
sections 3 and 6). Each tile spelling knows in advance which keys accept it, which is
what makes listing legal placements a few dictionary look-ups (:mod:`.board`)."""

from __future__ import annotations

from itertools import product
from typing import Final

from .placement import Placement
from .tiles import ALL_NAMES, LETTER_CODES, TILES, X

# --- cell and window encoding ------------------------------------------------

STRIDE: Final = 1 << 12
ORIGIN: Final = 2048
STEPS: Final = (STRIDE, 1)
"""One cell along axis 0 (east) and axis 1 (south)."""
DELTAS: Final = (STRIDE, 1, -STRIDE, -1)
"""Neighbour offsets for E, S, W, N; a direction's axis is ``index & 1``."""


def encode_cell(x: int, y: int) -> int:
    """Pack a cell into one int: dictionaries keyed by ints are the fastest kind."""
    return (x + ORIGIN) * STRIDE + (y + ORIGIN)


def decode_cell(cell: int) -> tuple[int, int]:
    """The (x, y) of a packed cell."""
    return cell // STRIDE - ORIGIN, cell % STRIDE - ORIGIN


# --- requirements and keys ---------------------------------------------------

ANY: Final = 5
"""Requirement of a square with no coloured neighbour (none, or only chameleon centres)."""
X_ONLY: Final = 6
"""Requirement only a chameleon centre meets (two colours around, or junior crosswise)."""


def window_key(r0: int, r1: int, r2: int) -> int:
    """The key of a window whose squares need r0, r1 and r2 (a colour, ANY or X_ONLY)."""
    return r0 * 49 + r1 * 7 + r2


def _accepted_requirements(letter_code: int) -> tuple[int, ...]:
    if letter_code == X:
        return tuple(range(7))
    return (letter_code, ANY)


def _accepted_keys(spelling: str) -> tuple[int, ...]:
    choices = [_accepted_requirements(LETTER_CODES[letter]) for letter in spelling]
    return tuple(window_key(*combo) for combo in product(*choices))


ACCEPTS: Final[dict[str, tuple[int, ...]]] = {
    spelling: _accepted_keys(spelling) for name in ALL_NAMES for spelling in TILES[name].spellings()
}
"""For each way to read a tile along a window, the window keys it fits."""
ACCEPT_SETS: Final = {spelling: frozenset(keys) for spelling, keys in ACCEPTS.items()}


# --- windows of placements and the junior rule --------------------------------


def junior_key(
    axis: int,
    count: int,
    n0: tuple[int, int, int, int, int] | None,
    n1: tuple[int, int, int, int, int] | None,
    n2: tuple[int, int, int, int, int] | None,
) -> int | None:
    """Exactly one matching contact, of one of the three domino-like kinds (section 6)."""
    if count != 1:
        return None
    if n1 is not None:
        _, _, direction, _, board_axis = n1
        # The middle square touches with the long side: only a chameleon laid
        # crosswise against a short side of a board tile.
        if board_axis == direction & 1:
            return window_key(ANY, X_ONLY, ANY)
        return None
    need = n0 if n0 is not None else n2
    assert need is not None
    requirement, _, direction, colour, board_axis = need
    if direction & 1 != axis:
        return None  # the new tile's long side
    if colour != X and board_axis != axis:
        return None  # a short side against a long side that is no chameleon centre
    if n0 is not None:
        return window_key(requirement, ANY, ANY)
    return window_key(ANY, ANY, requirement)


def window_of(placement: Placement) -> tuple[int, str]:
    """The window a placement fills and the tile's reading along it (east or south)."""
    axis = placement.axis
    if placement.dir in ("E", "S"):
        return (encode_cell(placement.x, placement.y) << 1) | axis, placement.tile
    far_x, far_y, _ = placement.cells()[2]
    return (encode_cell(far_x, far_y) << 1) | axis, placement.tile[::-1]


def placement_in(name: str, window: int, flipped: bool) -> Placement:
    start = window >> 1
    axis = window & 1
    if not flipped:
        x, y = decode_cell(start)
        return Placement(name, x, y, "ES"[axis])
    x, y = decode_cell(start + 2 * STEPS[axis])
    return Placement(name, x, y, "WN"[axis])
