"""How big and how long a load run is. The plan is the one thing every part of a run
reads (the servers, the clients, the report), so it sits apart from all of them."""

from __future__ import annotations

from dataclasses import dataclass

SEATS = 4
"""Players at each game of a run: every game is a four-player game, a socket a seat."""
PRELUDE_MOVES = 40
"""Each game first plays up to this many moves unmeasured (about a game's length)."""


@dataclass(frozen=True)
class LoadPlan:
    """How big and how long a run is."""

    games: int = 250
    seconds: float = 40
    warmup: float = 5
    interval: float = 1.0
    seed: int = 1
    processes: int = 1
    """Server processes; more than one share PostgreSQL and Redis."""
    routing: str = "split"
    postgres: bool = False
    """PostgreSQL (+ Redis) even for one process, to compare like with like."""
    hard_games: int = 0
    """Games of two Hard bots playing on the server meanwhile (their search in workers)."""
    idle_games: int = 0
    """Four-player games open with every seat connected and nobody moving: sockets that
    only receive (their players think, or went to bed with the tab open)."""
