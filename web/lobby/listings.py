"""The lobby's lists: tables as their readers see them (each seat's rating as the
viewer may), the open public tables, and "my games" sorted by what waits for me.

Listing reads many tables or games at once and changes none, so it is kept away
from the code that changes them: each list is read in a fixed number of queries,
whatever its length.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, select, tuple_
from sqlalchemy.orm import Session, selectinload

from ..db import as_utc
from ..games import game_kind
from ..models import (
    Block,
    ChatMessage,
    Game,
    GameEvent,
    GamePlayer,
    GameTable,
    TableSeat,
    Tournament,
    TournamentRound,
    TournamentTable,
    User,
)
from ..people import is_bot
from ..ratings import HeldRating, pool_of, seat_ratings_of_many, seen_by
from .access import seat_of, seats_of
from .schemas import GameSummary, SeatPublic, SeatRating, TablePublic
from .tables import object_session_of


def _help_level(user: User | None) -> str | None:
    """A seated person's assistance level ("beginner" until they choose one)."""
    if user is None:
        return None
    return user.preference.assistance if user.preference is not None else "beginner"


def table_public(
    table: GameTable,
    viewer_id: int | None = None,
    ratings: list[HeldRating | None] | None = None,
) -> TablePublic:
    """A table as anyone holding its invite code may see it; each seat's rating as
    ``viewer_id`` may see it (``ratings``: the seats' ratings when already read)."""
    kind = game_kind(table.kind)
    held = ratings if ratings is not None else seat_ratings_of_tables([table])[0]
    return TablePublic(
        invite_code=table.invite_code,
        game=table.kind,
        creator_id=table.creator_id,
        options=table.options,
        public=table.public,
        solo=table.solo,
        spectators=table.spectators,
        substitute_minutes=table.substitute_minutes,
        turn_days=table.turn_days,
        on_timeout=table.on_timeout,
        vacation=table.vacation,
        rated=table.rated,
        duplicate=table.duplicate,
        bots_allowed=table.bots_allowed,
        status=table.status,
        game_id=table.game_id,
        seats=[
            SeatPublic(
                seat=seat.seat,
                kind="bot" if seat.bot else "local" if seat.local_name is not None else "human",
                bot=seat.bot,
                user_id=seat.user_id,
                name=seat.local_name
                if seat.local_name is not None
                else seat.user.name
                if seat.user
                else (kind.bots.get(seat.bot) if seat.bot else None),
                assistance=_help_level(seat.user),
                rating=_seat_rating(rating, viewer_id),
                bot_account=seat.user is not None and is_bot(seat.user),
            )
            for seat, rating in zip(table.seats, held, strict=True)
        ],
    )


def _seat_rating(held: HeldRating | None, viewer_id: int | None) -> SeatRating | None:
    seen = seen_by(held, viewer_id)
    return None if seen is None else SeatRating(**seen)


def tables_public(tables: list[GameTable], viewer_id: int | None) -> list[TablePublic]:
    """:func:`table_public` of many tables, their ratings read at once."""
    ratings = seat_ratings_of_tables(tables)
    return [table_public(t, viewer_id, held) for t, held in zip(tables, ratings, strict=True)]


def seat_ratings_of_tables(tables: list[GameTable]) -> list[list[HeldRating | None]]:
    """Each table's seats' ratings in its pool (web.ratings.read), in one query. Casual
    tables show them too: they tell who plays how well. A solo table, or one whose
    options cannot be rated (open hands), shows none."""
    if not tables:
        return []
    groups = [
        (
            None if t.solo else pool_of(t.kind, t.options),
            [(None if s.local_name else s.user_id, s.bot) for s in t.seats],
        )
        for t in tables
    ]
    return seat_ratings_of_many(object_session_of(tables[0]), groups)


def public_tables(session: Session, limit: int = 50) -> list[GameTable]:
    """Open public tables with a free seat, newest first."""
    free_seat = (
        select(TableSeat.table_id)
        .where(TableSeat.user_id.is_(None), TableSeat.bot.is_(None))
        .scalar_subquery()
    )
    query = (
        select(GameTable)
        .where(GameTable.public.is_(True), GameTable.status == "open", GameTable.id.in_(free_seat))
        .order_by(GameTable.created_at.desc(), GameTable.id.desc())
        .limit(limit)
        # Each seat's person and their preference (the help level), in three queries.
        .options(
            selectinload(GameTable.seats).selectinload(TableSeat.user).selectinload(User.preference)
        )
    )
    return list(session.scalars(query))


def game_summary(
    game: Game, user_id: int | None, last_move: dict[str, Any] | None = None
) -> GameSummary:
    """A line of "my games": who plays, whose turn it is, how it ended, and when."""
    my_seat = None if user_id is None else seat_of(game, user_id)
    playing = game.status == "playing"
    current = game.current_seat if playing else None
    return GameSummary(
        id=game.id,
        game=game.kind,
        status=game.status,
        solo=game.solo,
        rated=game.rated,
        players=[seat["name"] for seat in game.seats],
        bots=[seat["bot"] for seat in game.seats],
        my_seat=my_seat,
        current_seat=current,
        my_turn=current is not None and current in seats_of(game.seats, user_id),
        result=game.result,
        created_at=as_utc(game.created_at).isoformat(),
        finished_at=None if game.finished_at is None else as_utc(game.finished_at).isoformat(),
        version=game.version,
        turn_days=game.turn_days,
        deadline=None
        if game.turn_deadline_at is None or not playing
        else as_utc(game.turn_deadline_at).timestamp(),
        last_move=last_move,
    )


def last_moves(session: Session, games: list[Game]) -> dict[str, dict[str, Any]]:
    """Each game's last event (who, what, when, whether a bot made it for the person),
    in one query."""
    keys = [(game.id, game.version) for game in games if game.version > 0]
    if not keys:
        return {}
    query = select(
        GameEvent.game_id,
        GameEvent.seat,
        GameEvent.action,
        GameEvent.created_at,
        GameEvent.stand_in,
    )
    query = query.where(tuple_(GameEvent.game_id, GameEvent.seq).in_(keys))
    return {
        game_id: {
            "seat": seat,
            "action": action.get("action"),
            "at": as_utc(at).timestamp(),
            # a bot's move in the person's place is not theirs ("the bot passed for you")
            "stand_in": stand_in,
        }
        for game_id, seat, action, at, stand_in in session.execute(query)
    }


def urgency(summary: GameSummary) -> tuple[int, float, str]:
    """My turns first, the most urgent first; then the others' turns; then the ended,
    newest first."""
    if summary.status != "playing":
        finished = summary.finished_at or summary.created_at
        return (2, -datetime.fromisoformat(finished).timestamp(), summary.id)
    deadline = summary.deadline if summary.deadline is not None else float("inf")
    return (0 if summary.my_turn else 1, deadline, summary.id)


def my_game_lines(session: Session, user: User, limit: int = 100) -> list[GameSummary]:
    """My games as "my games" lists them, sorted by :func:`urgency`."""
    games = my_games(session, user, limit)
    moves = last_moves(session, games)
    unread = unread_lines(session, user.id, [game.id for game in games])
    tournaments = tournaments_of(session, [game.id for game in games])
    lines = [game_summary(game, user.id, moves.get(game.id)) for game in games]
    for line in lines:
        line.unread = unread.get(line.id, 0)
        line.tournament = tournaments.get(line.id)
    return sorted(lines, key=urgency)


def tournaments_of(session: Session, game_ids: list[str]) -> dict[str, dict[str, Any]]:
    """Per game that is a tournament's table: the tournament and round, in one query.
    An arena's table has no round to name (its seatings are no rounds to a player):
    its ``round`` is None."""
    if not game_ids:
        return {}
    query = (
        select(
            TournamentTable.game_id,
            Tournament.public_id,
            Tournament.name,
            Tournament.format,
            TournamentRound.number,
        )
        .join(TournamentRound, TournamentRound.id == TournamentTable.round_id)
        .join(Tournament, Tournament.id == TournamentRound.tournament_id)
        .where(TournamentTable.game_id.in_(game_ids))
    )
    return {
        str(game_id): {"id": public_id, "name": name, "round": None if shape == "arena" else number}
        for game_id, public_id, name, shape, number in session.execute(query)
    }


def unread_lines(session: Session, user_id: int, game_ids: list[str]) -> dict[str, int]:
    """Per game, the players' chat lines by others after the last I read (those of
    people muted either way left out), in one query."""
    if not game_ids:
        return {}
    muted = select(Block.blocked_id).where(Block.user_id == user_id)
    muting = select(Block.user_id).where(Block.blocked_id == user_id)
    query = (
        select(ChatMessage.game_id, func.count())
        .join(
            GamePlayer,
            (GamePlayer.game_id == ChatMessage.game_id) & (GamePlayer.user_id == user_id),
        )
        .where(
            ChatMessage.game_id.in_(game_ids),
            ChatMessage.room == "players",
            ChatMessage.seq > GamePlayer.chat_read,
            ChatMessage.user_id != user_id,
            ChatMessage.user_id.not_in(muted),
            ChatMessage.user_id.not_in(muting),
        )
        .group_by(ChatMessage.game_id)
    )
    return {game_id: int(count) for game_id, count in session.execute(query)}


def my_games(session: Session, user: User, limit: int = 100) -> list[Game]:
    """The user's games, current first, then newest."""
    query = (
        select(Game)
        .join(GamePlayer, GamePlayer.game_id == Game.id)
        .where(GamePlayer.user_id == user.id)
        .order_by((Game.status == "finished").asc(), Game.created_at.desc())
        .limit(limit)
    )
    return list(session.scalars(query))
