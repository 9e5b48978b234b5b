"""A slow reference for Triominos placement and scoring, written for reading, not speed.

Nothing here comes from the engine (``chromino.games.triominos``): the tiles, the
corners of a cell, whether two cells share a side, which cells surround a
point, legality, figures and points are all worked out again from the rule
book (docs/triominos-rules.md), straight from its geometry:

- a cell's corners come from the table of §2, nothing else;
- two cells share a side when they have **two corners in common**;
- the cells around a point are found by asking every nearby cell whether
  the point is one of its corners;
- a corner matches when **every board tile** having a corner at that point
  shows the same number there (every tile is looked at).

A placement is anything with ``tile``, ``x``, ``y`` and ``rot``; a board is
a list of them, in the order they were laid.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import NamedTuple, Protocol

Cell = tuple[int, int]
Point = tuple[int, int]


class PlacementLike(Protocol):
    """The four fields of a placement (``{"tile", "x", "y", "rot"}``)."""

    @property
    def tile(self) -> str: ...

    @property
    def x(self) -> int: ...

    @property
    def y(self) -> int: ...

    @property
    def rot(self) -> int: ...


class Laid(NamedTuple):
    """A reference placement (the engine's Placement is never needed here)."""

    tile: str
    x: int
    y: int
    rot: int


# --- §1 the tiles ----------------------------------------------------------------


def all_tile_names() -> list[str]:
    """Every multiset of three numbers 0-5, written smallest first (non-decreasing)."""
    return [f"{a}{b}{c}" for a in range(6) for b in range(a, 6) for c in range(b, 6)]


TILE_NAMES = all_tile_names()


def value(name: str) -> int:
    """A tile's value: the sum of its digits."""
    return sum(int(digit) for digit in name)


# --- §2 the grid -----------------------------------------------------------------


@cache
def corners_of(x: int, y: int) -> tuple[Point, Point, Point]:
    """The table of §2: corners clockwise from the point. (Cached: a pure function.)"""
    if (x + y) % 2 == 0:  # up
        return (x + 1, y), (x + 2, y + 1), (x, y + 1)
    return (x + 1, y + 1), (x, y), (x + 2, y)  # down


@cache
def share_a_side(a: Cell, b: Cell) -> bool:
    """Two different cells share a whole side when they have two corners in common."""
    return a != b and len(set(corners_of(*a)) & set(corners_of(*b))) == 2


@cache
def side_neighbours(cell: Cell) -> list[Cell]:
    """The cells sharing a side with ``cell``, found by asking every cell nearby
    (a side-sharing cell lies in the same row or the next, at most two columns off)."""
    x, y = cell
    return [
        other
        for other in ((i, j) for i in range(x - 2, x + 3) for j in range(y - 1, y + 2))
        if share_a_side(cell, other)
    ]


@cache
def cells_around(point: Point) -> list[Cell]:
    """The cells having ``point`` as a corner, found by asking every cell nearby."""
    u, v = point
    return [
        (x, y)
        for x in range(u - 4, u + 3)
        for y in range(v - 3, v + 3)
        if point in corners_of(x, y)
    ]


# --- §3 placement ----------------------------------------------------------------


def numbers_on_corners(placement: PlacementLike) -> tuple[int, ...]:
    """Digit ``rot`` of the name on corner 0, the next digits clockwise (wrapping)."""
    return _rotated(placement.tile, placement.rot)


@cache
def _rotated(tile: str, rot: int) -> tuple[int, ...]:
    digits = [int(d) for d in tile]
    return tuple(digits[(rot + k) % 3] for k in range(3))


def corner_numbers(placement: PlacementLike) -> dict[Point, int]:
    """Point -> number for the placement's three corners."""
    return dict(
        zip(corners_of(placement.x, placement.y), numbers_on_corners(placement), strict=True)
    )


def physical(placement: PlacementLike) -> tuple[str, int, int, tuple[int, ...]]:
    """What lies on the table: the tile, the cell, the numbers on its corners.
    The three rotations of a triple are one physical placement."""
    return placement.tile, placement.x, placement.y, numbers_on_corners(placement)


OVERLAP = "overlap"
FIRST_TILE_NOT_ORIGIN = "first_tile_not_origin"
NO_EDGE_CONTACT = "no_edge_contact"
CORNER_MISMATCH = "corner_mismatch"


class ReferenceBoard:
    """A board as a list of placements, with the few look-ups the rules need."""

    def __init__(self, placements: Iterable[PlacementLike]) -> None:
        self.placements = [Laid(p.tile, p.x, p.y, p.rot) for p in placements]
        self.cells: dict[Cell, Laid] = {}
        for placement in self.placements:
            cell = (placement.x, placement.y)
            if cell in self.cells:
                raise ValueError(f"two tiles on {cell}")
            self.cells[cell] = placement
        self._beside: set[Cell] | None = None
        self.shown: dict[Point, list[int]] = {}
        """Every number every board tile shows at each point (all of them, not one)."""
        for placement in self.placements:
            for point, number in corner_numbers(placement).items():
                self.shown.setdefault(point, []).append(number)

    def violations(self, placement: PlacementLike) -> set[str]:
        """Every rule of §3 (2-4) the placement breaks; empty when it is legal."""
        cell = (placement.x, placement.y)
        if cell in self.cells:
            return {OVERLAP}
        if not self.placements:
            return set() if cell == (0, 0) else {FIRST_TILE_NOT_ORIGIN}
        found = set()
        if not any(other in self.cells for other in side_neighbours(cell)):
            found.add(NO_EDGE_CONTACT)
        if self.corners_mismatch(placement):
            found.add(CORNER_MISMATCH)
        return found

    def corners_mismatch(self, placement: PlacementLike) -> bool:
        """Rule 4: some board tile shows another number at one of the placement's corners."""
        return any(
            shown != number
            for point, number in corner_numbers(placement).items()
            for shown in self.shown.get(point, [])
        )

    def is_legal(self, placement: PlacementLike) -> bool:
        """§3 rules 2-4 (the hand is the caller's business)."""
        return not self.violations(placement)

    def cells_beside(self) -> set[Cell]:
        """Every empty cell sharing a side with a board tile, found around each tile
        (two cells either way along its row, one row up and down)."""
        if self._beside is None:
            self._beside = self._find_cells_beside()
        return set(self._beside)

    def _find_cells_beside(self) -> set[Cell]:
        return {
            other
            for cell in self.cells
            for other in side_neighbours(cell)
            if other not in self.cells
        }

    def all_legal(self, hand: Iterable[str]) -> dict[tuple[str, int, int, tuple[int, ...]], Laid]:
        """Every legal placement of the hand's tiles, by trying every tile and rotation on
        every cell where rules 2 and 3 allow a tile; keyed by :func:`physical`, so each
        physical placement is there once."""
        found: dict[tuple[str, int, int, tuple[int, ...]], Laid] = {}
        cells = self.cells_beside() if self.cells else {(0, 0)}
        for x, y in sorted(cells):
            for name in dict.fromkeys(hand):
                for rot in range(3):
                    placement = Laid(name, x, y, rot)
                    if not self.corners_mismatch(placement):
                        found.setdefault(physical(placement), placement)
        return found

    # --- §4 figures and points ----------------------------------------------------

    def figure(self, placement: PlacementLike) -> str | None:
        """The bonus figure of a placement on an empty cell, by the definitions of §4."""
        cell = (placement.x, placement.y)
        occupied = set(self.cells) | {cell}
        closed = [
            point
            for point in corners_of(*cell)
            if all(around in occupied for around in cells_around(point))
        ]
        if closed:
            return ["hexagon", "double_hexagon", "triple_hexagon"][len(closed) - 1]
        beside = [other for other in side_neighbours(cell) if other in self.cells]
        if len(beside) != 1:
            return None
        shared = set(corners_of(*cell)) & set(corners_of(*beside[0]))
        [opposite] = [point for point in corners_of(*cell) if point not in shared]
        at_point_only = [
            other
            for other in self.cells
            if opposite in corners_of(*other) and not share_a_side(cell, other)
        ]
        sides_at_point = [other for other in cells_around(opposite) if share_a_side(cell, other)]
        if at_point_only and not any(other in self.cells for other in sides_at_point):
            return "bridge"
        return None

    def points(self, placement: PlacementLike) -> int:
        """The tile's value plus the bonus of its figure."""
        bonus = {
            None: 0,
            "hexagon": 50,
            "double_hexagon": 60,
            "triple_hexagon": 70,
            "bridge": 40,
        }[self.figure(placement)]
        return value(placement.tile) + bonus


def is_legal(board: Sequence[PlacementLike], placement: PlacementLike) -> bool:
    """Whether ``placement`` may be laid on the board (§3 rules 2-4)."""
    return ReferenceBoard(board).is_legal(placement)
