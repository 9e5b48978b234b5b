"""The rating model: Weng-Lin (``openskill``), every seat its own team, joint places
as ties.

Which Weng-Lin model and which parameters were chosen by measurement on seeded
bot games (``bench/rating_models.py``, the table in docs/ratings.md); they are
written here once, and everything that rates (a game's end, the rebuild, the
bench's check of the choice) goes through :func:`rate`. The result is a pure
function of its inputs, so a rebuild that applies the same results in the same
order gives the same floats, bit for bit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from openskill.models import BradleyTerryFull

MODEL: Final = BradleyTerryFull
"""The chosen model: every pair of seats is compared, the better place winning the pair
and equal places drawing (docs/ratings.md: why this one)."""
PARAMETERS: Final[dict[str, Any]] = {
    "mu": 25.0,
    "sigma": 25.0 / 3.0,
    "beta": 50.0,
    "tau": 25.0 / 600.0,
}
"""Its parameters (docs/ratings.md says how each was chosen). ``mu`` is where everyone
starts. ``beta``, one game's spread of performance, was measured: these games are
mostly luck, so one game says little and beta is twelve times openskill's default 25/6.
``sigma``, how unsure a new rating is, was measured too: starting sigmas of 25/3 to 100
were tried, only sigma against beta matters, and 25/3 (beta / 6) predicts best; a
rating that starts less sure chases the luck of its first games. ``tau``, the
uncertainty added before every game, is the smallest tried: bots never improve, so
their games cannot measure it, and people need some to follow them as they improve."""


@dataclass(frozen=True, slots=True)
class Skill:
    """A rating in the model's units: the estimate and how unsure it is."""

    mu: float
    sigma: float


@cache
def _model(parameters: tuple[tuple[str, float], ...] = ()) -> Any:
    return MODEL(**(dict(parameters) or PARAMETERS))


def new_skill() -> Skill:
    """Where a person starts in every pool."""
    return Skill(PARAMETERS["mu"], PARAMETERS["sigma"])


def rate(
    skills: Sequence[Skill],
    places: Sequence[int],
    parameters: Mapping[str, float] | None = None,
) -> list[Skill]:
    """Every seat's rating after one game, seat by seat: ``places`` are 1 for the
    winners, equal for a tie (``1, 1, 3``). A bot's new rating is simply not kept
    (its rating is fixed). ``parameters`` are the model's for another scale than the
    games' (the puzzles' rate each try as a game between solver and puzzle)."""
    if len(skills) < 2:
        raise ValueError(f"a rated game needs two seats or more, not {len(skills)}")
    if len(places) != len(skills):
        raise ValueError(f"{len(skills)} seats and {len(places)} places: each with a place")
    if any(place < 1 for place in places):
        raise ValueError(f"places start at 1 (the winners), not {min(places)}")
    model = _model(tuple(sorted((parameters or {}).items())))
    teams = [[model.rating(mu=skill.mu, sigma=skill.sigma)] for skill in skills]
    rated = model.rate(teams, ranks=[float(place) for place in places])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


def win_chances(skills: Sequence[Skill]) -> list[float]:
    """Each seat's chance of winning, by the model (they add up to one)."""
    model = _model()
    chances: list[float] = model.predict_win(
        [[model.rating(mu=skill.mu, sigma=skill.sigma)] for skill in skills]
    )
    return chances
