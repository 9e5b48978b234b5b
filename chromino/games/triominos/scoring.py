"""Points (docs/triominos-rules.md §4, §6, §7): figures, bonuses and penalties."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Figure(StrEnum):
    """The bonus a placement makes; JSON writes the value (or null for none)."""

    HEXAGON = "hexagon"
    """One corner of the new tile closes a ring of six tiles: +50."""
    DOUBLE_HEXAGON = "double_hexagon"
    """Two corners close one at once: +60."""
    TRIPLE_HEXAGON = "triple_hexagon"
    """All three corners close one: +70."""
    BRIDGE = "bridge"
    """One side against a tile, the opposite point against another, space either side: +40."""


FIGURE_BONUS: Final[dict[Figure | None, int]] = {
    None: 0,
    Figure.HEXAGON: 50,
    Figure.DOUBLE_HEXAGON: 60,
    Figure.TRIPLE_HEXAGON: 70,
    Figure.BRIDGE: 40,
}

HEXAGONS: Final[tuple[Figure | None, ...]] = (
    None,
    Figure.HEXAGON,
    Figure.DOUBLE_HEXAGON,
    Figure.TRIPLE_HEXAGON,
)
"""The figure for 0, 1, 2 or 3 hexagons closed at once."""

DRAW_PENALTY: Final = 5
PASS_PENALTY: Final = 10
TIMEOUT_PENALTY: Final = 15
"""A timed-out turn loses this in all; its penalty tile costs no extra 5."""
OUT_BONUS: Final = 25
"""For laying one's last tile, on top of every other hand's value."""
