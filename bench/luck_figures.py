"""The luck measurement's figures: how well final standings found the true order, and
how sure a mean over a few dozen tournaments is.

- ``strongest_first``: the strongest entrant's share of first place;
- ``order_found``: Kendall's tau-b between true strength and final place;
- ``Interval.bootstrap``: a mean with its 95 % percentile bootstrap interval, resampled
  from a seeded generator so the same values always print the same interval;
- ``Interval.wilson``: a win rate over games with its 95 % Wilson score interval, which
  stays inside 0..1 where the normal one would not (a 90 % win rate over 100 games)."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

Z95 = 1.959964
"""The standard normal's two-sided 95 % quantile."""

RESAMPLES = 2000
"""Bootstrap resamples per interval: the ends move by well under their width's tenth
between generators at this count, and 2,000 means of 50 values take milliseconds."""


class Placed(Protocol):
    """A standings row as the figures read it."""

    @property
    def entrant(self) -> int: ...

    @property
    def place(self) -> int: ...


def kendall_tau(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Kendall's tau-b between two paired sequences: concordant minus discordant pairs
    over the geometric mean of the pairs untied in each. Tau-b, not tau-a, because
    standings can share places and a tie should neither agree nor disagree. ValueError
    for sequences of different lengths, or one with every value equal (no order)."""
    if len(xs) != len(ys):
        raise ValueError("tau pairs two sequences of one length")
    agree = 0
    untied_x = untied_y = 0
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            dx = (xs[i] > xs[j]) - (xs[i] < xs[j])
            dy = (ys[i] > ys[j]) - (ys[i] < ys[j])
            agree += dx * dy
            untied_x += dx != 0
            untied_y += dy != 0
    if not untied_x or not untied_y:
        raise ValueError("tau needs an order on both sides")
    return agree / math.sqrt(untied_x * untied_y)


def strongest_first(field: Sequence[float], rows: Sequence[Placed]) -> float:
    """The strongest entrant's share of first place: 1 alone, ``1/k`` shared by ``k``,
    0 below."""
    strongest = max(range(len(field)), key=field.__getitem__)
    firsts = [row.entrant for row in rows if row.place == 1]
    return 1 / len(firsts) if strongest in firsts else 0.0


def order_found(field: Sequence[float], rows: Sequence[Placed]) -> float:
    """Kendall's tau-b between true strength and final standing (place 1 highest)."""
    place = {row.entrant: row.place for row in rows}
    return kendall_tau(list(field), [-place[entrant] for entrant in range(len(field))])


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean and the ends of its 95 % interval (NaN ends when one value cannot say)."""

    mean: float
    low: float
    high: float

    @classmethod
    def bootstrap(cls, values: Sequence[float], seed: str = "bootstrap") -> Interval:
        """The mean of ``values`` and the 2.5th and 97.5th percentiles of the means of
        ``RESAMPLES`` resamples drawn with replacement. No assumption of normality: a
        share of first places over 40 tournaments is far from normal."""
        if not values:
            raise ValueError("an interval needs at least one value")
        mean = statistics.fmean(values)
        if len(values) < 2:
            return cls(mean, math.nan, math.nan)
        rng = random.Random(seed)
        means = sorted(
            statistics.fmean(rng.choices(values, k=len(values))) for _ in range(RESAMPLES)
        )
        return cls(mean, means[int(0.025 * RESAMPLES)], means[int(0.975 * RESAMPLES) - 1])

    @classmethod
    def wilson(cls, wins: float, games: int) -> Interval:
        """A win rate of ``wins`` over ``games`` with its Wilson score interval."""
        if games < 1:
            raise ValueError("a win rate needs at least one game")
        rate = wins / games
        spread = Z95 * Z95 / games
        centre = (rate + spread / 2) / (1 + spread)
        half = Z95 * math.sqrt(rate * (1 - rate) / games + spread / (4 * games)) / (1 + spread)
        return cls(rate, max(0.0, centre - half), min(1.0, centre + half))
