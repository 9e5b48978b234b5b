"""The server's shelf of proven puzzles: stocked from the puzzles the package ships
(each game's own files, proven when they were made and again by the test suite), and
read back as the engine's puzzles.

Stocking adds what the shelf lacks and changes nothing already there: a puzzle keeps
the rating people gave it across upgrades. Two processes stocking at once may both try
to add a puzzle; the second one's insert is simply skipped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from sqlalchemy import func, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from chromino import GAMES as ENGINE_GAMES
from chromino.core.puzzle_files import shipped_puzzles
from chromino.core.puzzles import Puzzle, read_puzzle

from ..db import Database
from ..models import PuzzleRow
from .skill import new_puzzle
from .themes import theme_of


def row_of(puzzle: Puzzle, ident: str | None = None) -> dict[str, Any]:
    """A new shelf row's values for a proven puzzle (whose id may be known already), at
    its starting rating."""
    start = new_puzzle(puzzle.facts)
    document = puzzle.to_dict()
    return {
        "id": ident or document["id"],
        "theme": theme_of(puzzle),
        "document": document,
        "mu": start.mu,
        "sigma": start.sigma,
        "tries": 0,
        "solved": 0,
    }


def stock(session: Session, puzzles: Iterable[Puzzle]) -> int:
    """Add the puzzles the shelf lacks; how many were added. Commits.

    The missing ones go in at once (the first start adds thousands); if another process
    added some meanwhile, they go in one by one, each skipped if it is there."""
    have = set(session.scalars(select(PuzzleRow.id)))
    missing: dict[str, Puzzle] = {}
    for puzzle in puzzles:
        ident = puzzle.id  # a digest of the whole question: worked out once
        if ident not in have:
            missing[ident] = puzzle
    if not missing:
        return 0
    try:
        session.execute(
            insert(PuzzleRow), [row_of(puzzle, ident) for ident, puzzle in missing.items()]
        )
        session.commit()
    except IntegrityError:  # another process stocked some of them first
        session.rollback()
        return _stock_one_by_one(session, missing)
    return len(missing)


def _stock_one_by_one(session: Session, puzzles: dict[str, Puzzle]) -> int:
    added = 0
    for ident, puzzle in puzzles.items():
        try:
            with session.begin_nested():
                session.execute(insert(PuzzleRow), [row_of(puzzle, ident)])
        except IntegrityError:
            continue
        added += 1
    session.commit()
    return added


def shipped() -> Iterator[Puzzle]:
    """Every puzzle the package ships, of every game."""
    for game in ENGINE_GAMES.values():
        yield from shipped_puzzles(game)


def stock_shipped(database_url: str) -> int:
    """Stock the shelf of the database at ``database_url`` with the shipped puzzles it
    lacks (after its migrations: ``chromino db upgrade`` and ``chromino serve`` do)."""
    database = Database(database_url)
    try:
        with database.session() as session:
            return stock(session, shipped())
    finally:
        database.dispose()


def puzzle_of(row: PuzzleRow) -> Puzzle:
    """The engine's puzzle of a shelf row."""
    return read_puzzle(row.document, ENGINE_GAMES)


def themes(session: Session) -> list[tuple[str, int]]:
    """Every theme on the shelf, with how many puzzles it holds."""
    counted = session.execute(
        select(PuzzleRow.theme, func.count()).group_by(PuzzleRow.theme).order_by(PuzzleRow.theme)
    )
    return [(theme, int(count)) for theme, count in counted]
