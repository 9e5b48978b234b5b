"""Bot-against-bot games of any game: for the ``selfplay`` command, benchmarks and tests."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import Bot, find_bot
from .descriptor import GameDescriptor
from .outcome import EndedBy


def play_bot_game(
    game: GameDescriptor, bots: Sequence[Bot], seed: int | str, options: Any | None = None
) -> Any:
    """One whole game, seat ``i`` played by ``bots[i]``; the seed fixes deal and choices."""
    live = game.new_game(len(bots), seed, options)
    rng = random.Random(f"{seed}/bots")
    while not live.is_over:
        seat = live.current
        live.apply(seat, bots[seat](live.view_for(seat), rng))
    return live


@dataclass(slots=True)
class Summary:
    """What a series of bot games came to."""

    games: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    """Games won per bot name (joint winners each count a win)."""
    seats: dict[str, int] = field(default_factory=dict)
    """Seats played per bot name, to read ``wins`` against."""
    turns: int = 0
    blocked: int = 0
    seconds: float = 0.0

    @property
    def average_turns(self) -> float:
        """Turns per game, all seats together."""
        return self.turns / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        """Whole games per second of wall time."""
        return self.games / self.seconds if self.seconds else 0.0

    def to_dict(self) -> dict[str, object]:
        """The summary as JSON-ready data."""
        return {
            "games": self.games,
            "wins": dict(sorted(self.wins.items())),
            "seats": dict(sorted(self.seats.items())),
            "average_turns": round(self.average_turns, 2),
            "blocked": self.blocked,
            "games_per_second": round(self.games_per_second, 1),
        }


def run_selfplay(
    game: GameDescriptor,
    bot_names: Sequence[str],
    players: int,
    games: int,
    seed: int | str,
    *,
    options: Any | None = None,
) -> Summary:
    """Play ``games`` games; seats cycle through ``bot_names``, rotated every game
    so that no bot always sits first.

    Game ``number`` (from 0) seats ``bot_names[(number + seat) % len(bot_names)]``
    at each seat and is played by :func:`play_bot_game` with the seed
    ``f"{seed}:{number}"``, so any game of a series can be played again alone.
    """
    bots = [find_bot(game.bots, name) for name in bot_names]
    summary = Summary(wins=dict.fromkeys(bot_names, 0), seats=dict.fromkeys(bot_names, 0))
    started = time.perf_counter()
    for number in range(games):
        names = [bot_names[(number + seat) % len(bot_names)] for seat in range(players)]
        seated = [bots[bot_names.index(n)] for n in names]
        played = play_bot_game(game, seated, f"{seed}:{number}", options)
        outcome = played.outcome()
        assert outcome is not None
        summary.games += 1
        summary.turns += sum(played.turns_taken)
        summary.blocked += outcome.ended_by is EndedBy.BLOCKED
        for name in names:
            summary.seats[name] += 1
        for seat in outcome.winners:
            summary.wins[names[seat]] += 1
    summary.seconds = time.perf_counter() - started
    return summary
