"""The rating models tried by ``python -m bench.rating_models``, and their parameter grids.

Each candidate is one model with one set of parameters; its rater rates the players of
one pool as the games come. The measurement (bench/rating_comparison.py) and the
joint-winner check (bench/rating_order.py) see a model only through this module's
:class:`Rater`, so a new model is added here alone.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from openskill.models import (
    BradleyTerryFull,
    BradleyTerryPart,
    PlackettLuce,
    ThurstoneMostellerFull,
    ThurstoneMostellerPart,
)

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
