"""What a new player feels of a model: the number they show after a few games against
Medium, and how many games a player as strong as Hard needs to be shown near Hard.
These weigh the starting sigma, which the log-loss alone hardly sees.
"""

from __future__ import annotations

import math
import random
import statistics
from typing import Any, Final

from web.ratings.model import Skill

from .hard_anchor import HardAnchor
from .rating_anchors import ANCHOR_BOTS, shown
from .rating_candidates import MU, WENG_LIN, Candidate
from .rating_comparison import SEED

NEWCOMER_GAMES: Final = (1, 5, 10)


def newcomer(chosen: Candidate, opponent: Skill, won: bool) -> list[tuple[float, float]]:
    """A new player's (mu, sigma) after each of ten two-player games in a row against
    a bot at ``opponent``, all won or all lost: how fast a rating moves."""
    rater = _openskill(chosen)
    player = (MU, dict(chosen.params)["sigma"])
    path = []
    for _ in range(max(NEWCOMER_GAMES)):
        player = _play(rater, player, opponent, won=won)
        path.append(player)
    return path


CLIMBS: Final = 200
"""Seeded simulated players in :func:`climb`."""


def climb(candidate: Candidate, medium: Skill, hard: HardAnchor) -> tuple[float, int]:
    """How many two-player games against Medium a new player as strong as Hard needs
    before they show within 100 points of Hard's rating: each game won with Hard's
    measured share against Medium, over :data:`CLIMBS` seeded players; the median, and
    the count by which nine in ten got there."""
    beta = dict(candidate.params)["beta"]
    share = next(m.won for m in hard.meetings if m.opponent == ANCHOR_BOTS["greedy"])
    target = shown(hard.mu, beta) - 100
    rater = _openskill(candidate)
    rng = random.Random(f"{SEED}:climb")
    needed = []
    for _ in range(CLIMBS):
        player, games = (MU, dict(candidate.params)["sigma"]), 0
        while shown(player[0], beta) < target:
            player = _play(rater, player, medium, won=rng.random() < share)
            games += 1
        needed.append(games)
    needed.sort()
    return statistics.median(needed), needed[math.ceil(0.9 * len(needed)) - 1]


def _play(rater: Any, player: tuple[float, float], bot: Skill, *, won: bool) -> tuple[float, float]:
    """A player's (mu, sigma) after one two-player game against a bot, by an openskill
    model (the bot's rating is not kept)."""
    rated = rater.rate(
        [[rater.rating(mu=player[0], sigma=player[1])], [rater.rating(mu=bot.mu, sigma=bot.sigma)]],
        ranks=[1.0, 2.0] if won else [2.0, 1.0],
    )
    return (rated[0][0].mu, rated[0][0].sigma)


def _openskill(candidate: Candidate) -> Any:
    """The openskill model of a Weng-Lin candidate."""
    return WENG_LIN[candidate.family](mu=MU, **dict(candidate.params))
