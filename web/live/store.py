"""The event store: every accepted action is committed as an event before anyone hears
of it, from one writer thread that commits the moves of many games together.

Threads queueing for SQLite's write lock sleep in back-off (up to 100 ms) while it
sits idle, and each database call hands the GIL back and forth with the event
loop: many small transactions from many threads were the bottleneck under load
(see bench/load.py). One writer thread with group commit is not.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any, TypeVar, cast

from sqlalchemy import Connection, Table, bindparam, case, delete, insert, or_, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.sql import Executable

from .. import metrics
from ..clock import Clock, SystemClock
from ..db import Database
from ..models import Game, GameEvent, GamePlayer, GameTable, SeatSubstitute
from ..people import Schedule, schedules_of
from ..talk import SAY_ATTEMPTS, ChatLine, number_lines
from .loading import StoredGame, away_seats, load_game, next_game_of
from .writer import WriterThread, settle

GATHER_SECONDS = 0.008
"""How long a commit waits for others to join it while several games' moves keep arriving
(:meth:`EventStore.company_wait`): each hand-over
to the writer thread and back wakes a thread twice, and a batch's fixed work (its begin,
its statements, its commit) runs on the writer thread while the loop's thread holds the
interpreter half the time, several times slower than alone; so fewer, fuller batches.
At 250 moves a second, 8 ms rather than 3 ms took a batch from 1.9 moves to 2.9 and the
writer's CPU from about 96 to 67 ms a second, for about 3 ms more latency a move
(docs/performance.md)."""
BUSY_SECONDS = 0.025
"""Other games' moves keep arriving when one came this recently and the last batch was
handed over this recently too; a move after a quiet moment, or while no other game
moves (one game played alone on a host), is committed at once: nothing would join it."""


class ConflictError(Exception):
    """Another writer committed this version first."""


@dataclass(frozen=True)
class StoredEvent:
    """What one commit writes: the event and the game's new standing."""

    version: int
    seat: int
    action: dict[str, Any]
    user_id: int | None
    command_id: str | None
    deadline: datetime | None
    result: dict[str, Any] | None
    current_seat: int | None = None
    """The seat to play after this event (None once the game is over)."""
    turn_started: datetime | None = None
    """When the seat to play got the turn (this event's time when it changed hands)."""
    turn_changed: bool = False
    """A new turn: its warnings start afresh."""
    due: datetime | None = None
    """When the sweep must look at the game next (turn-based games: at once)."""
    stand_in: bool = False
    """A bot made the move in a person's place (GameEvent.stand_in)."""


T = TypeVar("T")

GameEnded = Callable[[Connection, Sequence[tuple[str, dict[str, Any]]], datetime], object]
"""What else must change with games' ends, in the transaction that ends them: given
the writer's connection, each game that ended with its result (in the order they
ended) and the time. The application hands the store these (a game's rating, a
duplicate table's last board): a rating then changes with its game's end or not at
all, and the store names none of the rooms that care."""


class EventStore:
    """Reads games and their events; writes events, grouped, on one thread."""

    def __init__(
        self, db: Database, clock: Clock | None = None, *, endings: Sequence[GameEnded] = ()
    ) -> None:
        self.db = db
        self.clock: Clock = clock or SystemClock()
        """When each event is stored (the game's time, web.clock)."""
        self.endings = tuple(endings)
        """Run, in order, in the transaction that stores games' ends (:data:`GameEnded`)."""
        self._writer = WriterThread("chromino-writer")
        self._queued: list[tuple[str, StoredEvent, asyncio.Future[None]]] = []
        self._lines: list[tuple[str, ChatLine, asyncio.Future[ChatLine]]] = []
        """Chat lines waiting for their number (web.talk), committed the same way."""
        self._flusher: asyncio.Task[None] | None = None
        self._last_handed = float("-inf")
        """When a batch was last handed to the writer (the loop's time)."""
        self._last_game: str | None = None
        self._other_game_at = float("-inf")
        """When a move came of another game than the move before it (the loop's time)."""
        self._connection: Connection | None = None
        """The writer thread's own connection, kept from one commit to the next."""

    async def close(self) -> None:
        """Let the commits in flight finish, then let the writer's connection go."""
        if self._flusher is not None and not self._flusher.done():
            await asyncio.shield(self._flusher)
        await self._writer.run(self._drop_connection)
        await asyncio.to_thread(self._writer.shutdown)

    async def write(self, game_id: str, event: StoredEvent) -> None:
        """Commit on the writer thread, possibly with other games' moves; raises
        ConflictError (or IntegrityError) when another writer took the version."""
        loop = asyncio.get_running_loop()
        if game_id != self._last_game:
            if self._last_game is not None:
                self._other_game_at = loop.time()
            self._last_game = game_id
        done: asyncio.Future[None] = loop.create_future()
        self._queued.append((game_id, event, done))
        self._flush_soon()
        await done

    async def say(self, game_id: str, line: ChatLine) -> ChatLine:
        """Commit a chat line under its game's next number, on the writer thread with
        the moves (and other games' lines); the line as numbered."""
        done: asyncio.Future[ChatLine] = asyncio.get_running_loop().create_future()
        self._lines.append((game_id, line, done))
        self._flush_soon()
        return await done

    def _flush_soon(self) -> None:
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        wait = self.company_wait(loop.time())
        if wait:
            await asyncio.sleep(wait)
        while self._queued or self._lines:
            self._last_handed = loop.time()
            await self._flush_events()
            await self._flush_lines()

    def company_wait(self, now: float) -> float:
        """How long a commit starting at ``now`` (the loop's time) waits for others to
        join it: :data:`GATHER_SECONDS` while several games' moves keep arriving, so
        that the next ones share this hand-over, else nothing."""
        busy = now - self._last_handed < BUSY_SECONDS
        return GATHER_SECONDS if busy and now - self._other_game_at < BUSY_SECONDS else 0.0

    async def _flush_lines(self) -> None:
        batch, self._lines = self._lines, []
        if not batch:
            return
        items = [(game_id, line) for game_id, line, _ in batch]
        try:
            outcomes = await self._writer.run(self.commit_lines, items)
        except Exception as failure:  # the writer itself failed
            outcomes = [failure] * len(batch)
        for (_, _, done), outcome in zip(batch, outcomes, strict=True):
            if isinstance(outcome, BaseException):
                settle(done, None, outcome)
            else:
                settle(done, outcome)

    def commit_lines(self, items: list[tuple[str, ChatLine]]) -> list[ChatLine | BaseException]:
        """Number and store chat lines in one transaction (each in its own if that
        fails: a number another process took is taken again, a few times). Called on
        the writer thread."""
        now = self.clock.now()
        try:
            return list(self._transaction(partial(number_lines, items=items, now=now)))
        except Exception:
            pass
        outcomes: list[ChatLine | BaseException] = []
        for item in items:
            outcome: ChatLine | BaseException = RuntimeError("no number for a chat line")
            for _ in range(SAY_ATTEMPTS):
                try:
                    (outcome,) = self._transaction(partial(number_lines, items=[item], now=now))
                    break
                except IntegrityError as error:
                    outcome = error
                except Exception as error:
                    outcome = error
                    break
            outcomes.append(outcome)
        return outcomes

    async def _flush_events(self) -> None:
        while self._queued:
            batch, self._queued = self._queued, []
            items = [(game_id, event) for game_id, event, _ in batch]
            try:
                errors = await self._writer.run(self.commit_many, items)
            except Exception as failure:  # the writer itself failed
                errors = [failure] * len(batch)
            for (_, _, done), error in zip(batch, errors, strict=True):
                settle(done, None, error)

    @metrics.timed_commit
    def commit_many(self, items: list[tuple[str, StoredEvent]]) -> list[BaseException | None]:
        """Store several games' events in one transaction; if that fails (a version
        another process took), each in its own, so that only the event at fault fails.
        Returns each one's error or None. Every commit — one move or many, a game
        ending or not — takes the same few statements. Called on the writer thread."""
        try:
            self._transaction(partial(self._store_many, items=items))
            return [None] * len(items)
        except Exception as error:
            if len(items) == 1:
                return [error]
        errors: list[BaseException | None] = []
        for item in items:
            try:
                self._transaction(partial(self._store_many, items=[item]))
            except Exception as error:
                errors.append(error)
            else:
                errors.append(None)
        return errors

    def _transaction(self, work: Callable[[Connection], T]) -> T:
        """One transaction on the writer's kept connection. Keeping it, and building the
        statements once, more than halves a commit's CPU (a pool's checkout and return
        each cost a round of calls, and a statement built anew is analysed anew): a
        one-move commit took 190 µs of CPU on SQLite and 420 µs on PostgreSQL, now 85
        and 230. A connection the database dropped (a restarted server) is replaced,
        once, at once."""
        for attempt in (1, 2):
            connection = self._connection or self.db.engine.connect()
            self._connection = connection
            try:
                with connection.begin():
                    return work(connection)
            except DBAPIError as error:
                self._drop_connection()
                if attempt == 2 or not error.connection_invalidated:
                    raise
            except BaseException:
                self._drop_connection()
                raise
        raise AssertionError("unreachable: the second attempt returns or raises")

    def _drop_connection(self) -> None:
        if self._connection is not None:
            connection, self._connection = self._connection, None
            with contextlib.suppress(Exception):
                connection.close()

    # --- reading (called in a thread) ---------------------------------------------

    def playing_game_ids(self) -> list[str]:
        """The games in one sitting still going (a turn-based game is loaded when
        someone opens it or the sweep needs it)."""
        query = select(Game.id).where(Game.status == "playing", Game.turn_days.is_(None))
        with self.db.session() as session:
            return list(session.scalars(query))

    def read_schedules(self, user_ids: list[int]) -> dict[int, Schedule]:
        """People's schedules as they are now."""
        with self.db.session() as session:
            return schedules_of(session, user_ids, self.clock.now())

    def read_game(self, game_id: str) -> StoredGame | None:
        """A game and all its events (web.live.loading)."""
        with self.db.session() as session:
            return load_game(session, game_id, self.clock.now())

    def read_next_game(self, game_id: str) -> str | None:
        """The game its table deals after this one (its rematch), if there is one yet."""
        with self.db.session() as session:
            return next_game_of(session, game_id)

    def read_away(self, game_id: str) -> frozenset[int]:
        """The seats a bot plays for now."""
        with self.db.session() as session:
            return away_seats(session, game_id)

    def take_over(self, game_id: str, seat: int) -> bool:
        """Have a bot play for an absent player: whether this call did (another process
        may have done it first; the key lets only one)."""
        try:
            with self.db.session() as session:
                session.add(SeatSubstitute(game_id=game_id, seat=seat, since=self.clock.now()))
                session.flush()
                marked = update(Game).where(Game.id == game_id).values(had_substitute=True)
                session.execute(marked)
                session.commit()
        except IntegrityError:
            return False
        return True

    def give_back(self, game_id: str, seat: int) -> bool:
        """The player took their seat back: whether it was a bot's until now."""
        with self.db.session() as session:
            gone = session.execute(
                delete(SeatSubstitute).where(
                    SeatSubstitute.game_id == game_id, SeatSubstitute.seat == seat
                )
            )
            session.commit()
            return bool(getattr(gone, "rowcount", 0))

    def read_events(self, game_id: str, after: int) -> list[GameEvent]:
        """Events after a version, in order."""
        with self.db.session() as session:
            rows = list(
                session.scalars(
                    select(GameEvent)
                    .where(GameEvent.game_id == game_id, GameEvent.seq > after)
                    .order_by(GameEvent.seq)
                )
            )
            session.expunge_all()
            return rows

    def mark_seen(self, game_id: str, seat: int, version: int) -> None:
        """The seat's player saw the game at ``version`` (never back to an older one)."""
        with self.db.session() as session:
            session.execute(
                update(GamePlayer)
                .where(GamePlayer.game_id == game_id, GamePlayer.seat == seat)
                .where(or_(GamePlayer.seen_version.is_(None), GamePlayer.seen_version < version))
                .values(seen_version=version)
            )
            session.commit()

    def read_deadline(self, game_id: str) -> datetime | None:
        """The stored turn deadline."""
        with self.db.session() as session:
            return session.scalar(select(Game.turn_deadline_at).where(Game.id == game_id))

    # --- writing (on the writer thread) -----------------------------------------------

    def _store_many(self, connection: Connection, items: list[tuple[str, StoredEvent]]) -> None:
        """Games' next events with one INSERT and one UPDATE, each run over all the rows
        (plus, for games that ended, one UPDATE of their result and one of their
        tables, and the hooks the store was handed for games' ends): few calls into the database
        driver, so few hand-overs of the GIL. A version already taken fails the lot (the
        caller then stores them one by one)."""
        now = self.clock.now()
        rows = [
            {
                "game_id": game_id,
                "seq": event.version,
                "seat": event.seat,
                "action": event.action,
                "user_id": event.user_id,
                "command_id": event.command_id,
                "stand_in": event.stand_in,
                "created_at": now,
            }
            for game_id, event in items
        ]
        connection.execute(_INSERT_EVENTS, rows)
        standings = [
            {
                "game": game_id,
                "previous": event.version - 1,
                "new_version": event.version,
                "deadline": event.deadline,
                "seat_to_play": event.current_seat,
                "turn_started": event.turn_started,
                "new_turn": event.turn_changed,
                "due": event.due,
            }
            for game_id, event in items
        ]
        changed = connection.execute(_ADVANCE_GAMES, standings)
        if changed.rowcount != len(items):
            raise ConflictError(", ".join(game_id for game_id, _ in items))
        ended = [
            {"game": game_id, "outcome": event.result, "at": now}
            for game_id, event in items
            if event.result is not None
        ]
        if ended:
            connection.execute(_FINISH_GAMES, ended)
            connection.execute(_FINISH_TABLES, [{"game": row["game"]} for row in ended])
            # In this transaction: what follows a game's end changes with it, or not at all.
            finished = [
                (game_id, event.result) for game_id, event in items if event.result is not None
            ]
            for ended_hook in self.endings:
                ended_hook(connection, finished, now)


def _statements() -> tuple[Executable, Executable, Executable, Executable]:
    """The writer's statements, built once: SQLAlchemy then compiles each once too."""
    events, games = cast(Table, GameEvent.__table__), cast(Table, Game.__table__)
    tables = cast(Table, GameTable.__table__)
    advance = (
        update(games)
        .where(games.c.id == bindparam("game"), games.c.version == bindparam("previous"))
        .where(games.c.status == "playing")  # a game the host ended takes no more moves
        .values(
            version=bindparam("new_version"),
            turn_deadline_at=bindparam("deadline"),
            current_seat=bindparam("seat_to_play"),
            turn_started_at=bindparam("turn_started"),
            reminded=case((bindparam("new_turn"), 0), else_=games.c.reminded),
            due_at=bindparam("due"),
            lease_until=None,
        )
    )
    finish = (
        update(games)
        .where(games.c.id == bindparam("game"))
        .values(status="finished", result=bindparam("outcome"), finished_at=bindparam("at"))
    )
    finish_tables = (
        update(tables).where(tables.c.game_id == bindparam("game")).values(status="finished")
    )
    return insert(events), advance, finish, finish_tables


_INSERT_EVENTS, _ADVANCE_GAMES, _FINISH_GAMES, _FINISH_TABLES = _statements()
