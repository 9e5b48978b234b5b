"""A room as one copy of a game that several processes may hold: each version this
process commits is told to the others with its event, and each version another
committed is applied here from its message, or read from the database when one is
missing.

Its own part of the room because it is the one place a game moves on without a
submission: the room's viewers are told, and its timers re-armed, all the same.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Protocol

from chromino.core.errors import IllegalMoveError

from ..db import as_utc
from ..games import Applied
from ..models import GameEvent
from .clocks import Clocks
from .core import RoomCore, stood_in
from .loading import StoredGame
from .parts import RoomParts
from .viewers import Viewer

log = logging.getLogger(__name__)


class CopiedRoom(RoomCore, Protocol):
    """The room as its copy on the other processes is kept in step."""

    @property
    def history(self) -> list[Applied]: ...

    @property
    def commands(self) -> dict[tuple[int, str], int]: ...

    def apply_stored(self, row: GameEvent) -> Applied:
        """Apply an event as stored (and remember the command it answered)."""

    def broadcast(self, applied: Applied) -> None:
        """Tell every viewer of the move."""

    def load(self, stored: StoredGame) -> None:
        """Take the game as stored (its parts' state too)."""

    def sync(self, viewer: Viewer, since: int | None, snapshot: str = "welcome") -> None:
        """Bring a viewer up to date: missed events, or a snapshot."""


class Replica:
    """What this room tells the other processes of its versions, and hears of theirs."""

    def __init__(
        self,
        room: CopiedRoom,
        clocks: Clocks,
        parts: RoomParts[Any],
        evict: Callable[[], None],
    ) -> None:
        self.room = room
        self.clocks = clocks
        self.store = parts.store
        self.fanout = parts.fanout
        self.evict = evict
        """Forget the room: it is read again when next used."""

    async def reload_or_evict(self) -> None:
        """After a failed commit the memory is ahead of the database: rebuild it from
        the database, or, if even that fails, drop the room (it is rebuilt on next use)."""
        try:
            await self.reload_locked()
        except Exception:
            log.exception("game %s could not be reloaded; unloading it", self.room.game_id)
            self.evict()

    async def reload_locked(self) -> None:
        """Rebuild from the database, then give every viewer the events they have not
        seen (those another process committed) and the state — as a reconnect would."""
        room = self.room
        seen = room.version
        stored = await asyncio.to_thread(self.store.read_game, room.game_id)
        if stored is not None:
            room.load(stored)
            for viewer in room.viewers:
                room.sync(viewer, seen, snapshot="state")
            room.schedule()

    async def announce(self, version: int, key: tuple[int, str] | None) -> None:
        """A version this process committed, with its event, the command it answered
        (``key``, kept from the submission) and the next deadline."""
        if self.fanout.alone:
            return
        applied = self.room.history[version - 1]
        user_id, command_id = key if key is not None else (None, None)
        await self.fanout.publish(
            {
                "kind": "version",
                "game": self.room.game_id,
                "version": version,
                "seat": applied.seat,
                "action": applied.stored,
                "stand_in": bool(applied.public.get("stand_in")),
                "user_id": user_id,
                "command_id": command_id,
                "deadline": _epoch(self.clocks.deadline),
                "turn_started": _epoch(self.clocks.turn_started),
            }
        )

    async def heard(self, message: dict[str, Any]) -> None:
        """Another process committed a version: apply its event from the message when it
        is the next one, else read what is missing from the database."""
        room = self.room
        async with room.lock:
            version = int(message.get("version", 0))
            if version <= room.version:
                return
            if version == room.version + 1 and isinstance(message.get("action"), dict):
                try:
                    self._apply(message)
                except (IllegalMoveError, KeyError, TypeError, ValueError):
                    log.exception("game %s: a fan-out event did not apply", room.game_id)
                    await self.reload_locked()
                return
        await self.catch_up()

    def _apply(self, message: dict[str, Any]) -> None:
        room = self.room
        seat = int(message["seat"])
        applied = room.live.apply(seat, room.kind.stored_action(message["action"]))
        if message.get("stand_in") is True:
            applied = stood_in(applied)
        room.history.append(applied)
        user_id, command_id = message.get("user_id"), message.get("command_id")
        if isinstance(user_id, int) and isinstance(command_id, str):
            room.commands[(user_id, command_id)] = room.version
        deadline = message.get("deadline")
        self.clocks.deadline = (
            None if deadline is None else datetime.fromtimestamp(float(deadline), UTC)
        )
        started = message.get("turn_started")
        if isinstance(started, (int, float)):
            self.clocks.turn_started = datetime.fromtimestamp(float(started), UTC)
        room.broadcast(applied)
        room.schedule()

    async def catch_up(self) -> None:
        """Another process moved the game on: read the new events and pass them on."""
        room = self.room
        async with room.lock:
            rows = await asyncio.to_thread(self.store.read_events, room.game_id, room.version)
            for row in rows:
                if row.seq != room.version + 1:
                    await self.reload_locked()
                    return
                room.broadcast(room.apply_stored(row))
            if rows:
                deadline = await asyncio.to_thread(self.store.read_deadline, room.game_id)
                self.clocks.deadline = deadline
                room.schedule()


def _epoch(moment: datetime | None) -> float | None:
    return None if moment is None else as_utc(moment).timestamp()
