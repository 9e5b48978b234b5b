"""The server's leaderboard of one pool: who plays best, among the people here.

Who is on it: people with a settled rating in the pool — at least
:data:`~web.ratings.scale.PROVISIONAL_GAMES` rated games (a provisional rating says
too little to rank) — guests included: a guest who played that many rated games is a
player like any other, and an account costs no more than a guest to make, so leaving
guests out would keep nobody from gaming the board. Left out: bots (they have no
rating row: their ratings are fixed), people banned now, and people who hide their
rating (web.ratings.read). Ranked by the rating people see (``scale.shown``): two
people showing the same number share a rank ("1, 2, 2, 4"). The first
:data:`TOP` rows are shown.

The viewer learns where they stand: their own row (highlighted by the page), or why
they are not on it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Final, Literal

from sqlalchemy import ColumnElement, and_, func, or_, select
from sqlalchemy.orm import Session

from ..models import Preference, Rating, User
from .scale import MU_START, PER_MU, PROVISIONAL_GAMES, START, shown

TOP: Final = 100
"""How many rows the leaderboard shows."""

Standing = Literal["listed", "below", "provisional", "hidden", "unrated"]
"""Where the viewer stands: on the board, ranked below its last row, still
provisional, hiding their rating, or with no rated game in the pool yet."""


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One person on the leaderboard."""

    rank: int
    user_id: int
    name: str
    """As stored (a new guest's drawn name is worded by the page)."""
    rating: int
    games: int
    wins: int

    @property
    def win_share(self) -> float:
        """The share of their rated games won (first place, alone or shared)."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class MyStanding:
    """The viewer's place, or why they have none."""

    standing: Standing
    rating: int | None = None
    """Their rating (None: no rated game in the pool)."""
    games: int = 0
    rank: int | None = None
    """Their rank among everyone ranked ("listed" and "below")."""

    @property
    def games_to_go(self) -> int:
        """Rated games still to play before the rating is settled and ranked."""
        return max(0, PROVISIONAL_GAMES - self.games)


@dataclass(frozen=True, slots=True)
class Board:
    pool: str
    rows: list[BoardRow]
    ranked: int
    """How many people are ranked in the pool (the board shows the first :data:`TOP`)."""
    me: MyStanding | None
    """None for someone without an account."""


def leaderboard(session: Session, pool: str, viewer_id: int | None, now: datetime) -> Board:
    """The pool's leaderboard as ``viewer_id`` sees it, at ``now`` (who is banned)."""
    ranked = _ranked(pool, now)
    query = (
        select(Rating.user_id, User.name, Rating.mu, Rating.games, Rating.wins)
        .join(User, User.id == Rating.user_id)
        .outerjoin(Preference, Preference.user_id == Rating.user_id)
        .where(ranked)
        .order_by(Rating.mu.desc(), Rating.games.desc(), Rating.user_id)
        .limit(TOP)
    )
    rows = _with_ranks(session.execute(query).all())
    count = _count(session, ranked)
    me = None if viewer_id is None else _standing(session, pool, viewer_id, rows, ranked)
    return Board(pool=pool, rows=rows, ranked=count, me=me)


def _ranked(pool: str, now: datetime) -> ColumnElement[bool]:
    """Who is on the pool's leaderboard (the query joins the rating's person and
    their preferences)."""
    return and_(
        Rating.pool == pool,
        Rating.games >= PROVISIONAL_GAMES,
        or_(User.banned_until.is_(None), User.banned_until <= now),
        or_(Preference.hide_rating.is_(None), Preference.hide_rating.is_(False)),
    )


def _with_ranks(found: Iterable[tuple[int, str, float, int, int]]) -> list[BoardRow]:
    """Rows in rating order, each ranked; equal shown ratings share the rank of the
    first of them."""
    rows: list[BoardRow] = []
    for position, (user_id, name, mu, games, wins) in enumerate(found, start=1):
        rating = shown(mu)
        rank = rows[-1].rank if rows and rows[-1].rating == rating else position
        rows.append(BoardRow(rank, user_id, name, rating, games, wins))
    return rows


def _count(session: Session, ranked: ColumnElement[bool]) -> int:
    query = (
        select(func.count())
        .select_from(Rating)
        .join(User, User.id == Rating.user_id)
        .outerjoin(Preference, Preference.user_id == Rating.user_id)
        .where(ranked)
    )
    return int(session.scalar(query) or 0)


def _standing(
    session: Session,
    pool: str,
    viewer_id: int,
    rows: list[BoardRow],
    ranked: ColumnElement[bool],
) -> MyStanding:
    """Where the viewer stands in the pool, or why they are not ranked."""
    mine = session.get(Rating, (viewer_id, pool))
    if mine is None:
        return MyStanding("unrated")
    rating, games = shown(mine.mu), mine.games
    preference = session.get(Preference, viewer_id)
    if preference is not None and preference.hide_rating:
        return MyStanding("hidden", rating, games)
    if games < PROVISIONAL_GAMES:
        return MyStanding("provisional", rating, games)
    for row in rows:
        if row.user_id == viewer_id:
            return MyStanding("listed", rating, games, row.rank)
    return MyStanding("below", rating, games, 1 + _count_above(session, ranked, rating))


def _count_above(session: Session, ranked: ColumnElement[bool], rating: int) -> int:
    """How many ranked people show a higher rating than ``rating``: those whose ``mu``
    is at least where the shown number reaches ``rating + 1`` (half a point below it,
    by rounding)."""
    lowest_mu = MU_START + (rating + 0.5 - START) / PER_MU
    query = (
        select(func.count())
        .select_from(Rating)
        .join(User, User.id == Rating.user_id)
        .outerjoin(Preference, Preference.user_id == Rating.user_id)
        .where(ranked, Rating.mu >= lowest_mu)
    )
    return int(session.scalar(query) or 0)
