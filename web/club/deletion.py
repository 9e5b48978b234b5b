"""Deleting an account: the person goes, the games others played with them stay.

What goes: the account row and everything that hangs on it — sessions, passkeys,
preferences (the email address with them), push devices, friends both ways, mutes
both ways, invitations to tables, recovery links, days away, notices, the invitation
links they made (revoked, so nobody joins by them any more).

What stays: the games. A finished game stays a replay for everyone who could watch
it, with the person's seat named "a former player" (:data:`FORMER_PLAYER`, which
every page words in its reader's language), in its seats and in its record. A game
still being played is left as a leaver leaves it: the person resigns (the game goes
on without them, or ends if too few remain) before the account goes. Their chat
lines stay in the games' talk (the others' conversation would not make sense
without them), signed "a former player". The audit log keeps the names it wrote.

:func:`delete_account` is what both the person (``DELETE /api/me``) and an admin
(/admin) call.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from sqlalchemy import Table, delete, select, update
from sqlalchemy.orm import Session

from chromino.core.errors import IllegalMoveError

from ..db import Base, utcnow
from ..models import (
    BanNotice,
    Block,
    ChatMessage,
    Follow,
    Friend,
    Game,
    GamePlayer,
    GameTable,
    Invitation,
    Notice,
    Passkey,
    PasskeyChallenge,
    Preference,
    PushDevice,
    RecoveryToken,
    SiteInvitation,
    TableMute,
    User,
    UserSession,
    Vacation,
)
from ..people import FORMER_PLAYER, audit
from ..protocol import ProtocolError

log = logging.getLogger(__name__)

RESIGN_TIMEOUT_SECONDS = 30.0
"""How long the request waits for its running games to hear the resignations."""
RESIGN_TRIES = 3
"""A game that moved between reading its version and the resignation is tried again."""


class Rooms(Protocol):
    """The live games (the hub), as far as leaving them goes."""

    async def room(self, game_id: str) -> Any: ...

    def evict(self, room: Any) -> None: ...


def running_seats(session: Session, user: User) -> list[tuple[str, int]]:
    """The games the person still plays, with their seat in each."""
    rows = session.execute(
        select(GamePlayer.game_id, GamePlayer.seat)
        .join(Game, Game.id == GamePlayer.game_id)
        .where(GamePlayer.user_id == user.id, Game.status == "playing")
        .order_by(GamePlayer.game_id)
    )
    return [(game_id, seat) for game_id, seat in rows]


async def resign_seats(rooms: Rooms, seats: list[tuple[str, int]]) -> None:
    """Resign each seat as its player leaving the game would (the game's own rules
    decide what follows: the others play on, or the game ends)."""
    for game_id, seat in seats:
        room = await rooms.room(game_id)
        if room is None:
            continue
        await _resign(room, seat)
        if room.resting():
            rooms.evict(room)


async def _resign(room: Any, seat: int) -> None:
    from ..live import Submission  # the live games load only where they run

    for _ in range(RESIGN_TRIES):
        if room.live.is_over or seat not in room.live.active_seats:
            return
        try:
            await room.submit(Submission(seat, room.kind.resign, room.version))
            return
        except ProtocolError as refusal:
            if refusal.code != "stale_version":
                log.warning("game %s: seat %s could not resign (%s)", room.game_id, seat, refusal)
                return
        except IllegalMoveError:
            log.warning("game %s: seat %s could not resign", room.game_id, seat)
            return


def delete_account(
    session: Session,
    user: User,
    *,
    rooms: Rooms,
    loop: asyncio.AbstractEventLoop,
    by: User | None = None,
) -> None:
    """Delete ``user`` (see the module's docstring for what goes and what stays).

    Runs on a request's thread: the request's session is committed first (the live
    games write the resignations in their own transactions), the person resigns from
    the games they still play (on ``loop``, the live games'), then the account and
    what hangs on it go in the session, which the caller commits. ``by``: the admin
    who deleted someone else (written to the audit log).
    """
    seats = running_seats(session, user)
    session.commit()
    if seats:
        future = asyncio.run_coroutine_threadsafe(resign_seats(rooms, seats), loop)
        future.result(timeout=RESIGN_TIMEOUT_SECONDS)
    if by is not None and by.id != user.id:
        audit.record(session, by, "delete_account", user)
    erase(session, user)


def erase(session: Session, user: User) -> None:
    """Remove the person and what hangs on them; their games keep their seat, named
    "a former player"."""
    uid = user.id
    _leave_open_tables(session, uid)
    _rename_seats(session, uid)
    for model, column in (
        (UserSession, UserSession.user_id),
        (BanNotice, BanNotice.user_id),
        (Passkey, Passkey.user_id),
        (PasskeyChallenge, PasskeyChallenge.user_id),
        (RecoveryToken, RecoveryToken.user_id),
        (PushDevice, PushDevice.user_id),
        (Vacation, Vacation.user_id),
        (Notice, Notice.user_id),
        (Friend, Friend.user_id),
        (Friend, Friend.friend_id),
        (Block, Block.user_id),
        (Block, Block.blocked_id),
        (Follow, Follow.user_id),
        (Follow, Follow.followed_id),
        (TableMute, TableMute.user_id),
        (Invitation, Invitation.to_id),
        (Preference, Preference.user_id),
    ):
        session.execute(delete(model).where(column == uid))
    session.execute(
        update(SiteInvitation)
        .where(SiteInvitation.made_by == uid, SiteInvitation.revoked_at.is_(None))
        .values(revoked_at=utcnow())
    )
    session.execute(
        update(ChatMessage).where(ChatMessage.user_id == uid).values(name=FORMER_PLAYER)
    )
    _let_go(session, uid)
    session.expunge(user)
    session.execute(delete(User).where(User.id == uid))


def _leave_open_tables(session: Session, uid: int) -> None:
    """Tables still gathering lose the person's seat; those they created close (as
    when a creator leaves)."""
    session.execute(
        update(GameTable)
        .where(GameTable.creator_id == uid, GameTable.status == "open")
        .values(status="closed")
    )


def _rename_seats(session: Session, uid: int) -> None:
    """The person's seat in each of their games, and in its record, becomes "a former
    player" (JSON columns are given new values: changes in place go unseen)."""
    games = session.scalars(
        select(Game).where(Game.id.in_(select(GamePlayer.game_id).where(GamePlayer.user_id == uid)))
    )
    for game in games:
        seats = [dict(seat) for seat in game.seats]
        players = list(game.setup.get("players", []))
        for index, seat in enumerate(seats):
            if seat.get("user_id") == uid:
                seats[index] = {**seat, "user_id": None, "name": FORMER_PLAYER}
                if index < len(players):
                    players[index] = FORMER_PLAYER
        game.seats = seats
        game.setup = {**game.setup, "players": players}
    session.flush()


def _let_go(session: Session, uid: int) -> None:
    """Every other row that names the person keeps itself but forgets them: a
    nullable reference is cleared, any other row goes. Walking the tables' foreign
    keys, rather than a list, also covers a table added later."""
    for table in Base.metadata.sorted_tables:
        for column in table.columns:
            if not any(key.column.table.name == "user_account" for key in column.foreign_keys):
                continue
            _clear(session, table, column.name, uid, nullable=bool(column.nullable))


def _clear(session: Session, table: Table, name: str, uid: int, *, nullable: bool) -> None:
    column = table.c[name]
    if nullable and not column.primary_key:
        session.execute(update(table).where(column == uid).values({name: None}))
    else:
        session.execute(delete(table).where(column == uid))
