"""The daily deal's routes: the page ``GET /daily``, its data ``GET /api/daily``, and
``POST /api/daily/{game}/games`` (deal me today's deal: scored the first time, then
practice). Asking for the day's data also has Hard's reference computed, in the
background, if nobody has it yet."""

from __future__ import annotations

import asyncio
from datetime import date, datetime
from typing import Any

from fastapi import APIRouter, HTTPException, Request, status
from fastapi.responses import HTMLResponse
from pydantic import BaseModel
from sqlalchemy.orm import Session

from ..games import game_kind
from ..i18n import N_, Words
from ..lobby import open_rooms
from ..models import Game, GameEvent, User
from ..people import CurrentUser, Onlooker, SessionDep, UserOrVisitor, refuse_if_banned
from ..site import render
from . import attempts, share
from .deal import DAILY_GAMES, daily_rule, daily_seed, deal_day
from .reference import References, attempt_result, percentage, reference_pending

router = APIRouter()


class AttemptPublic(BaseModel):
    game_id: str
    status: str
    """playing | finished."""
    turns: int | None
    score: int | None
    ended_by: str | None
    percent: int | None
    """None while playing, or until Hard's result is known (``pending``)."""
    pending: bool


class BoardRowPublic(BaseModel):
    rank: int
    user_id: int
    name: str
    turns: int
    score: int
    percent: int | None


class DailyGamePublic(BaseModel):
    game: str
    seed: str
    """The deal's documented seed (docs/daily.md)."""
    reference: dict[str, Any] | None
    """Hard's result ({"turns", "draws", "score", "ended_by", "hand_left",
    "iterations"}), or None while it is computed."""
    scored: AttemptPublic | None
    practice: list[AttemptPublic]
    board: list[BoardRowPublic]
    share: str | None
    """The share card, once the scored attempt ended and its percentage is known."""
    marks: list[str]
    """The card's squares by name (high, played, drew, passed): the page draws them."""


class DailyPublic(BaseModel):
    day: date
    streak: int
    games: list[DailyGamePublic]


class StartedPublic(BaseModel):
    game_id: str
    scored: bool
    """False: a practice game (today's scored attempt was already started)."""
    day: date


def _now(request: Request) -> datetime:
    now: datetime = request.app.state.clock.now()
    return now


def _attempt(game: str, played: Game, hard: dict[str, Any] | None) -> AttemptPublic:
    if played.status != "finished" or played.result is None:
        return AttemptPublic(
            game_id=played.id,
            status=played.status,
            turns=None,
            score=None,
            ended_by=None,
            percent=None,
            pending=False,
        )
    mine = attempt_result(played.result)
    return AttemptPublic(
        game_id=played.id,
        status=played.status,
        turns=mine["turns"],
        score=mine["score"],
        ended_by=mine["ended_by"],
        percent=None if hard is None else round(percentage(game, mine, hard)),
        pending=hard is None,
    )


def _marks(session: Session, game: str, played: Game) -> list[str]:
    actions = [
        event.action
        for event in session.query(GameEvent)
        .filter(GameEvent.game_id == played.id)
        .order_by(GameEvent.seq)
    ]
    return share.turn_marks(game, played.setup, actions)


def daily_state(session: Session, user: User, now: datetime) -> DailyPublic:
    """Today's two deals as ``user`` sees them."""
    day = deal_day(now)
    games = []
    for game in DAILY_GAMES:
        hard = attempts.hard_result(attempts.reference_of(session, game, day))
        row = attempts.scored_attempt(session, user.id, game, day)
        played = None if row is None else session.get(Game, row.game_id)
        scored = None if played is None else _attempt(game, played, hard)
        card = None
        marks: list[str] = []
        if played is not None and scored is not None and scored.percent is not None:
            marks = _marks(session, game, played)
            card = share.card_text(game, day, scored.percent, marks)
        games.append(
            DailyGamePublic(
                game=game,
                seed=daily_seed(game, day),
                reference=hard,
                scored=scored,
                practice=[
                    _attempt(game, practice, hard)
                    for practice in attempts.practice_games(session, user.id, game, day)
                ],
                board=[
                    BoardRowPublic(
                        rank=line.rank,
                        user_id=line.user_id,
                        name=line.name,
                        turns=line.turns,
                        score=line.score,
                        percent=line.percent,
                    )
                    for line in attempts.board(session, game, day, hard)
                ],
                share=card,
                marks=marks,
            )
        )
    return DailyPublic(day=day, streak=attempts.streak(session, user, now), games=games)


def _compute_missing(request: Request, session: Session, day: date) -> None:
    """Have Hard's reference of each of the day's deals computed, if nobody has it
    (in the background: the request does not wait)."""
    references: References = request.app.state.daily
    now = _now(request)
    for game in DAILY_GAMES:
        if reference_pending(attempts.reference_of(session, game, day), now):
            asyncio.run_coroutine_threadsafe(references.ensure(game, day), request.app.state.loop)


@router.get("/api/daily")
def read_daily(
    request: Request, user: UserOrVisitor, _stranger_check: Onlooker, session: SessionDep
) -> DailyPublic:
    """Today's deals: my scored attempt and practice, the board, my streak, my card. A
    stranger on a private server gets the 403 saying how to get in (the board names
    people, as the leaderboard does)."""
    state = daily_state(session, user, _now(request))
    _compute_missing(request, session, state.day)
    return state


def _game_or_404(game: str) -> str:
    if game not in DAILY_GAMES:
        message = Words(
            N_("there is no daily deal of {game}; there are {known}"),
            game=repr(game),
            known=", ".join(DAILY_GAMES),
        )
        raise HTTPException(404, detail={"code": "no_daily_deal", "message": message})
    return game


@router.post("/api/daily/{game}/games", status_code=status.HTTP_201_CREATED)
def start_daily(
    game: str, request: Request, user: CurrentUser, session: SessionDep
) -> StartedPublic:
    """Deal me today's deal of ``game``: my scored attempt the first time today (UTC),
    practice every later time (``scored`` says which); not while banned."""
    _game_or_404(game)
    refuse_if_banned(user)
    now = _now(request)
    day = deal_day(now)
    started = attempts.start_daily(session, user, game, day, now)
    session.commit()
    open_rooms(request, session, [started.game_id])
    _compute_missing(request, session, day)
    return StartedPublic(game_id=started.game_id, scored=started.scored, day=day)


@router.get("/daily", include_in_schema=False)
def daily_page(request: Request, user: UserOrVisitor, session: SessionDep) -> HTMLResponse:
    """Today's deals: play or continue, my result and card, my streak, the boards."""
    state = daily_state(session, user, _now(request))
    _compute_missing(request, session, state.day)
    titles = {game: game_kind(game).title for game in DAILY_GAMES}
    measures = {game: daily_rule(game).measure for game in DAILY_GAMES}
    return render(
        request,
        user,
        "daily.html",
        daily=state,
        titles=titles,
        measures=measures,
        boot={"day": state.day.isoformat()},
    )
