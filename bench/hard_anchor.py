"""Hard's anchor: the server's Hard, rated against Easy and Medium at their fixed ratings.

The games of ``python -m bench.rating_games --hard`` seat the search at the server's
budget with one to three Easy and Medium entities. Easy and Medium keep the ratings
``bench.rating_models`` measured for them from the 6,000 bot games, and Hard's mu is
the one under which these games are likeliest, by the pairwise comparison the chosen
model (BradleyTerryFull) is built on: Hard and each other seat of a game play a pair
that Hard wins with the chance ``1 / (1 + exp(-(mu_H - mu_o) / c))``, where
``c = sqrt(2 beta^2 + sigma_H^2 + sigma_o^2)``; a shared place counts as half a win
and half a loss, exactly as the model's own update counts it. Pairs without Hard say
nothing about it and are left out.

How sure the measurement is comes from a seeded bootstrap over the games (a game's
pairs are resampled together, since they are not independent): its 95 % interval,
and Hard's anchor sigma is that interval's half-width over 1.96, the standard
deviation a normal estimate with that interval would have. The sigma enters ``c``,
so the fit is repeated with the sigma it found until the sigma no longer changes at
a tenth. The likelihood's curvature gives a second, smaller sigma (it treats every
pair as independent), printed beside it for comparison.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from web.ratings.model import Skill

from .rating_games import strength_of

OUTCOMES: Final = (1.0, 0.5, 0.0)
"""A pair's result for Hard: a better place, the same place, a worse place."""
LIMIT: Final = 1000.0
"""Hard's mu is searched between -LIMIT and LIMIT (the bots lie within +-200)."""
ROUNDS: Final = 10
"""At most this many fits while Hard's sigma settles (it takes two or three)."""
Z95: Final = 1.959963984540054
"""A normal's 95 % interval is its mean +- this many standard deviations."""


@dataclass(frozen=True, slots=True)
class Meetings:
    """How Hard fared against one fixed strength in one pool."""

    opponent: str
    pairs: int
    won: float
    """Hard's share of these pairs, a shared place counting half."""


@dataclass(frozen=True, slots=True)
class HardAnchor:
    """Hard's measured rating in one pool."""

    pool: str
    strength: str
    mu: float
    interval: tuple[float, float]
    sigma: float
    """The bootstrap interval's half-width over 1.96."""
    curvature_sigma: float
    """1 / sqrt(the likelihood's curvature at mu): every pair taken as independent."""
    games: int
    meetings: tuple[Meetings, ...]


Tally = tuple[int, ...]
"""A game's (or many games') pairs of Hard against each fixed strength and outcome,
counted in the order of :func:`_keys`."""


def keys(fixed: Mapping[str, Skill]) -> list[tuple[str, float]]:
    """What a :data:`Tally` counts, in its order: each fixed strength, each outcome."""
    return [(opponent, outcome) for opponent in sorted(fixed) for outcome in OUTCOMES]


def tally(game: dict[str, Any], strength: str, fixed: Mapping[str, Skill]) -> Tally:
    """The pairs of one game between a seat of ``strength`` and a seat of a fixed one."""
    counted = keys(fixed)
    counts = [0] * len(counted)
    seats = list(zip(game["players"], game["places"], strict=True))
    for player, place in seats:
        if strength_of(player) != strength:
            continue
        for other, other_place in seats:
            opponent = strength_of(other)
            if opponent in fixed:
                outcome = 1.0 if place < other_place else 0.5 if place == other_place else 0.0
                counts[counted.index((opponent, outcome))] += 1
    return tuple(counts)


def fit(counts: Tally, fixed: Mapping[str, Skill], beta: float, sigma: float) -> float:
    """Hard's mu of greatest likelihood for these pairs, its own sigma being ``sigma``.

    The log-likelihood is concave in mu, so its slope falls from positive to negative
    once: halving the bracket finds where it crosses zero."""
    terms = [
        (count, outcome, fixed[opponent].mu, _spread(beta, sigma, fixed[opponent].sigma))
        for (opponent, outcome), count in zip(keys(fixed), counts, strict=True)
        if count
    ]

    def slope(mu: float) -> float:
        return math.fsum(n * (s - _win(mu - mu_o, c)) / c for n, s, mu_o, c in terms)

    low, high = -LIMIT, LIMIT
    if slope(low) <= 0 or slope(high) >= 0:
        raise ValueError("Hard won every pair or lost every pair: its rating has no finite fit")
    while high - low > 1e-9:
        middle = (low + high) / 2
        if slope(middle) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def curvature_sigma(
    counts: Tally, fixed: Mapping[str, Skill], beta: float, sigma: float, mu: float
) -> float:
    """1 / sqrt(minus the log-likelihood's second derivative at ``mu``)."""
    information = 0.0
    for (opponent, _), count in zip(keys(fixed), counts, strict=True):
        c = _spread(beta, sigma, fixed[opponent].sigma)
        chance = _win(mu - fixed[opponent].mu, c)
        information += count * chance * (1 - chance) / c**2
    return 1 / math.sqrt(information)


def _spread(beta: float, sigma: float, other_sigma: float) -> float:
    return math.sqrt(2 * beta**2 + sigma**2 + other_sigma**2)


def _win(difference: float, c: float) -> float:
    return 1 / (1 + math.exp(-difference / c))


def measure(
    games: Sequence[dict[str, Any]],
    strength: str,
    fixed: Mapping[str, Mapping[str, Skill]],
    *,
    beta: float,
    bootstrap: int,
    seed: str,
) -> list[HardAnchor]:
    """``strength``'s rating in every pool of ``fixed`` (pool -> strength -> its fixed
    rating) that its games were played in."""
    anchors = []
    for pool, pool_fixed in sorted(fixed.items()):
        tallies = [
            tally(game, strength, pool_fixed)
            for game in games
            if game["pool"] == pool and strength in map(strength_of, game["players"])
        ]
        if tallies:
            anchors.append(
                _measure_pool(
                    pool, strength, tallies, pool_fixed, beta=beta, bootstrap=bootstrap, seed=seed
                )
            )
    return anchors


def _measure_pool(
    pool: str,
    strength: str,
    tallies: Sequence[Tally],
    fixed: Mapping[str, Skill],
    *,
    beta: float,
    bootstrap: int,
    seed: str,
) -> HardAnchor:
    total = _sum(tallies)
    sigma = 0.0
    for _ in range(ROUNDS):
        mu = fit(total, fixed, beta, sigma)
        rng = random.Random(f"{seed}:{pool}:{strength}")
        samples = sorted(
            fit(_sum([rng.choice(tallies) for _ in tallies]), fixed, beta, sigma)
            for _ in range(bootstrap)
        )
        interval = _interval(samples)
        found = (interval[1] - interval[0]) / (2 * Z95)
        settled = round(found, 1) == round(sigma, 1)
        sigma = found
        if settled:
            break
    return HardAnchor(
        pool,
        strength,
        mu,
        interval,
        sigma,
        curvature_sigma(total, fixed, beta, sigma, mu),
        len(tallies),
        _meetings(total, fixed),
    )


def _sum(tallies: Sequence[Tally]) -> Tally:
    return tuple(map(sum, zip(*tallies, strict=True)))


def _interval(ordered: Sequence[float]) -> tuple[float, float]:
    low = ordered[int(0.025 * (len(ordered) - 1))]
    high = ordered[math.ceil(0.975 * (len(ordered) - 1))]
    return (low, high)


def _meetings(total: Tally, fixed: Mapping[str, Skill]) -> tuple[Meetings, ...]:
    by_opponent: dict[str, list[tuple[float, int]]] = {}
    for (opponent, outcome), count in zip(keys(fixed), total, strict=True):
        by_opponent.setdefault(opponent, []).append((outcome, count))
    return tuple(
        Meetings(
            opponent,
            sum(count for _, count in results),
            math.fsum(outcome * count for outcome, count in results)
            / max(1, sum(count for _, count in results)),
        )
        for opponent, results in by_opponent.items()
    )
