"""The joint-winner property: whether one game from equal ratings keeps the finishing
order. A model that fails it cannot be chosen, whatever its log-loss, so the check lives
apart from the measurement, on a fixed list of finishing orders.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from .rating_candidates import Candidate

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
