"""A finished tournament table as pairing and standings read it: who sat in which
starting seat, and how each placed.

Entrants are plain integers (the tournament's own entry numbers), so the pure parts
of the room need no database row and a test can make thousands of them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TableResult:
    """One finished game of a round.

    ``seats`` lists the entrants in starting-seat order (seat 0 plays first);
    ``ranks`` and ``scores`` follow the same order. A rank is 0 for first place, and
    equal ranks are a tie. ``deal`` names the deal in a duplicate round: tables with
    the same key were dealt the same tiles, and the entrant in seat ``k`` of each held
    the same hand and draws."""

    round: int
    table: int
    seats: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    deal: str | None = None

    def __post_init__(self) -> None:
        size = len(self.seats)
        if not 2 <= size <= 8:
            raise ValueError(f"a table has 2 to 8 seats, not {size}")
        if len(set(self.seats)) != size:
            raise ValueError("an entrant sits once at a table")
        if len(self.ranks) != size or len(self.scores) != size:
            raise ValueError("ranks and scores give one value per seat")
        if any(not 0 <= rank < size for rank in self.ranks):
            raise ValueError("a rank is between 0 (first) and the table's size")

    def rank_of(self, entrant: int) -> int:
        """Where ``entrant`` placed (0 = first)."""
        return self.ranks[self.seats.index(entrant)]
