"""``GET /api/me/practice`` and the page ``/practice``: my practice in numbers —
puzzles by theme, my puzzle rating's line, my best runs, and where my moves differed
from the coach's over my recent games ("where do I lose?")."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from sqlalchemy.orm import Session

from ..i18n import gettext_in
from ..live import coach_record
from ..people import SessionDep, UserOrVisitor, is_visitor
from ..site import render
from . import runs, tries
from .rating_line import line_points
from .reader import language_of
from .schemas import CoachGameOut, CoachStatsOut, PracticeOut, RatingPoint, ThemeStatsOut
from .stats import puzzle_stats
from .themes import theme_title

router = APIRouter()
KINDS = ("play", "draw", "pass")


def _coach(session: Session, user_id: int) -> CoachStatsOut:
    record = coach_record(session, user_id)
    return CoachStatsOut(
        games=record.games,
        moves={kind: record.moves[kind] for kind in KINDS},
        better_moves={kind: record.better[kind] for kind in KINDS},
        left_stuck=record.left_stuck,
        recent=[CoachGameOut(**game) for game in record.recent],
    )


def practice(session: Session, user_id: int, language: str) -> PracticeOut:
    """My practice, in ``language`` (the page's data too)."""
    stats = puzzle_stats(session, user_id)
    themes = []
    for theme, counted in stats.by_theme.items():
        game_title, goal_title = theme_title(theme)
        themes.append(
            ThemeStatsOut(
                theme=theme,
                game_title=gettext_in(language, game_title),
                goal_title=gettext_in(language, goal_title),
                tries=counted.tries,
                solved=counted.solved,
                hinted=counted.hinted,
                missed=counted.missed,
            )
        )
    return PracticeOut(
        rating=tries.solver_rating(session, user_id),
        puzzles=themes,
        history=[RatingPoint(at=at, rating=rating) for at, rating in stats.history],
        best=runs.best(session, user_id),
        coach=_coach(session, user_id),
    )


def _nothing_yet(session: Session) -> PracticeOut:
    """A visitor's practice: where everyone starts (asking makes no guest)."""
    return PracticeOut(
        rating=tries.solver_rating(session, None),
        puzzles=[],
        history=[],
        best=dict.fromkeys(runs.MODES, 0),
        coach=CoachStatsOut(
            games=0,
            moves=dict.fromkeys(KINDS, 0),
            better_moves=dict.fromkeys(KINDS, 0),
            left_stuck=0,
            recent=[],
        ),
    )


@router.get("/api/me/practice")
def my_practice(request: Request, user: UserOrVisitor, session: SessionDep) -> PracticeOut:
    """My puzzles by theme, my puzzle rating's line and bests, and the coach's record
    (for a visitor, nothing yet)."""
    if is_visitor(user):
        return _nothing_yet(session)
    language = language_of(request, user)
    return practice(session, user.id, language)


@router.get("/practice", include_in_schema=False)
def practice_page(request: Request, user: UserOrVisitor, session: SessionDep) -> HTMLResponse:
    """My practice: what ``GET /api/me/practice`` says, as a page (a visitor's is empty
    until they solve a puzzle or finish a game)."""
    language = language_of(request, user)
    data = None if is_visitor(user) else practice(session, user.id, language)
    ratings = [] if data is None else [point.rating for point in data.history]
    return render(
        request, user, "practice.html", practice=data, line=line_points(ratings), kinds=KINDS
    )
