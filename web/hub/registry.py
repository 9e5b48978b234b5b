"""The hub: every live room of this process, and what it hears from the others.

Rooms are loaded on first use (a socket, a new game, a restart) and unloaded when
a finished game has no viewer. Several processes may serve the same game: each
tells the others, through the fan-out, every version it commits (with the
event, so a room one version behind needs no database read) and who is
connected to it, so every viewer on every process sees every event and the
same presence. A process that stops announcing (it died) drops out of the
presence after ``presence_ttl_seconds``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass
from typing import Any

from ..bots import Thinkers
from ..db import Database, as_utc
from ..fanout import Fanout
from ..lobby import LobbyBus
from ..settings import Settings
from .coach import Coach
from .room import Room
from .store import EventStore

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RemotePresence:
    """Who is connected to one game on another process, and until when to believe it."""

    seats: frozenset[int]
    spectators: int
    expires: float


class Hub:
    """Every live room of this process, and the fan-out between processes."""

    def __init__(self, db: Database, settings: Settings, fanout: Fanout) -> None:
        self.db = db
        self.settings = settings
        self.fanout = fanout
        self.store = EventStore(db)
        self.rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        self._elsewhere: dict[str, dict[str, RemotePresence]] = {}
        """game id → process → who is connected there."""
        self._refresher: asyncio.Task[None] | None = None
        self.lobby = LobbyBus()
        self.thinkers = Thinkers(settings)
        self.coach: Coach | None = Coach(self) if settings.coach else None

    async def start(self) -> None:
        """Rebuild every game in progress, re-arming its timers and bots."""
        await self.fanout.start(self._on_remote)
        game_ids = await asyncio.to_thread(self.store.playing_game_ids)
        for game_id in game_ids:
            await self.room(game_id)
        self._refresher = asyncio.create_task(self._refresh_presence())
        if self.coach is not None:
            self.coach.start()

    async def stop(self) -> None:
        """Stop all timers and the fan-out; let the last commits finish."""
        if self._refresher is not None:
            self._refresher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._refresher
        for room in self.rooms.values():
            room.close()
        if self.coach is not None:
            await self.coach.stop()
        self.thinkers.close()
        await self.fanout.stop()
        await self.store.close()

    async def room(self, game_id: str) -> Room | None:
        """The room of a game, loading it from the database the first time."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        async with self._loading:
            room = self.rooms.get(game_id)
            if room is None:
                stored = await asyncio.to_thread(self.store.read_game, game_id)
                if stored is None:
                    return None
                room = Room(self, stored)
                self.rooms[game_id] = room
                room.start()
                await self.fanout.publish({"kind": "presence_query", "game": game_id})
            return room

    def evict(self, room: Room) -> None:
        """Forget a room: its viewers are closed and reconnect to a fresh one."""
        room.close()
        if self.rooms.get(room.game_id) is room:
            del self.rooms[room.game_id]
        for viewer in room.viewers:
            viewer.hang_up()

    def game_over(self, game_id: str) -> None:
        """A game this process committed the end of: the coach looks at its moves."""
        if self.coach is not None:
            self.coach.schedule(game_id)

    def lobby_changed(self) -> None:
        """Tables or games changed: wake the lobby streams here and on the other processes."""
        self.lobby.changed()
        task = asyncio.get_running_loop().create_task(self.fanout.publish({"kind": "lobby"}))
        task.add_done_callback(_log_failure)

    async def announce_rematch(self, game_id: str, next_game_id: str) -> None:
        """A finished game's rematch was dealt: tell its viewers, here and elsewhere."""
        room = self.rooms.get(game_id)
        if room is not None:
            room.rematch_dealt(next_game_id)
        await self.fanout.publish({"kind": "rematch", "game": game_id, "next": next_game_id})
        self.lobby_changed()

    def set_assistance(self, user_id: int, level: str) -> None:
        """Pass a changed assistance level to that user's open games."""
        for room in self.rooms.values():
            room.set_assistance(user_id, level)

    # --- telling the other processes ---------------------------------------------

    async def announce_version(self, room: Room, version: int) -> None:
        """A version this process committed, with its event and the next deadline."""
        applied = room.history[version - 1]
        deadline = None if room.deadline is None else as_utc(room.deadline).timestamp()
        command = next((key for key, seq in room.commands.items() if seq == version), (None, None))
        await self.fanout.publish(
            {
                "kind": "version",
                "game": room.game_id,
                "version": version,
                "seat": applied.seat,
                "action": applied.stored,
                "user_id": command[0],
                "command_id": command[1],
                "deadline": deadline,
            }
        )

    def announce_presence(self, room: Room) -> None:
        """Who is connected to this room here (sent in the background)."""
        seats, spectators = room.local_presence()
        message = {
            "kind": "presence",
            "game": room.game_id,
            "seats": sorted(seats),
            "spectators": spectators,
            "version": room.version,
        }
        task = asyncio.get_running_loop().create_task(self.fanout.publish(message))
        task.add_done_callback(_log_failure)

    def presence_elsewhere(self, game_id: str) -> tuple[frozenset[int], int]:
        """Seats connected and spectators watching on the other processes (still alive)."""
        now = time.monotonic()
        seats: set[int] = set()
        spectators = 0
        for entry in self._elsewhere.get(game_id, {}).values():
            if entry.expires > now:
                seats |= entry.seats
                spectators += entry.spectators
        return frozenset(seats), spectators

    # --- hearing the other processes ----------------------------------------------

    async def _on_remote(self, message: dict[str, Any]) -> None:
        kind, game_id = message.get("kind"), message.get("game")
        if kind == "lobby":
            self.lobby.changed()
            return
        if kind == "resync":  # our own listener: messages may have been lost
            for loaded in list(self.rooms.values()):
                self._catch_up_later(loaded)
            self.lobby.changed()
            return
        if not isinstance(game_id, str):
            return
        room = self.rooms.get(game_id)
        if kind == "version" and room is not None:
            await room.heard_version(message)
        elif kind == "presence":
            self._heard_presence(game_id, message)
        elif kind == "presence_query" and room is not None and room.viewers:
            self.announce_presence(room)
        elif kind == "rematch" and room is not None and isinstance(message.get("next"), str):
            room.rematch_dealt(message["next"])

    def _heard_presence(self, game_id: str, message: dict[str, Any]) -> None:
        origin = str(message.get("origin"))
        seats = frozenset(int(seat) for seat in message.get("seats", []))
        spectators = int(message.get("spectators", 0))
        processes = self._elsewhere.setdefault(game_id, {})
        before = processes.get(origin)
        if seats or spectators:
            expires = time.monotonic() + self.settings.presence_ttl_seconds
            processes[origin] = RemotePresence(seats, spectators, expires)
        else:
            processes.pop(origin, None)
        changed = before is None or (before.seats, before.spectators) != (seats, spectators)
        room = self.rooms.get(game_id)
        if changed and room is not None:
            room.presence_changed(local=False)
        heard = message.get("version")
        if room is not None and isinstance(heard, int) and heard > room.version:
            # a version whose own message never came: read it from the database
            self._catch_up_later(room)

    def _catch_up_later(self, room: Room) -> None:
        task = asyncio.get_running_loop().create_task(room.catch_up())
        task.add_done_callback(_log_failure)

    async def _refresh_presence(self) -> None:
        """Remind the others who is here; forget processes that went quiet."""
        while True:
            await asyncio.sleep(self.settings.presence_refresh_seconds)
            for room in list(self.rooms.values()):
                if room.viewers:
                    self.announce_presence(room)
            self._forget_silent()

    def _forget_silent(self) -> None:
        now = time.monotonic()
        for game_id, processes in list(self._elsewhere.items()):
            expired = [origin for origin, entry in processes.items() if entry.expires <= now]
            for origin in expired:
                del processes[origin]
            if not processes:
                del self._elsewhere[game_id]
            room = self.rooms.get(game_id)
            if expired and room is not None:
                room.presence_changed(local=False)


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("a background fan-out task failed", exc_info=task.exception())
