"""A lesson of the first-game tutorial: one small position, one point to make.

A lesson is a position a newcomer plays one tile on: a board, a hand, the seat
to play (always seat 0 of a one-player game), and what the lesson is about: a
key its texts are found by (the host words them, in the reader's language) and
which placements make its point. The position is a live game of the game's own
type, built by the game's lessons module through the engine's checks, so what
the lesson accepts is exactly what a real game accepts; a lesson adds no rule.

A lesson is stateless: :meth:`Lesson.attempt` builds the position afresh, lays
the tile through the checked entry point and says what that did.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .actions import Action
from .game import TileGame

G = TypeVar("G", bound=TileGame[Any, Any, Any])

SEAT = 0
"""The lesson's player: the only seat of a one-player game."""


@dataclass(frozen=True, slots=True)
class Attempt:
    """A placement tried in a lesson: the game after it, its event, whether it made the point."""

    game: Any
    event: Any
    achieved: bool


@dataclass(frozen=True, slots=True)
class Lesson(Generic[G]):
    """One lesson: its key, its position (made fresh each time) and its goal."""

    key: str
    """Stable and unique within the game, e.g. ``two-contacts``: the texts' key and the URL's."""
    build: Callable[[], G]
    """A new game at the lesson's position, seat 0 to play."""
    achieves: Callable[[G, Any], bool]
    """Whether a legal placement, laid (the game after it and its event), makes the point."""

    def position(self) -> G:
        """The lesson's position, a fresh game."""
        return self.build()

    def attempt(self, placement: Any) -> Attempt:
        """Lay ``placement`` in a fresh position (IllegalMoveError, as a game would raise)."""
        game = self.build()
        event = game.apply(SEAT, Action.play(placement))
        return Attempt(game, event, bool(self.achieves(game, event)))

    def goal_placements(self) -> list[Any]:
        """Every legal placement that makes the point (for tests and hints)."""
        return [p for p in self.build().legal_plays(SEAT) if self.attempt(p).achieved]


def lesson_named(lessons: Sequence[Lesson[Any]], key: str) -> Lesson[Any] | None:
    """The lesson of that key, or None."""
    return next((lesson for lesson in lessons if lesson.key == key), None)
