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
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

from .actions import PLAY
from .search import Budget, RewardMeaning, SearchGame, search

A = TypeVar("A", bound=Hashable)


STUCK_DEALS = 10
"""How many deals of what the mover could not see the coach's check of a move samples."""


@dataclass(frozen=True, slots=True)
class Stuck:
    """In how many of ``deals`` sampled deals the mover had no place for any tile at the
    start of their next turn (and so had to draw), after the move made and after the
    preferred one: a reason the engine checked, in numbers a person can weigh."""

    deals: int
    played: int
    preferred: int


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
    stuck: Stuck | None = None
    """The check of both moves over sampled deals, when the search prefers another play
    to the play made."""

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
    *,
    canonical: Callable[[A], Hashable] | None = None,
) -> Assessment[A]:
    """The search from ``information`` (the mover's view), ``played`` among the candidates.

    ``canonical`` gives one form for every spelling of the same move (a tile laid on the
    same cells the same way round): the move made is matched to the candidate it is, so
    the coach never weighs one move against itself. When the search prefers another
    move, a second search of the same budget weighs just the two, side by side: in the
    first the move made may have had a handful of visits, and its estimate is then
    mostly noise. The note compares the two as that second search sees them (and
    prefers the move made when it does).
    """
    dealt = information.determinize(random.Random(0))
    candidates = list(dealt.actions())
    played = _as_candidate(played, candidates, canonical)
    if played not in candidates:
        candidates.append(played)
    result = search(information, rng, budget, root_actions=candidates)
    preferred = result.action
    iterations = result.iterations
    values = result.values
    if preferred != played:
        duel = search(information, rng, budget, root_actions=[preferred, played])
        preferred = duel.action
        iterations += duel.iterations
        values = duel.values
    stuck = None
    if preferred != played and _is_play(played) and _is_play(preferred):
        stuck = stuck_next_turn(information, played, preferred, random.Random(rng.getrandbits(64)))
    return Assessment(
        played=played,
        preferred=preferred,
        played_value=values.get(played, 0.0),
        preferred_value=values.get(preferred, 0.0),
        iterations=iterations,
        meaning=dealt.reward_meaning(),
        stuck=stuck,
    )


def _is_play(action: object) -> bool:
    return getattr(action, "kind", None) == PLAY


def stuck_next_turn(
    information: SearchGame[A],
    played: A,
    preferred: A,
    rng: random.Random,
    deals: int = STUCK_DEALS,
) -> Stuck:
    """Lay each move in the same ``deals`` deals of what the mover could not see, let
    the others answer as the rollouts do (the same answers for both moves wherever
    they can be), and count the deals where the mover then starts their turn with no
    tile that fits. A game over before that turn is no such deal."""
    samples = [(information.determinize(rng), rng.getrandbits(64)) for _ in range(deals)]
    counts = []
    for move in (played, preferred):
        stuck = 0
        for sample, answers in samples:
            state = sample.clone()
            mover = state.to_move()
            state.apply(move)
            replies = random.Random(answers)
            while not state.is_over() and state.to_move() != mover:
                state.apply(state.default_action(replies))
            if not state.is_over() and not any(_is_play(action) for action in state.actions()):
                stuck += 1
        counts.append(stuck)
    return Stuck(deals=deals, played=counts[0], preferred=counts[1])


def _as_candidate(played: A, candidates: list[A], canonical: Callable[[A], Hashable] | None) -> A:
    """The candidate that is the same move as ``played``, else ``played`` itself."""
    if canonical is None or played in candidates:
        return played
    wanted = canonical(played)
    for candidate in candidates:
        if canonical(candidate) == wanted:
            return candidate
    return played
