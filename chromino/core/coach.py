"""The coach: how a move compares with the one the strong bot prefers, from the mover's view.

The same information-set search as the strong bot (:mod:`chromino.search`), run
from the view the player had when they moved, with the move actually made added
to the candidates if the search would not have looked at it. Each candidate's
mean reward is the search's estimate of how the game goes on after it: a win
chance in a game without scores, a blend of winning and the score margin in a
scoring game (docs/strong-bot.md). The coach reports the preferred move and by
how much the estimate drops with the move made.

Like the bot, it reads nothing but the view: it can be run on a finished game's
record, position by position, and is honest about what the player could know.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Generic, TypeVar

from .search import Budget, RewardMeaning, SearchGame, search

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Assessment(Generic[A]):
    """One move against the search's choice from the same view."""

    played: A
    preferred: A
    played_value: float
    """The search's estimate after the move made (0 to 1)."""
    preferred_value: float
    """The same after the move it prefers."""
    iterations: int
    meaning: RewardMeaning
    """What the values measure (the chance of winning only in a game without scores)."""

    @property
    def loss(self) -> float:
        """How much the estimate drops with the move made (0 when it is the preferred one)."""
        if self.played == self.preferred:
            return 0.0
        return max(0.0, self.preferred_value - self.played_value)


def assess(
    information: SearchGame[A],
    played: A,
    rng: random.Random,
    budget: Budget,
) -> Assessment[A]:
    """The search from ``information`` (the mover's view), ``played`` among the candidates."""
    dealt = information.determinize(random.Random(0))
    candidates = list(dealt.actions())
    if played not in candidates:
        candidates.append(played)
    result = search(information, rng, budget, root_actions=candidates)
    preferred = result.action
    return Assessment(
        played=played,
        preferred=preferred,
        played_value=result.values.get(played, 0.0),
        preferred_value=result.values.get(preferred, 0.0),
        iterations=result.iterations,
        meaning=dealt.reward_meaning(),
    )
