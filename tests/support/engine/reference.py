"""A slow reference for the rules of docs/rules.md sections 3 and 6, written for reading, not speed.

Nothing here comes from the engine's board or game (``chromino.games.chromino``): the cells a
tile covers, its contacts, whether they match, which junior kind a contact is,
legality and points are all worked out again from the rule book, square by
square. Only the ``Placement`` value object (tile name, x, y, dir) is borrowed
from the engine. The engine is checked against this module in
``test_reference_crosscheck.py`` and ``test_properties.py``.

A board is a plain list of placements, the starting tile first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from chromino.games.chromino.placement import Placement

Cell = tuple[int, int]

STEP: dict[str, Cell] = {"E": (1, 0), "S": (0, 1), "W": (-1, 0), "N": (0, -1)}
"""docs/rules.md section 9: x grows to the east, y to the south."""

NEIGHBOUR_OFFSETS: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))

SCORINGS = ("none", "expert", "segments", "segments-multiply")

END_TO_END = "end-to-end"
CHAMELEON_CROSSWISE = "chameleon-crosswise"
CHAMELEON_BRANCH = "chameleon-branch"
"""The three domino-like contacts the junior rule set allows (section 6)."""

# Reasons a placement is illegal, named like the engine's reason codes.
OVERLAP = "overlap"
NO_CONTACT = "no_contact"
MISMATCH = "mismatch"
TOO_FEW_CONTACTS = "too_few_contacts"
JUNIOR_ONE_CONTACT = "junior_one_contact"
JUNIOR_NOT_DOMINO = "junior_not_domino"


class Square(NamedTuple):
    """One covered cell: which letter, which tile, and where in that tile."""

    cell: Cell
    letter: str
    tile: str
    nth: int
    """0, 1 or 2: position of the square in the tile's name order."""
    step: Cell
    """The tile's direction: from square 0 towards square 2."""
    placement_number: int
    """Which tile of the board (its index in the board list); -1 for the new tile."""


def squares_of(placement: Placement, placement_number: int = -1) -> list[Square]:
    """The three squares a placement covers: letter i of the name on (x, y) + i * dir."""
    dx, dy = STEP[placement.dir]
    return [
        Square(
            (placement.x + i * dx, placement.y + i * dy),
            placement.tile[i],
            placement.tile,
            i,
            (dx, dy),
            placement_number,
        )
        for i in range(3)
    ]


def physical(placement: Placement) -> frozenset[tuple[int, int, str]]:
    """A placement as the physical thing on the table: which letter lies on which cell.

    Two spellings of a symmetric tile (laid W from one end, E from the other)
    give the same set, and the letters along the line name the tile.
    """
    return frozenset((s.cell[0], s.cell[1], s.letter) for s in squares_of(placement))


def covers_short_side(square: Square, towards: Cell) -> bool:
    """Whether the face of ``square`` facing ``towards`` is a short side of its tile.

    A tile's short sides are the outer face of square 0 (against the tile's
    direction) and the outer face of square 2 (along it).
    """
    dx, dy = square.step
    if square.nth == 0:
        return towards == (-dx, -dy)
    if square.nth == 2:
        return towards == (dx, dy)
    return False


def is_chameleon_centre(square: Square) -> bool:
    """The wild ``X`` in the middle of a chameleon."""
    return square.letter == "X"


def letters_match(new_letter: str, old_letter: str) -> bool:
    """Section 3: two squares in contact match when they have the same colour, or
    either is a chameleon centre ``X`` (new or already on the board)."""
    return new_letter == old_letter or "X" in (new_letter, old_letter)


class ContactInfo(NamedTuple):
    """A pair of edge-adjacent squares, one new and one already on the board."""

    new: Square
    old: Square

    @property
    def offset(self) -> Cell:
        """From the new square to the old one."""
        return (self.old.cell[0] - self.new.cell[0], self.old.cell[1] - self.new.cell[1])

    @property
    def matches(self) -> bool:
        """Section 3: same colour, or a chameleon centre on either side."""
        return letters_match(self.new.letter, self.old.letter)

    @property
    def new_short(self) -> bool:
        """The contact is on a short side of the new tile."""
        return covers_short_side(self.new, self.offset)

    @property
    def old_short(self) -> bool:
        """The contact is on a short side of the board tile."""
        ox, oy = self.offset
        return covers_short_side(self.old, (-ox, -oy))

    @property
    def end_to_end(self) -> bool:
        """A short side of the new tile against a short side of the board tile."""
        return self.new_short and self.old_short

    @property
    def junior_kind(self) -> str | None:
        """Which of the three domino-like contacts of section 6 this is, if any."""
        if self.end_to_end:
            return END_TO_END
        if is_chameleon_centre(self.new) and self.old_short:
            return CHAMELEON_CROSSWISE
        if self.new_short and is_chameleon_centre(self.old):
            return CHAMELEON_BRANCH
        return None


class ReferenceBoard:
    """Cells of a board, from its placements; overlapping placements are refused."""

    def __init__(self, placements: Iterable[Placement]) -> None:
        self.placements: list[Placement] = list(placements)
        self.squares: dict[Cell, Square] = {}
        for number, placement in enumerate(self.placements):
            for square in squares_of(placement, number):
                if square.cell in self.squares:
                    raise ValueError(f"board tiles overlap at {square.cell}")
                self.squares[square.cell] = square
        self.fringe: set[Cell] = {
            (x + dx, y + dy)
            for x, y in self.squares
            for dx, dy in NEIGHBOUR_OFFSETS
            if (x + dx, y + dy) not in self.squares
        }
        """Empty cells edge-adjacent to a covered one."""

    def bounding_box(self, margin: int) -> tuple[int, int, int, int]:
        """min x, min y, max x, max y of the covered cells, widened by ``margin``."""
        xs = [x for x, _ in self.squares]
        ys = [y for _, y in self.squares]
        return min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin


@dataclass(frozen=True)
class Analysis:
    """Everything sections 3 and 6 look at for one placement."""

    squares: tuple[Square, ...]
    overlap: bool
    contacts: tuple[ContactInfo, ...]

    @property
    def all_match(self) -> bool:
        """Whether every contact matches."""
        return all(contact.matches for contact in self.contacts)

    def violations(self, ruleset: str) -> set[str]:
        """Every reason the placement breaks the rule set (empty when it is legal)."""
        if self.overlap:
            return {OVERLAP}
        found = set()
        if not self.contacts:
            found.add(NO_CONTACT)
        if not self.all_match:
            found.add(MISMATCH)
        if ruleset == "standard":
            if len(self.contacts) < 2:
                found.add(TOO_FEW_CONTACTS)
        elif ruleset == "junior":
            if len(self.contacts) != 1:
                found.add(JUNIOR_ONE_CONTACT)
            elif self.contacts[0].junior_kind is None:
                found.add(JUNIOR_NOT_DOMINO)
        else:
            raise ValueError(f"unknown rule set {ruleset!r}")
        return found

    def is_legal(self, ruleset: str) -> bool:
        """Standard: at least 2 contacts, all matching. Junior: one domino-like matching one.

        The same decision as an empty :meth:`violations`, in the order that stops soonest.
        """
        if self.overlap or not self.all_match:
            return False
        if ruleset == "standard":
            return len(self.contacts) >= 2
        if ruleset == "junior":
            return len(self.contacts) == 1 and self.contacts[0].junior_kind is not None
        raise ValueError(f"unknown rule set {ruleset!r}")


Touching = tuple[bool, tuple[tuple[int, Square], ...]]
"""Where a tile would lie, whatever the tile: whether it overlaps the board, and
each (square index of the new tile, board square edge-adjacent to it)."""


def touching(board: ReferenceBoard, x: int, y: int, direction: str) -> Touching:
    """Overlap, and the board squares edge-adjacent to the cells from (x, y) along ``direction``."""
    dx, dy = STEP[direction]
    cells = ((x, y), (x + dx, y + dy), (x + 2 * dx, y + 2 * dy))
    squares = board.squares
    overlap = cells[0] in squares or cells[1] in squares or cells[2] in squares
    pairs = []
    for index, (cx, cy) in enumerate(cells):
        for ox, oy in NEIGHBOUR_OFFSETS:
            neighbour = (cx + ox, cy + oy)
            old = squares.get(neighbour)
            if old is not None and neighbour not in cells:  # not the tile's own square
                pairs.append((index, old))
    return overlap, tuple(pairs)


def _analysis(placement: Placement, where: Touching) -> Analysis:
    overlap, pairs = where
    new_squares = squares_of(placement)
    contacts = tuple(ContactInfo(new_squares[index], old) for index, old in pairs)
    return Analysis(tuple(new_squares), overlap, contacts)


def analyse(board: ReferenceBoard, placement: Placement) -> Analysis:
    """Covered squares, overlap and every contact of a placement, by looking at each square."""
    return _analysis(placement, touching(board, placement.x, placement.y, placement.dir))


def is_legal(board: Sequence[Placement], placement: Placement, ruleset: str) -> bool:
    """Whether ``placement`` may be laid on the board by the rule set."""
    return analyse(ReferenceBoard(board), placement).is_legal(ruleset)


def contact_count_allowed(ruleset: str, count: int) -> bool:
    """The part of the rule that looks only at how many contacts there are."""
    if ruleset == "standard":
        return count >= 2
    if ruleset == "junior":
        return count == 1
    raise ValueError(f"unknown rule set {ruleset!r}")


def all_legal_placements(
    board: Sequence[Placement] | ReferenceBoard, hand: Iterable[str], ruleset: str
) -> dict[frozenset[tuple[int, int, str]], Placement]:
    """Every legal placement of the hand's tiles, by trying everything, once per physical placement.

    Every cell of the board's bounding box widened by 3, every direction,
    every tile. Keys are :func:`physical` placements; the value is the first
    spelling found. Shortcuts skip only what cannot be legal: three cells
    none of which is on the board's fringe make no contact; where the tile
    lies decides overlap and the number of contacts; one mismatching
    contact rules a tile out.
    """
    ref = board if isinstance(board, ReferenceBoard) else ReferenceBoard(board)
    names = list(dict.fromkeys(hand))
    touching_fringe = {
        (fx - back * dx, fy - back * dy, direction)
        for fx, fy in ref.fringe
        for direction, (dx, dy) in STEP.items()
        for back in range(3)
    }
    min_x, min_y, max_x, max_y = ref.bounding_box(3)
    found: dict[frozenset[tuple[int, int, str]], Placement] = {}
    for x in range(min_x, max_x + 1):
        for y in range(min_y, max_y + 1):
            for direction in STEP:
                if (x, y, direction) not in touching_fringe:
                    continue
                where = touching(ref, x, y, direction)
                overlap, pairs = where
                if overlap or not contact_count_allowed(ruleset, len(pairs)):
                    continue
                for name in names:
                    if not all(letters_match(name[index], old.letter) for index, old in pairs):
                        continue
                    placement = Placement(name, x, y, direction)
                    if _analysis(placement, where).is_legal(ruleset):
                        found.setdefault(physical(placement), placement)
    return found


# --- scoring (section 6) -------------------------------------------------------


def colour_value(name: str) -> int:
    """Expert value: how many different colours; a chameleon counts 3."""
    if name[1] == "X":
        return 3
    return len(set(name))


def square_worth(name: str) -> int:
    """Segment worth of each square: 1 aaa, 2 aab, 3 aba, 4 abc or chameleon."""
    if name[1] == "X":
        return 4
    colours = len(set(name))
    if colours == 1:
        return 1
    if colours == 3:
        return 4
    return 3 if name[0] == name[2] else 2


def points(board: Sequence[Placement] | ReferenceBoard, placement: Placement, scoring: str) -> int:
    """What a (legal) placement scores before it is laid."""
    ref = board if isinstance(board, ReferenceBoard) else ReferenceBoard(board)
    contacts = analyse(ref, placement).contacts
    if scoring == "none":
        return 0
    if scoring == "expert":
        touched = {contact.old.placement_number for contact in contacts}
        return colour_value(placement.tile) + sum(
            colour_value(ref.placements[number].tile) for number in touched
        )
    if scoring not in ("segments", "segments-multiply"):
        raise ValueError(f"unknown scoring {scoring!r}")
    total = 0
    for contact in contacts:
        new_worth = square_worth(contact.new.tile)
        old_worth = square_worth(contact.old.tile)
        if scoring == "segments-multiply" and contact.end_to_end:
            total += new_worth * old_worth
        else:
            total += new_worth + old_worth
    return total


def hand_penalty(hand: Iterable[str], scoring: str) -> int:
    """End of game, segment scorings only: the worth of every square left in hand."""
    if scoring not in ("segments", "segments-multiply"):
        return 0
    return sum(3 * square_worth(name) for name in hand)
