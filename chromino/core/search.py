"""Information-set Monte Carlo tree search, shared by the Chromino and Triominos bots.

The search knows nothing of either game. A game takes part through two small
protocols:

- :class:`SearchGame` stands for what one seat may see (built from its view):
  it *determinizes*, that is deals the tiles the seat cannot see (the other
  hidden hands and the bag) at random, consistently with everything the view
  shows, and returns a :class:`SearchState`;
- :class:`SearchState` is one such complete, mutable game: who is to move,
  the candidate actions, apply, whether it is over, the reward of every seat,
  and a fast default policy that plays it out to the end.

The algorithm is single-observer ISMCTS (Cowling, Powley and Whitehouse,
2012). Each iteration deals a fresh determinization, walks down one tree
whose nodes are the searching seat's information sets (edges are actions, so
one tree gathers statistics across all the deals), picks among the actions
legal in *this* deal by UCB1 with availability counts, adds one node, plays
the rest out with the default policy and credits every node of the path with
the reward of the seat that chose it. The move played is the most visited
root action. ``max_depth=1`` turns it into determinized flat Monte Carlo
(perfect-information rollouts, a bandit over the root actions only).

Everything random comes from the ``random.Random`` passed in, and the tree is
walked in insertion order, so an iteration budget makes the search a pure
function of the view and the generator's state. A time budget stops when the
clock says so and is therefore only as repeatable as the machine.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Final, Generic, Literal, Protocol, Self, TypeVar

A = TypeVar("A", bound=Hashable)

RewardMeaning = Literal["win", "win_and_margin", "solo"]
"""What a game's reward measures: the chance of winning (a game without scores), half
that and half the lead in points over the best other seat (a scored game), or how
well a solo game ends (Chromino: few turns; Triominos: a high score)."""
"""An action of the game searched (hashable: it names a tree edge)."""

DEFAULT_SECONDS: Final = 1.0
"""The thinking time per move of the bot in play."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How long one decision may search: a time, a number of iterations, or both.

    With both, the search stops at whichever comes first. Iterations make a
    decision repeatable on any machine (tests, reproducible tournaments);
    seconds keep a server's bot to a known thinking time.
    """

    seconds: float | None = DEFAULT_SECONDS
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise ValueError("a budget needs seconds, iterations or both")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"seconds must be positive, not {self.seconds!r}")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations!r}")

    @classmethod
    def of_iterations(cls, iterations: int) -> Budget:
        """A budget of ``iterations`` iterations and no clock: the same move on any machine."""
        return cls(seconds=None, iterations=iterations)

    @classmethod
    def of_seconds(cls, seconds: float) -> Budget:
        """A budget of ``seconds`` of thinking, however many iterations that makes."""
        return cls(seconds=seconds, iterations=None)


class SearchState(Protocol[A]):
    """One determinized game, complete and mutable, as the search plays it."""

    def clone(self) -> Self:
        """An independent copy."""
        ...

    def to_move(self) -> int:
        """The seat whose action comes next."""
        ...

    def actions(self) -> Sequence[A]:
        """The actions the search considers here, best first by the default policy.

        Never empty while the game is not over; every one is legal.
        """
        ...

    def apply(self, action: A) -> None:
        """Play an action (one of :meth:`actions`)."""
        ...

    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    def rewards(self) -> Sequence[float]:
        """Per seat, a reward in [0, 1] for the finished game."""
        ...

    def reward_meaning(self) -> RewardMeaning:
        """What :meth:`rewards` measures, for the coach to say it in words."""
        ...

    def default_action(self, rng: random.Random) -> A:
        """The rollout policy's choice here (fast and reasonable, not optimal)."""
        ...

    def rollout(self, rng: random.Random) -> Sequence[float]:
        """Play on with the default policy to the end; the rewards per seat."""
        ...


class SearchGame(Protocol[A]):
    """What one seat knows: its view, able to deal the tiles it cannot see."""

    def determinize(self, rng: random.Random) -> SearchState[A]:
        """A complete game consistent with the view, hidden tiles dealt at random."""
        ...


EXPLORATION: Final = 0.7
"""UCB1's exploration constant, for rewards in [0, 1]."""


class _Node(Generic[A]):
    """Statistics of one action from one information set."""

    __slots__ = ("available", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        """The seat that chose the action leading here; rewards are counted for it."""
        self.visits = 0
        self.total = 0.0
        self.available = 1
        """In how many iterations the action was legal when its parent was visited."""
        self.children: dict[A, _Node[A]] = {}


@dataclass(frozen=True, slots=True)
class SearchResult(Generic[A]):
    """The chosen action, with what the search saw (for tests, tuning and hints)."""

    action: A
    iterations: int
    visits: dict[A, int]
    values: dict[A, float]
    """Mean reward of each root action for the searching seat."""


def search(
    game: SearchGame[A],
    rng: random.Random,
    budget: Budget,
    *,
    max_depth: int = 1_000,
    exploration: float = EXPLORATION,
    root_actions: Sequence[A] | None = None,
) -> SearchResult[A]:
    """Search from the view behind ``game`` and return the most visited root action.

    ``root_actions``, when given, are the root's actions (the same in every
    determinization, since they depend only on what the searching seat sees);
    a single one is returned at once, without searching.
    """
    if root_actions is None:
        root_actions = game.determinize(random.Random(0)).actions()
    if not root_actions:
        raise ValueError("no action to choose from")
    if len(root_actions) == 1:
        only = root_actions[0]
        return SearchResult(only, 0, {only: 0}, {only: 0.0})
    root: _Node[A] = _Node(-1)
    started = time.perf_counter()
    deadline = None if budget.seconds is None else started + budget.seconds
    limit = budget.iterations
    done = 0
    while limit is None or done < limit:
        now = time.perf_counter()
        if deadline is not None and now >= deadline:
            break
        if (
            done
            and done % SETTLED_CHECK == 0
            and _settled(root, done, limit, now=now, started=started, deadline=deadline)
        ):
            break
        _iterate(root, game.determinize(rng), rng, max_depth, exploration)
        done += 1
    return _result(root, root_actions, done)


SETTLED_CHECK: Final = 16
"""How often (in iterations) the search asks whether the choice can still change."""


def _settled(
    root: _Node[A],
    done: int,
    limit: int | None,
    *,
    now: float,
    started: float,
    deadline: float | None,
) -> bool:
    """Whether the most visited root action is out of reach for the rest of the budget.

    Each iteration adds one visit to one root action, so when the leader is
    more visits ahead of the runner-up than iterations remain, the choice is
    made: stopping changes nothing but the time spent. Under a time budget the
    iterations left are estimated from the pace so far.
    """
    left = math.inf if limit is None else limit - done
    if deadline is not None:
        pace = done / max(now - started, 1e-9)
        left = min(left, pace * (deadline - now))
    first = second = 0
    for child in root.children.values():
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    return first - second > left


def _iterate(
    root: _Node[A], state: SearchState[A], rng: random.Random, max_depth: int, exploration: float
) -> None:
    """One iteration: select and expand in the tree, roll out, back up."""
    node = root
    path: list[_Node[A]] = []
    depth = 0
    while not state.is_over():
        actions = state.actions()
        children = node.children
        untried = None
        for action in actions:
            child = children.get(action)
            if child is None:
                if untried is None:
                    untried = action
            else:
                child.available += 1
        if untried is not None:
            if depth >= max_depth:
                break
            seat = state.to_move()
            state.apply(untried)
            child = _Node[A](seat)
            children[untried] = child
            path.append(child)
            break
        chosen, node = _select(children, actions, exploration)
        state.apply(chosen)
        path.append(node)
        depth += 1
        if depth >= max_depth:
            break
    rewards = state.rewards() if state.is_over() else state.rollout(rng)
    for visited in path:
        visited.visits += 1
        visited.total += rewards[visited.seat]


def _select(
    children: dict[A, _Node[A]], actions: Sequence[A], exploration: float
) -> tuple[A, _Node[A]]:
    """UCB1 over the children legal here, counting the times each was available."""
    best = actions[0]
    best_score = -math.inf
    for action in actions:
        child = children[action]
        score = child.total / child.visits + exploration * math.sqrt(
            math.log(child.available) / child.visits
        )
        if score > best_score:
            best, best_score = action, score
    return best, children[best]


def _result(root: _Node[A], root_actions: Sequence[A], done: int) -> SearchResult[A]:
    visits = {a: (root.children[a].visits if a in root.children else 0) for a in root_actions}
    values = {
        a: (root.children[a].total / root.children[a].visits if visits[a] else 0.0)
        for a in root_actions
    }
    # Most visits; ties (a tiny budget) to the better mean, then to the default policy's order.
    chosen = max(root_actions, key=lambda a: (visits[a], values[a]))
    return SearchResult(chosen, done, visits, values)
