"""How well each candidate predicts the bot games, and which one is chosen.

Every candidate rates each pool's games in order, predicting a game before learning from
it; the parameters and the model are chosen on the validation games, and the held-out
games, resampled by a seeded bootstrap, say how good the choice is.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .rating_candidates import FAMILIES, WENG_LIN, Candidate, grid
from .rating_order import Verdict, check_order, rate_once_of

VALIDATION: Final = (0.4, 0.8)
"""The part of each pool's games the parameters are chosen on; after it, the held-out."""


BOOTSTRAP: Final = 2000
SEED: Final = "rating-models-1"


@dataclass(frozen=True, slots=True)
class Prediction:
    """How one game was predicted: its part of its pool's sequence, the log-loss of
    the actual winners and whether the likeliest seat won."""

    n: int
    pool: str
    part: str
    loss: float
    hit: bool


def _part(index: int, count: int) -> str:
    where = index / count
    if where < VALIDATION[0]:
        return "burn-in"
    return "validation" if where < VALIDATION[1] else "held-out"


def trace(candidate: Candidate, games: Sequence[dict[str, Any]]) -> list[Prediction]:
    """Predict then learn, game by game, each pool on its own; in game order."""
    by_pool: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for game in games:
        by_pool[game["pool"]].append(game)
    predictions = []
    for pool, pool_games in sorted(by_pool.items()):
        rater = candidate.rater()
        for index, game in enumerate(pool_games):
            players, places = game["players"], game["places"]
            chances = rater.chances(players)
            winners = [seat for seat, place in enumerate(places) if place == 1]
            chance = sum(chances[seat] for seat in winners)
            likeliest = max(range(len(players)), key=lambda seat: chances[seat])
            predictions.append(
                Prediction(
                    game["n"],
                    pool,
                    _part(index, len(pool_games)),
                    -math.log(max(chance, 1e-12)),
                    likeliest in winners,
                )
            )
            rater.update(players, places)
    return sorted(predictions, key=lambda prediction: prediction.n)


def mean_loss(predictions: Sequence[Prediction], part: str) -> float:
    return statistics.fmean(p.loss for p in predictions if p.part == part)


@dataclass(frozen=True, slots=True)
class Row:
    """A candidate at its chosen parameters."""

    candidate: Candidate
    validation: float
    held_out: float
    interval: tuple[float, float]
    difference: tuple[float, float, float]
    """Held-out log-loss minus the chosen model's: mean, and its 95 % interval."""
    hits: float
    verdict: Verdict
    per_pool: dict[str, float]


@dataclass(frozen=True, slots=True)
class GridPoint:
    """One parameter set of the chosen family: its log-loss on each part of the games
    (the burn-in is where the starting sigma shows most)."""

    candidate: Candidate
    burn_in: float
    validation: float
    held_out: float


@dataclass(frozen=True, slots=True)
class SigmaRow:
    """The chosen family with one starting sigma, at the beta and tau that suit it best:
    what starting everyone surer or less sure would cost."""

    candidate: Candidate
    validation: float
    held_out: float
    interval: tuple[float, float]
    difference: tuple[float, float, float]
    """Held-out log-loss minus the chosen parameters': mean, and its 95 % interval."""


@dataclass(frozen=True, slots=True)
class Comparison:
    rows: list[Row]
    chosen: Candidate
    held_out_games: int
    surface: list[GridPoint]
    """The chosen family over its whole grid."""
    per_pool_choice: dict[str, tuple[Candidate, float, float]] = field(default_factory=dict)
    """Pool -> the chosen family's best parameters on that pool's validation games alone,
    its held-out log-loss with them, and with the shared parameters."""
    by_sigma: list[SigmaRow] = field(default_factory=list)


Traced = list[tuple[Candidate, list[Prediction]]]
"""Every parameter set of a family with its predictions."""


def traced_grid(family: str, games: Sequence[dict[str, Any]]) -> Traced:
    return [(candidate, trace(candidate, games)) for candidate in grid(family)]


def best_of(traced: Traced) -> tuple[Candidate, list[Prediction]]:
    """The parameters with the lowest validation log-loss (the first on a tie)."""
    return min(traced, key=lambda pair: mean_loss(pair[1], "validation"))


def compare(
    games: Sequence[dict[str, Any]],
    families: Sequence[str] = FAMILIES,
    bootstrap: int = BOOTSTRAP,
    seed: str = SEED,
) -> Comparison:
    """Every family at its best parameters; the chosen one is the Weng-Lin family with
    the lowest validation log-loss among those that keep the joint-winner property
    (Elo and the uniform chances are yardsticks, not choices)."""
    traced = {family: traced_grid(family, games) for family in families}
    best = {family: best_of(traced[family]) for family in families}
    verdicts = {family: check_order(rate_once_of(best[family][0])) for family in families}
    qualifying = [f for f in families if f in WENG_LIN and verdicts[f].qualifies]
    chosen = min(qualifying, key=lambda f: mean_loss(best[f][1], "validation"))
    surface = [
        GridPoint(
            candidate,
            mean_loss(predictions, "burn-in"),
            mean_loss(predictions, "validation"),
            mean_loss(predictions, "held-out"),
        )
        for candidate, predictions in traced[chosen]
    ]
    return Comparison(
        _rows(best, verdicts, chosen, bootstrap, random.Random(seed)),
        best[chosen][0],
        sum(p.part == "held-out" for p in best[chosen][1]),
        surface,
        _per_pool_choice(best[chosen][0], games),
        _by_sigma(traced[chosen], best[chosen], bootstrap, random.Random(f"{seed}:sigma")),
    )


def _by_sigma(
    traced: Traced,
    chosen: tuple[Candidate, list[Prediction]],
    bootstrap: int,
    rng: random.Random,
) -> list[SigmaRow]:
    """The chosen family's best parameters for each starting sigma, each held-out
    log-loss compared with the chosen parameters' over the same resampled games."""
    sigmas = sorted({dict(candidate.params)["sigma"] for candidate, _ in traced})
    best = {
        sigma: best_of([pair for pair in traced if dict(pair[0].params)["sigma"] == sigma])
        for sigma in sigmas
    }
    held = {f"sigma {sigma!r}": pair for sigma, pair in best.items()}
    losses = {
        name: [p.loss for p in predictions if p.part == "held-out"]
        for name, (_, predictions) in [("chosen", chosen), *held.items()]
    }
    samples = _bootstrap_means(losses, bootstrap, rng)
    rows = []
    for name, (candidate, predictions) in held.items():
        differences = [a - b for a, b in zip(samples[name], samples["chosen"], strict=True)]
        rows.append(
            SigmaRow(
                candidate,
                mean_loss(predictions, "validation"),
                statistics.fmean(losses[name]),
                _interval(samples[name]),
                (
                    statistics.fmean(losses[name]) - statistics.fmean(losses["chosen"]),
                    *_interval(differences),
                ),
            )
        )
    return rows


def _rows(
    best: dict[str, tuple[Candidate, list[Prediction]]],
    verdicts: dict[str, Verdict],
    chosen: str,
    bootstrap: int,
    rng: random.Random,
) -> list[Row]:
    """Each family's row: its held-out log-loss with a bootstrap interval, and its
    difference from the chosen family's over the same resampled games."""
    held = {
        f: [p for p in predictions if p.part == "held-out"] for f, (_, predictions) in best.items()
    }
    losses = {f: [p.loss for p in predictions] for f, predictions in held.items()}
    samples = _bootstrap_means(losses, bootstrap, rng)
    rows = []
    for family, (candidate, predictions) in best.items():
        differences = [a - b for a, b in zip(samples[family], samples[chosen], strict=True)]
        rows.append(
            Row(
                candidate,
                mean_loss(predictions, "validation"),
                statistics.fmean(losses[family]),
                _interval(samples[family]),
                (
                    statistics.fmean(losses[family]) - statistics.fmean(losses[chosen]),
                    *_interval(differences),
                ),
                statistics.fmean(p.hit for p in held[family]),
                verdicts[family],
                _per_pool(held[family]),
            )
        )
    return rows


def _per_pool(predictions: Sequence[Prediction]) -> dict[str, float]:
    losses: dict[str, list[float]] = defaultdict(list)
    for prediction in predictions:
        losses[prediction.pool].append(prediction.loss)
    return {pool: statistics.fmean(values) for pool, values in sorted(losses.items())}


def _per_pool_choice(
    chosen: Candidate, games: Sequence[dict[str, Any]]
) -> dict[str, tuple[Candidate, float, float]]:
    """Whether a pool would rather have its own parameters: each pool's best on its
    own validation games, and the held-out log-loss with its own and the shared."""
    result = {}
    for pool in sorted({game["pool"] for game in games}):
        pool_games = [game for game in games if game["pool"] == pool]
        own, predictions = best_of(traced_grid(chosen.family, pool_games))
        shared = trace(chosen, pool_games)
        result[pool] = (own, mean_loss(predictions, "held-out"), mean_loss(shared, "held-out"))
    return result


def _bootstrap_means(
    losses: dict[str, list[float]], resamples: int, rng: random.Random
) -> dict[str, list[float]]:
    """Each candidate's mean held-out loss over the same resampled games (paired)."""
    count = len(next(iter(losses.values())))
    means: dict[str, list[float]] = {name: [] for name in losses}
    for _ in range(resamples):
        picks = [rng.randrange(count) for _ in range(count)]
        for name, values in losses.items():
            means[name].append(math.fsum(values[i] for i in picks) / count)
    return means


def _interval(values: Sequence[float]) -> tuple[float, float]:
    ordered = sorted(values)
    low = ordered[int(0.025 * (len(ordered) - 1))]
    high = ordered[math.ceil(0.975 * (len(ordered) - 1))]
    return (low, high)
