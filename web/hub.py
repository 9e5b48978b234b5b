"""Live games: one serial writer per game, per-viewer views, presence, timers and bots.

A :class:`Room` holds one game in memory. Every action — a player's command, a
bot's move, a timer's timeout — goes through :meth:`Room.submit` under the
room's lock: checked by the rules, committed to the database as an event,
and only then broadcast, each viewer getting their own filtered copy. The
database is the source of truth: a room is rebuilt from its events after a
restart, and a second process that wrote first makes this one resync rather
than fork the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import Connection, Table, bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from . import metrics
from .db import Database, as_utc, utcnow
from .fanout import Fanout
from .models import Game, GameEvent, GameTable
from .protocol import ProtocolError
from .rules import Applied, Chromino, LiveGame, RuleError
from .settings import Settings

log = logging.getLogger(__name__)
OUTBOX_LIMIT = 256


class ConflictError(Exception):
    """Another writer committed this version first."""


@dataclass(frozen=True)
class Submission:
    """An action someone (a player, a bot, the clock) asks a room to apply."""

    seat: int
    action: dict[str, Any]
    expected_version: int
    """The version the actor decided on: a game that moved since refuses it."""
    user_id: int | None = None
    command_id: str | None = None
    """With ``user_id``, what makes a command apply at most once."""
    refuse_draw_while_playable: bool = False
    """The Beginner assistance level: no drawing while a tile fits."""


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


@dataclass(eq=False)
class Viewer:
    """One websocket watching a room: a seated player or a spectator."""

    user_id: int | None
    seat: int | None
    assistance: str = "beginner"
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    """Messages waiting for the socket; ``None`` tells the sender to hang up."""
    overflowed: bool = False

    def hang_up(self) -> None:
        """Ask the sender to close the socket; the client reconnects and resyncs."""
        self.overflowed = True
        self.outbox.put_nowait(None)

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a viewer too slow to keep up is cut off (it will resync)."""
        if self.overflowed:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.overflowed = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(json.dumps(message, separators=(",", ":")))


@dataclass
class _Stored:
    """A game as read from the database."""

    game_id: str
    setup: dict[str, Any]
    seats: list[dict[str, Any]]
    solo: bool
    status: str
    deadline: datetime | None
    events: list[GameEvent]


class Room:
    """One game in memory, with its viewers."""

    def __init__(self, hub: Hub, stored: _Stored) -> None:
        self.hub = hub
        self.game_id = stored.game_id
        self.seats = stored.seats
        self.solo = stored.solo
        self.lock = asyncio.Lock()
        self.viewers: set[Viewer] = set()
        self._timer: asyncio.Task[None] | None = None
        self._bot: asyncio.Task[None] | None = None
        self._load(stored)

    def _load(self, stored: _Stored) -> None:
        self.setup = stored.setup
        self.live: LiveGame = Chromino().restore(stored.setup, [])
        self.history: list[Applied] = []
        self.commands: dict[tuple[int, str], int] = {}
        for row in stored.events:
            self._apply_stored(row)
        self.deadline = stored.deadline
        self.ended_by_host = stored.status != "playing" and not self.live.is_over
        """Ended by ``chromino admin end-game``: no more moves, timers or bots."""

    def _apply_stored(self, row: GameEvent) -> Applied:
        applied = self.live.apply(row.seat, row.action)
        self.history.append(applied)
        if row.user_id is not None and row.command_id is not None:
            self.commands[(row.user_id, row.command_id)] = row.seq
        return applied

    @property
    def version(self) -> int:
        """How many events the game has had."""
        return len(self.history)

    # --- acting ---------------------------------------------------------------

    async def submit(self, request: Submission) -> int:
        """Apply one action at most once; returns the version it produced."""
        async with self.lock:
            return await self._submit_locked(request)

    async def _submit_locked(self, request: Submission) -> int:
        seat, action, command_id = request.seat, request.action, request.command_id
        user_id, expected_version = request.user_id, request.expected_version
        key = (user_id, command_id) if user_id is not None and command_id is not None else None
        if key is not None and key in self.commands:
            return self.commands[key]
        if self.ended_by_host:
            raise ProtocolError("game_over", "the host ended this game", command_id)
        if expected_version != self.version:
            raise ProtocolError(
                "stale_version",
                f"the game is at version {self.version}, not {expected_version}; resync",
                command_id,
            )
        if (
            request.refuse_draw_while_playable
            and action.get("action") == "draw"
            and self.live.current_seat == seat
            and self.live.has_legal_play(seat)
        ):
            raise RuleError(
                "assistance_draw_refused",
                "at the Beginner level you cannot draw while a tile can be played",
            )
        applied = self.live.apply(seat, action)  # refuses (RuleError) without changing anything
        version = self.version + 1
        deadline = self._next_deadline(applied)
        stored = StoredEvent(
            version, seat, applied.action, user_id, command_id, deadline, self.live.result()
        )
        try:
            await self.hub.write(self.game_id, stored)
        except (ConflictError, IntegrityError):
            await self._reload_locked()
            if key is not None and key in self.commands:
                return self.commands[key]
            raise ProtocolError(
                "conflict", "someone else moved first; resync and try again", command_id
            ) from None
        except Exception:
            log.exception("could not store version %s of game %s", version, self.game_id)
            await self._reload_or_evict()
            raise ProtocolError(
                "unavailable", "the move could not be saved; try again shortly", command_id
            ) from None
        self.history.append(applied)
        metrics.move_applied(applied.action.get("action"))
        self.deadline = deadline
        if key is not None:
            self.commands[key] = version
        self._broadcast(applied)
        await self.hub.fanout.publish(self.game_id, version)
        self._schedule()
        return version

    def _next_deadline(self, applied: Applied) -> datetime | None:
        seconds = self.live.turn_seconds()
        if not seconds or applied.finished:
            return None
        if applied.turn_changed or self.deadline is None:
            return utcnow() + timedelta(seconds=seconds)
        return self.deadline

    async def _reload_or_evict(self) -> None:
        """After a failed commit the memory is ahead of the database: rebuild it from
        the database, or, if even that fails, drop the room (it is rebuilt on next use)."""
        try:
            await self._reload_locked()
        except Exception:
            log.exception("game %s could not be reloaded; unloading it", self.game_id)
            self.hub.evict(self)

    async def _reload_locked(self) -> None:
        stored = await asyncio.to_thread(self.hub.read_game, self.game_id)
        if stored is not None:
            self._load(stored)
            for viewer in self.viewers:
                viewer.send(self.state_message(viewer, "state"))
            self._schedule()

    async def catch_up(self) -> None:
        """Another process moved the game on: read the new events and pass them on."""
        async with self.lock:
            rows = await asyncio.to_thread(self.hub.read_events, self.game_id, self.version)
            for row in rows:
                if row.seq != self.version + 1:
                    await self._reload_locked()
                    return
                self._broadcast(self._apply_stored(row))
            if rows:
                deadline = await asyncio.to_thread(self.hub.read_deadline, self.game_id)
                self.deadline = deadline
                self._schedule()

    # --- what viewers receive -----------------------------------------------

    def _broadcast(self, applied: Applied) -> None:
        states: dict[tuple[int | None, str], dict[str, Any]] = {}
        for viewer in list(self.viewers):
            cache_key = (viewer.seat, viewer.assistance)
            if cache_key not in states:
                states[cache_key] = self._state_fields(viewer)
            message = {
                "type": "event",
                "version": self.version,
                "event": self.event_for(applied, viewer.seat),
                **states[cache_key],
            }
            viewer.send(message)

    @staticmethod
    def event_for(applied: Applied, seat: int | None) -> dict[str, Any]:
        """An event as one viewer may see it: the tile drawn only for the drawer."""
        if seat == applied.seat and applied.private:
            return {**applied.public, **applied.private}
        return dict(applied.public)

    def _state_fields(self, viewer: Viewer) -> dict[str, Any]:
        seat = viewer.seat
        legal = None
        if (
            seat is not None
            and viewer.assistance != "none"
            and not self.live.is_over
            and self.live.current_seat == seat
        ):
            scored = self.setup["options"].get("scoring", "none") != "none"
            legal = self.live.legal_placements(seat, with_points=scored)
        state = self.live.view(seat)
        if viewer.assistance == "beginner" and legal:
            state["can_draw"] = False
        return {
            "state": state,
            "legal": legal,
            "deadline": None if self.deadline is None else as_utc(self.deadline).timestamp(),
        }

    def state_message(self, viewer: Viewer, kind: str = "state") -> dict[str, Any]:
        """A full snapshot for one viewer."""
        return {
            "type": kind,
            "game_id": self.game_id,
            "version": self.version,
            "seat": viewer.seat,
            "players": [seat["name"] for seat in self.seats],
            "bots": [seat["bot"] for seat in self.seats],
            "solo": self.solo,
            **self._state_fields(viewer),
            "presence": self.presence(),
        }

    def sync(self, viewer: Viewer, since: int | None, snapshot: str = "welcome") -> None:
        """Bring a (re)connecting viewer up to date: missed events, or a snapshot.

        ``snapshot`` is the snapshot's type: ``welcome`` opens a connection, a resync
        asked for on an open one (a ``sync`` message) gets a ``state``."""
        gap_ok = since is not None and 0 <= since <= self.version
        if (
            gap_ok
            and since is not None
            and self.version - since <= self.hub.settings.replay_gap_limit
        ):
            for version in range(since + 1, self.version + 1):
                applied = self.history[version - 1]
                event = self.event_for(applied, viewer.seat)
                viewer.send({"type": "event", "version": version, "event": event})
            viewer.send(self.state_message(viewer, "state"))
        else:
            viewer.send(self.state_message(viewer, snapshot))

    def presence(self) -> dict[str, Any]:
        """Which seats have someone connected, and how many watch."""
        seated = {viewer.seat for viewer in self.viewers if viewer.seat is not None}
        return {
            "connected": [index in seated for index in range(len(self.seats))],
            "spectators": sum(1 for viewer in self.viewers if viewer.seat is None),
        }

    async def join(self, viewer: Viewer, since: int | None) -> None:
        """A viewer arrives: bring them up to date, and tell everyone who is here."""
        async with self.lock:
            self.viewers.add(viewer)
            self.sync(viewer, since)
            self._announce_presence()

    def leave(self, viewer: Viewer) -> None:
        """A viewer goes; everyone hears who is left. A finished game nobody
        watches is unloaded."""
        self.viewers.discard(viewer)
        self._announce_presence()
        if not self.viewers and self.live.is_over:
            self.hub.evict(self)

    def _announce_presence(self) -> None:
        message = {"type": "presence", "version": self.version, **self.presence()}
        for viewer in self.viewers:
            viewer.send(message)

    def set_assistance(self, user_id: int, level: str) -> None:
        """A player changed their assistance level: resend their state at once."""
        for viewer in self.viewers:
            if viewer.user_id == user_id:
                viewer.assistance = level
                viewer.send(self.state_message(viewer, "state"))

    # --- timers and bots ------------------------------------------------------

    def _schedule(self) -> None:
        """(Re)arm the turn timer and, when a bot is to play, its move."""
        current = asyncio.current_task()
        for task in (self._timer, self._bot):
            if task is not None and task is not current and not task.done():
                task.cancel()
        self._timer = self._bot = None
        if self.live.is_over or self.ended_by_host:
            return
        version = self.version
        if self.deadline is not None:
            self._timer = asyncio.create_task(self._expire(version, self.deadline))
        if self.seats[self.live.current_seat]["bot"]:
            self._bot = asyncio.create_task(self._play_bot(version))

    async def _expire(self, version: int, deadline: datetime) -> None:
        await asyncio.sleep(max(0.0, (as_utc(deadline) - utcnow()).total_seconds()))
        async with self.lock:
            if self.version != version or self.live.is_over:
                return
            with contextlib.suppress(ProtocolError, RuleError):
                timeout = {"action": "timeout"}
                await self._submit_locked(Submission(self.live.current_seat, timeout, version))

    async def _play_bot(self, version: int) -> None:
        await asyncio.sleep(self.hub.settings.bot_delay_seconds)
        async with self.lock:
            if self.version != version or self.live.is_over:
                return
            seat = self.live.current_seat
            bot = self.seats[seat]["bot"]
            rng = random.Random(f"{self.game_id}:{version}")
            action = self.live.bot_action(seat, bot, rng)
            try:
                await self._submit_locked(Submission(seat, action, version))
            except (ProtocolError, RuleError):
                log.exception("bot %s in game %s could not move", bot, self.game_id)

    def close(self) -> None:
        """Stop the room's timers (shutting down or unloading)."""
        for task in (self._timer, self._bot):
            if task is not None:
                task.cancel()


class Hub:
    """Every live room of this process, and the database work they need."""

    def __init__(self, db: Database, settings: Settings, fanout: Fanout) -> None:
        self.db = db
        self.settings = settings
        self.fanout = fanout
        self.rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        # Moves are committed on one writer thread, one transaction at a time, with
        # every move that queued meanwhile in the same transaction (group commit).
        # Threads queueing for SQLite's write lock sleep in back-off (up to 100 ms)
        # while it sits idle, and each database call hands the GIL back and forth
        # with the event loop: many small transactions from many threads were the
        # bottleneck under load (see bench/load.py).
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="chromino-writer")
        self._queued: list[tuple[str, StoredEvent, asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Rebuild every game in progress, re-arming its timers and bots."""
        await self.fanout.start(self._on_remote)
        game_ids = await asyncio.to_thread(self._playing_game_ids)
        for game_id in game_ids:
            await self.room(game_id)

    async def stop(self) -> None:
        """Stop all timers and the fan-out; let the last commits finish."""
        for room in self.rooms.values():
            room.close()
        await self.fanout.stop()
        await asyncio.to_thread(self._writer.shutdown)

    async def write(self, game_id: str, event: StoredEvent) -> None:
        """:meth:`commit` on the writer thread, possibly with other games' moves."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queued.append((game_id, event, done))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        while self._queued:
            batch, self._queued = self._queued, []
            items = [(game_id, event) for game_id, event, _ in batch]
            try:
                errors = await loop.run_in_executor(self._writer, self.commit_many, items)
            except Exception as failure:  # the executor itself failed
                errors = [failure] * len(batch)
            for (_, _, done), error in zip(batch, errors, strict=True):
                if done.done():
                    continue
                if error is None:
                    done.set_result(None)
                else:
                    done.set_exception(error)

    @metrics.timed_commit
    def commit_many(self, items: list[tuple[str, StoredEvent]]) -> list[BaseException | None]:
        """Store several games' events in one transaction; if that fails, each in its
        own, so that only the event at fault fails. Returns each one's error or None."""
        if len(items) > 1 and all(event.result is None for _, event in items):
            try:
                with self.db.engine.begin() as connection:
                    self._store_many(connection, items)
                return [None] * len(items)
            except Exception:
                pass
        errors: list[BaseException | None] = []
        for game_id, event in items:
            try:
                self.commit(game_id, event)
            except Exception as error:
                errors.append(error)
            else:
                errors.append(None)
        return errors

    async def room(self, game_id: str) -> Room | None:
        """The room of a game, loading it from the database the first time."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        async with self._loading:
            room = self.rooms.get(game_id)
            if room is None:
                stored = await asyncio.to_thread(self.read_game, game_id)
                if stored is None:
                    return None
                room = Room(self, stored)
                self.rooms[game_id] = room
                room._schedule()
            return room

    async def _on_remote(self, game_id: str, version: int) -> None:
        room = self.rooms.get(game_id)
        if room is not None and version > room.version:
            await room.catch_up()

    def set_assistance(self, user_id: int, level: str) -> None:
        """Pass a changed assistance level to that user's open games."""
        for room in self.rooms.values():
            room.set_assistance(user_id, level)

    # --- database work (run in a thread) ------------------------------------

    def _playing_game_ids(self) -> list[str]:
        with self.db.session() as session:
            return list(session.scalars(select(Game.id).where(Game.status == "playing")))

    def read_game(self, game_id: str) -> _Stored | None:
        """A game and all its events."""
        with self.db.session() as session:
            game = session.get(Game, game_id)
            if game is None:
                return None
            events = list(
                session.scalars(
                    select(GameEvent).where(GameEvent.game_id == game_id).order_by(GameEvent.seq)
                )
            )
            session.expunge_all()
            return _Stored(
                game.id,
                game.setup,
                game.seats,
                game.solo,
                game.status,
                game.turn_deadline_at,
                events,
            )

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

    def read_deadline(self, game_id: str) -> datetime | None:
        """The stored turn deadline."""
        with self.db.session() as session:
            return session.scalar(select(Game.turn_deadline_at).where(Game.id == game_id))

    def commit(self, game_id: str, event: StoredEvent) -> None:
        """Store one event and the game's new standing in one transaction; a version
        already taken (another process wrote first) raises ConflictError."""
        with self.db.session() as session:
            self._store(session, game_id, event)

    @staticmethod
    def _store_many(connection: Connection, items: list[tuple[str, StoredEvent]]) -> None:
        """Games' next events with one INSERT and one UPDATE, each run over all the rows:
        few calls into the database driver, so few hand-overs of the GIL. A version
        already taken fails the lot (the caller then stores them one by one)."""
        events, games = cast(Table, GameEvent.__table__), cast(Table, Game.__table__)
        now = utcnow()
        rows = [
            {
                "game_id": game_id,
                "seq": event.version,
                "seat": event.seat,
                "action": event.action,
                "user_id": event.user_id,
                "command_id": event.command_id,
                "created_at": now,
            }
            for game_id, event in items
        ]
        connection.execute(insert(events), rows)
        standings = [
            {
                "game": game_id,
                "previous": event.version - 1,
                "new_version": event.version,
                "deadline": event.deadline,
            }
            for game_id, event in items
        ]
        changed = connection.execute(
            update(games)
            .where(games.c.id == bindparam("game"), games.c.version == bindparam("previous"))
            .where(games.c.status == "playing")  # a game the host ended takes no more moves
            .values(version=bindparam("new_version"), turn_deadline_at=bindparam("deadline")),
            standings,
        )
        if changed.rowcount != len(items):
            raise ConflictError(", ".join(game_id for game_id, _ in items))

    @staticmethod
    def _store(session: Session, game_id: str, event: StoredEvent) -> None:
        values: dict[str, Any] = {"version": event.version, "turn_deadline_at": event.deadline}
        if event.result is not None:
            values.update(status="finished", result=event.result, finished_at=utcnow())
        # Plain INSERT/UPDATE statements: half the cost of the ORM's unit of work,
        # paid on the writer thread while the event loop waits for the GIL.
        session.execute(
            insert(GameEvent).values(
                game_id=game_id,
                seq=event.version,
                seat=event.seat,
                action=event.action,
                user_id=event.user_id,
                command_id=event.command_id,
            )
        )
        changed = session.execute(
            update(Game)
            .where(Game.id == game_id, Game.version == event.version - 1)
            .where(Game.status == "playing")  # a game the host ended takes no more moves
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        if changed.rowcount != 1:  # type: ignore[attr-defined]
            raise ConflictError(game_id)
        if event.result is not None:
            session.execute(
                update(GameTable).where(GameTable.game_id == game_id).values(status="finished")
            )

    def evict(self, room: Room) -> None:
        """Forget a room: its viewers are closed and reconnect to a fresh one."""
        room.close()
        if self.rooms.get(room.game_id) is room:
            del self.rooms[room.game_id]
        for viewer in room.viewers:
            viewer.hang_up()
