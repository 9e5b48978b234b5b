"""A season's divisions, pure: where a newcomer sits, how a division's members rank
at the season's end, and who goes up or down into the next season.

Members are numbers (accounts); division 1 is the top one. Nothing here reads a clock
or a database, so the property tests can try any season."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

UP, STAY, DOWN, OUT = "up", "stay", "down", "out"
"""What the season's end does to a member: one division up, the same, one down, or
not carried on (they played no game this season)."""


def division_for_newcomer(sizes: Mapping[int, int], size: int) -> int:
    """The division a new member joins: the lowest one while it has room, else a new
    one below it. A newcomer has shown nothing yet, so they start at the bottom and
    climb by playing."""
    if not sizes:
        return 1
    lowest = max(sizes)
    return lowest if sizes[lowest] < size else lowest + 1


@dataclass(frozen=True, slots=True)
class SeasonScore:
    """One member's season in their division: the points of each arena they played."""

    member: int
    legs: tuple[float, ...]

    @property
    def points(self) -> float:
        return sum(self.legs)

    @property
    def best(self) -> float:
        return max(self.legs, default=0.0)


def ranked(scores: Iterable[SeasonScore], joined: Mapping[int, int]) -> list[SeasonScore]:
    """A division's order: most points over the season; then the best single arena
    (a strong evening counts over steady small ones, as a podium would); then the
    earlier member (``joined``: a lower number joined first), who has held the place
    longer. Members with no arena at all come last."""
    return sorted(
        scores,
        key=lambda score: (not score.legs, -score.points, -score.best, joined[score.member]),
    )


def moves(divisions: Mapping[int, Sequence[SeasonScore]], movers: int) -> dict[int, str]:
    """What the season's end does to each member, division by division in ranked order.

    The first ``movers`` of each division but the top go up; the last ``movers`` of each
    division but the bottom go down; a member who played no arena is out. In a division
    too small for both, at most half of its active members move each way, so nobody is
    both promoted and relegated."""
    if movers < 0:
        raise ValueError("movers is never negative")
    bottom = max(divisions, default=1)
    decided: dict[int, str] = {}
    for division, scores in divisions.items():
        active = [score.member for score in scores if score.legs]
        decided.update({score.member: OUT for score in scores if not score.legs})
        each_way = min(movers, len(active) // 2)
        up = active[:each_way] if division > 1 else []
        down = active[len(active) - each_way :] if division < bottom and each_way else []
        for member in active:
            decided[member] = UP if member in up else DOWN if member in down else STAY
    return decided


def next_divisions(
    divisions: Mapping[int, Sequence[SeasonScore]], decided: Mapping[int, str]
) -> dict[int, int]:
    """Each carried member's division in the next season: one up or down as decided,
    then numbered again from 1 so that no division is left empty."""
    moved: dict[int, int] = {}
    for division, scores in divisions.items():
        for score in scores:
            step = {UP: -1, STAY: 0, DOWN: 1}.get(decided[score.member])
            if step is not None:
                moved[score.member] = division + step
    renumbered = {old: new for new, old in enumerate(sorted(set(moved.values())), start=1)}
    return {member: renumbered[division] for member, division in moved.items()}
