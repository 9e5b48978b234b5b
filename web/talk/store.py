"""Chat lines and the table's rules of talk, read from and written to the database.

A line's number is the game's next (``max + 1``) under a unique ``(game, seq)``: two
processes saying a line at the same moment cannot both take one number, and the one
that loses takes the next. Lines are committed on the event store's writer thread,
with the moves (web.live.store); everything here is blocking.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Table, bindparam, func, insert, or_, select, update
from sqlalchemy.orm import Session

from ..db import Database, as_utc
from ..models import Block, ChatMessage, Game, GamePlayer, GameTable, TableMute, User
from ..people import without_a_way_in
from .lines import RECENT_LINES, ChatLine

SAY_ATTEMPTS = 5
"""Tries at a number before giving up (each loss means another process's line got it)."""


@dataclass
class TableTalk:
    """A game's talk as its room starts with it."""

    table_id: int | None = None
    invite_code: str | None = None
    """The table's code, told to its creator (the page's switch of free text needs it)."""
    creator_id: int | None = None
    creator_name: str | None = None
    """Who made the table, as the chat names them: the one who can turn free text on."""
    chosen_text: bool | None = None
    """The creator's choice of free text (None: not made; see :meth:`text_allowed`)."""
    guests: bool = False
    """Whether a guest sits at the table (free text is off then, until the creator says)."""
    muted: frozenset[int] = frozenset()
    """Those the table's creator muted there."""
    lines: list[ChatLine] = field(default_factory=list)
    """The last :data:`RECENT_LINES` lines, oldest first."""
    seq: int = 0
    """The game's newest line."""

    @property
    def text_allowed(self) -> bool:
        return (not self.guests) if self.chosen_text is None else self.chosen_text


NOBODY: frozenset[int] = frozenset()
"""Whom most people mute: one empty set shared by all (each would be 216 bytes)."""


def line_of(row: ChatMessage) -> ChatLine:
    return ChatLine(
        row.seq,
        row.room,
        row.user_id,
        row.name,
        row.seat,
        row.preset,
        row.text,
        as_utc(row.created_at).timestamp(),
    )


def read_table_talk(session: Session, game: Game, *, dealt_now: bool = False) -> TableTalk:
    """The talk of a game: its table's rules and its last lines (none to read for a game
    ``dealt_now``, its dealer's session reading it for its room)."""
    table = session.get(GameTable, game.table_id)
    creator = None if table is None else table.creator_id
    guests, creator_name = _guests_and_creator(session, game, creator)
    muted: frozenset[int] = frozenset()
    if table is not None:
        query = select(TableMute.user_id).where(TableMute.table_id == table.id)
        muted = frozenset(session.scalars(query))
    lines = [] if dealt_now else _recent_lines(session, game.id)
    return TableTalk(
        table_id=None if table is None else table.id,
        invite_code=None if table is None else table.invite_code,
        creator_id=creator,
        creator_name=creator_name,
        chosen_text=None if table is None else table.chat_text,
        guests=guests,
        muted=muted,
        lines=lines,
        seq=lines[-1].seq if lines else 0,
    )


def _guests_and_creator(
    session: Session, game: Game, creator: int | None
) -> tuple[bool, str | None]:
    """Whether a guest sits at the game, and its table creator's name: one read of the
    players and the creator together."""
    people = {seat["user_id"] for seat in game.seats if seat.get("user_id") is not None}
    wanted = people | ({creator} if creator is not None else set())
    if not wanted:
        return False, None
    query = select(User.id, User.name, without_a_way_in()).where(User.id.in_(sorted(wanted)))
    guests, creator_name = False, None
    for person, name, guest in session.execute(query):
        guests = guests or (person in people and bool(guest))
        if person == creator:
            creator_name = name
    return guests, creator_name


def _recent_lines(session: Session, game_id: str) -> list[ChatLine]:
    recent = session.scalars(
        select(ChatMessage)
        .where(ChatMessage.game_id == game_id)
        .order_by(ChatMessage.seq.desc())
        .limit(RECENT_LINES)
    )
    return [line_of(row) for row in reversed(list(recent))]


def read_rules(db: Database, table_id: int) -> tuple[bool | None, frozenset[int]]:
    """A table's choice of free text and whom its creator muted (after a change)."""
    with db.session() as session:
        chosen = session.scalar(select(GameTable.chat_text).where(GameTable.id == table_id))
        query = select(TableMute.user_id).where(TableMute.table_id == table_id)
        return chosen, frozenset(session.scalars(query))


def _numbering() -> Any:
    """The statement that stores a line under its game's next number, built once."""
    lines = cast(Table, ChatMessage.__table__)
    newest = (
        select(func.coalesce(func.max(lines.c.seq), 0) + 1)
        .where(lines.c.game_id == bindparam("game"))
        .scalar_subquery()
    )
    return (
        insert(lines)
        .values(
            game_id=bindparam("game"),
            seq=newest,
            room=bindparam("room"),
            user_id=bindparam("user"),
            name=bindparam("name"),
            seat=bindparam("seat"),
            preset=bindparam("preset"),
            text=bindparam("text"),
            created_at=bindparam("at"),
        )
        .returning(lines.c.seq)
    )


_NUMBER_LINE = _numbering()


def number_lines(
    connection: Connection, items: list[tuple[str, ChatLine]], now: datetime
) -> list[ChatLine]:
    """Store lines, each under its game's next number (computed by the database, in the
    statement: two processes cannot both take one, the unique pair refuses the second);
    the lines as numbered. Runs inside the caller's transaction."""
    numbered = []
    for game_id, line in items:
        values = {
            "game": game_id,
            "room": line.room,
            "user": line.user_id,
            "name": line.name,
            "seat": line.seat,
            "preset": line.preset,
            "text": line.text,
            "at": now,
        }
        seq = int(connection.execute(_NUMBER_LINE, values).scalar_one())
        numbered.append(replace(line, seq=seq, at=now.timestamp()))
    return numbered


def read_after(db: Database, game_id: str, seq: int) -> list[ChatLine]:
    """The game's lines after ``seq``, in order (a process that missed some)."""
    with db.session() as session:
        rows = session.scalars(
            select(ChatMessage)
            .where(ChatMessage.game_id == game_id, ChatMessage.seq > seq)
            .order_by(ChatMessage.seq)
        )
        return [line_of(row) for row in rows]


def read_all(session: Session, game_id: str) -> list[ChatLine]:
    """Every line of a game, in order (the replay's)."""
    rows = session.scalars(
        select(ChatMessage).where(ChatMessage.game_id == game_id).order_by(ChatMessage.seq)
    )
    return [line_of(row) for row in rows]


def replay_lines(session: Session, game_id: str, reader: int | None) -> list[ChatLine]:
    """A finished game's talk as a reader may read it in the replay: both rooms (it is
    over), without the lines of anyone muted either way."""
    unheard = unheard_pairs(session, [reader]).get(reader, frozenset()) if reader else frozenset()
    return [line for line in read_all(session, game_id) if line.user_id not in unheard]


def unheard_pairs(session: Session, people: Iterable[int]) -> dict[int, frozenset[int]]:
    """For each of ``people``, whom they must not hear: those they muted and those who
    muted them."""
    wanted = list(set(people))
    result: dict[int, set[int]] = {person: set() for person in wanted}
    if not wanted:
        return {}
    rows = session.execute(
        select(Block.user_id, Block.blocked_id).where(
            or_(Block.user_id.in_(wanted), Block.blocked_id.in_(wanted))
        )
    )
    for muter, muted in rows:
        if muter in result:
            result[muter].add(muted)
        if muted in result:
            result[muted].add(muter)
    return {person: frozenset(others) if others else NOBODY for person, others in result.items()}


def read_unheard(db: Database, people: Iterable[int]) -> dict[int, frozenset[int]]:
    with db.session() as session:
        return unheard_pairs(session, people)


def mark_read(db: Database, game_id: str, seat: int, seq: int) -> None:
    """A player read the lines up to ``seq`` (never going back)."""
    with db.session() as session, session.begin():
        session.execute(
            update(GamePlayer)
            .where(
                GamePlayer.game_id == game_id,
                GamePlayer.seat == seat,
                GamePlayer.chat_read < seq,
            )
            .values(chat_read=seq)
        )


def read_marks(session: Session, game_id: str) -> dict[int, int]:
    """Per seat, the last line its player read."""
    query = select(GamePlayer.seat, GamePlayer.chat_read).where(GamePlayer.game_id == game_id)
    return {int(seat): int(read) for seat, read in session.execute(query)}
