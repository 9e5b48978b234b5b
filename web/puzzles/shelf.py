"""The server's shelf of proven puzzles: stocked from the puzzles the package ships
(each game's own files, proven when they were made and again by the test suite), and
read back as the engine's puzzles.

Stocking adds what the shelf lacks and changes nothing already there: a puzzle keeps
the rating people gave it across upgrades. Two processes stocking at once may both try
to add a puzzle; the second one's insert is simply skipped.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from chromino import GAMES as ENGINE_GAMES
from chromino.core.puzzles import Puzzle, read_puzzle

from ..models import PuzzleRow
from .skill import new_puzzle
from .themes import theme_of


def row_of(puzzle: Puzzle) -> PuzzleRow:
    """A new shelf row for a proven puzzle, at its starting rating."""
    start = new_puzzle(puzzle.facts)
    return PuzzleRow(
        id=puzzle.id,
        theme=theme_of(puzzle),
        document=puzzle.to_dict(),
        mu=start.mu,
        sigma=start.sigma,
        tries=0,
        solved=0,
    )


def stock(session: Session, puzzles: Iterable[Puzzle]) -> int:
    """Add the puzzles the shelf lacks; how many were added. Commits."""
    have = set(session.scalars(select(PuzzleRow.id)))
    added = 0
    for puzzle in puzzles:
        if puzzle.id in have:
            continue
        have.add(puzzle.id)
        try:
            with session.begin_nested():
                session.add(row_of(puzzle))
        except IntegrityError:  # another process added it first
            continue
        added += 1
    session.commit()
    return added


def puzzle_of(row: PuzzleRow) -> Puzzle:
    """The engine's puzzle of a shelf row."""
    return read_puzzle(row.document, ENGINE_GAMES)


def themes(session: Session) -> list[tuple[str, int]]:
    """Every theme on the shelf, with how many puzzles it holds."""
    counted = session.execute(
        select(PuzzleRow.theme, func.count()).group_by(PuzzleRow.theme).order_by(PuzzleRow.theme)
    )
    return [(theme, int(count)) for theme, count in counted]


def document_of(row: PuzzleRow) -> dict[str, Any]:
    return dict(row.document)
