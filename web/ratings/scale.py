"""The number people see for a rating, and when it is still provisional ("?").

The model works in its own units (a new player starts at ``mu`` 25, unsure by
``sigma`` 25/3). People are used to chess-like numbers, so a rating is shown as
``1500 + 4 * (mu - 25)``: a new player shows 1500, and 200 points stand for one
beta, the model's spread of one game's performance (50, so 4 = 200 / beta). Of two
settled players 200 points apart, the better wins about two games in three (67 %)
by the pairwise comparison ratings move by (and the bots' anchors were fitted
with); the model's forecast, ``win_chances`` (openskill's ``predict_win``, a
normal curve), says three in four (76 %).
The bots' fixed ratings show between 1227 (Easy with expert scoring) and 1715
(Hard with expert scoring); docs/ratings.md lists them.
"""

from __future__ import annotations

from typing import Final

from .model import PARAMETERS

START: Final = 1500
PER_MU: Final[float] = 200.0 / PARAMETERS["beta"]
"""Shown points per unit of mu: 200 per beta."""
MU_START: Final[float] = PARAMETERS["mu"]

PROVISIONAL_GAMES: Final = 10
"""Rated games in a pool before the rating is shown without "?" and can be on the
leaderboard."""


def shown(mu: float) -> int:
    """The rating as people see it."""
    return round(START + PER_MU * (mu - MU_START))


def shown_change(mu_before: float, mu_after: float) -> int:
    """How much the shown rating moved in one game (+3, -2)."""
    return shown(mu_after) - shown(mu_before)


def is_provisional(games: int) -> bool:
    """Whether a rating of this many games is still provisional."""
    return games < PROVISIONAL_GAMES
