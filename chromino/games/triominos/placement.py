"""Where a tile lies: ``{"tile", "x", "y", "rot"}`` (docs/triominos-rules.md §3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .grid import corners
from .tiles import TILES

ROTATIONS: Final = (0, 1, 2)

COORDINATE_LIMIT: Final = 1000
"""Coordinates beyond this are refused: 56 tiles never reach further than 120 cells."""


@dataclass(frozen=True, slots=True)
class Placement:
    """Tile ``tile`` on cell (x, y), its digit number ``rot`` on the cell's corner 0.

    The next digits of the name follow clockwise on corners 1 and 2. A triple
    (``000`` … ``555``) reads the same in every rotation: :meth:`normalized`
    gives the canonical form used in lists of legal moves.
    """

    tile: str
    x: int
    y: int
    rot: int

    def numbers(self) -> tuple[int, int, int]:
        """The numbers on the cell's corners 0, 1, 2."""
        return TILES[self.tile].corner_numbers(self.rot)

    def corners(self) -> tuple[tuple[int, int, int], ...]:
        """``(u, v, number)`` for each corner, clockwise from the cell's point."""
        return tuple(
            (u, v, number)
            for (u, v), number in zip(corners(self.x, self.y), self.numbers(), strict=True)
        )

    def normalized(self) -> Placement:
        """The canonical spelling: a triple with rotation 0, every other tile unchanged."""
        if self.rot != 0 and TILES[self.tile].is_triple:
            return Placement(self.tile, self.x, self.y, 0)
        return self

    def same_physical(self, other: Placement) -> bool:
        """True when both put the same numbers on the same corners of the same cell."""
        return self.tile == other.tile and self.corners() == other.corners()

    def to_dict(self) -> dict[str, object]:
        """The JSON form: ``{"tile", "x", "y", "rot"}``."""
        return {"tile": self.tile, "x": self.x, "y": self.y, "rot": self.rot}
