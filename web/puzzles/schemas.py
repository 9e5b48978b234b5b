"""The puzzles' API shapes."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class PuzzleOut(BaseModel):
    """A puzzle: the engine's document (position, goal, solution and the proof's facts,
    as ``chromino puzzles verify`` reads it), its theme and rating, its question in the
    reader's words, and its position as a seat of a live game gets it (``board``)."""

    id: str
    theme: str
    game: str
    goal: str
    scoring: str | None
    game_title: str
    goal_title: str
    question: str
    rating: int
    tries: int
    solved: int
    document: dict[str, Any]
    board: dict[str, Any]
    """``state`` and ``legal``, as the live game sends a seat its turn."""


class ThemeOut(BaseModel):
    id: str
    game: str
    goal: str
    game_title: str
    goal_title: str
    count: int


class ShelfOut(BaseModel):
    themes: list[ThemeOut]
    rating: int
    """The reader's puzzle rating (where everyone starts, for a visitor)."""
    tries: int
    best: dict[str, int]
    """The reader's best streak and best timed run."""
    daily: str | None
    """Today's puzzle's id (None on an empty shelf)."""


class TryIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    placement: dict[str, Any] = Field(description="The placement's fields, as in a play.")
    hinted: bool = False
    """The solver asked for the hint first: solved, it counts as a draw."""
    run: int | None = None
    """The run this try belongs to (unrated), if any."""


class RatedOut(BaseModel):
    before: int
    after: int


class RunOut(BaseModel):
    id: int
    mode: str
    theme: str | None
    score: int
    over: bool
    ends_at: datetime | None
    best: int
    puzzle: PuzzleOut | None
    """The puzzle to solve next (None once the run is over)."""


class TryOut(BaseModel):
    """A try's answer. Refused by the rules (``legal`` false): nothing counted, try
    again. Otherwise ``correct``, why (``explanation``), the solution and the boards
    after the try and after the solution, and what it did to a rating or a run."""

    legal: bool
    code: str | None = None
    message: str | None = None
    correct: bool = False
    explanation: str | None = None
    solution: dict[str, Any] | None = None
    state: dict[str, Any] | None = None
    solution_state: dict[str, Any] | None = None
    rated: RatedOut | None = None
    run: RunOut | None = None


class HintOut(BaseModel):
    tile: str
    message: str


class RunIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    mode: Literal["streak", "timed"]
    theme: str | None = None


class ThemeStatsOut(BaseModel):
    theme: str
    game_title: str
    goal_title: str
    tries: int
    solved: int
    hinted: int
    missed: int


class RatingPoint(BaseModel):
    at: datetime
    rating: int


class CoachGameOut(BaseModel):
    game_id: str
    game: str
    moves: int
    better_moves: int
    finished_at: datetime | None


class CoachStatsOut(BaseModel):
    """Where my moves differed from the coach's over my recent coached games."""

    games: int
    moves: dict[str, int]
    """Moves the coach looked at, by kind (play, draw, pass)."""
    better_moves: dict[str, int]
    """Of those, the ones it would have made otherwise."""
    left_stuck: int
    """Flagged plays after which I more often had no tile that fits next turn."""
    recent: list[CoachGameOut]


class PracticeOut(BaseModel):
    """My practice: puzzles by theme, my puzzle rating's line, and the coach's record."""

    rating: int
    puzzles: list[ThemeStatsOut]
    history: list[RatingPoint]
    best: dict[str, int]
    coach: CoachStatsOut
