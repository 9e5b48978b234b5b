"""The puzzles' pages: ``/puzzles`` (my rating, the day's puzzle, each theme, the runs),
``/puzzles/daily``, ``/puzzles/next`` (the next puzzle of a theme, where the home's
links lead), ``/puzzles/streak``, ``/puzzles/timed`` and ``/puzzles/{id}``.

The pages carry what the API answers (``shelf_out``, ``puzzle_out``), in the reader's
language; ``static/js/puzzle.js`` lays tiles on the board and asks the API what they
mean. A puzzle's page never carries its solution: the answer to a try brings it."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy.orm import Session

from ..games import DEFAULT_GAME, GAMES
from ..i18n import gettext_in
from ..models import PuzzleRow, User
from ..people import SessionDep, UserOrVisitor
from ..site import not_found, render
from . import choosing, tries
from .reader import language_of, now_of, person_id
from .schemas import PuzzleOut
from .skill import mu_of
from .themes import GOAL_WORDS, theme_parts
from .views import puzzle_out, shelf_out

router = APIRouter(include_in_schema=False)


def page_puzzle(out: PuzzleOut) -> dict[str, Any]:
    """A puzzle as its page carries it: all but the engine's document, whose solution
    and proof's facts would give the answer away (a try's answer brings them)."""
    return out.model_dump(mode="json", exclude={"document"})


def _board_page(
    request: Request, user: User, mode: str, puzzle: PuzzleOut | None, **extra: Any
) -> HTMLResponse:
    """The board page of one puzzle (``mode`` "puzzle" or "daily") or of a run."""
    boot = {
        "mode": mode,
        "now": now_of(request).isoformat(),
        "puzzle": None if puzzle is None else page_puzzle(puzzle),
        **extra,
    }
    return render(
        request,
        user,
        "puzzle.html",
        boot=boot,
        puzzle=puzzle,
        games=list(GAMES),
        parts_game=DEFAULT_GAME if puzzle is None else puzzle.game,
    )


def _home(
    request: Request, user: User, session: Session, all_tried: str | None = None
) -> HTMLResponse:
    language = language_of(request, user)
    shelf = shelf_out(session, person_id(user), now_of(request).date(), language)
    today = None if shelf.daily is None else session.get(PuzzleRow, shelf.daily)
    questions = {goal: gettext_in(language, words.question) for goal, words in GOAL_WORDS.items()}
    return render(
        request,
        user,
        "puzzles.html",
        shelf=shelf,
        today=None if today is None else puzzle_out(today, language),
        questions=questions,
        all_tried=all_tried,
    )


@router.get("/puzzles")
def puzzles_home(request: Request, user: UserOrVisitor, session: SessionDep) -> HTMLResponse:
    """My puzzle rating, the day's puzzle, each theme with a way to its next puzzle, and
    the runs with my bests."""
    return _home(request, user, session)


@router.get("/puzzles/daily")
def daily_page(request: Request, user: UserOrVisitor, session: SessionDep) -> HTMLResponse:
    """Today's puzzle (UTC), the same for everyone."""
    row = choosing.daily(session, now_of(request).date())
    if row is None:
        return not_found(request, user, "puzzle")
    return _board_page(request, user, "daily", puzzle_out(row, language_of(request, user)))


@router.get("/puzzles/next")
def next_page(
    request: Request, user: UserOrVisitor, session: SessionDep, theme: str | None = None
) -> Response:
    """The next puzzle of ``theme`` near my rating, by its own address (so the address
    bar holds a link to share); the home, saying so, once I have tried them all."""
    if theme is not None and theme_parts(theme) is None:
        return not_found(request, user, "puzzle")
    user_id = person_id(user)
    target = mu_of(tries.solver_rating(session, user_id))
    row = choosing.near(session, target, theme=theme, user_id=user_id)
    if row is None:
        return _home(request, user, session, all_tried=theme or "")
    return RedirectResponse(f"/puzzles/{row.id}", status_code=303)


def _run_page(request: Request, user: User, session: Session, mode: str) -> HTMLResponse:
    shelf = shelf_out(session, person_id(user), now_of(request).date(), language_of(request, user))
    return _board_page(request, user, mode, None, best=shelf.best[mode], empty=not shelf.themes)


@router.get("/puzzles/streak")
def streak_page(request: Request, user: UserOrVisitor, session: SessionDep) -> HTMLResponse:
    """A streak: the page starts it (``POST /api/puzzles/runs``) when the player is ready."""
    return _run_page(request, user, session, "streak")


@router.get("/puzzles/timed")
def timed_page(request: Request, user: UserOrVisitor, session: SessionDep) -> HTMLResponse:
    """A timed run: its clock starts with the run, when the player starts it."""
    return _run_page(request, user, session, "timed")


@router.get("/puzzles/{puzzle_id}")
def puzzle_page(
    puzzle_id: str, request: Request, user: UserOrVisitor, session: SessionDep
) -> HTMLResponse:
    """One puzzle on its board: its goal, the hint, the answer and the next one."""
    row = session.get(PuzzleRow, puzzle_id)
    if row is None:
        return not_found(request, user, "puzzle")
    return _board_page(request, user, "puzzle", puzzle_out(row, language_of(request, user)))
