"""The bots' anchors: the fixed ratings web/ratings/anchors.py publishes for Easy, Medium
and Hard, and the number a rating shows.

Easy's and Medium's are the chosen model's ratings of them over all the games of each
pool; Hard's is measured against those (bench/hard_anchor.py), from the games of the
server's Hard.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from web.ratings.model import Skill

from . import hard_anchor
from .hard_anchor import HardAnchor
from .rating_candidates import MU, Candidate
from .rating_comparison import BOOTSTRAP, SEED
from .rating_games import HARD_BUDGET, strength_of

ANCHOR_BOTS: Final = {"random": "easy", "greedy": "medium"}
"""Easy and Medium, and the strength of the bot games that stands for each: their
anchors are their ratings over all those games."""


HARD_BOT: Final = "strong"
HARD: Final = f"hard-{HARD_BUDGET}"
"""The server's Hard: measured against Easy and Medium at their anchors
(bench/hard_anchor.py), from the games of ``bench.rating_games --hard``."""


SEARCH_64: Final = "hard-64"
"""The strongest search of the bot games, shown beside Hard for comparison."""


@dataclass(frozen=True, slots=True)
class Anchor:
    """One strength's rating in one pool, over all the pool's games."""

    pool: str
    strength: str
    mu: float
    """The mean of its copies' final mu."""
    spread: float
    """How far apart its copies ended (their standard deviation)."""
    sigma: float
    """The mean of its copies' final sigma (the model's own uncertainty)."""
    games: int


def measure_anchors(candidate: Candidate, games: Sequence[dict[str, Any]]) -> list[Anchor]:
    """Every strength of every pool, rated by ``candidate`` over all the pool's games."""
    anchors = []
    for pool in sorted({game["pool"] for game in games}):
        rater = candidate.rater()
        seated: dict[str, int] = defaultdict(int)
        for game in games:
            if game["pool"] == pool:
                rater.update(game["players"], game["places"])
                for player in game["players"]:
                    seated[player] += 1
        copies: dict[str, list[str]] = defaultdict(list)
        for player in sorted(seated):
            copies[strength_of(player)].append(player)
        for strength, players in copies.items():
            standings = [rater.standing(player) for player in players]
            anchors.append(
                Anchor(
                    pool,
                    strength,
                    statistics.fmean(mu for mu, _ in standings),
                    statistics.stdev(mu for mu, _ in standings) if len(players) > 1 else 0.0,
                    statistics.fmean(sigma for _, sigma in standings),
                    sum(seated[player] for player in players),
                )
            )
    return anchors


def shown(mu: float, beta: float) -> int:
    """The number people see for ``mu`` (web/ratings/scale.py): 200 points per beta."""
    return round(1500 + 200 / beta * (mu - MU))


def published_anchors(
    anchors: Sequence[Anchor], hard: Sequence[HardAnchor]
) -> dict[str, dict[str, tuple[float, float]]]:
    """Pool -> server bot -> (mu, sigma) as web/ratings/anchors.py publishes them, rounded
    to a tenth: Easy and Medium as rated over the bot games, Hard as measured against
    them at the server's budget."""
    found = {(anchor.pool, anchor.strength): anchor for anchor in anchors}
    hard_of = {anchor.pool: anchor for anchor in hard}
    pools = sorted({anchor.pool for anchor in anchors})
    return {
        pool: {
            **{
                bot: (round(found[pool, strength].mu, 1), round(found[pool, strength].sigma, 1))
                for bot, strength in ANCHOR_BOTS.items()
            },
            HARD_BOT: (round(hard_of[pool].mu, 1), round(hard_of[pool].sigma, 1)),
        }
        for pool in pools
        if pool in hard_of
    }


def fixed_anchors(anchors: Sequence[Anchor]) -> dict[str, dict[str, Skill]]:
    """Pool -> strength -> the published rating of Easy and Medium, which Hard is
    measured against."""
    return {
        anchor.pool: {
            other.strength: Skill(round(other.mu, 1), round(other.sigma, 1))
            for other in anchors
            if other.pool == anchor.pool and other.strength in ANCHOR_BOTS.values()
        }
        for anchor in anchors
    }


def measure_hard(
    chosen: Candidate,
    anchors: Sequence[Anchor],
    games: Sequence[dict[str, Any]],
    strength: str = HARD,
    bootstrap: int = BOOTSTRAP,
) -> list[HardAnchor]:
    """A search's rating in every pool, against Easy and Medium at their anchors."""
    beta = dict(chosen.params)["beta"]
    return hard_anchor.measure(
        games, strength, fixed_anchors(anchors), beta=beta, bootstrap=bootstrap, seed=f"{SEED}:hard"
    )
