"""Which rating model, by measurement: ``python -m bench.rating_models``.

It reads the seeded bot games of ``bench/rating_games.py`` and, for every candidate
model and every point of its parameter grid (beta, tau and the starting sigma for the
Weng-Lin models), rates each pool's games in game order, predicting every game before
learning from it. The parameters of each candidate are chosen on the validation games
(40-80 % of each pool's sequence), the model on the same games, and the held-out last
20 % says how good the choice is: the log-loss of the actual winners (-log of the
chance the model gave to the seats that won), with 95 % intervals from a seeded
bootstrap over the held-out games. Every candidate is also checked for the
joint-winner property on a fixed list of finishing orders, and one that fails it
cannot be chosen.

The anchors (web/ratings/anchors.py): Easy's and Medium's are the chosen model's
ratings of them over all the games of each pool; Hard's is measured against those,
from the games of the server's Hard (``bench.rating_games --hard``, read by
``bench/hard_anchor.py``).

The run is deterministic: the same data files print the same tables, digit for
digit. docs/ratings.md shows the output and explains it.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Protocol

from openskill.models import (
    BradleyTerryFull,
    BradleyTerryPart,
    PlackettLuce,
    ThurstoneMostellerFull,
    ThurstoneMostellerPart,
)

from web.ratings import anchors as published
from web.ratings import model, scale
from web.ratings.model import Skill

from . import hard_anchor
from .hard_anchor import HardAnchor
from .rating_games import DATA, HARD_BUDGET, HARD_DATA, read, strength_of

WENG_LIN: Final[dict[str, Any]] = {
    "PlackettLuce": PlackettLuce,
    "BradleyTerryFull": BradleyTerryFull,
    "BradleyTerryPart": BradleyTerryPart,
    "ThurstoneMostellerFull": ThurstoneMostellerFull,
    "ThurstoneMostellerPart": ThurstoneMostellerPart,
}
"""The Weng-Lin models of ``openskill``, by name."""

MU: Final = 25.0
SIGMAS: Final = (MU / 3, MU, MU * 2, MU * 4)
"""The sigma everyone starts with, tried from openskill's default 25/3 up: the bots'
skills lie far more than 25/3 apart where there are points to score, and a prior that
narrow holds a new player near 25 for many games."""
BETAS: Final = (MU / 6, MU / 3, MU / 2, MU, MU * 1.5, MU * 2, MU * 3, MU * 4)
"""The performance spreads tried, from openskill's default 25/6 up: these games are
mostly luck, and the best beta lies well above the default."""
TAUS: Final = (MU / 600, MU / 300, MU / 150)
"""The sigma added before every game, tried around openskill's default 25/300. A bot's
strength never changes, so these games always favour the smallest; the grid stops at
half the default so that a person's rating can still follow them as they improve."""
ELO_KS: Final = (2.0, 4.0, 8.0, 16.0, 32.0)
"""The pairwise Elo baseline's K factors tried (per game, shared among the pairs)."""

VALIDATION: Final = (0.4, 0.8)
"""The part of each pool's games the parameters are chosen on; after it, the held-out."""
BOOTSTRAP: Final = 2000
SEED: Final = "rating-models-1"

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
class Candidate:
    """One model with one set of parameters."""

    family: str
    params: tuple[tuple[str, float], ...] = ()

    @property
    def label(self) -> str:
        return ", ".join(f"{name} {value:.4g}" for name, value in self.params) or "-"

    def rater(self) -> Rater:
        """A fresh rater: every player unrated."""
        if self.family == "uniform":
            return Uniform()
        if self.family == "Elo":
            return Elo(**dict(self.params))
        return WengLin(self.family, **dict(self.params))


class Rater(Protocol):
    """Ratings of every player of one pool, as they stand."""

    def chances(self, players: Sequence[str]) -> list[float]:
        """Each seat's chance of winning, before the game."""

    def update(self, players: Sequence[str], places: Sequence[int]) -> None:
        """Learn from a finished game's places (1 = winners, ties equal)."""

    def standing(self, player: str) -> tuple[float, float]:
        """A player's rating and how unsure it is (Elo: its rating and 0)."""


class WengLin:
    """An ``openskill`` model, every seat its own team, places as ranks."""

    def __init__(self, family: str, beta: float, tau: float, sigma: float) -> None:
        self.model = WENG_LIN[family](mu=MU, sigma=sigma, beta=beta, tau=tau)
        self.ratings: dict[str, Any] = {}

    def _rating(self, player: str) -> Any:
        if player not in self.ratings:
            self.ratings[player] = self.model.rating(name=player)
        return self.ratings[player]

    def chances(self, players: Sequence[str]) -> list[float]:
        chances: list[float] = self.model.predict_win([[self._rating(p)] for p in players])
        return chances

    def update(self, players: Sequence[str], places: Sequence[int]) -> None:
        teams = [[self._rating(p)] for p in players]
        rated = self.model.rate(teams, ranks=[float(place) for place in places])
        for player, team in zip(players, rated, strict=True):
            self.ratings[player] = team[0]

    def standing(self, player: str) -> tuple[float, float]:
        rating = self._rating(player)
        return (rating.mu, rating.sigma)


class Elo:
    """The baseline: every pair of seats plays an Elo game (a shared place is a draw);
    a game moves a rating by at most ``k``, shared among the seat's pairs. Its chance
    of winning is a seat's share of ``10 ** (R / 400)``."""

    def __init__(self, k: float) -> None:
        self.k = k
        self.ratings: dict[str, float] = defaultdict(lambda: 1500.0)

    def chances(self, players: Sequence[str]) -> list[float]:
        strengths = [10 ** (self.ratings[p] / 400) for p in players]
        total = sum(strengths)
        return [strength / total for strength in strengths]

    def update(self, players: Sequence[str], places: Sequence[int]) -> None:
        before = [self.ratings[p] for p in players]
        share = self.k / (len(players) - 1)
        for i, player in enumerate(players):
            change = 0.0
            for j in range(len(players)):
                if j != i:
                    expected = 1 / (1 + 10 ** ((before[j] - before[i]) / 400))
                    change += _pair_result(places[i], places[j]) - expected
            self.ratings[player] = before[i] + share * change

    def standing(self, player: str) -> tuple[float, float]:
        return (self.ratings[player], 0.0)


class Uniform:
    """No ratings at all: every seat is as likely to win (the floor to beat)."""

    def chances(self, players: Sequence[str]) -> list[float]:
        return [1 / len(players)] * len(players)

    def update(self, players: Sequence[str], places: Sequence[int]) -> None:
        return None

    def standing(self, player: str) -> tuple[float, float]:
        return (0.0, 0.0)


def _pair_result(mine: int, theirs: int) -> float:
    return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0


def grid(family: str) -> list[Candidate]:
    """Every parameter set tried for a family."""
    if family == "uniform":
        return [Candidate("uniform")]
    if family == "Elo":
        return [Candidate("Elo", (("k", k),)) for k in ELO_KS]
    return [
        weng_lin(family, beta=beta, tau=tau, sigma=sigma)
        for beta, tau, sigma in itertools.product(BETAS, TAUS, SIGMAS)
    ]


def weng_lin(family: str, *, beta: float, tau: float, sigma: float) -> Candidate:
    """A Weng-Lin candidate; everyone starts at mu 25 and this ``sigma``."""
    return Candidate(family, (("beta", beta), ("tau", tau), ("sigma", sigma)))


FAMILIES: Final = (*WENG_LIN, "Elo", "uniform")


# --- the joint-winner property ---------------------------------------------------

RateOnce = Callable[[Sequence[int]], list[tuple[float, float]]]
"""Everyone's (mu, sigma) after one game from equal ratings, given the places."""


def finishing_orders(max_seats: int = 8) -> Iterator[tuple[int, ...]]:
    """Every finishing order with ties, 2 to ``max_seats`` seats, as competition
    ranks ("1, 1, 3"): each way to split the seats into consecutive groups, the
    places in seat order and again reversed (a tie's seats must not matter)."""
    for seats in range(2, max_seats + 1):
        for cuts in itertools.product((False, True), repeat=seats - 1):
            places = [1]
            for index, cut in enumerate(cuts, 1):
                places.append(index + 1 if cut else places[-1])
            yield tuple(places)
            if len(set(places)) > 1:
                yield tuple(reversed(places))


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether one game from equal ratings keeps the finishing order.

    ``order_kept``: a better place never ends below a worse one, by mu nor by the
    conservative mu - 3 sigma, and a strictly better place gets a strictly higher mu.
    ``ties_equal``: equal places get equal ratings (whatever their seats).
    """

    order_kept: bool
    ties_equal: bool
    example: str = ""

    @property
    def qualifies(self) -> bool:
        return self.order_kept and self.ties_equal

    @property
    def text(self) -> str:
        if self.qualifies:
            return "kept"
        return f"fails: {self.example}"


def check_order(rate_once: RateOnce, orders: Sequence[Sequence[int]] | None = None) -> Verdict:
    """The property on every order of :func:`finishing_orders` (or of ``orders``)."""
    order_kept = ties_equal = True
    example = ""
    for places in orders if orders is not None else finishing_orders():
        after = rate_once(places)
        broken, unequal = _faults(places, after)
        if (broken or unequal) and not example:
            example = _describe(places, after)
        order_kept = order_kept and not broken
        ties_equal = ties_equal and not unequal
    return Verdict(order_kept, ties_equal, example)


def _faults(places: Sequence[int], after: Sequence[tuple[float, float]]) -> tuple[bool, bool]:
    """(a better place ended at or below a worse one, equal places differ)."""
    tolerance = 1e-9
    broken = unequal = False
    for (place_a, (mu_a, sigma_a)), (place_b, (mu_b, sigma_b)) in itertools.permutations(
        zip(places, after, strict=True), 2
    ):
        if place_a < place_b:
            conservative_below = mu_a - 3 * sigma_a < mu_b - 3 * sigma_b - tolerance
            broken = broken or mu_a <= mu_b + tolerance or conservative_below
        elif place_a == place_b:
            unequal = unequal or abs(mu_a - mu_b) > tolerance or abs(sigma_a - sigma_b) > tolerance
    return broken, unequal


def _describe(places: Sequence[int], after: Sequence[tuple[float, float]]) -> str:
    ratings = ", ".join(f"{mu:.2f}±{sigma:.2f}" for mu, sigma in after)
    return f"places {list(places)} → {ratings}"


def rate_once_of(candidate: Candidate) -> RateOnce:
    """One game from equal ratings, by a candidate."""

    def rate_once(places: Sequence[int]) -> list[tuple[float, float]]:
        rater = candidate.rater()
        players = [f"seat {seat}" for seat in range(len(places))]
        rater.update(players, places)
        return [rater.standing(player) for player in players]

    return rate_once


# --- predicting the games --------------------------------------------------------


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


# --- the comparison --------------------------------------------------------------


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


# --- the anchors -----------------------------------------------------------------


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


# --- the report ------------------------------------------------------------------


def comparison_table(comparison: Comparison) -> str:
    lines = [
        "| model | parameters | validation log-loss | held-out log-loss (95 % CI) "
        "| minus chosen (95 % CI) | top pick won | joint-winner property |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for row in sorted(comparison.rows, key=lambda row: row.held_out):
        mark = " (chosen)" if row.candidate == comparison.chosen else ""
        difference, low, high = row.difference
        lines.append(
            f"| {row.candidate.family}{mark} | {row.candidate.label} | {row.validation:.4f} "
            f"| {row.held_out:.4f} ({row.interval[0]:.4f} to {row.interval[1]:.4f}) "
            f"| {difference:+.4f} ({low:+.4f} to {high:+.4f}) | {row.hits:.1%} "
            f"| {'-' if row.candidate.family == 'uniform' else row.verdict.text} |"
        )
    return "\n".join(lines)


def per_pool_table(comparison: Comparison) -> str:
    pools = list(comparison.rows[0].per_pool)
    lines = [
        "| model | " + " | ".join(pools) + " |",
        "| --- |" + " --- |" * len(pools),
    ]
    for row in sorted(comparison.rows, key=lambda row: row.held_out):
        cells = " | ".join(f"{row.per_pool[pool]:.4f}" for pool in pools)
        lines.append(f"| {row.candidate.family} | {cells} |")
    return "\n".join(lines)


def own_parameters_table(comparison: Comparison) -> str:
    lines = [
        "| pool | its own best parameters | held-out log-loss, own | held-out, shared |",
        "| --- | --- | --- | --- |",
    ]
    for pool, (own, own_loss, shared_loss) in comparison.per_pool_choice.items():
        lines.append(f"| {pool} | {own.label} | {own_loss:.4f} | {shared_loss:.4f} |")
    return "\n".join(lines)


def surface_table(comparison: Comparison, part: str = "validation") -> str:
    """The chosen family's log-loss on ``part`` of the games over its grid, at the
    chosen tau: beta down, the starting sigma across."""
    tau = dict(comparison.chosen.params)["tau"]
    points = [point for point in comparison.surface if _param(point, "tau") == tau]
    sigmas = sorted({_param(point, "sigma") for point in points})
    lines = [
        "| beta | " + " | ".join(f"sigma {sigma:.4g}" for sigma in sigmas) + " |",
        "| --- |" + " --- |" * len(sigmas),
    ]
    for beta in sorted({_param(point, "beta") for point in points}):
        row = sorted(
            (point for point in points if _param(point, "beta") == beta),
            key=lambda point: _param(point, "sigma"),
        )
        cells = " | ".join(f"{getattr(point, part.replace('-', '_')):.4f}" for point in row)
        lines.append(f"| {beta:.4g} | {cells} |")
    return "\n".join(lines)


def tau_effect(comparison: Comparison) -> float:
    """How much tau changes the chosen family's validation log-loss at the chosen beta
    and sigma (the most minus the least over the taus tried)."""
    chosen = dict(comparison.chosen.params)
    losses = [
        point.validation
        for point in comparison.surface
        if (_param(point, "beta"), _param(point, "sigma")) == (chosen["beta"], chosen["sigma"])
    ]
    return max(losses) - min(losses)


def sigma_table(
    comparison: Comparison,
    games: Sequence[dict[str, Any]],
    hard_games: Sequence[dict[str, Any]],
    bootstrap: int = BOOTSTRAP,
) -> str:
    """Each starting sigma at its best beta and tau: the held-out log-loss, and what a
    new player feels in standard Chromino, the bots measured again with those
    parameters: the number shown after 1, 5 and 10 wins in a row against Medium, and
    how many games a player as strong as Hard needs against Medium (:func:`climb`)."""
    counts = ", ".join(map(str, NEWCOMER_GAMES))
    lines = [
        "| starting sigma | its best beta, tau | validation log-loss "
        "| held-out log-loss (95 % CI) | minus chosen (95 % CI) "
        f"| Chromino: Medium shows; a newcomer after {counts} wins "
        "| games to within 100 of Hard: median (slowest tenth) |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for row in comparison.by_sigma:
        params = dict(row.candidate.params)
        anchors = measure_anchors(row.candidate, games)
        medium = fixed_anchors(anchors)["chromino"][ANCHOR_BOTS["greedy"]]
        hard = _pool_anchor(measure_hard(row.candidate, anchors, hard_games, bootstrap=bootstrap))
        path = newcomer(row.candidate, medium, won=True)
        moved = ", ".join(str(shown(path[n - 1][0], params["beta"])) for n in NEWCOMER_GAMES)
        median, slow = climb(row.candidate, medium, hard)
        difference, low, high = row.difference
        mark = " (chosen)" if row.candidate == comparison.chosen else ""
        lines.append(
            f"| {params['sigma']:.4g}{mark} | {params['beta']:.4g}, {params['tau']:.4g} "
            f"| {row.validation:.4f} "
            f"| {row.held_out:.4f} ({row.interval[0]:.4f} to {row.interval[1]:.4f}) "
            f"| {difference:+.4f} ({low:+.4f} to {high:+.4f}) "
            f"| {shown(medium.mu, params['beta'])}; {moved} | {median:g} ({slow}) |"
        )
    return "\n".join(lines)


def _pool_anchor(hard: Sequence[HardAnchor], pool: str = "chromino") -> HardAnchor:
    return next(anchor for anchor in hard if anchor.pool == pool)


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


def _param(point: GridPoint, name: str) -> float:
    value: float = dict(point.candidate.params)[name]
    return value


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


def published_table(anchors: Sequence[Anchor], hard: Sequence[HardAnchor], beta: float) -> str:
    """The published anchors, mu ± sigma and the number shown; the 64-iteration search
    as rated over the bot games, for comparison."""
    lines = [
        "| pool | Easy (random) | Medium (greedy) | Hard (strong, 600 iterations) "
        "| the search at 64 iterations |",
        "| --- | --- | --- | --- | --- |",
    ]
    found = {(anchor.pool, anchor.strength): anchor for anchor in anchors}
    for pool, bots in published_anchors(anchors, hard).items():
        cells = [f"{mu:.1f} ± {sigma:.1f} ({shown(mu, beta)})" for mu, sigma in bots.values()]
        search = found.get((pool, SEARCH_64))
        if search is not None:
            cells.append(f"{search.mu:.1f} ± {search.sigma:.1f} ({shown(search.mu, beta)})")
        lines.append(f"| {pool} | {' | '.join(cells)} |")
    return "\n".join(lines)


def hard_table(hard: Sequence[HardAnchor], beta: float) -> str:
    lines = [
        "| pool | strength | games | pairs with Easy (its share) | pairs with Medium "
        "(its share) | mu (95 % CI) | sigma: bootstrap, curvature | shown |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for anchor in hard:
        meetings = " | ".join(f"{m.pairs} ({m.won:.1%})" for m in anchor.meetings)
        low, high = anchor.interval
        lines.append(
            f"| {anchor.pool} | {anchor.strength} | {anchor.games} | {meetings} "
            f"| {anchor.mu:.1f} ({low:.1f} to {high:.1f}) "
            f"| {anchor.sigma:.1f}, {anchor.curvature_sigma:.1f} | {shown(anchor.mu, beta)} |"
        )
    return "\n".join(lines)


def anchors_table(anchors: Sequence[Anchor]) -> str:
    lines = [
        "| pool | strength | seats | mu (mean of copies) | spread of copies | final sigma |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for anchor in anchors:
        lines.append(
            f"| {anchor.pool} | {anchor.strength} | {anchor.games} | {anchor.mu:.2f} "
            f"| {anchor.spread:.2f} | {anchor.sigma:.2f} |"
        )
    return "\n".join(lines)


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


def newcomer_table(chosen: Candidate, anchors: Sequence[Anchor]) -> str:
    """The number a new player shows after 1, 5 and 10 wins, or losses, against Medium."""
    beta = dict(chosen.params)["beta"]
    counts = ", ".join(map(str, NEWCOMER_GAMES))
    lines = [
        f"| pool | Medium shows | after {counts} wins | after {counts} losses "
        "| sigma after 10 wins |",
        "| --- | --- | --- | --- | --- |",
    ]
    for pool, fixed in fixed_anchors(anchors).items():
        medium = fixed[ANCHOR_BOTS["greedy"]]
        wins, losses = (newcomer(chosen, medium, won) for won in (True, False))
        after_wins = ", ".join(str(shown(wins[n - 1][0], beta)) for n in NEWCOMER_GAMES)
        after_losses = ", ".join(str(shown(losses[n - 1][0], beta)) for n in NEWCOMER_GAMES)
        lines.append(
            f"| {pool} | {shown(medium.mu, beta)} | {after_wins} | {after_losses} "
            f"| {wins[-1][1]:.1f} |"
        )
    return "\n".join(lines)


def published_verdict(
    chosen: Candidate, anchors: Sequence[Anchor], hard: Sequence[HardAnchor]
) -> str:
    """Whether web/ratings/ publishes this run's choice, anchors and scale."""
    params = dict(chosen.params)
    wanted = {"mu": MU, **params}
    model_matches = model.MODEL.__name__ == chosen.family and wanted == model.PARAMETERS
    measured = published_anchors(anchors, hard)
    anchors_match = {
        pool: {bot: (skill.mu, skill.sigma) for bot, skill in bots.items()}
        for pool, bots in published.ANCHORS.items()
    } == measured
    scale_matches = 200 / params["beta"] == scale.PER_MU
    return (
        f"web/ratings/model.py {'is' if model_matches else 'is NOT'} this choice; "
        f"web/ratings/anchors.py {'holds' if anchors_match else 'does NOT hold'} these "
        f"anchors; web/ratings/scale.py {'shows' if scale_matches else 'does NOT show'} "
        "200 points per beta."
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.rating_models", description=__doc__)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--hard-data", type=Path, default=HARD_DATA)
    parser.add_argument("--games", type=int, help="only the first N games (a quick look)")
    parser.add_argument("--bootstrap", type=int, default=BOOTSTRAP)
    parser.add_argument("--seed", default=SEED)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    games = read(args.data)[: args.games]
    comparison = compare(games, bootstrap=args.bootstrap, seed=args.seed)
    chosen = comparison.chosen
    beta, tau = dict(chosen.params)["beta"], dict(chosen.params)["tau"]
    print(f"{len(games)} games, {comparison.held_out_games} held out\n")
    print(comparison_table(comparison), end="\n\n")
    print("Held-out log-loss per pool:\n")
    print(per_pool_table(comparison), end="\n\n")
    for part in ("validation", "burn-in"):
        print(f"{chosen.family}: {part} log-loss over its grid (tau {tau:.4g}):\n")
        print(surface_table(comparison, part), end="\n\n")
    print(
        f"At beta {beta:.4g} and sigma {dict(chosen.params)['sigma']:.4g}, tau changes the "
        f"validation log-loss by at most {tau_effect(comparison):.5f}.\n"
    )
    print(f"{chosen.family} with each starting sigma:\n")
    hard_games = read(args.hard_data)
    print(sigma_table(comparison, games, hard_games, args.bootstrap), end="\n\n")
    print(f"{chosen.family} with each pool's own parameters:\n")
    print(own_parameters_table(comparison), end="\n\n")
    print(f"The bots rated by {chosen.family} ({chosen.label}):\n")
    anchors = measure_anchors(chosen, games)
    print(anchors_table(anchors), end="\n\n")
    hard = measure_hard(chosen, anchors, hard_games, bootstrap=args.bootstrap)
    search = measure_hard(chosen, anchors, games, SEARCH_64, bootstrap=args.bootstrap)
    print("The searches against Easy and Medium at their anchors (pairwise likelihood):\n")
    print(hard_table([*hard, *search], beta), end="\n\n")
    print("Published (web/ratings/anchors.py), mu ± sigma (shown):\n")
    print(published_table(anchors, hard, beta), end="\n\n")
    print("A new player against Medium, two-player games in a row (shown):\n")
    print(newcomer_table(chosen, anchors), end="\n\n")
    print(published_verdict(chosen, anchors, hard), end="\n\n")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
