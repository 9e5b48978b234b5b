"""The strong bot's thinking time at its default budget, and how many iterations that buys."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from chromino.core.search import Budget
from chromino.games.chromino.bots import BOTS as CHROMINO_BOTS
from chromino.games.chromino.bots import greedy_bot
from chromino.games.chromino.game import Game
from chromino.games.chromino.strong import analyse
from chromino.games.triominos.bots import BOTS as TRIOMINOS_BOTS
from chromino.games.triominos.bots import greedy_bot as triominos_greedy
from chromino.games.triominos.game import Game as TriominosGame
from chromino.games.triominos.strong import analyse as triominos_analyse

POSITIONS = 12
"""Positions timed per game: each a turn where greedy play reached a real choice."""


def _positions(
    new_game: Callable[[int], Any], bot: Callable[..., Any], count: int = POSITIONS
) -> list[Any]:
    """Views of seats with more than one legal action, one from each of several greedy games."""
    views: list[Any] = []
    seed = 0
    while len(views) < count:
        game = new_game(seed)
        rng = random.Random(seed)
        stop = 4 + seed % 20
        while not game.is_over:
            view = game.view_for(game.current)
            if len(game.moves) >= stop and len(view.legal_actions()) > 2:
                views.append(view)
                break
            game.apply(game.current, bot(view, rng))
        seed += 1
    return views


def bench_strong(game: str = "chromino", positions: int = POSITIONS) -> tuple[float, float]:
    """Median seconds the registered strong bot thinks on a position with a choice, and the
    median iterations per second of its search there."""
    strong: Callable[[Any, random.Random], object]
    analyser: Callable[[Any, random.Random, Budget], Any]
    if game == "triominos":
        views = _positions(
            lambda seed: TriominosGame.new(["a", "b"], seed), triominos_greedy, positions
        )
        strong, analyser = TRIOMINOS_BOTS["strong"], triominos_analyse
    else:
        views = _positions(lambda seed: Game.new(["a", "b"], seed), greedy_bot, positions)
        strong, analyser = CHROMINO_BOTS["strong"], analyse
    seconds = []
    for index, view in enumerate(views):
        started = time.perf_counter()
        strong(view, random.Random(index))
        seconds.append(time.perf_counter() - started)
    rates = []
    for index, view in enumerate(views[:4]):
        started = time.perf_counter()
        result = analyser(view, random.Random(index), Budget.of_iterations(200))
        rates.append(result.iterations / (time.perf_counter() - started))
    return statistics.median(seconds), statistics.median(rates)
