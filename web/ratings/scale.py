"""The number people see for a rating, and when it is still provisional ("?").

The model works in its own units (a new player starts at ``mu`` 25, unsure by
``sigma`` 25/3). People are used to chess-like numbers, so a rating is shown as
``1500 + 48 * (mu - 25)``: a new player shows 1500, and 200 points apart means
about three wins in four between two players (48 = 200 / beta, the model's
performance spread of 25/6).
"""

from __future__ import annotations

from typing import Final

START: Final = 1500
PER_MU: Final = 48.0
MU_START: Final = 25.0

PROVISIONAL_GAMES: Final = 10
"""Rated games in a pool before the rating is shown without "?" and can be on the
leaderboard."""


def shown(mu: float) -> int:
    """The rating as people see it."""
    return round(START + PER_MU * (mu - MU_START))


def shown_change(mu_before: float, mu_after: float) -> int:
    """How much the shown rating moved in one game (+12, -8)."""
    return shown(mu_after) - shown(mu_before)


def is_provisional(games: int) -> bool:
    """Whether a rating of this many games is still provisional."""
    return games < PROVISIONAL_GAMES
