"""The puzzles as the API and the pages show them, in the reader's language."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy.orm import Session

from chromino.core.puzzles import Puzzle

from ..games import game_kind
from ..i18n import gettext_in
from ..models import PuzzleRow, PuzzleRun
from . import choosing, runs, tries
from .schemas import PuzzleOut, RunOut, ShelfOut, ThemeOut
from .shelf import puzzle_of, themes
from .skill import shown
from .themes import GOAL_WORDS, theme_parts, theme_title


def puzzle_out(row: PuzzleRow, language: str) -> PuzzleOut:
    puzzle = puzzle_of(row)
    game_title, goal_title = theme_title(row.theme)
    return PuzzleOut(
        id=row.id,
        theme=row.theme,
        game=puzzle.game,
        goal=puzzle.goal,
        scoring=puzzle.scoring,
        game_title=gettext_in(language, game_title),
        goal_title=gettext_in(language, goal_title),
        question=gettext_in(language, GOAL_WORDS[puzzle.goal].question),
        rating=shown(row.mu),
        tries=row.tries,
        solved=row.solved,
        document=dict(row.document),
        board=_board(puzzle),
    )


def _board(puzzle: Puzzle) -> dict[str, Any]:
    """The position as a seat gets its turn, but with no placement's points or figure:
    they would give a puzzle about points away."""
    shown = game_kind(puzzle.game).position_shown(puzzle.position, puzzle.scoring)
    hidden = ("points", "figure")
    legal = [{k: v for k, v in move.items() if k not in hidden} for move in shown["legal"]]
    return {"state": shown["state"], "legal": legal}


def shelf_out(session: Session, user_id: int | None, day: date, language: str) -> ShelfOut:
    listed = []
    for theme, count in themes(session):
        parts = theme_parts(theme)
        if parts is None:
            continue
        game_title, goal_title = theme_title(theme)
        listed.append(
            ThemeOut(
                id=theme,
                game=parts["game"],
                goal=parts["goal"],
                game_title=gettext_in(language, game_title),
                goal_title=gettext_in(language, goal_title),
                count=count,
            )
        )
    skill = None if user_id is None else tries.skill_of(session, user_id)
    today = choosing.daily(session, day)
    return ShelfOut(
        themes=listed,
        rating=tries.solver_rating(session, user_id),
        tries=0 if skill is None else skill.tries,
        best=dict.fromkeys(runs.MODES, 0) if user_id is None else runs.best(session, user_id),
        daily=None if today is None else today.id,
    )


def run_out(session: Session, run: PuzzleRun, puzzle: PuzzleRow | None, language: str) -> RunOut:
    return RunOut(
        id=run.id,
        mode=run.mode,
        theme=run.theme,
        score=run.score,
        over=run.over,
        ends_at=run.ends_at,
        best=runs.best(session, run.user_id)[run.mode],
        puzzle=None if puzzle is None or run.over else puzzle_out(puzzle, language),
    )
