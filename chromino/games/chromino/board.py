"""The board: tiles on an unbounded grid, contacts, and legality (docs/rules.md sections 3 and 6).

Move generation is incremental. For every empty cell next to the board the
board keeps what that cell *needs* (which colour a new square must have there,
and how many contacts it makes); from the needs of three cells in a line it
keeps, for every empty 3-cell *window* where some tile could lie, a small
integer *key* naming the colours each square must have. Windows are indexed by
key, and each tile spelling knows in advance which keys accept it, so listing
the legal placements of a hand is a few dictionary look-ups per tile, and
placing a tile refreshes only the windows within one cell of it.

The checked path (:meth:`Board.check`) decides legality with the very same
window analysis, so generation and checking cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ...core.board import CheckedBoard
from ...core.errors import IllegalMoveError, Reason
from .placement import COORDINATE_LIMIT, Placement
from .reasons import ChrominoReason
from .tiles import LETTER_CODES, TILES, Tile, X
from .windows import (
    ACCEPT_SETS,
    ACCEPTS,
    ANY,
    DELTAS,
    STEPS,
    X_ONLY,
    decode_cell,
    encode_cell,
    junior_key,
    placement_in,
    window_key,
    window_of,
)


@dataclass(frozen=True, slots=True)
class Contact:
    """One pair of edge-adjacent squares, new and old (docs/rules.md section 3)."""

    new_index: int
    """Which square of the new tile, in name order (0, 1, 2)."""
    new_letter: str
    board_letter: str
    board_tile: int
    """Index of the touched tile in :attr:`Board.placements`."""
    direction_axis: int
    """0 when the two squares are side by side horizontally, 1 vertically."""
    board_axis: int
    """Axis of the touched tile."""

    @property
    def matches(self) -> bool:
        """Same colour, or a chameleon centre on either side."""
        return self.new_letter == self.board_letter or "X" in (self.new_letter, self.board_letter)

    def is_end_to_end(self, new_axis: int) -> bool:
        """Short side against short side: the contact runs along both tiles' lines."""
        return self.direction_axis == new_axis == self.board_axis


class Board(CheckedBoard):
    """Tiles laid on the grid, with the window index kept up to date.

    ``junior`` chooses the rule set: the standard rule (at least two
    contacts, all matching) or the junior rule (exactly one domino-like
    contact).
    """

    def __init__(self, *, junior: bool = False) -> None:
        self.junior = junior
        self._placements: list[Placement] = []
        self._cells: dict[int, tuple[int, int, int]] = {}
        """Occupied cell -> (colour code, tile index, tile axis)."""
        self._needs: dict[int, tuple[int, int, int, int, int]] = {}
        """Empty cell next to the board -> (requirement, contacts, and the
        direction, colour and tile axis of its last neighbour: enough to
        classify a junior contact when there is only one)."""
        self._window_keys: dict[int, int] = {}
        """Window (start cell << 1 | axis) -> key, for windows a tile could fill."""
        self._windows_by_key: dict[int, dict[int, None]] = {}
        """Key -> windows with that key, as an insertion-ordered set."""

    # --- building -----------------------------------------------------------

    @classmethod
    def from_placements(cls, placements: Iterable[Placement], *, junior: bool = False) -> Board:
        """Lay tiles without checking the rules (positions, replays) and index once.

        Overlap is still refused: it would make the board meaningless.
        """
        board = cls(junior=junior)
        for placement in placements:
            board._occupy(placement)
        board._rebuild_index()
        return board

    def copy(self) -> Board:
        """An independent board with the same tiles and index (for searching ahead)."""
        twin = Board(junior=self.junior)
        twin._placements = list(self._placements)
        twin._cells = dict(self._cells)
        twin._needs = dict(self._needs)
        twin._window_keys = dict(self._window_keys)
        twin._windows_by_key = {key: dict(bucket) for key, bucket in self._windows_by_key.items()}
        return twin

    def place(self, placement: Placement) -> None:
        """Lay a tile **without checking the rules**; only overlap is refused.

        Use :meth:`check` first (the game does). The index is refreshed
        around the new tile only.
        """
        new_cells = self._occupy(placement)
        touched = set(new_cells)
        for cell in new_cells:
            for delta in DELTAS:
                neighbour = cell + delta
                if neighbour not in self._cells:
                    touched.add(neighbour)
                    self._refresh_need(neighbour)
        self._refresh_windows_around(touched)

    def _occupy(self, placement: Placement) -> list[int]:
        cells = [encode_cell(x, y) for x, y, _ in placement.cells()]
        overlap = [c for c in cells if c in self._cells]
        if overlap:
            x, y = decode_cell(overlap[0])
            raise IllegalMoveError(Reason.OVERLAP, f"cell ({x}, {y}) is already covered")
        index = len(self._placements)
        self._placements.append(placement)
        axis = placement.axis
        for cell, letter in zip(cells, placement.tile, strict=True):
            self._cells[cell] = (LETTER_CODES[letter], index, axis)
            self._needs.pop(cell, None)
        return cells

    def _rebuild_index(self) -> None:
        self._needs.clear()
        self._window_keys.clear()
        self._windows_by_key.clear()
        for cell in self._cells:
            for delta in DELTAS:
                neighbour = cell + delta
                if neighbour not in self._cells and neighbour not in self._needs:
                    self._refresh_need(neighbour)
        self._refresh_windows_around(self._needs)

    def _refresh_need(self, cell: int) -> None:
        cells = self._cells
        requirement = ANY
        count = direction = colour = axis = 0
        for d, delta in enumerate(DELTAS):
            info = cells.get(cell + delta)
            if info is None:
                continue
            count += 1
            colour, _, axis = info
            direction = d
            if colour != X:
                if requirement == ANY:
                    requirement = colour
                elif requirement != colour:
                    requirement = X_ONLY
        if count:
            self._needs[cell] = (requirement, count, direction, colour, axis)
        else:
            self._needs.pop(cell, None)

    def _refresh_windows_around(self, cells: Iterable[int]) -> None:
        windows = set()
        for cell in cells:
            for axis, step in enumerate(STEPS):
                for back in (0, step, 2 * step):
                    windows.add(((cell - back) << 1) | axis)
        keys = self._window_keys
        by_key = self._windows_by_key
        for window in windows:
            old = keys.pop(window, None)
            if old is not None:
                del by_key[old][window]
            key = self._window_key(window)
            if key is not None:
                keys[window] = key
                bucket = by_key.get(key)
                if bucket is None:
                    by_key[key] = {window: None}
                else:
                    bucket[window] = None

    # --- the rule: which windows take which spellings ----------------------

    def _window_key(self, window: int) -> int | None:
        """The key of an empty window a tile could fill by the rule set, else None."""
        start = window >> 1
        axis = window & 1
        step = STEPS[axis]
        middle = start + step
        end = middle + step
        cells = self._cells
        if start in cells or middle in cells or end in cells:
            return None
        needs = self._needs
        n0 = needs.get(start)
        n1 = needs.get(middle)
        n2 = needs.get(end)
        count = (n0[1] if n0 else 0) + (n1[1] if n1 else 0) + (n2[1] if n2 else 0)
        if self.junior:
            return junior_key(axis, count, n0, n1, n2)
        if count < 2:
            return None
        r0 = n0[0] if n0 else ANY
        r2 = n2[0] if n2 else ANY
        if X_ONLY in (r0, r2):
            return None  # only a chameleon centre could go there, and ends are never X
        return window_key(r0, n1[0] if n1 else ANY, r2)

    # --- queries ------------------------------------------------------------

    @property
    def placements(self) -> list[Placement]:
        """Tiles in the order they were laid (the starting tile first)."""
        return list(self._placements)

    def __len__(self) -> int:
        return len(self._placements)

    def tile(self, index: int) -> Tile:
        """The tile laid ``index``-th."""
        return TILES[self._placements[index].tile]

    def letter_at(self, x: int, y: int) -> str | None:
        """The letter on a cell, or None when it is empty."""
        info = self._cells.get(encode_cell(x, y))
        return None if info is None else "RYGBPX"[info[0]]

    def window_count(self) -> int:
        """How many windows the index holds (for benchmarks and tests)."""
        return len(self._window_keys)

    def legal_placements(self, names: Iterable[str]) -> Iterator[Placement]:
        """Every legal placement of the named tiles, each physical placement once.

        Game-level restrictions (the drawn tile, a last chameleon) are the
        game's business, not the board's.
        """
        by_key = self._windows_by_key
        for name in dict.fromkeys(names):
            for spelling in TILES[name].spellings():
                flipped = spelling != name
                for key in ACCEPTS[spelling]:
                    windows = by_key.get(key)
                    if windows:
                        for window in windows:
                            yield placement_in(name, window, flipped)

    def has_legal_placement(self, names: Iterable[str]) -> bool:
        """Whether any of the named tiles can be laid (stops at the first)."""
        return next(self.legal_placements(names), None) is not None

    def check(self, placement: Placement) -> int:
        """Refuse an illegal placement with the precise reason; else return its contact count."""
        if abs(placement.x) > COORDINATE_LIMIT or abs(placement.y) > COORDINATE_LIMIT:
            # Beyond the limit cells would alias others in the packed encoding.
            raise IllegalMoveError(Reason.BAD_PLACEMENT, "coordinates are out of range")
        window, spelling = window_of(placement)
        cells = [encode_cell(x, y) for x, y, _ in placement.cells()]
        for cell in cells:
            if cell in self._cells:
                x, y = decode_cell(cell)
                raise IllegalMoveError(Reason.OVERLAP, f"cell ({x}, {y}) is already covered")
        key = self._window_key(window)
        if key is not None and key in ACCEPT_SETS[spelling]:
            return self.contact_count(placement)
        raise self._explain_illegal(placement)

    def contact_count(self, placement: Placement) -> int:
        """How many contacts a placement on empty cells makes."""
        window, _ = window_of(placement)
        start = window >> 1
        step = STEPS[window & 1]
        needs = self._needs
        total = 0
        for cell in (start, start + step, start + 2 * step):
            need = needs.get(cell)
            if need is not None:
                total += need[1]
        return total

    def contacts(self, placement: Placement) -> list[Contact]:
        """Every contact the placement makes, with what scoring needs to know."""
        own = {encode_cell(x, y) for x, y, _ in placement.cells()}
        found = []
        for index, (x, y, letter) in enumerate(placement.cells()):
            cell = encode_cell(x, y)
            for d, delta in enumerate(DELTAS):
                neighbour = cell + delta
                info = None if neighbour in own else self._cells.get(neighbour)
                if info is None:
                    continue
                colour, tile_index, axis = info
                found.append(Contact(index, letter, "RYGBPX"[colour], tile_index, d & 1, axis))
        return found

    def _explain_illegal(self, placement: Placement) -> IllegalMoveError:
        contacts = self.contacts(placement)
        if not contacts:
            return IllegalMoveError(Reason.NO_CONTACT, f"{placement.tile} would touch no tile")
        for contact in contacts:
            if not contact.matches:
                return IllegalMoveError(
                    Reason.MISMATCH,
                    f"{placement.tile}: its {contact.new_letter} square would touch "
                    f"a {contact.board_letter} square",
                )
        if not self.junior:
            return IllegalMoveError(
                ChrominoReason.TOO_FEW_CONTACTS,
                f"{placement.tile} would make {len(contacts)} contact; at least 2 are needed",
            )
        if len(contacts) != 1:
            return IllegalMoveError(
                ChrominoReason.JUNIOR_ONE_CONTACT,
                f"{placement.tile} would make {len(contacts)} contacts; junior allows exactly one",
            )
        return IllegalMoveError(
            ChrominoReason.JUNIOR_NOT_DOMINO,
            f"{placement.tile}: junior contacts must be end to end, a chameleon "
            "crosswise, or a branch off a chameleon centre",
        )
