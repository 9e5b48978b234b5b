"""The Triominos board: tiles on the triangular grid, legality and figures (§3, §4).

Move generation is incremental. The board keeps the number on every corner
point a tile has covered, and for every **open cell** (empty, sharing a side
with a tile) a small integer *key* naming what its corners 0, 1, 2 require:
a number, anything (no tile there yet), or nothing at all (tiles on the
board already disagree at that point). Open cells are indexed by key, and
each rotation of each tile knows in advance the four keys that accept it, so
listing the legal placements of a hand costs a dozen dictionary look-ups per
tile plus the output. Laying a tile refreshes only the cells that share one
of its three corners.

The checked path (:meth:`Board.check`) looks up the very same key in the
very same sets, so what is listed and what is accepted cannot disagree.
Figures (hexagons, bridges) depend only on which cells are occupied, never
on the tile laid, so each open cell's figure is worked out once and kept
until a tile lands next to it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from ...core.board import CheckedBoard
from ...core.errors import IllegalMoveError, Reason
from .grid import AROUND_POINT, cells_around, corners, edge_neighbours
from .placement import COORDINATE_LIMIT, ROTATIONS, Placement
from .scoring import FIGURE_BONUS, HEXAGONS, Figure
from .tiles import ALL_NAMES, TILES, VALUES

# --- packed cells and points --------------------------------------------------

_SHIFT: Final = 12
_MASK: Final = (1 << _SHIFT) - 1
_ORIGIN: Final = 1 << (_SHIFT - 1)
"""Cells and points are packed into one int: int-keyed dictionaries are the fastest kind."""


def pack(x: int, y: int) -> int:
    """A cell or a point as one int (coordinates within ±2047)."""
    return ((x + _ORIGIN) << _SHIFT) | (y + _ORIGIN)


def unpack(packed: int) -> tuple[int, int]:
    """The (x, y) of a packed cell or point."""
    return (packed >> _SHIFT) - _ORIGIN, (packed & _MASK) - _ORIGIN


def _parity(cell: int) -> int:
    """0 for an up cell, 1 for a down cell (the parity of x + y survives packing)."""
    return ((cell >> _SHIFT) ^ cell) & 1


def _offset(dx: int, dy: int) -> int:
    return (dx << _SHIFT) + dy


def _offsets_from(x: int, y: int, points: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    return tuple(_offset(u - x, v - y) for u, v in points)


# Derived from grid.py, the one statement of the geometry: index 0 up, 1 down.
_CORNER_OFFSETS: Final = (_offsets_from(0, 0, corners(0, 0)), _offsets_from(1, 0, corners(1, 0)))
_NEIGHBOUR_OFFSETS: Final = (
    _offsets_from(0, 0, edge_neighbours(0, 0)),
    _offsets_from(1, 0, edge_neighbours(1, 0)),
)
"""Neighbour ``k`` lies across the side opposite corner ``k``."""
_AROUND_OFFSETS: Final = tuple(_offset(dx, dy) for dx, dy in AROUND_POINT)
_ORIGIN_CELL: Final = pack(0, 0)

# --- requirements and keys ----------------------------------------------------

ANY: Final = 6
"""A corner no tile touches yet: every number fits."""
CONFLICT: Final = 7
"""A corner where board tiles already disagree (only in an unchecked position): none fits."""


def _key(r0: int, r1: int, r2: int) -> int:
    return (r0 << 6) | (r1 << 3) | r2


def _accepting_keys(numbers: tuple[int, int, int]) -> tuple[int, ...]:
    """The requirement keys a tile showing these numbers on corners 0, 1, 2 fits.

    An open cell shares a side, hence two corners, with a tile: at most one
    of its corners is free, so four keys cover every case.
    """
    a, b, c = numbers
    return (_key(a, b, c), _key(ANY, b, c), _key(a, ANY, c), _key(a, b, ANY))


ACCEPTS: Final[dict[str, tuple[tuple[int, tuple[int, ...]], ...]]] = {
    name: tuple(
        (rot, _accepting_keys(TILES[name].corner_numbers(rot))) for rot in TILES[name].rotations()
    )
    for name in ALL_NAMES
}
"""For each tile, each distinct rotation and the keys of the open cells it fits."""
_ACCEPT_SETS: Final[dict[str, tuple[frozenset[int], ...]]] = {
    name: tuple(frozenset(_accepting_keys(TILES[name].corner_numbers(rot))) for rot in ROTATIONS)
    for name in ALL_NAMES
}
"""The same per rotation 0, 1, 2 (a triple's three are equal), for the checked path."""


@dataclass(frozen=True, slots=True)
class Play:
    """A legal placement with what it would score and the figure it would make."""

    placement: Placement
    points: int
    figure: Figure | None

    def to_dict(self) -> dict[str, object]:
        """``{"tile", "x", "y", "rot", "points", "figure"}``."""
        data = self.placement.to_dict()
        data["points"] = self.points
        data["figure"] = None if self.figure is None else self.figure.value
        return data


class Board(CheckedBoard):
    """Tiles laid on the grid, with the open-cell index kept up to date."""

    def __init__(self) -> None:
        self._placements: list[Placement] = []
        self._cells: dict[int, int] = {}
        """Occupied cell -> index of its tile in :attr:`placements`."""
        self._points: dict[int, int] = {}
        """Covered corner point -> its number (or CONFLICT)."""
        self._open: dict[int, int] = {}
        """Open cell -> the key of what its corners require."""
        self._by_key: dict[int, dict[int, None]] = {}
        """Key -> open cells with that key, as an insertion-ordered set."""
        self._figures: dict[int, Figure | None] = {}
        """Open cell -> the figure a tile laid there makes, once asked."""

    # --- building -----------------------------------------------------------

    @classmethod
    def from_placements(cls, placements: Iterable[Placement]) -> Board:
        """Lay tiles **without checking the rules** (positions, tests), then index once.

        A cell covered twice is still refused: it would make the board meaningless.
        """
        board = cls()
        touched: dict[int, None] = {}
        for placement in placements:
            cell = board._occupy(placement)
            touched.update(dict.fromkeys(board._sharing_a_corner(cell)))
        for cell in touched:
            board._refresh(cell)
        return board

    def copy(self) -> Board:
        """An independent board with the same tiles and index (for searching ahead)."""
        twin = Board()
        twin._placements = list(self._placements)
        twin._cells = dict(self._cells)
        twin._points = dict(self._points)
        twin._open = dict(self._open)
        twin._by_key = {key: dict(bucket) for key, bucket in self._by_key.items()}
        twin._figures = dict(self._figures)
        return twin

    def place(self, placement: Placement) -> None:
        """Lay a tile **without checking the rules**; only a covered cell is refused.

        Use :meth:`check` first (the game does). The index is refreshed
        around the new tile only.
        """
        cell = self._occupy(placement)
        for other in self._sharing_a_corner(cell):
            self._refresh(other)

    def _occupy(self, placement: Placement) -> int:
        if placement.tile not in TILES:
            raise IllegalMoveError(Reason.UNKNOWN_TILE, f"unknown tile {placement.tile!r}")
        cell = _cell_of(placement)
        if cell in self._cells:
            raise IllegalMoveError(
                Reason.OVERLAP, f"cell ({placement.x}, {placement.y}) is already taken"
            )
        self._cells[cell] = len(self._placements)
        self._placements.append(placement)
        self._unindex(cell)
        points = self._points
        numbers = TILES[placement.tile].corner_numbers(placement.rot)
        for offset, number in zip(_CORNER_OFFSETS[_parity(cell)], numbers, strict=True):
            point = cell + offset
            known = points.get(point)
            if known is None:
                points[point] = number
            elif known != number:
                points[point] = CONFLICT
        return cell

    def _sharing_a_corner(self, cell: int) -> dict[int, None]:
        """The cells with a corner in common with ``cell`` (itself included), in a fixed order."""
        return {
            point + around: None
            for point in (cell + offset for offset in _CORNER_OFFSETS[_parity(cell)])
            for around in _AROUND_OFFSETS
        }

    def _refresh(self, cell: int) -> None:
        """Recompute one empty cell's entry in the index: its key, or nothing if not open."""
        cells = self._cells
        if cell in cells:
            return
        parity = _parity(cell)
        self._figures.pop(cell, None)
        if not any(cell + offset in cells for offset in _NEIGHBOUR_OFFSETS[parity]):
            self._unindex(cell)
            return
        points = self._points
        c0, c1, c2 = _CORNER_OFFSETS[parity]
        key = _key(
            points.get(cell + c0, ANY), points.get(cell + c1, ANY), points.get(cell + c2, ANY)
        )
        old = self._open.get(cell)
        if old == key:
            return
        if old is not None:
            del self._by_key[old][cell]
        self._open[cell] = key
        bucket = self._by_key.get(key)
        if bucket is None:
            self._by_key[key] = {cell: None}
        else:
            bucket[cell] = None

    def _unindex(self, cell: int) -> None:
        key = self._open.pop(cell, None)
        if key is not None:
            del self._by_key[key][cell]
        self._figures.pop(cell, None)

    # --- queries ------------------------------------------------------------

    @property
    def placements(self) -> list[Placement]:
        """Tiles in the order they were laid."""
        return list(self._placements)

    def __len__(self) -> int:
        return len(self._placements)

    @property
    def is_empty(self) -> bool:
        """No tile yet: the next one goes on (0, 0)."""
        return not self._placements

    def tile_at(self, x: int, y: int) -> Placement | None:
        """The placement covering a cell, or None."""
        index = self._cells.get(pack(x, y))
        return None if index is None else self._placements[index]

    def number_at(self, u: int, v: int) -> int | None:
        """The number shown at a corner point, or None (no tile there, or tiles disagree)."""
        number = self._points.get(pack(u, v))
        return None if number is None or number == CONFLICT else number

    def open_cells(self) -> list[tuple[int, int]]:
        """Every empty cell sharing a side with a tile, in the index's order."""
        return [unpack(cell) for cell in self._open]

    def needs(self, x: int, y: int) -> tuple[int | None, int | None, int | None] | None:
        """What an open cell's corners 0, 1, 2 require (None = anything), or None if not open.

        A corner where board tiles disagree shows as -1: nothing fits there.
        """
        key = self._open.get(pack(x, y))
        if key is None:
            return None
        found = ((key >> 6) & 7, (key >> 3) & 7, key & 7)
        r0, r1, r2 = (None if r == ANY else -1 if r == CONFLICT else r for r in found)
        return r0, r1, r2

    # --- legal placements -----------------------------------------------------

    def _matches(self, names: Iterable[str]) -> Iterator[tuple[str, int, int]]:
        """(tile, packed cell, rotation) of every legal placement, each physical one once."""
        if not self._cells:
            for name in dict.fromkeys(names):
                for rot in TILES[name].rotations():
                    yield name, _ORIGIN_CELL, rot
            return
        by_key = self._by_key
        for name in dict.fromkeys(names):
            for rot, keys in ACCEPTS[name]:
                for key in keys:
                    bucket = by_key.get(key)
                    if bucket:
                        for cell in bucket:
                            yield name, cell, rot

    def legal_placements(self, names: Iterable[str]) -> Iterator[Placement]:
        """Every legal placement of the named tiles, each physical placement once.

        A triple is listed with rotation 0 only. Which tiles a player may lay
        (the one just drawn) is the game's business, not the board's.
        """
        for name, cell, rot in self._matches(names):
            x, y = unpack(cell)
            yield Placement(name, x, y, rot)

    def legal_plays(self, names: Iterable[str]) -> Iterator[Play]:
        """The same placements, each with its points and figure."""
        figure_of = self._figure_of
        for name, cell, rot in self._matches(names):
            x, y = unpack(cell)
            figure = figure_of(cell)
            yield Play(Placement(name, x, y, rot), VALUES[name] + FIGURE_BONUS[figure], figure)

    def has_legal_placement(self, names: Iterable[str]) -> bool:
        """Whether any of the named tiles can be laid (stops at the first)."""
        return next(self._matches(names), None) is not None

    # --- the checked path -----------------------------------------------------

    def check(self, placement: Placement) -> None:
        """Refuse an illegal placement with its precise reason; return quietly when legal."""
        if placement.tile not in TILES:
            raise IllegalMoveError(Reason.UNKNOWN_TILE, f"unknown tile {placement.tile!r}")
        cell = _cell_of(placement)
        if cell in self._cells:
            raise IllegalMoveError(
                Reason.OVERLAP, f"cell ({placement.x}, {placement.y}) is already taken"
            )
        if not self._cells:
            if cell != _ORIGIN_CELL:
                raise IllegalMoveError(
                    Reason.FIRST_TILE_NOT_ORIGIN, "the first tile of the game goes on (0, 0)"
                )
            return
        key = self._open.get(cell)
        if key is None:
            raise IllegalMoveError(
                Reason.NO_EDGE_CONTACT,
                f"cell ({placement.x}, {placement.y}) shares no side with a tile",
            )
        if key not in _ACCEPT_SETS[placement.tile][placement.rot]:
            raise IllegalMoveError(Reason.CORNER_MISMATCH, self._mismatch_message(placement))

    def _mismatch_message(self, placement: Placement) -> str:
        for u, v, number in placement.corners():
            shown = self._points.get(pack(u, v))
            if shown == CONFLICT:
                return f"tiles on the board already disagree at corner ({u}, {v})"
            if shown is not None and shown != number:
                return (
                    f"{placement.tile} would put {number} on corner ({u}, {v}), which shows {shown}"
                )
        return f"{placement.tile} does not match the corners around it"  # pragma: no cover

    # --- figures and points ---------------------------------------------------

    def score(self, placement: Placement) -> tuple[int, Figure | None]:
        """Points and figure of a placement on an empty cell (legality is :meth:`check`'s)."""
        cell = _cell_of(placement)
        figure = self._figure_of(cell)
        return VALUES[placement.tile] + FIGURE_BONUS[figure], figure

    def figure_cells(self, placement: Placement) -> tuple[tuple[int, int], ...]:
        """The cells of the figure a placement on an empty cell makes, for the page to
        outline (it knows no rules): each closed hexagon's six, or the bridge's tile, the
        tile beside it and those at its far point; empty when it makes none. Worked out
        only for a play known to make a figure, so it is written for reading, not speed."""
        here = (placement.x, placement.y)

        def taken(cell: tuple[int, int]) -> bool:
            return cell == here or pack(*cell) in self._cells

        closed = [point for point in corners(*here) if all(map(taken, cells_around(*point)))]
        if closed:
            return tuple(sorted({cell for point in closed for cell in cells_around(*point)}))
        beside = [k for k, cell in enumerate(edge_neighbours(*here)) if taken(cell)]
        if len(beside) != 1:
            return ()
        point = corners(*here)[beside[0]]
        far = [cell for cell in cells_around(*point) if cell != here and taken(cell)]
        if not far:
            return ()
        return tuple(sorted({here, edge_neighbours(*here)[beside[0]], *far}))

    def _figure_of(self, cell: int) -> Figure | None:
        figures = self._figures
        if cell in figures:
            return figures[cell]
        figure = self._work_out_figure(cell)
        if cell in self._open:
            figures[cell] = figure
        return figure

    def _work_out_figure(self, cell: int) -> Figure | None:
        """Hexagons closed at the cell's corners, else a bridge, else nothing (§4).

        A hexagon needs both edge neighbours at a corner, a bridge only one
        edge neighbour in all: a placement is never both.
        """
        cells = self._cells
        parity = _parity(cell)
        corner_points = [cell + offset for offset in _CORNER_OFFSETS[parity]]
        hexagons = 0
        for point in corner_points:
            if all(point + a in cells for a in _AROUND_OFFSETS if point + a != cell):
                hexagons += 1
        if hexagons:
            return HEXAGONS[hexagons]
        sides = [k for k, offset in enumerate(_NEIGHBOUR_OFFSETS[parity]) if cell + offset in cells]
        if len(sides) != 1:
            return None
        # The corner opposite the one shared side. Its two edge neighbours are
        # empty (the only neighbour lies across from it), so any tile around
        # that point touches at the point only.
        point = corner_points[sides[0]]
        if any(point + a in cells for a in _AROUND_OFFSETS):
            return Figure.BRIDGE
        return None


def _cell_of(placement: Placement) -> int:
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
