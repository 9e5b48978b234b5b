"""How long the engine takes to find a proven puzzle in bot games, and to prove one
again, for each kind of puzzle a host would ship: Chromino's most points (expert
scoring), Chromino's last tile (no points), and Triominos' most points; then how long
proving the shipped files again takes, a puzzle at a time (what the CI's ``chromino
puzzles verify --shipped`` costs)."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import Any

from chromino import GAMES
from chromino.core.puzzle_files import read_file, shipped_sources
from chromino.core.puzzles import find_puzzles, verify

KINDS = (
    ("chromino", "expert", "most_points"),
    ("chromino", "none", "last_tile"),
    ("triominos", None, "most_points"),
)
"""(game, scoring, goal): the kinds of puzzle measured."""
FIND_TARGET_MS = 180.0
"""A thousand puzzles of a kind within three minutes, as a host installs them."""
VERIFY_TARGET_MS = 20.0
"""Proving a whole shipped file again stays a matter of seconds."""

Line = Callable[[str, str, str, bool, float], None]


def _options(name: str, scoring: str | None) -> Any:
    game = GAMES[name]
    if not game.scorings:
        return None
    return game.table_options(game.rulesets[0] if game.rulesets else "", scoring or "")


def report(count: int, line: Line, shipped: int | None = None) -> None:
    """Find ``count`` puzzles of each kind, then prove each again; then prove the shipped
    files again (the first ``shipped`` puzzles of each, or all of them); milliseconds
    apiece."""
    print(f"Puzzles: {count} of each kind found in bot games, then proven again")
    for name, scoring, goal in KINDS:
        game = GAMES[name]
        started = time.perf_counter()
        found = list(
            itertools.islice(
                find_puzzles(game, goal, scoring, _options(name, scoring), itertools.count(1)),
                count,
            )
        )
        find_ms = (time.perf_counter() - started) * 1000 / len(found)
        started = time.perf_counter()
        failures = [verify(puzzle, GAMES) for puzzle in found]
        verify_ms = (time.perf_counter() - started) * 1000 / len(found)
        assert failures == [None] * len(found), failures
        label = f"{game.title} {goal.replace('_', ' ')}" + (f" ({scoring})" if scoring else "")
        line(
            f"  {label}: find one",
            f"{find_ms:.1f} ms",
            f"{FIND_TARGET_MS:.0f} ms",
            find_ms <= FIND_TARGET_MS,
            find_ms / FIND_TARGET_MS,
        )
        line(
            f"  {label}: prove one again",
            f"{verify_ms:.2f} ms",
            f"{VERIFY_TARGET_MS:.0f} ms",
            verify_ms <= VERIFY_TARGET_MS,
            verify_ms / VERIFY_TARGET_MS,
        )
    report_shipped(line, shipped)


def report_shipped(line: Line, limit: int | None) -> None:
    """Read each shipped file and prove again its first ``limit`` puzzles (all of them
    when None): milliseconds a puzzle, its share of reading the file included."""
    which = "every puzzle" if limit is None else f"the first {limit} puzzles"
    print(f"Shipped puzzles: {which} of each file read and proven again")
    for game in GAMES.values():
        for source in shipped_sources(game):
            started = time.perf_counter()
            shipped = read_file(source.name, source.read_bytes(), GAMES)
            read_ms = (time.perf_counter() - started) * 1000 / len(shipped.puzzles)
            puzzles = shipped.puzzles[:limit]
            started = time.perf_counter()
            failures = [verify(puzzle, GAMES) for puzzle in puzzles]
            verify_ms = read_ms + (time.perf_counter() - started) * 1000 / len(puzzles)
            assert failures == [None] * len(puzzles), failures
            goal, scoring = shipped.kind
            label = f"{game.title} {goal.replace('_', ' ')}" + (f" ({scoring})" if scoring else "")
            line(
                f"  {label}, {len(shipped.puzzles)} shipped: prove one",
                f"{verify_ms:.2f} ms",
                f"{VERIFY_TARGET_MS:.0f} ms",
                verify_ms <= VERIFY_TARGET_MS,
                verify_ms / VERIFY_TARGET_MS,
            )
