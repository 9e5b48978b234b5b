"""The rating history chart's geometry: where each point and tick goes.

The profile page draws the chart itself, as an inline SVG (no chart library): the
template writes what this module measures. The line is drawn in a box of 100 by 100
units that the page stretches to its width (its strokes keep their width), so
positions are percentages; the tick labels stand outside that box, in the page's
own text size, at the same percentages. Keeping the arithmetic here lets a test
check it without a browser, and keeps the template to markup.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

RATING_STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000)
"""Round distances between two labelled ratings."""
GAME_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000)
"""Round distances between two labelled game numbers."""
MAX_RATING_GAPS = 4
"""At most this many gaps between rating ticks (five labels): a phone's chart is short."""
MAX_GAME_GAPS = 4
MIN_SPAN = 40
"""The least height of the rating axis: a nearly flat history is drawn as nearly flat."""


@dataclass(frozen=True, slots=True)
class Tick:
    """A labelled value on an axis, ``at`` a percentage of the axis (from the top for
    ratings, from the left for games)."""

    value: int
    at: float


@dataclass(frozen=True, slots=True)
class Chart:
    """What the template draws: the provisional stretch of the line (dashed), the rest
    (solid), the last point, and the ticks of both axes."""

    provisional: str
    """SVG ``points`` of the line while the rating was provisional ("" if never)."""
    established: str
    """SVG ``points`` of the line after that ("" while still provisional)."""
    last: tuple[float, float]
    """Where the latest rating is (x, y), marked by a dot."""
    rating_ticks: tuple[Tick, ...]
    game_ticks: tuple[Tick, ...]
    low: int
    """The rating at the foot of the chart (its axis starts there)."""
    high: int
    lowest: int
    """The lowest rating drawn (the chart's description says it)."""
    highest: int


def rating_chart(ratings: Sequence[int], provisional_games: int) -> Chart:
    """The chart of ``ratings``: the shown rating before any game (index 0), then after
    each rated game (index k: after the k-th). Games before the ``provisional_games``-th
    are the provisional stretch. Needs at least two ratings (one game)."""
    if len(ratings) < 2:
        raise ValueError("a rating chart needs the start and at least one game")
    low, high, step = rating_axis(min(ratings), max(ratings))
    games = len(ratings) - 1

    def point(game: int) -> tuple[float, float]:
        return (_percent(game / games), _percent((high - ratings[game]) / (high - low)))

    points = [point(game) for game in range(len(ratings))]
    turn = min(provisional_games, games)
    return Chart(
        provisional=_points(points[: turn + 1]) if turn > 0 else "",
        established=_points(points[turn:]) if turn < games else "",
        last=points[-1],
        rating_ticks=tuple(
            Tick(value, _percent((high - value) / (high - low)))
            for value in range(low, high + 1, step)
        ),
        game_ticks=tuple(Tick(game, _percent(game / games)) for game in game_axis(games)),
        low=low,
        high=high,
        lowest=min(ratings),
        highest=max(ratings),
    )


def rating_axis(lowest: int, highest: int) -> tuple[int, int, int]:
    """The rating axis around these values: its foot, its top and the step between its
    labels, all round numbers, with at most :data:`MAX_RATING_GAPS` gaps. A flat
    history gets room above and below (:data:`MIN_SPAN`), so its line is not drawn on
    the frame nor its wobbles blown up."""
    if highest - lowest < MIN_SPAN:
        middle = (lowest + highest) / 2
        lowest, highest = math.floor(middle - MIN_SPAN / 2), math.ceil(middle + MIN_SPAN / 2)
    for step in RATING_STEPS:
        low = math.floor(lowest / step) * step
        high = math.ceil(highest / step) * step
        if (high - low) // step <= MAX_RATING_GAPS:
            return low, high, step
    step = RATING_STEPS[-1]
    return math.floor(lowest / step) * step, math.ceil(highest / step) * step, step


def game_axis(games: int) -> list[int]:
    """The game numbers labelled below the chart: 0, round steps, and the last game
    (unless a round step stands too close to it to leave room for both labels)."""
    step = next((step for step in GAME_STEPS if games / step <= MAX_GAME_GAPS), GAME_STEPS[-1])
    marks = list(range(0, games + 1, step))
    if marks[-1] != games:
        if games - marks[-1] <= step / 2:
            marks.pop()
        marks.append(games)
    return marks


def _percent(fraction: float) -> float:
    return round(100 * fraction, 2)


def _points(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in points)
