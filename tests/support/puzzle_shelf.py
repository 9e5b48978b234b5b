"""Puzzles for the tests of the puzzles' pages: found by the engine in seeded bot games,
a few of each theme the shelf sorts them by, and stocked on a server's shelf."""

from __future__ import annotations

import itertools

from sqlalchemy import delete

from chromino import GAMES
from chromino.core.puzzles import Puzzle, find_puzzles
from web.db import Database
from web.models import PuzzleRow
from web.puzzles import stock

THEMES = {
    "chromino.most_points.expert": ("chromino", "most_points", "expert", range(40)),
    "chromino.last_tile": ("chromino", "last_tile", None, [0, 1, 2, 38]),
    "triominos.most_points": ("triominos", "most_points", None, range(40)),
}
"""Each theme stocked: its game, goal, scoring, and the deals its puzzles are found in."""


def found(theme: str, count: int) -> list[Puzzle]:
    """The first ``count`` puzzles of ``theme`` the engine finds in its deals."""
    name, goal, scoring, seeds = THEMES[theme]
    game = GAMES[name]
    options = game.table_options("standard", scoring or "none") if game.scorings else None
    return list(itertools.islice(find_puzzles(game, goal, scoring, options, seeds), count))


def stock_shelf(database_url: str, puzzles: list[Puzzle]) -> None:
    """The shelf of the server on ``database_url`` holds these puzzles and no others."""
    database = Database(database_url)
    try:
        with database.session() as session:
            session.execute(delete(PuzzleRow))
            stock(session, puzzles)
    finally:
        database.dispose()
