"""Puzzle ratings: a person's and each puzzle's, on a scale of their own.

A try is a match between the solver and the puzzle, rated with the same Weng-Lin model
family as the games (``openskill``), under other parameters. A game of these tiles is
mostly luck, so one game says little (web.ratings.model's beta is twelve times
openskill's default). A puzzle holds no luck at all: it is solved or it is not, so a
try says as much as openskill's default beta supposes, and ratings move quickly to
where people and puzzles meet. A puzzle's rating rises each time someone misses it.

A try solved after a hint counts as a draw: the solver found it, but not alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..ratings import Skill, rate

PARAMETERS: Final[dict[str, Any]] = {
    "mu": 25.0,
    "sigma": 25.0 / 3.0,
    "beta": 25.0 / 6.0,
    "tau": 25.0 / 300.0,
}
"""openskill's defaults, but a tau twice as big: a solver gets better with practice."""
START: Final = 1500
PER_MU: Final[float] = 200.0 / PARAMETERS["beta"]
"""Shown points per unit of mu: 200 per beta, as the game ratings (web.ratings.scale)."""
MU_START: Final[float] = PARAMETERS["mu"]
PLACES: Final[Mapping[str, tuple[int, int]]] = {
    "solved": (1, 2),
    "hinted": (1, 1),
    "missed": (2, 1),
}
"""The solver's and the puzzle's places in a try, by its result."""
TYPICAL_PLACEMENTS: Final = 16
"""About how many placements a puzzle's position offers: a puzzle with this many starts
at the middle of the scale."""


def new_solver() -> Skill:
    return Skill(PARAMETERS["mu"], PARAMETERS["sigma"])


def new_puzzle(facts: Mapping[str, int]) -> Skill:
    """Where a puzzle starts: the more placements it offers, the harder it is taken to be,
    from 1300 (a handful) to 1700 (several dozen); people's tries soon say better."""
    placements = facts.get("placements", TYPICAL_PLACEMENTS)
    step = max(-4.0, min(4.0, (placements - TYPICAL_PLACEMENTS) / 4))
    return Skill(PARAMETERS["mu"] + step, PARAMETERS["sigma"])


def rate_try(solver: Skill, puzzle: Skill, result: str) -> tuple[Skill, Skill]:
    """Both ratings after one rated try (``result``: solved, hinted or missed)."""
    person, problem = rate([solver, puzzle], PLACES[result], PARAMETERS)
    return person, problem


def shown(mu: float) -> int:
    """The rating as people see it."""
    return round(START + PER_MU * (mu - MU_START))


def mu_of(rating: int) -> float:
    """The model's mu of a shown rating (to look for puzzles near it)."""
    return MU_START + (rating - START) / PER_MU
