"""The live games anyone may watch: which they are, and how each is listed.

A game is shown to strangers only when its table asked for it three times over: the
lobby lists the table (public), people may watch (spectators), and it is not a game
played alone or on one device (solo, pass-and-play). The same rule serves the list,
the TV and the embeddable pages, so none of them can show what another would not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal

from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import Block, Game, GameTable
from ..ratings import HeldRating, pool_of, seat_ratings_of_many

LIVE_LIMIT = 200
"""The most live games read for one list: more than any page shows."""

Sort = Literal["rating", "spectators", "newest"]


class LiveGame(BaseModel):
    """A live public game, as the list of games to watch shows it."""

    id: str
    game: str
    """Which game (a name in ``web.games.GAMES``)."""
    players: list[str]
    bots: list[str | None]
    """Each seat's bot, None for a person: pages name bots in the reader's language."""
    rating: int | None
    """The players' average rating as anyone may see it (hidden ones left out); None
    when no seat has one to show."""
    spectators: int
    """How many watch it now, on every process."""
    followed: bool
    """Whether someone the reader follows plays in it."""
    rated: bool
    version: int
    """How many moves it has had."""
    started_at: str
    watch_url: str


def is_public(game: Game, table: GameTable | None) -> bool:
    """Whether strangers may be shown the game: a listed table's, open to spectators,
    not solo, with no seat played on its creator's device."""
    return (
        table is not None
        and table.public
        and game.spectators
        and not game.solo
        and not any(seat.get("local") for seat in game.seats)
    )


def public_game(session: Session, game_id: str) -> Game | None:
    """The game if strangers may be shown it (live or finished), else None."""
    game = session.get(Game, game_id)
    if game is None or not is_public(game, session.get(GameTable, game.table_id)):
        return None
    return game


def live_public_games(session: Session) -> list[Game]:
    """Every game being played that strangers may watch, newest first."""
    query = (
        select(Game, GameTable)
        .join(GameTable, GameTable.id == Game.table_id)
        .where(
            Game.status == "playing",
            Game.spectators.is_(True),
            Game.solo.is_(False),
            GameTable.public.is_(True),
        )
        .order_by(Game.created_at.desc(), Game.id)
        .limit(LIVE_LIMIT)
    )
    return [game for game, table in session.execute(query) if is_public(game, table)]


def players_of(game: Game) -> list[int]:
    """The people seated in a game (not its bots)."""
    return [seat["user_id"] for seat in game.seats if seat.get("user_id") is not None]


def blocked_by(session: Session, user_id: int | None) -> set[int]:
    """Who muted this person: they are hidden from them (their games, their follows)."""
    if user_id is None:
        return set()
    return set(session.scalars(select(Block.user_id).where(Block.blocked_id == user_id)))


def average_rating(held: Sequence[HeldRating | None]) -> int | None:
    """The mean of the ratings a stranger would see beside the seats (bots' included)."""
    shown = [
        rating.rating
        for rating in held
        if rating is not None and rating.rating is not None and not rating.hidden
    ]
    return round(sum(shown) / len(shown)) if shown else None


def ratings_of(session: Session, games: Sequence[Game]) -> list[int | None]:
    """Each game's average shown rating, read in one query."""
    groups = [
        (
            pool_of(game.kind, game.setup.get("options", {})),
            [(seat.get("user_id"), seat.get("bot")) for seat in game.seats],
        )
        for game in games
    ]
    return [average_rating(held) for held in seat_ratings_of_many(session, groups)]


def live_lines(
    session: Session,
    games: Sequence[Game],
    spectators: Callable[[str], int],
    followed: Iterable[int],
) -> list[LiveGame]:
    """The list's lines of these games: ratings, spectators, whether followed."""
    following = set(followed)
    lines = []
    for game, rating in zip(games, ratings_of(session, games), strict=True):
        lines.append(
            LiveGame(
                id=game.id,
                game=game.kind,
                players=[seat["name"] for seat in game.seats],
                bots=[seat.get("bot") for seat in game.seats],
                rating=rating,
                spectators=spectators(game.id),
                followed=bool(following.intersection(players_of(game))),
                rated=game.rated,
                version=game.version,
                started_at=game.created_at.isoformat(),
                watch_url=f"/tv/{game.id}",
            )
        )
    return lines


def sorted_lines(lines: list[LiveGame], sort: Sort, follows_first: bool = True) -> list[LiveGame]:
    """Followed players' games first (unless not wanted: the TV shows the best game
    whoever plays it), then by the order asked for (best rated, most watched, or
    newest); games with no rating to show come last when sorted by it."""
    keys: dict[str, Callable[[LiveGame], Any]] = {
        "rating": lambda line: (line.rating is None, -(line.rating or 0), -line.spectators),
        "spectators": lambda line: (-line.spectators, line.rating is None, -(line.rating or 0)),
        "newest": lambda line: "",
    }
    ordered = sorted(lines, key=keys[sort])  # stable: "newest" keeps the query's order
    if not follows_first:
        return ordered
    return sorted(ordered, key=lambda line: not line.followed)


def filtered_lines(
    lines: list[LiveGame], game: str | None, min_rating: int | None, max_rating: int | None
) -> list[LiveGame]:
    """The lines of one game, within a range of average ratings (a bound leaves out
    the games with no rating to show)."""
    kept = []
    for line in lines:
        if game is not None and line.game != game:
            continue
        bounded = min_rating is not None or max_rating is not None
        if bounded and line.rating is None:
            continue
        if min_rating is not None and line.rating is not None and line.rating < min_rating:
            continue
        if max_rating is not None and line.rating is not None and line.rating > max_rating:
            continue
        kept.append(line)
    return kept
