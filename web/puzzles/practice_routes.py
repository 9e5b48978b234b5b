"""``GET /api/me/practice``: my practice in numbers — puzzles by theme, my puzzle
rating's line, my best runs, and where my moves differed from the coach's over my
recent games ("where do I lose?")."""

from __future__ import annotations

from fastapi import APIRouter, Request
from sqlalchemy.orm import Session

from ..i18n import best_language, gettext_in
from ..live import coach_record
from ..people import CurrentUser, SessionDep, public_user
from . import runs, tries
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


@router.get("/api/me/practice")
def my_practice(request: Request, user: CurrentUser, session: SessionDep) -> PracticeOut:
    """My puzzles by theme, my puzzle rating's line and bests, and the coach's record."""
    preferred = public_user(user).preferences.language
    language = best_language(preferred, request.headers.get("accept-language"))
    return practice(session, user.id, language)
