"""The 56 Triominos tiles: names, numbers, values and rotations (docs/triominos-rules.md §1).

A tile carries three numbers 0-5, one per corner. Its name is the three
digits read clockwise starting from the smallest, and the set holds exactly
one tile per multiset of three numbers, so every name is a non-decreasing
string of digits: ``000``, ``012``, ``455``. A tile laid on a cell is read
clockwise too, so each of its three rotations is a cyclic shift of its name;
the mirror image of ``012`` (0, 2, 1 clockwise) can never appear.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Final

NUMBERS: Final = range(6)
"""The numbers printed on the corners."""


@dataclass(frozen=True, slots=True)
class Tile:
    """One physical tile, named by its digits clockwise from the smallest."""

    name: str

    @property
    def numbers(self) -> tuple[int, int, int]:
        """The three numbers in name order (clockwise)."""
        return int(self.name[0]), int(self.name[1]), int(self.name[2])

    @property
    def value(self) -> int:
        """What the tile scores when laid and costs when left in a hand: its numbers' sum."""
        return sum(self.numbers)

    @property
    def is_triple(self) -> bool:
        """``000`` … ``555``: all three rotations are the same physical placement."""
        return self.name[0] == self.name[2]

    def rotations(self) -> tuple[int, ...]:
        """The rotations that give different placements: ``(0,)`` for a triple."""
        return (0,) if self.is_triple else (0, 1, 2)

    def corner_numbers(self, rot: int) -> tuple[int, int, int]:
        """The numbers on a cell's corners 0, 1, 2 when laid with rotation ``rot``."""
        a, b, c = self.numbers
        return ((a, b, c), (b, c, a), (c, a, b))[rot]

    def __repr__(self) -> str:
        return f"Tile({self.name!r})"


ALL_NAMES: Final[tuple[str, ...]] = tuple(
    "".join(str(n) for n in triple) for triple in combinations_with_replacement(NUMBERS, 3)
)
"""The 56 names in ascending order."""
TILES: Final[dict[str, Tile]] = {name: Tile(name) for name in ALL_NAMES}
VALUES: Final[dict[str, int]] = {name: tile.value for name, tile in TILES.items()}
"""Tile values by name, for the hot paths (scores, hand penalties)."""


class UnknownTileError(ValueError):
    """A value that is not the name of one of the 56 tiles (``210`` is not ``012``)."""


def tile_named(name: object) -> Tile:
    """The tile of that exact name; any other spelling, rotation or type is unknown."""
    if isinstance(name, str) and name in TILES:
        return TILES[name]
    raise UnknownTileError(f"unknown tile {name!r} (tiles go by their names, e.g. '012')")


def hand_value(hand: Iterable[str]) -> int:
    """The total value of the named tiles (a hand left at the end of the game)."""
    return sum(VALUES[name] for name in hand)
