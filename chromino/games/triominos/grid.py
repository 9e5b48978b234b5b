"""The triangular grid (docs/triominos-rules.md §2): cells, corners, neighbours.

Cells are triangles ``(x, y)``: ``x`` grows east in half edge lengths, ``y``
south in rows. A cell points **up** when ``x + y`` is even and **down** when
it is odd. Corners are lattice points ``(u, v)`` with ``u + v`` odd: ``u`` in
half edge lengths, ``v`` the horizontal line.

This module states the geometry once, readably; the board derives its fast
packed offsets from these same functions, so there is one definition.
"""

from __future__ import annotations

from typing import Final

Cell = tuple[int, int]
Point = tuple[int, int]


def is_up(x: int, y: int) -> bool:
    """Whether the cell points up (its point at the top)."""
    return (x + y) % 2 == 0


def corners(x: int, y: int) -> tuple[Point, Point, Point]:
    """The cell's three corners, clockwise starting from its point.

    Up cell: top, bottom right, bottom left. Down cell: bottom, top left,
    top right.
    """
    if is_up(x, y):
        return (x + 1, y), (x + 2, y + 1), (x, y + 1)
    return (x + 1, y + 1), (x, y), (x + 2, y)


def edge_neighbours(x: int, y: int) -> tuple[Cell, Cell, Cell]:
    """The three cells sharing a side, neighbour ``k`` across the side opposite corner ``k``.

    Up cell: below, west, east. Down cell: above, east, west. Neighbour
    ``k`` shares the two corners other than ``k``.
    """
    if is_up(x, y):
        return (x, y + 1), (x - 1, y), (x + 1, y)
    return (x, y - 1), (x + 1, y), (x - 1, y)


AROUND_POINT: Final[tuple[Cell, ...]] = ((-2, -1), (-1, -1), (0, -1), (-2, 0), (-1, 0), (0, 0))
"""Offsets from a corner ``(u, v)`` to the six cells that have it as a corner."""


def cells_around(u: int, v: int) -> tuple[Cell, ...]:
    """The six cells around a corner: three in the row above it, three in the row below."""
    return tuple((u + dx, v + dy) for dx, dy in AROUND_POINT)


def point_only_cells(x: int, y: int, corner: int) -> tuple[Cell, ...]:
    """The three cells that touch the cell at corner ``corner`` and nowhere else."""
    sides = set(edge_neighbours(x, y))
    around = cells_around(*corners(x, y)[corner])
    return tuple(cell for cell in around if cell != (x, y) and cell not in sides)
