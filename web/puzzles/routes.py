"""The puzzles' API: the shelf and its themes, one puzzle (``GET /api/puzzles/{id}``),
the next one near my rating, the day's, a hint, a try (rated the first time), and runs.

A visitor may look at and try puzzles; a try's rating or a run needs a person, so those
make a guest of a visitor, as acting anywhere does."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from sqlalchemy.orm import Session

from chromino.core.errors import IllegalMoveError

from ..games import game_kind
from ..i18n import N_, Words, rule_refusal
from ..models import PuzzleRow, PuzzleRun, User
from ..people import CurrentUser, SessionDep, UserOrVisitor
from . import choosing, runs, tries
from .judging import Judged, solution_shown, try_placement
from .reader import language_of, now_of, person_id
from .schemas import HintOut, PuzzleOut, RatedOut, RunIn, RunOut, ShelfOut, TryIn, TryOut
from .shelf import puzzle_of
from .skill import mu_of
from .themes import theme_parts
from .views import puzzle_out, run_out, shelf_out

router = APIRouter(prefix="/api/puzzles")


def _refused(status: int, code: str, message: Words | str, **extra: object) -> HTTPException:
    return HTTPException(status, detail={"code": code, "message": message, **extra})


def _found(session: Session, puzzle_id: str) -> PuzzleRow:
    row = session.get(PuzzleRow, puzzle_id)
    if row is None:
        words = Words(N_("no puzzle has the id {id}"), id=puzzle_id)
        raise _refused(404, "no_puzzle", words, field="puzzle")
    return row


def _theme(theme: str | None) -> str | None:
    if theme is not None and theme_parts(theme) is None:
        words = Words(N_("there is no puzzle theme {theme}"), theme=repr(theme))
        raise _refused(404, "no_theme", words, field="theme")
    return theme


@router.get("")
def shelf(request: Request, user: UserOrVisitor, session: SessionDep) -> ShelfOut:
    """The themes and how many puzzles each holds, my rating and bests, today's puzzle."""
    day = now_of(request).date()
    return shelf_out(session, person_id(user), day, language_of(request, user))


@router.get("/daily")
def daily(request: Request, user: UserOrVisitor, session: SessionDep) -> PuzzleOut:
    """Today's puzzle (UTC), the same for everyone."""
    row = choosing.daily(session, now_of(request).date())
    if row is None:
        raise _refused(404, "no_puzzle", Words(N_("the puzzle shelf is empty")))
    return puzzle_out(row, language_of(request, user))


@router.get("/next")
def next_puzzle(
    request: Request, user: UserOrVisitor, session: SessionDep, theme: str | None = None
) -> PuzzleOut:
    """A puzzle near my rating that I have not tried (of ``theme``, if given)."""
    user_id = person_id(user)
    target = mu_of(tries.solver_rating(session, user_id))
    row = choosing.near(session, target, theme=_theme(theme), user_id=user_id)
    if row is None:
        words = Words(N_("you have tried every puzzle of this theme"))
        raise _refused(404, "no_puzzle_left", words, field="theme")
    return puzzle_out(row, language_of(request, user))


@router.get("/{puzzle_id}")
def one_puzzle(
    puzzle_id: str, request: Request, user: UserOrVisitor, session: SessionDep
) -> PuzzleOut:
    """One puzzle: its document (with the solution), rating and position."""
    return puzzle_out(_found(session, puzzle_id), language_of(request, user))


@router.post("/{puzzle_id}/hint")
def hint(puzzle_id: str, request: Request, user: UserOrVisitor, session: SessionDep) -> HintOut:
    """Which tile the solution lays (solved after it, a try counts as a draw)."""
    puzzle = puzzle_of(_found(session, puzzle_id))
    tile = str(puzzle.solution["tile"])
    words = Words(N_("The answer lays the tile {tile}."), tile=tile)
    return HintOut(tile=tile, message=words.to(language_of(request, user)))


def _result(correct: bool, hinted: bool) -> str:
    if not correct:
        return "missed"
    return "hinted" if hinted else "solved"


@router.post("/{puzzle_id}/tries")
def try_puzzle(
    puzzle_id: str, body: TryIn, request: Request, user: CurrentUser, session: SessionDep
) -> TryOut:
    """Lay a placement on the puzzle. Refused by the rules, it does not count. Otherwise
    the answer says whether it was right and why; my first try at a puzzle moves my
    rating and the puzzle's, a try in a run counts for the run instead."""
    row = _found(session, puzzle_id)
    puzzle = puzzle_of(row)
    language = language_of(request, user)
    run = None if body.run is None else _run(session, body.run, user)
    try:
        judged = try_placement(puzzle, body.placement, language)
    except IllegalMoveError as error:  # the fields do not read as a placement
        kind = game_kind(puzzle.game)
        message = rule_refusal(error.reason.value, error.message, language, kind.refusal_words)
        raise _refused(422, error.reason.value, message, field="placement") from None
    if not isinstance(judged, Judged):
        return TryOut(legal=False, code=judged.code, message=judged.message)
    correct = judged.verdict.correct
    answer = TryOut(
        legal=True,
        correct=correct,
        explanation=judged.explanation.to(language),
        solution=dict(puzzle.solution),
        state=judged.state,
        solution_state=None if correct else solution_shown(puzzle),
    )
    if run is not None:
        answer.run = _run_step(request, session, run, row.id, correct=correct, language=language)
        return answer
    rated = tries.record(session, user.id, row, _result(correct, body.hinted), now_of(request))
    answer.rated = None if rated is None else RatedOut(before=rated.before, after=rated.after)
    return answer


def _run(session: Session, run_id: int, user: User) -> PuzzleRun:
    run = runs.run_of(session, run_id, user.id)
    if run is None:
        words = Words(N_("you have no puzzle run {id}"), id=run_id)
        raise _refused(404, "no_run", words, field="run")
    return run


def _run_step(
    request: Request,
    session: Session,
    run: PuzzleRun,
    puzzle_id: str,
    *,
    correct: bool,
    language: str,
) -> RunOut:
    rating = tries.solver_rating(session, run.user_id)
    try:
        step = runs.answer(
            session, run, puzzle_id, correct=correct, rating=rating, now=now_of(request)
        )
    except runs.RunError as error:
        words = {
            "run_over": Words(N_("this run is over")),
            "not_current": Words(N_("this is not the puzzle the run is on")),
        }[error.code]
        raise _refused(409, error.code, words, field="run") from None
    return run_out(session, step.run, step.puzzle, language)


@router.post("/runs", status_code=201)
def start_run(body: RunIn, request: Request, user: CurrentUser, session: SessionDep) -> RunOut:
    """A streak or a timed run (three minutes), of ``theme`` or of every theme."""
    rating = tries.solver_rating(session, user.id)
    theme = _theme(body.theme)
    step = runs.start(session, user.id, body.mode, theme, rating=rating, now=now_of(request))
    return run_out(session, step.run, step.puzzle, language_of(request, user))
