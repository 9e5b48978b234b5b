"""A game as a room is built from: its row, its events and what its seats bring along
(each player's assistance level, rating, schedule and chat marks).

Kept apart from the event store, whose work is committing events: loading reads what
other rooms keep of the players (preferences, ratings, schedules, talk), through
their faces, in the one session that reads the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..days import Pace
from ..models import Game, GameEvent, GameTable, Preference, SeatSubstitute, User
from ..people import Schedule, schedules_of
from ..ratings import HeldRating, pool_of, seat_ratings
from ..talk import TableTalk, read_marks, read_table_talk


@dataclass
class StoredGame:
    """A game as read from the database."""

    game_id: str
    kind: str
    setup: dict[str, Any]
    seats: list[dict[str, Any]]
    solo: bool
    status: str
    deadline: datetime | None
    events: list[GameEvent]
    next_game: str | None = None
    """The table's newer game (a rematch), if there is one."""
    substitute_minutes: int = 0
    """The grace before a bot plays for an absent player (0: never)."""
    away: frozenset[int] = frozenset()
    """The seats a bot plays for now, their players being away."""
    help_levels: list[str | None] = field(default_factory=list)
    """Each seat's player's assistance level (a preference: "beginner" when never set),
    None for a bot's seat: everyone sees who may draw tactically."""
    pace: Pace = field(default_factory=Pace)
    turn_started: datetime | None = None
    schedules: dict[int, Schedule] = field(default_factory=dict)
    """The players' schedules, by person (turn-based games only)."""
    talk: TableTalk = field(default_factory=TableTalk)
    """The table's rules of talk and the last lines said (web.talk)."""
    chat_read: dict[int, int] = field(default_factory=dict)
    """Per seat, the last chat line its player read."""
    ratings: list[HeldRating | None] = field(default_factory=list)
    """Per seat, its rating in the game's pool as the room was loaded (web.ratings.read:
    each viewer is shown what they may see); None for a bot-less empty seat, or every
    seat of a game that cannot be rated."""
    bot_accounts: list[bool] = field(default_factory=list)
    """Per seat, whether a bot account plays it (a program, web.bots): shown as a bot."""


def people_at(session: Session, seats: list[dict[str, Any]]) -> tuple[list[str | None], set[int]]:
    """Each seat's assistance level, and the bot accounts among the seats' people, in one
    read of its people and their preferences.

    A level is the player's preference ("beginner" until they choose, as their own
    sockets assume), None for a bot or a seat with no one. A bot account is a program
    playing through the bot API (web.bots): shown as a bot, rated in a bot pool."""
    people = sorted({seat["user_id"] for seat in seats if seat.get("user_id") is not None})
    query = (
        select(User.id, User.bot_owner_id.is_not(None), Preference.assistance)
        .outerjoin(Preference, Preference.user_id == User.id)
        .where(User.id.in_(people))
    )
    chosen: dict[int, str | None] = {}
    bots: set[int] = set()
    for person, is_bot, assistance in session.execute(query):
        chosen[person] = assistance
        if is_bot:
            bots.add(person)
    levels = [
        None if seat.get("user_id") is None else chosen.get(seat["user_id"]) or "beginner"
        for seat in seats
    ]
    return levels, bots


def seat_person(seat: dict[str, Any]) -> int | None:
    """The person a game's seat shows as theirs (their profile, their rating, a friend
    request): none for a bot, and none for a seat played on its creator's device
    (pass-and-play), which is Ana's or Ben's, not the account that holds it."""
    return None if seat.get("local") else seat.get("user_id")


def _seat_ratings(session: Session, game: Game, bots: set[int]) -> list[HeldRating | None]:
    """Each seat's rating in the game's pool (casual games show them too; a solo game
    and one that cannot be rated show none); ``bots``: the bot accounts among them."""
    options = game.setup.get("options", {})
    pool = None if game.solo else pool_of(game.kind, options)
    seats = [(seat_person(seat), seat.get("bot")) for seat in game.seats]
    return seat_ratings(session, pool, seats, bot_accounts=bots)


def away_seats(session: Session, game_id: str) -> frozenset[int]:
    """The seats a bot plays for now, their players away."""
    query = select(SeatSubstitute.seat).where(SeatSubstitute.game_id == game_id)
    return frozenset(session.scalars(query))


def next_game_of(session: Session, game_id: str) -> str | None:
    """The game its table dealt after this one, if any (a rematch)."""
    table_id = session.scalar(select(Game.table_id).where(Game.id == game_id))
    newest = None if table_id is None else _newest_of(session, table_id)
    return newest if newest != game_id else None


def _nothing_read(seats: list[dict[str, Any]]) -> dict[int, int]:
    """The chat read marks of a game just dealt: a player row per seat, at line 0."""
    return dict.fromkeys(range(len(seats)), 0)


def _newest_of(session: Session, table_id: int | None) -> str | None:
    return session.scalar(select(GameTable.game_id).where(GameTable.id == table_id))


def load_game(
    session: Session, game_id: str, now: datetime, *, dealt_now: bool = False
) -> StoredGame | None:
    """A game and all its events, with what its seats bring along (schedules as they
    stand at ``now``), detached from the session.

    ``dealt_now``: the caller dealt the game in this very session (the hub's ``dealt``),
    so its row and its table's are in the session already, and it has no events, nobody
    away and no chat read yet: the room is built with none of those reads, no second
    session and no trip through a thread pool."""
    game = session.get(Game, game_id)
    if game is None:
        return None
    table = None if game.table_id is None else session.get(GameTable, game.table_id)
    newest = None if table is None else table.game_id  # read_table_talk finds it in the session
    events: list[GameEvent] = []
    if not dealt_now:
        query = select(GameEvent).where(GameEvent.game_id == game_id).order_by(GameEvent.seq)
        events = list(session.scalars(query))
    pace = Pace(game.turn_days, game.on_timeout, game.vacation)
    people = [seat["user_id"] for seat in game.seats if seat.get("user_id") is not None]
    levels, bots = people_at(session, game.seats)
    stored = StoredGame(
        game.id,
        game.kind,
        game.setup,
        game.seats,
        game.solo,
        game.status,
        game.turn_deadline_at,
        events,
        next_game=newest if newest != game.id else None,
        substitute_minutes=game.substitute_minutes,
        away=frozenset() if dealt_now else away_seats(session, game_id),
        help_levels=levels,
        pace=pace,
        turn_started=game.turn_started_at,
        schedules=schedules_of(session, people, now) if pace.clocked else {},
        talk=read_table_talk(session, game, dealt_now=dealt_now),
        chat_read=_nothing_read(game.seats) if dealt_now else read_marks(session, game_id),
        ratings=_seat_ratings(session, game, bots),
        bot_accounts=[seat_person(seat) in bots for seat in game.seats],
    )
    for event in events:  # the rows the room keeps; the session's other objects stay its own
        session.expunge(event)
    return stored
