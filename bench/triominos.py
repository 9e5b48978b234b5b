"""Triominos engine speed: move generation from a position and in a running game, self-play."""

from __future__ import annotations

import random
import statistics
from functools import partial

from chromino.core.selfplay import run_selfplay
from chromino.games.triominos import GAME
from chromino.games.triominos.board import Board
from chromino.games.triominos.placement import Placement
from chromino.games.triominos.tiles import ALL_NAMES

from .engine import median_seconds

BOARD_TILES = 40
HAND_TILES = 9


def grow_position(seed: int) -> tuple[list[Placement], list[str]] | None:
    """A 40-tile board grown by laying random legal tiles, and a 9-tile hand of the rest;
    None when the tiles left stop fitting before 40 (some seeds do)."""
    rng = random.Random(seed)
    board = Board()
    pool = list(ALL_NAMES)
    rng.shuffle(pool)
    while len(board) < BOARD_TILES:
        options = list(board.legal_placements(pool))
        if not options:
            return None
        chosen = rng.choice(options)
        board.place(chosen)
        pool.remove(chosen.tile)
    return board.placements, pool[:HAND_TILES]


def _from_scratch(placements: list[Placement], hand: list[str]) -> list[Placement]:
    return list(Board.from_placements(placements).legal_placements(hand))


def _listed(board: Board, hand: list[str]) -> list[Placement]:
    return list(board.legal_placements(hand))


def _scored(board: Board, hand: list[str]) -> int:
    return sum(play.points for play in board.legal_plays(hand))


def bench_move_generation(
    positions: int = 60, repeats: int = 25
) -> tuple[float, float, float, float]:
    """Medians (seconds): from a position, in a running game, the same with points and
    figures; and the median number of legal placements."""
    scratch: list[float] = []
    running: list[float] = []
    scored: list[float] = []
    counts: list[int] = []
    seed = 0
    while len(counts) < positions:
        grown = grow_position(seed)
        seed += 1
        if grown is None:
            continue
        placements, hand = grown
        scratch.append(median_seconds(partial(_from_scratch, placements, hand), repeats))
        board = Board()
        for placement in placements:
            board.place(placement)
        running.append(median_seconds(partial(_listed, board, hand), repeats))
        scored.append(median_seconds(partial(_scored, board, hand), repeats))
        counts.append(len(_listed(board, hand)))
    return (
        statistics.median(scratch),
        statistics.median(running),
        statistics.median(scored),
        statistics.median(counts),
    )


def bench_selfplay(batches: int = 5, games: int = 40) -> float:
    """Median games per second of greedy four-player Triominos self-play."""
    rates = [
        run_selfplay(GAME, ["greedy"], 4, games, f"bench{batch}").games_per_second
        for batch in range(batches)
    ]
    return statistics.median(rates)
