"""Tables and their seats before the deal: made, found by invite code, joined, left.

A table gathers people; the game dealt at it is another matter (:mod:`.dealing`).
What is here changes the seats of one table, under its row's lock, and holds the
host's cap on turn-based games a person may keep going.
"""

from __future__ import annotations

import secrets

from sqlalchemy import func, select
from sqlalchemy.orm import Session, object_session

from ..i18n import N_, Words
from ..models import Block, Game, GamePlayer, GameTable, TableSeat, User
from ..people import is_bot
from .checks import check_duplicate, check_options, check_seats, local_name, rated_choice
from .errors import ID_SHAPE, TABLE_STATUS, TableError, kind_named
from .schemas import TableCreateBase


def create_table(
    session: Session,
    user: User,
    spec: TableCreateBase,
    *,
    solo: bool = False,
    turn_based_limit: int | None = None,
) -> GameTable:
    """A new table of the game asked for; its creator takes the first human seat. A
    turn-based table times moves in days, so it has no per-turn seconds and no grace
    before a bot plays for someone away (both belong to a game in one sitting)."""
    kind = kind_named(spec.game)
    check_seats(kind, spec.seats)
    turn_days = None if solo else spec.turn_days
    options = spec.options.model_dump()
    if turn_days is not None:
        _check_turn_based_room(session, user, turn_based_limit)
        if "turn_seconds" in options:
            options["turn_seconds"] = 0
    options = check_options(kind, options, len(spec.seats))
    duplicate = spec.duplicate and not solo
    if duplicate:
        check_duplicate(kind, spec, options)
    table = GameTable(
        invite_code=secrets.token_urlsafe(12),
        kind=kind.name,
        creator_id=user.id,
        options=options,
        rated=False if solo or duplicate else rated_choice(kind, spec, options),
        duplicate=duplicate,
        public=spec.public and not solo,
        solo=solo,
        spectators=spec.spectators and not solo,
        substitute_minutes=0 if solo or turn_days is not None else spec.substitute_minutes,
        turn_days=turn_days,
        on_timeout=spec.on_timeout,
        vacation=spec.vacation,
        chat_text=None if solo else spec.chat_text,
        bots_allowed=spec.bots_allowed,
    )
    # With seats on this device (pass-and-play), the creator plays those, one of them
    # their own: the human seats are for others to join.
    creator_seated = any(seat.kind == "local" for seat in spec.seats)
    for index, seat in enumerate(spec.seats):
        occupant = user.id if seat.kind == "local" else None
        if seat.kind == "human" and not creator_seated:
            occupant, creator_seated = user.id, True
        table.seats.append(
            TableSeat(seat=index, user_id=occupant, bot=seat.bot, local_name=local_name(seat))
        )
    session.add(table)
    session.flush()
    return table


def table_by_invite(session: Session, invite_code: str) -> GameTable:
    """The table behind an invite code, or a 404."""
    if not ID_SHAPE.fullmatch(invite_code):
        raise TableError(404, "no_such_table", Words(N_("no table has this invite code")))
    table = session.scalar(select(GameTable).where(GameTable.invite_code == invite_code))
    if table is None:
        raise TableError(404, "no_such_table", Words(N_("no table has this invite code")))
    return table


def lock(table: GameTable) -> None:
    """Serialize changes to one table (two joins for the last seat, a double-clicked start):
    lock its row (SELECT … FOR UPDATE; on SQLite every transaction already holds the write
    lock from its start, see web.db), then re-read what was read before the lock."""
    session = object_session_of(table)
    session.execute(select(GameTable.id).where(GameTable.id == table.id).with_for_update())
    for seat in list(table.seats):
        session.expire(seat)
    session.expire(table)


def object_session_of(table: GameTable) -> Session:
    session = object_session(table)
    assert session is not None
    return session


def require_open(table: GameTable) -> None:
    if table.status != "open":
        raise TableError(409, "table_not_open", Words(TABLE_STATUS[table.status]))


def turn_based_games(session: Session, user_id: int) -> int:
    """How many turn-based games the person has going, or waiting to start."""
    playing = (
        select(func.count())
        .select_from(Game)
        .join(GamePlayer, GamePlayer.game_id == Game.id)
        .where(GamePlayer.user_id == user_id, Game.status == "playing")
        .where(Game.turn_days.is_not(None))
    )
    gathering = (
        select(func.count())
        .select_from(GameTable)
        .join(TableSeat, TableSeat.table_id == GameTable.id)
        .where(TableSeat.user_id == user_id, GameTable.status == "open")
        .where(GameTable.turn_days.is_not(None))
    )
    return int(session.scalar(playing) or 0) + int(session.scalar(gathering) or 0)


def _check_turn_based_room(session: Session, user: User, limit: int | None) -> None:
    """The host's cap on turn-based games a person holds at once."""
    if limit is not None and turn_based_games(session, user.id) >= limit:
        message = Words(
            N_("you already have {count} turn-based games going: finish one first"), count=limit
        )
        raise TableError(409, "too_many_turn_based_games", message)


def join(table: GameTable, user: User, *, turn_based_limit: int | None = None) -> None:
    """Take the first free human seat."""
    lock(table)
    require_open(table)
    if table.turn_days is not None:
        _check_turn_based_room(object_session_of(table), user, turn_based_limit)
    if any(seat.user_id == user.id for seat in table.seats):
        raise TableError(409, "already_seated", Words(N_("you already have a seat at this table")))
    _refuse_the_muted(table, user)
    _refuse_a_mix(table, user)
    free = [seat for seat in table.seats if seat.bot is None and seat.user_id is None]
    if not free:
        raise TableError(409, "table_full", Words(N_("every seat at this table is taken")))
    free[0].user_id = user.id


BOTS_NOT_ALLOWED = N_(
    "bot accounts and people sit together at this rated table only if it allows bots"
)


def _refuse_a_mix(table: GameTable, user: User) -> None:
    """A rated table does not seat bot accounts with people unless it allows bots (403
    ``bots_not_allowed``): nobody plays a rated game against a program unawares."""
    if not table.rated or table.bots_allowed:
        return
    # Only the taken seats' people are loaded: a free seat's ``user`` read now would stay
    # None in the session once the seat is taken.
    seated = [seat.user for seat in table.seats if seat.user_id is not None]
    if any(other is not None and is_bot(other) != is_bot(user) for other in seated):
        raise TableError(403, "bots_not_allowed", Words(BOTS_NOT_ALLOWED))


def _refuse_the_muted(table: GameTable, user: User) -> None:
    """A private table is not for someone its creator or a person seated there muted
    (web.friends): 403 ``muted``, without saying who."""
    if table.public:
        return
    there = {seat.user_id for seat in table.seats if seat.user_id is not None}
    if table.creator_id is not None:
        there.add(table.creator_id)
    muted = select(Block.user_id).where(Block.user_id.in_(there), Block.blocked_id == user.id)
    if there and object_session_of(table).scalar(muted.limit(1)) is not None:
        raise TableError(403, "muted", Words(N_("you cannot join this table")))


def leave(table: GameTable, user: User) -> None:
    """Give up a seat before the start; the creator leaving closes the table."""
    lock(table)
    require_open(table)
    seats = [seat for seat in table.seats if seat.user_id == user.id]
    if not seats:
        raise TableError(409, "not_seated", Words(N_("you have no seat at this table")))
    for seat in seats:
        seat.user_id = None
    if user.id == table.creator_id:
        table.status = "closed"
