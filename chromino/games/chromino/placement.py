"""Where a tile lies: the placement notation of docs/rules.md section 9."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

DIRECTIONS: Final[dict[str, tuple[int, int]]] = {
    "E": (1, 0),
    "S": (0, 1),
    "W": (-1, 0),
    "N": (0, -1),
}

COORDINATE_LIMIT: Final = 1000
"""Coordinates beyond this are refused: 80 tiles never reach further than 240 cells."""


@dataclass(frozen=True, slots=True)
class Placement:
    """Tile ``tile`` with its first letter on (x, y), the others following ``dir``.

    A symmetric tile has two spellings of one physical placement; use
    :meth:`normalized` to compare placements physically.
    """

    tile: str
    x: int
    y: int
    dir: str

    def cells(self) -> tuple[tuple[int, int, str], ...]:
        """The three cells covered, with the letter on each, in name order."""
        dx, dy = DIRECTIONS[self.dir]
        return tuple((self.x + i * dx, self.y + i * dy, self.tile[i]) for i in range(3))

    @property
    def axis(self) -> int:
        """0 for a horizontal tile, 1 for a vertical one."""
        return 0 if self.dir in ("E", "W") else 1

    def normalized(self) -> Placement:
        """The canonical spelling of this physical placement.

        Only a symmetric tile has two spellings (laid W from one end, E from
        the other); the E or S one is kept. Other tiles have just one.
        """
        if self.dir in ("E", "S") or self.tile != self.tile[::-1]:
            return self
        dx, dy = DIRECTIONS[self.dir]
        flipped = "E" if self.dir == "W" else "S"
        return Placement(self.tile, self.x + 2 * dx, self.y + 2 * dy, flipped)

    def read_backwards(self) -> Placement:
        """The placement spelled from its other end: first letter where the last was.

        ``Placement("BGR", 0, 0, "E").read_backwards()`` lies on the same cells
        as ``BGR`` laid west from (2, 0) — that is how a reversed spelling
        (``RGB`` at (0, 0) east) is turned into the tile's name.
        """
        dx, dy = DIRECTIONS[self.dir]
        opposite = {"E": "W", "W": "E", "S": "N", "N": "S"}[self.dir]
        return Placement(self.tile, self.x + 2 * dx, self.y + 2 * dy, opposite)

    def same_physical(self, other: Placement) -> bool:
        """True when both cover the same cells with the same colours."""
        return self.tile == other.tile and sorted(self.cells()) == sorted(other.cells())

    def to_dict(self) -> dict[str, object]:
        """The JSON form: ``{"tile", "x", "y", "dir"}``."""
        return {"tile": self.tile, "x": self.x, "y": self.y, "dir": self.dir}
