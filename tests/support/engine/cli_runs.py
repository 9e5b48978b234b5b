"""Running the engine's command line as a user does, and what its replay summary says."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "chromino", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def lines(text: str) -> list[Any]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def greedy_game(game: Any, greedy: Any, seed: int, moves: int | None) -> Any:
    """``game`` played on by greedy bots, to its end or ``moves`` actions."""
    rng = random.Random(seed)
    while not game.is_over and (moves is None or len(game.moves) < moves):
        game.apply(game.current, greedy(game.view_for(game.current), rng))
    return game


def expected_summary(game: Any) -> dict[str, object]:
    """The ``replay`` command's line for a game."""
    outcome = game.outcome()
    return {
        "finished": outcome is not None,
        "ended_by": str(outcome.ended_by) if outcome else None,
        "winners": list(outcome.winners) if outcome else [],
        "scores": list(game.scores),
        "hand_sizes": [len(hand) for hand in game.hands],
        "board_tiles": len(game.board),
        "bag": len(game.bag),
    }
