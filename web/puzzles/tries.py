"""A person's try at a puzzle: the first is rated, once, and moves both ratings; every
later one is practice and changes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..models import PuzzleRow, PuzzleSkill, PuzzleTry
from ..ratings import Skill
from .skill import new_solver, rate_try, shown


@dataclass(frozen=True, slots=True)
class Rated:
    """The solver's shown rating before and after a rated try."""

    before: int
    after: int


def skill_of(session: Session, user_id: int) -> PuzzleSkill | None:
    return session.get(PuzzleSkill, user_id)


def solver_rating(session: Session, user_id: int | None) -> int:
    """A person's shown puzzle rating (where a newcomer starts, for anyone without one)."""
    row = None if user_id is None else skill_of(session, user_id)
    return shown(new_solver().mu if row is None else row.mu)


def tried_before(session: Session, user_id: int, puzzle_id: str) -> bool:
    return session.get(PuzzleTry, (user_id, puzzle_id)) is not None


def record(
    session: Session, user_id: int, puzzle: PuzzleRow, result: str, now: datetime
) -> Rated | None:
    """Rate the person's first try at ``puzzle`` (None: they tried it before, and this
    one is practice). Commits."""
    if tried_before(session, user_id, puzzle.id):
        return None
    # Both ratings are read again under a row lock: two people's first tries at one
    # puzzle (or one person's at two) each move the rating the other left.
    session.refresh(puzzle, with_for_update=True)
    solver = session.get(PuzzleSkill, user_id, with_for_update=True)
    if solver is None:
        start = new_solver()
        solver = PuzzleSkill(user_id=user_id, mu=start.mu, sigma=start.sigma, tries=0, solved=0)
        session.add(solver)
    before = shown(solver.mu)
    person, problem = rate_try(
        Skill(solver.mu, solver.sigma), Skill(puzzle.mu, puzzle.sigma), result
    )
    try:
        with session.begin_nested():
            session.add(
                PuzzleTry(
                    user_id=user_id,
                    puzzle_id=puzzle.id,
                    result=result,
                    rating_before=before,
                    rating_after=shown(person.mu),
                    at=now,
                )
            )
    except IntegrityError:  # a second request raced this one: it was rated there
        session.rollback()
        return None
    solver.mu, solver.sigma = person.mu, person.sigma
    solver.tries += 1
    puzzle.mu, puzzle.sigma = problem.mu, problem.sigma
    puzzle.tries += 1
    if result != "missed":
        solver.solved += 1
        puzzle.solved += 1
    session.commit()
    return Rated(before, shown(person.mu))
