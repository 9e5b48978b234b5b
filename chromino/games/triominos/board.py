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

from ...core.board import CheckedBoard
from ...core.errors import IllegalMoveError, Reason
from .cells import (
    ACCEPT_SETS,
    ACCEPTS,
    ANY,
    AROUND_OFFSETS,
    CONFLICT,
    CORNER_OFFSETS,
    NEIGHBOUR_OFFSETS,
    ORIGIN_CELL,
    cell_of,
    needs_key,
    pack,
    parity_of,
    unpack,
)
from .grid import cells_around, corners, edge_neighbours
from .placement import Placement
from .reasons import TriominosReason
from .scoring import FIGURE_BONUS, HEXAGONS, Figure
from .tiles import TILES, VALUES


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
        cell = cell_of(placement)
        if cell in self._cells:
            raise IllegalMoveError(
                Reason.OVERLAP, f"cell ({placement.x}, {placement.y}) is already taken"
            )
        self._cells[cell] = len(self._placements)
        self._placements.append(placement)
        self._unindex(cell)
        points = self._points
        numbers = TILES[placement.tile].corner_numbers(placement.rot)
        for offset, number in zip(CORNER_OFFSETS[parity_of(cell)], numbers, strict=True):
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
            for point in (cell + offset for offset in CORNER_OFFSETS[parity_of(cell)])
            for around in AROUND_OFFSETS
        }

    def _refresh(self, cell: int) -> None:
        """Recompute one empty cell's entry in the index: its key, or nothing if not open."""
        cells = self._cells
        if cell in cells:
            return
        parity = parity_of(cell)
        self._figures.pop(cell, None)
        if not any(cell + offset in cells for offset in NEIGHBOUR_OFFSETS[parity]):
            self._unindex(cell)
            return
        points = self._points
        c0, c1, c2 = CORNER_OFFSETS[parity]
        key = needs_key(
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
                    yield name, ORIGIN_CELL, rot
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
        cell = cell_of(placement)
        if cell in self._cells:
            raise IllegalMoveError(
                Reason.OVERLAP, f"cell ({placement.x}, {placement.y}) is already taken"
            )
        if not self._cells:
            if cell != ORIGIN_CELL:
                raise IllegalMoveError(
                    TriominosReason.FIRST_TILE_NOT_ORIGIN,
                    "the first tile of the game goes on (0, 0)",
                )
            return
        key = self._open.get(cell)
        if key is None:
            raise IllegalMoveError(
                TriominosReason.NO_EDGE_CONTACT,
                f"cell ({placement.x}, {placement.y}) shares no side with a tile",
            )
        if key not in ACCEPT_SETS[placement.tile][placement.rot]:
            raise IllegalMoveError(
                TriominosReason.CORNER_MISMATCH, self._mismatch_message(placement)
            )

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
        cell = cell_of(placement)
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
        parity = parity_of(cell)
        corner_points = [cell + offset for offset in CORNER_OFFSETS[parity]]
        hexagons = 0
        for point in corner_points:
            if all(point + a in cells for a in AROUND_OFFSETS if point + a != cell):
                hexagons += 1
        if hexagons:
            return HEXAGONS[hexagons]
        sides = [k for k, offset in enumerate(NEIGHBOUR_OFFSETS[parity]) if cell + offset in cells]
        if len(sides) != 1:
            return None
        # The corner opposite the one shared side. Its two edge neighbours are
        # empty (the only neighbour lies across from it), so any tile around
        # that point touches at the point only.
        point = corner_points[sides[0]]
        if any(point + a in cells for a in AROUND_OFFSETS):
            return Figure.BRIDGE
        return None
