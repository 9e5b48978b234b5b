"""Engine speed: move generation from scratch and in a running game, and bot self-play."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from chromino.core.selfplay import run_selfplay
from chromino.games.chromino import GAME
from chromino.games.chromino.board import Board
from chromino.games.chromino.options import GameOptions
from chromino.games.chromino.placement import Placement
from chromino.games.chromino.tiles import ALL_NAMES, CHAMELEON_NAMES

BOARD_TILES = 40
HAND_TILES = 8


def grow_position(seed: int) -> tuple[list[Placement], list[str]]:
    """A 40-tile board grown by laying random legal tiles, and an 8-tile hand of the rest."""
    rng = random.Random(seed)
    start = Placement(rng.choice(CHAMELEON_NAMES), 0, 0, "E")
    board = Board()
    board.place(start)
    pool = [name for name in ALL_NAMES if name != start.tile]
    rng.shuffle(pool)
    while len(board) < BOARD_TILES:
        for name in pool:
            options = list(board.legal_placements([name]))
            if options:
                board.place(rng.choice(options))
                pool.remove(name)
                break
        else:
            raise RuntimeError("no tile fits; try another seed")
    return board.placements, pool[:HAND_TILES]


def median_seconds(task: Callable[[], object], repeats: int) -> float:
    """Median wall time of one call over ``repeats`` calls."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        task()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _from_scratch(placements: list[Placement], hand: list[str]) -> list[Placement]:
    return list(Board.from_placements(placements).legal_placements(hand))


def _listed(board: Board, hand: list[str]) -> list[Placement]:
    return list(board.legal_placements(hand))


def bench_move_generation(positions: int = 60, repeats: int = 25) -> tuple[float, float, float]:
    """Medians (seconds) of listing a hand's placements: from scratch and incremental."""
    scratch, running, counts = [], [], []
    for seed in range(positions):
        placements, hand = grow_position(seed)
        scratch.append(median_seconds(partial(_from_scratch, placements, hand), repeats))
        board = Board()
        for placement in placements:
            board.place(placement)
        running.append(median_seconds(partial(_listed, board, hand), repeats))
        counts.append(len(list(board.legal_placements(hand))))
    return statistics.median(scratch), statistics.median(running), statistics.median(counts)


def bench_selfplay(batches: int = 5, games: int = 40) -> float:
    """Median games per second of greedy four-player self-play."""
    rates = [
        run_selfplay(
            GAME, ["greedy"], 4, games, f"bench{batch}", options=GameOptions()
        ).games_per_second
        for batch in range(batches)
    ]
    return statistics.median(rates)
