"""The Triominos board as integers: cells and corner points packed into one int, the
offsets of a cell's corners and neighbours, and the small key naming what an open
cell's corners require (docs/triominos-rules.md section 3). Each rotation of each tile
knows in advance the keys that accept it, which is what makes listing legal placements
a few dictionary look-ups (:mod:`.board`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ...core.errors import IllegalMoveError, Reason
from .grid import AROUND_POINT, corners, edge_neighbours
from .placement import COORDINATE_LIMIT, ROTATIONS, Placement
from .tiles import ALL_NAMES, TILES

# --- packed cells and points --------------------------------------------------

SHIFT: Final = 12
MASK: Final = (1 << SHIFT) - 1
ORIGIN: Final = 1 << (SHIFT - 1)
"""Cells and points are packed into one int: int-keyed dictionaries are the fastest kind."""


def pack(x: int, y: int) -> int:
    """A cell or a point as one int (coordinates within ±2047)."""
    return ((x + ORIGIN) << SHIFT) | (y + ORIGIN)


def unpack(packed: int) -> tuple[int, int]:
    """The (x, y) of a packed cell or point."""
    return (packed >> SHIFT) - ORIGIN, (packed & MASK) - ORIGIN


def parity_of(cell: int) -> int:
    """0 for an up cell, 1 for a down cell (the parity of x + y survives packing)."""
    return ((cell >> SHIFT) ^ cell) & 1


def _offset(dx: int, dy: int) -> int:
    return (dx << SHIFT) + dy


def _offsets_from(x: int, y: int, points: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    return tuple(_offset(u - x, v - y) for u, v in points)


# Derived from grid.py, the one statement of the geometry: index 0 up, 1 down.
CORNER_OFFSETS: Final = (_offsets_from(0, 0, corners(0, 0)), _offsets_from(1, 0, corners(1, 0)))
NEIGHBOUR_OFFSETS: Final = (
    _offsets_from(0, 0, edge_neighbours(0, 0)),
    _offsets_from(1, 0, edge_neighbours(1, 0)),
)
"""Neighbour ``k`` lies across the side opposite corner ``k``."""
AROUND_OFFSETS: Final = tuple(_offset(dx, dy) for dx, dy in AROUND_POINT)
ORIGIN_CELL: Final = pack(0, 0)

# --- requirements and keys ----------------------------------------------------

ANY: Final = 6
"""A corner no tile touches yet: every number fits."""
CONFLICT: Final = 7
"""A corner where board tiles already disagree (only in an unchecked position): none fits."""


def needs_key(r0: int, r1: int, r2: int) -> int:
    """The key of an open cell whose corners 0, 1, 2 require r0, r1, r2 (a number, ANY or
    CONFLICT)."""
    return (r0 << 6) | (r1 << 3) | r2


def _accepting_keys(numbers: tuple[int, int, int]) -> tuple[int, ...]:
    """The requirement keys a tile showing these numbers on corners 0, 1, 2 fits.

    An open cell shares a side, hence two corners, with a tile: at most one
    of its corners is free, so four keys cover every case.
    """
    a, b, c = numbers
    return (needs_key(a, b, c), needs_key(ANY, b, c), needs_key(a, ANY, c), needs_key(a, b, ANY))


ACCEPTS: Final[dict[str, tuple[tuple[int, tuple[int, ...]], ...]]] = {
    name: tuple(
        (rot, _accepting_keys(TILES[name].corner_numbers(rot))) for rot in TILES[name].rotations()
    )
    for name in ALL_NAMES
}
"""For each tile, each distinct rotation and the keys of the open cells it fits."""
ACCEPT_SETS: Final[dict[str, tuple[frozenset[int], ...]]] = {
    name: tuple(frozenset(_accepting_keys(TILES[name].corner_numbers(rot))) for rot in ROTATIONS)
    for name in ALL_NAMES
}
"""The same per rotation 0, 1, 2 (a triple's three are equal), for the checked path."""


# --- reading a placement ------------------------------------------------------


def cell_of(placement: Placement) -> int:
    """The packed cell of a placement, refusing what no JSON parser would produce."""
    x, y, rot = placement.x, placement.y, placement.rot
    for name, value in (("x", x), ("y", y)):
        if type(value) is not int:
            raise IllegalMoveError(Reason.BAD_PLACEMENT, f"{name} must be a whole number")
        if abs(value) > COORDINATE_LIMIT:
            # Beyond the limit packed cells would alias others.
            raise IllegalMoveError(Reason.BAD_PLACEMENT, f"{name} is out of range")
    if type(rot) is not int or rot not in ROTATIONS:
        raise IllegalMoveError(Reason.BAD_PLACEMENT, "rot must be 0, 1 or 2")
    return pack(x, y)
