"""The leaderboard's routes: the page, ``GET /leaderboard?pool=``, and its data,
``GET /api/leaderboard?pool=`` (web.ratings.board says who is on it and how they
are ranked). No pool named: the first of every game's pools."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel

from ..db import utcnow
from ..i18n import N_, Words
from ..people import Onlooker, SessionDep, UserOrVisitor
from ..site import render
from .board import TOP, Board, leaderboard
from .pools import all_pools
from .scale import PROVISIONAL_GAMES

router = APIRouter()

PoolQuery = Annotated[str | None, Query(max_length=40)]


class BoardRowPublic(BaseModel):
    rank: int
    user_id: int
    name: str
    rating: int
    games: int
    wins: int


class MyStandingPublic(BaseModel):
    standing: str
    """listed | below (ranked after the last row shown) | provisional | hidden | unrated."""
    rating: int | None
    games: int
    games_to_go: int
    """Rated games still to play before a provisional rating is ranked."""
    rank: int | None


class LeaderboardPublic(BaseModel):
    pool: str
    pools: list[str]
    """Every pool there is a leaderboard of, in order."""
    min_games: int
    """Rated games in the pool before a person is ranked."""
    ranked: int
    """How many people are ranked (the rows are the first hundred)."""
    rows: list[BoardRowPublic]
    me: MyStandingPublic | None
    """Where I stand, or why I am not on it; null for someone without an account."""


def _pool_or_404(pool: str | None) -> str:
    """The pool asked for (the first when none is), or a 404 naming it."""
    pools = all_pools()
    if pool is None:
        return next(iter(pools))
    if pool not in pools:
        message = Words(
            N_("no leaderboard is called {pool}; there are {known}"),
            pool=repr(pool),
            known=", ".join(pools),
        )
        raise HTTPException(404, detail={"code": "unknown_pool", "message": message})
    return pool


def _board(session: SessionDep, pool: str, viewer_id: int | None) -> Board:
    return leaderboard(session, pool, viewer_id, utcnow())


@router.get("/api/leaderboard")
def read_leaderboard(
    user: Onlooker, session: SessionDep, pool: PoolQuery = None
) -> LeaderboardPublic:
    """The pool's leaderboard (``?pool=``, the first pool when left out; an unknown one
    is a 404 ``unknown_pool``): the first hundred ranked, and where I stand."""
    board = _board(session, _pool_or_404(pool), None if user is None else user.id)
    me = board.me
    return LeaderboardPublic(
        pool=board.pool,
        pools=list(all_pools()),
        min_games=PROVISIONAL_GAMES,
        ranked=board.ranked,
        rows=[
            BoardRowPublic(
                rank=row.rank,
                user_id=row.user_id,
                name=row.name,
                rating=row.rating,
                games=row.games,
                wins=row.wins,
            )
            for row in board.rows
        ],
        me=None
        if me is None
        else MyStandingPublic(
            standing=me.standing,
            rating=me.rating,
            games=me.games,
            games_to_go=me.games_to_go,
            rank=me.rank,
        ),
    )


@router.get("/leaderboard", include_in_schema=False)
def leaderboard_page(
    request: Request, user: UserOrVisitor, session: SessionDep, pool: PoolQuery = None
) -> HTMLResponse:
    """The leaderboard of a pool, a tab per pool; an unknown pool is a 404 page that
    says so and offers the others."""
    pools = all_pools()
    known = pool is None or pool in pools
    chosen = _pool_or_404(pool) if known else None
    context: dict[str, Any] = {"pools": pools, "chosen": chosen, "asked": pool, "top": TOP}
    if chosen is not None:
        context["board"] = _board(session, chosen, user.id)
        context["min_games"] = PROVISIONAL_GAMES
    page = render(request, user, "leaderboard.html", **context)
    if chosen is None:
        page.status_code = 404
    return page
