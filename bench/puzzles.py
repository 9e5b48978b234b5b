"""How long the engine takes to find a proven puzzle in bot games, and to prove one
again, for each kind of puzzle a host would ship: Chromino's most points (expert
scoring), Chromino's last tile (no points), and Triominos' most points."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import Any

from chromino import GAMES
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


def report(count: int, line: Line) -> None:
    """Find ``count`` puzzles of each kind, then prove each again; milliseconds apiece."""
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
