"""Bots of known strength, and one table of them played to its end.

The luck measurement needs players whose true order is known beforehand, so that a
tournament's standings can be held against it, and whose strengths lie far enough apart
that a tournament could find that order at all. A strength bot is one number ``p``
between 0 and 1: it plays the game's own greedy bot, except that at each decision, with
probability ``DAWDLE_RANGE * (1 - p)``, it *dawdles*: it draws a tile when the rules let
it, else passes when they let it, else plays greedy's move anyway. ``p = 1`` is the greedy
bot; lower strengths give away more turns, a loss in both games (a tile more to lay
down, and in Triominos the penalty points of drawing and passing).

Why not greedy's move against the random bot's, mixed by ``p``? Because those two are
nearly equal players: over 200 two-player games here greedy won 47.5 % of Chromino games
against the random bot and 60 % of Triominos games, so no mix of them spreads a field.
Giving away turns spreads it as far as wanted, in every game of ``chromino.GAMES``; the
bench's head-to-head games check that a higher strength does win more.

Every seat draws its coin flips and its bots' choices from a generator of its own,
seeded from the table's seed and the seat: a table is replayed exactly from its seeds,
and what one seat draws never shifts what another does."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from chromino import GameDescriptor
from chromino.core.actions import DRAW, PASS, Action
from chromino.core.bots import Bot

DAWDLE_RANGE = 0.6
"""The dawdling chance of the weakest strength bot (``p = 0``). Over 200 two-player games
a pair here, greedy won 48 and 58 % (Chromino, Triominos) against a dawdling chance of
0.04 (a ladder's neighbour), 63 and 65 % against 0.2, 82 and 75 % against 0.4, and 98
and 98 % against 0.6: the weakest is far below the strongest, neighbours are close."""


@dataclass(frozen=True, slots=True)
class StrengthBot:
    """The greedy bot giving away a share of its turns: one number orders the whole
    family, which is what a measurement of luck needs."""

    greedy: Bot
    dawdle: float

    def __call__(self, view: Any, rng: random.Random) -> Action[Any]:
        """With probability ``dawdle``, a draw or a pass if either is allowed; else (and
        when neither is) greedy's action. The coin is always flipped first, so a seat's
        generator advances the same way whatever the coin says."""
        if rng.random() < self.dawdle:
            if view.can_draw():
                return DRAW
            if view.can_pass():
                return PASS
        return self.greedy(view, rng)


def strength_bot(game: GameDescriptor, p: float) -> StrengthBot:
    """The game's strength bot of strength ``p`` (between 0 and 1)."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"a strength is between 0 and 1, not {p}")
    return StrengthBot(game.bots["greedy"], DAWDLE_RANGE * (1.0 - p))


@dataclass(frozen=True, slots=True)
class PlayedTable:
    """A finished table: each seat's rank (0 = first, equal ranks tie) and in-game
    score, in seat order, and the finished game itself (its ``setup`` is the deal)."""

    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    game: Any


def seat_score(live: Any, seat: int) -> int:
    """What a seat's game came to, higher is better, comparable between tables of one
    deal: the engine's own measure of a seat that stayed in (``_standing``), which is
    the points in a game that keeps points and the game's own order in one that does
    not (for example, fewer tiles left). The raw points would be all zero in a game
    played without points, and a duplicate comparison of zeros tells nobody apart."""
    return int(live._standing(seat))


def play_table(
    game: GameDescriptor,
    strengths: Sequence[float],
    deal_seed: str,
    bot_seed: str,
    options: Any | None = None,
) -> PlayedTable:
    """One game to its end: seat ``k`` is the strength bot ``strengths[k]``, the deal
    comes from ``deal_seed`` and every seat's choices from ``bot_seed`` and the seat."""
    bots = [strength_bot(game, p) for p in strengths]
    rngs = [random.Random(f"{bot_seed}/seat{seat}") for seat in range(len(bots))]
    live = game.new_game(len(bots), deal_seed, options)
    while not live.is_over:
        seat = live.current
        live.apply(seat, bots[seat](live.view_for(seat), rngs[seat]))
    ranks = tuple(place - 1 for place in live.places())
    scores = tuple(seat_score(live, seat) for seat in range(len(bots)))
    return PlayedTable(ranks, scores, live)


def strength_check(
    game: GameDescriptor, strengths: Sequence[float], deals: int, seed: str
) -> list[float]:
    """Each strength's share of the wins when they all sit at one table: every deal is
    played once per rotation of the seats, so each strength holds every hand and every
    starting seat equally often; a win shared by ``k`` counts ``1/k``. Higher strengths
    should win more; the bench prints the shares to show they do."""
    size = len(strengths)
    wins = [0.0] * size
    for deal in range(deals):
        for turn in range(size):
            seated = [(seat + turn) % size for seat in range(size)]
            played = play_table(
                game, [strengths[i] for i in seated], f"{seed}:{deal}", f"{seed}:{deal}:{turn}"
            )
            winners = [seated[seat] for seat, rank in enumerate(played.ranks) if rank == 0]
            for index in winners:
                wins[index] += 1 / len(winners)
    games = deals * size
    return [won / games if games else 0.0 for won in wins]


def deal_repeats(game: GameDescriptor, strength: float, deals: int, seed: str) -> float:
    """How far a deal decides a game: the share of deals whose winning seat is the same
    when two bots of one ``strength`` play the deal twice, choosing differently (each
    replay has its own bots' seed). At a table of two, ½ means the deal decides nothing
    and 1 that it decides everything. A tie for first counts as a winner drawn at random
    among the tied seats, so two replays agree with the chance that two such draws do."""
    agree = 0.0
    for deal in range(deals):
        first, again = (
            play_table(game, [strength, strength], f"{seed}:{deal}", f"{seed}:{deal}:{replay}")
            for replay in ("first", "again")
        )
        won_first = {seat for seat, rank in enumerate(first.ranks) if rank == 0}
        won_again = {seat for seat, rank in enumerate(again.ranks) if rank == 0}
        agree += len(won_first & won_again) / (len(won_first) * len(won_again))
    return agree / deals if deals else 0.0
