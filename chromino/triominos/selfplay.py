"""Triominos bot-against-bot games: for ``chromino selfplay --game triominos``, benchmarks, tests.

The same shape as :mod:`chromino.selfplay`, and the same :class:`Summary`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ..selfplay import Summary
from .bots import Bot, bot_named
from .game import EndedBy, Game
from .options import GameOptions


def play_bot_game(bots: Sequence[Bot], seed: int | str, options: GameOptions) -> Game:
    """One whole game, seat ``i`` played by ``bots[i]``; the seed fixes deal and choices."""
    game = Game.new([f"bot{seat}" for seat in range(len(bots))], seed, options)
    rng = random.Random(f"{seed}/bots")
    while not game.is_over:
        seat = game.current
        game.apply(seat, bots[seat](game.view_for(seat), rng))
    return game


def run_selfplay(
    bot_names: Sequence[str],
    players: int,
    games: int,
    seed: int | str,
    options: GameOptions | None = None,
) -> Summary:
    """Play ``games`` games; seats cycle through ``bot_names``, rotated every game
    so that no bot always sits first."""
    options = options or GameOptions()
    bots = [bot_named(name) for name in bot_names]
    summary = Summary(wins=dict.fromkeys(bot_names, 0), seats=dict.fromkeys(bot_names, 0))
    started = time.perf_counter()
    for number in range(games):
        names = [bot_names[(number + seat) % len(bot_names)] for seat in range(players)]
        game = play_bot_game([bots[bot_names.index(n)] for n in names], f"{seed}:{number}", options)
        outcome = game.outcome()
        assert outcome is not None
        summary.games += 1
        summary.turns += sum(game.turns_taken)
        summary.blocked += outcome.ended_by is EndedBy.BLOCKED
        for name in names:
            summary.seats[name] += 1
        for seat in outcome.winners:
            summary.wins[names[seat]] += 1
    summary.seconds = time.perf_counter() - started
    return summary
