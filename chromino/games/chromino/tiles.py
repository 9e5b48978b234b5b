"""The 80 Chromino tiles: colours, names, values and segment worths (docs/rules.md section 1).

Colours are small integers so that the board's hot loops compare ints, not
strings. ``X`` is the chameleon centre; it only ever appears in the middle of
one of the five chameleon tiles.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Final

COLOUR_LETTERS: Final = "RYGBP"
"""The five colours, in the order of their integer codes 0..4."""

X: Final = 5
"""Integer code of the chameleon centre, which matches every colour."""

LETTER_CODES: Final[dict[str, int]] = {letter: code for code, letter in enumerate("RYGBPX")}
CODE_LETTERS: Final = "RYGBPX"

CHAMELEON_NAMES: Final = ("BXY", "PXY", "BXG", "PXR", "GXR")
"""The five chameleons of the physical set: every colour is on exactly two."""


def canonical_name(spelling: str) -> str:
    """A tile's name is the smaller of its spelling and the reverse (``BGR``, not ``RGB``)."""
    return min(spelling, spelling[::-1])


@dataclass(frozen=True, slots=True)
class Tile:
    """One physical tile, named by its canonical spelling."""

    name: str

    @property
    def is_chameleon(self) -> bool:
        """Chameleons carry the wild centre ``X``."""
        return self.name[1] == "X"

    @property
    def is_symmetric(self) -> bool:
        """A palindrome reads the same both ways: one spelling per physical placement."""
        return self.name == self.name[::-1]

    @property
    def colour_count(self) -> int:
        """The expert value: how many different colours (a chameleon counts 3)."""
        if self.is_chameleon:
            return 3
        return len(set(self.name))

    @property
    def segment_worth(self) -> int:
        """What each square is worth in the segment scorings (section 6)."""
        if self.is_chameleon or len(set(self.name)) == 3:
            return 4
        if len(set(self.name)) == 1:
            return 1
        return 3 if self.is_symmetric else 2

    @property
    def hand_penalty(self) -> int:
        """Worth of the three squares, lost at the end if still in hand (segment modes)."""
        return 3 * self.segment_worth

    def spellings(self) -> tuple[str, ...]:
        """The distinct ways to read the tile along a line: one or two strings."""
        if self.is_symmetric:
            return (self.name,)
        return (self.name, self.name[::-1])

    def __repr__(self) -> str:
        return f"Tile({self.name!r})"


def _regular_names() -> list[str]:
    names = {canonical_name("".join(letters)) for letters in product(COLOUR_LETTERS, repeat=3)}
    return sorted(names)


REGULAR_NAMES: Final = tuple(_regular_names())
ALL_NAMES: Final = tuple(sorted(REGULAR_NAMES + CHAMELEON_NAMES))
TILES: Final[dict[str, Tile]] = {name: Tile(name) for name in ALL_NAMES}
TRICOLOR_NAMES: Final = tuple(name for name in REGULAR_NAMES if len(set(name)) == 3)


class UnknownTileError(ValueError):
    """A string that is not the name of any of the 80 tiles."""


def resolve_spelling(spelling: object) -> tuple[Tile, bool]:
    """The tile a spelling reads, and whether it reads it backwards (``RGB`` is ``BGR``).

    A tile is named by its alphabetically smaller spelling (docs/rules.md
    section 1), but a backwards spelling is accepted on input; only the name
    is ever written out (docs/rules-interpretations.md).
    """
    if isinstance(spelling, str):
        if spelling in TILES:
            return TILES[spelling], False
        reverse = spelling[::-1]
        if reverse in TILES:
            return TILES[reverse], True
    raise UnknownTileError(f"unknown tile {spelling!r}")


def tile_named(name: object) -> Tile:
    """The tile a name (or its reverse spelling) stands for, or a readable error."""
    return resolve_spelling(name)[0]
