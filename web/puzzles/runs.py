"""Runs: a streak (puzzles ever harder, until the first miss) and a timed run (as many
as can be solved in ``TIMED_SECONDS``; a miss costs only the time it took). Neither is
rated: a run is played fast, and its score is kept as the person's best.

The server's clock decides: a try sent after a timed run's end does not count, and
only a try at the run's current puzzle does.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..models import PuzzleRow, PuzzleRun
from .choosing import near
from .skill import mu_of

MODES: Final = ("streak", "timed")
TIMED_SECONDS: Final = 180
STREAK_START: Final = 1100
"""A streak's first puzzle's rating; each solved one raises the next by ``STREAK_STEP``."""
STREAK_STEP: Final = 40
TIMED_BELOW: Final = 200
"""A timed run's puzzles are this much easier than the person's rating: it is about speed."""


class RunError(ValueError):
    """A try a run refuses: ``code`` says why (over, not_current)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True, slots=True)
class RunStep:
    """A run after a try: its score, whether it is over, and its next puzzle."""

    run: PuzzleRun
    puzzle: PuzzleRow | None


def _target(run: PuzzleRun, rating: int) -> float:
    if run.mode == "streak":
        return mu_of(STREAK_START + STREAK_STEP * run.score)
    return mu_of(rating - TIMED_BELOW)


def _next(session: Session, run: PuzzleRun, rating: int) -> PuzzleRow | None:
    rng = random.Random(f"{run.id}/{len(run.seen)}")
    puzzle = near(session, _target(run, rating), theme=run.theme, skip=run.seen, rng=rng)
    run.puzzle_id = None if puzzle is None else puzzle.id
    run.seen = [*run.seen, puzzle.id] if puzzle is not None else run.seen
    if puzzle is None:
        run.over = True  # the shelf ran out: a fine way to end
    return puzzle


def start(
    session: Session, user_id: int, mode: str, theme: str | None, *, rating: int, now: datetime
) -> RunStep:
    """A new run and its first puzzle. Commits."""
    ends = now + timedelta(seconds=TIMED_SECONDS) if mode == "timed" else None
    run = PuzzleRun(
        user_id=user_id, mode=mode, theme=theme, started_at=now, ends_at=ends, seen=[], score=0
    )
    session.add(run)
    session.flush()
    puzzle = _next(session, run, rating)
    session.commit()
    return RunStep(run, puzzle)


def run_of(session: Session, run_id: int, user_id: int) -> PuzzleRun | None:
    run = session.get(PuzzleRun, run_id)
    return run if run is not None and run.user_id == user_id else None


def timed_out(run: PuzzleRun, now: datetime) -> bool:
    ends = run.ends_at
    if ends is None:
        return False
    if ends.tzinfo is None:  # SQLite gives back naive UTC times
        ends = ends.replace(tzinfo=now.tzinfo)
    return now >= ends


def answer(
    session: Session,
    run: PuzzleRun,
    puzzle_id: str,
    *,
    correct: bool,
    rating: int,
    now: datetime,
) -> RunStep:
    """Count a try at the run's current puzzle and move on (RunError: the run is over, or
    this is not its puzzle). Commits."""
    if run.over or timed_out(run, now):
        run.over = True
        session.commit()
        raise RunError("run_over")
    if run.puzzle_id != puzzle_id:
        raise RunError("not_current")
    if correct:
        run.score += 1
    elif run.mode == "streak":
        run.over = True
        run.puzzle_id = None
        session.commit()
        return RunStep(run, None)
    puzzle = _next(session, run, rating)
    session.commit()
    return RunStep(run, puzzle)


def best(session: Session, user_id: int) -> dict[str, int]:
    """The person's best score in each mode (0 when never played)."""
    scores = dict.fromkeys(MODES, 0)
    query = (
        select(PuzzleRun.mode, func.max(PuzzleRun.score))
        .where(PuzzleRun.user_id == user_id)
        .group_by(PuzzleRun.mode)
    )
    for mode, score in session.execute(query):
        scores[mode] = int(score or 0)
    return scores
