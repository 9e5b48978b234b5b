"""Puzzles for the server's tests: a few found by the engine in seeded bot games, and a
try recorded from a process of its own (for the races)."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime
from typing import Any

from chromino import GAMES
from chromino.core.puzzles import Puzzle, find_puzzles
from web.db import Database
from web.models import PuzzleRow
from web.puzzles.tries import record

NOW = datetime(2030, 1, 10, 12, 0, tzinfo=UTC)


def expert_puzzles(count: int) -> list[Puzzle]:
    """The first ``count`` Chromino puzzles of the most points under expert scoring."""
    game = GAMES["chromino"]
    options = game.table_options("standard", "expert")
    found = find_puzzles(game, "most_points", "expert", options, itertools.count())
    return list(itertools.islice(found, count))


def record_in_own_process(url: str, who: tuple[int, str], ready: Any, go: Any, out: Any) -> None:
    """Record a person's try at a puzzle (``who``: their id and the puzzle's) with an
    engine of this process's own, once every racer is ready; put whether it was the
    rated one on ``out``."""
    user_id, puzzle_id = who
    db = Database(url)
    try:
        ready.put(True)
        go.wait(30)
        with db.session() as session:
            row = session.get(PuzzleRow, puzzle_id)
            assert row is not None
            out.put(record(session, user_id, row, "solved", NOW) is not None)
    finally:
        db.dispose()
