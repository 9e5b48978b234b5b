"""What a puzzle asks, in words, and the themes the shelf is sorted by.

A theme is a game, a goal and a scoring (``chromino.last_tile``,
``chromino.most_points.expert``): puzzles of one theme ask the same question of
different positions. Nothing here names a game: the goals are the engine's, the
titles the games' own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from chromino.core.puzzles import Puzzle

from ..games import GAMES
from ..i18n import N_


@dataclass(frozen=True, slots=True)
class GoalWords:
    """A goal's words (marked for the catalogs): its name, the question, and what a
    right or a wrong answer means (``{points}``, ``{best}``, ``{tile}``... from the proof)."""

    title: str
    question: str
    right: str
    wrong: str


GOAL_WORDS: Final[Mapping[str, GoalWords]] = {
    "most_points": GoalWords(
        title=N_("Most points"),
        question=N_("Find the one placement that scores the most points this turn."),
        right=N_(
            "Right: {points} points, the most of {placements} placements. The next best"
            " scores {next_best}."
        ),
        wrong=N_("That placement scores {points} points. One scores {best}."),
    ),
    "last_tile": GoalWords(
        title=N_("The last tile"),
        question=N_("You hold two tiles. Lay one so that the other still has a place next turn."),
        right=N_("Right: of {placements} placements, only this one leaves {tile} a place."),
        wrong=N_("After that, {tile} fits nowhere on the board: you would have to draw."),
    ),
}
"""Each goal of the engine, in words."""


def theme_of(puzzle: Puzzle) -> str:
    """The puzzle's theme: its game, its goal, and its scoring when the goal counts
    points (a puzzle of another goal keeps none)."""
    parts = [puzzle.game, puzzle.goal]
    if puzzle.scoring is not None:
        parts.append(str(puzzle.scoring))
    return ".".join(parts)


def theme_parts(theme: str) -> dict[str, Any] | None:
    """A theme's game and goal (None when no game or goal has that name)."""
    game, _, rest = theme.partition(".")
    goal, _, scoring = rest.partition(".")
    if game not in GAMES or goal not in GOAL_WORDS:
        return None
    return {"game": game, "goal": goal, "scoring": scoring or None}


def theme_title(theme: str) -> tuple[str, str]:
    """The theme's game title and goal title (both marked for the catalogs)."""
    parts = theme_parts(theme)
    if parts is None:
        return ("", "")
    return (GAMES[parts["game"]].title, GOAL_WORDS[parts["goal"]].title)
