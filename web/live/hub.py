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
from collections.abc import Coroutine, Sequence
from typing import Any

from sqlalchemy.orm import Session

from ..clock import Clock, SystemClock
from ..db import Database
from ..lobby import LobbyBus
from ..people import ASSISTANCE_LEVELS
from ..settings import Settings
from ..talk import read_rules, read_unheard
from .background import in_background
from .buckets import Buckets
from .coach import Coach, mark_pending
from .core import FANOUT_FAILED
from .fanout import Fanout, tell_others
from .loading import StoredGame, load_game
from .parts import RoomParts
from .presence import PresenceElsewhere
from .room import Room
from .store import EventStore, GameEnded
from .thinkers import Thinkers

SHUT_OUT = 1008
"""The close code of a banned person's game sockets (policy violation): the page
reconnects without their session, as a spectator, and its header says why."""


class Hub:
    """Every live room of this process, and the fan-out between processes."""

    def __init__(
        self,
        db: Database,
        settings: Settings,
        fanout: Fanout,
        clock: Clock | None = None,
        *,
        endings: Sequence[GameEnded] = (),
    ) -> None:
        """``endings``: what the store does, in the transaction that ends a game, for the
        rooms above this one (:data:`~web.live.store.GameEnded`)."""
        self.db = db
        self.settings = settings
        self.fanout = fanout
        self.clock: Clock = clock or SystemClock()
        """The one clock of this process's games (web.clock): deadlines, timers, stamps."""
        if settings.coach:  # each game's end is recorded as pending for the coach with it
            endings = (*endings, mark_pending)
        self.store = EventStore(db, self.clock, endings=endings)
        self.rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        self.elsewhere = PresenceElsewhere(settings.presence_ttl_seconds)
        self._refresher: asyncio.Task[None] | None = None
        self.lobby = LobbyBus()
        self.thinkers = Thinkers(settings)
        self.coach = Coach(db, self.store, self.thinkers) if settings.coach else None
        self._parts = RoomParts(
            store=self.store,
            fanout=fanout,
            elsewhere=self.elsewhere,
            thinkers=self.thinkers,
            settings=settings,
            clock=self.clock,
            lobby_changed=self.lobby_changed,
            game_over=self.game_over,
            unload=self.evict,
            chat_limits=Buckets(settings.chat_per_minute / 60, settings.chat_burst),
        )

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
                room = await self._open(stored)
            return room

    async def _open(self, stored: StoredGame) -> Room:
        """A room for a game read from the database (the loading lock held)."""
        room = Room(self._parts, stored)
        self.rooms[stored.game_id] = room
        room.schedule()  # its timer, its bot and the absent players' graces
        await self.fanout.publish({"kind": "presence_query", "game": stored.game_id})
        return room

    async def wake(self, game_id: str) -> Room | None:
        """Load a game so that its bot moves (or its deadline can be acted on); a
        turn-based game waiting for a person and watched by nobody goes back to rest
        at once (the sweep and the sockets load it when they need it)."""
        return self._rest_if_idle(await self.room(game_id))

    def dealt(self, session: Session, game_id: str) -> Coroutine[Any, Any, Room | None]:
        """Read a game that ``session`` has just dealt and committed, in the dealer's
        thread; the coroutine returned wakes its room on the loop. A room of each new
        game (every rematch) thus costs no second session, no trip through the loop's
        thread pool, and none of the reads of a game's past (web.live.loading)."""
        stored = load_game(session, game_id, self.clock.now(), dealt_now=True)
        return self._wake_dealt(stored)

    async def _wake_dealt(self, stored: StoredGame | None) -> Room | None:
        if stored is None:
            return None
        room = self.rooms.get(stored.game_id)
        if room is None:
            async with self._loading:  # not while a socket loads the same game
                room = self.rooms.get(stored.game_id) or await self._open(stored)
        return self._rest_if_idle(room)

    def _rest_if_idle(self, room: Room | None) -> Room | None:
        if room is not None and room.resting():
            self.evict(room)
        return room

    def evict(self, room: Room) -> None:
        """Forget a room: its viewers are closed and reconnect to a fresh one."""
        room.close()
        if self.rooms.get(room.game_id) is room:
            del self.rooms[room.game_id]
        for viewer in room.viewers:
            viewer.hang_up()

    def spectators(self, game_id: str) -> int:
        """How many watch a game now, on this process and the others (its players'
        sockets not counted): the same number its viewers are told."""
        room = self.rooms.get(game_id)
        here = 0 if room is None else room.company.local()[1]
        return here + self.elsewhere.of(game_id)[1]

    def game_over(self, game_id: str) -> None:
        """A game this process committed the end of: the coach looks at its moves."""
        if self.coach is not None:
            self.coach.schedule(game_id)

    def lobby_changed(self) -> None:
        """Tables or games changed: wake the lobby streams here and on the other processes."""
        self.lobby.changed()
        tell_others(self.fanout, {"kind": "lobby"})

    async def mutes_changed(self, user_id: int) -> None:
        """Someone muted or unmuted a person: the rooms where they are follow — here
        before this returns, on the other processes as soon as they hear."""
        await self._reread_unheard(user_id)
        await self.fanout.publish({"kind": "mutes", "user": user_id})

    def shut_out(self, user_id: int, farewell: dict[str, Any]) -> None:
        """A person was banned (their sessions are gone, committed): their game sockets
        and page streams close, here and on the other processes; the streams tell them
        why and until when (``farewell``, web.people.access.bans)."""
        self._close_sockets_of(user_id, farewell)
        tell_others(self.fanout, {"kind": "shut_out", "user": user_id, "farewell": farewell})

    def _close_sockets_of(self, user_id: int, farewell: dict[str, Any]) -> None:
        for room in list(self.rooms.values()):
            for viewer in list(room.viewers):
                if viewer.user_id == user_id:
                    viewer.hang_up(SHUT_OUT)
        self.lobby.shut_out(user_id, farewell)

    def site_mute_changed(self, user_id: int, until: float | None) -> None:
        """An admin or moderator muted (until the epoch second ``until``) or unmuted a
        person: their chat lines are refused in every room, here and elsewhere."""
        self._set_site_mute(user_id, until)
        tell_others(self.fanout, {"kind": "site_mute", "user": user_id, "until": until})

    def _set_site_mute(self, user_id: int, until: float | None) -> None:
        for room in self.rooms.values():
            for viewer in room.viewers:
                if viewer.user_id == user_id:
                    viewer.muted_until = until

    def table_talk_changed(self, table_id: int) -> None:
        """A table's creator changed its rules of talk: its rooms follow, everywhere."""
        in_background(self._reread_talk_rules(table_id), FANOUT_FAILED)
        tell_others(self.fanout, {"kind": "talk", "table": table_id})

    async def _reread_unheard(self, user_id: int) -> None:
        rooms = [room for room in self.rooms.values() if room.watched_by(user_id)]
        for room in rooms:
            people = {viewer.user_id for viewer in room.viewers if viewer.user_id is not None}
            unheard = await asyncio.to_thread(read_unheard, self.db, people)
            room.talk.unheard_changed(unheard)

    async def _reread_talk_rules(self, table_id: int) -> None:
        rooms = [room for room in self.rooms.values() if room.talk.rules.table_id == table_id]
        if not rooms:
            return
        chosen, muted = await asyncio.to_thread(read_rules, self.db, table_id)
        for room in rooms:
            room.talk.rules_changed(chosen, muted)

    async def announce_rematch(self, game_id: str, next_game_id: str) -> None:
        """A finished game's rematch was dealt: tell its viewers, here and elsewhere."""
        room = self.rooms.get(game_id)
        if room is not None:
            room.rematch_dealt(next_game_id)
        await self.fanout.publish({"kind": "rematch", "game": game_id, "next": next_game_id})
        self.lobby_changed()

    def preferences_changed(self, user_id: int, assistance: str | None) -> None:
        """A user's preferences changed (committed): a new assistance level reaches
        their open games here and on the other processes, and every stream of their
        pages reads the preferences again (the lobby bus, here and elsewhere)."""
        if assistance is not None:
            self._set_assistance(user_id, assistance)
            tell_others(self.fanout, {"kind": "assistance", "user": user_id, "level": assistance})
        self.lobby_changed()

    async def schedules_changed(self, user_id: int) -> None:
        """A person's time zone, quiet hours or days away changed (committed): the
        clocks of their games loaded here and on the other processes follow."""
        await self._reread_schedules(user_id)
        await self.fanout.publish({"kind": "schedule", "user": user_id})

    async def _reread_schedules(self, user_id: int) -> None:
        rooms = [
            room
            for room in self.rooms.values()
            if room.pace.clocked and any(seat.get("user_id") == user_id for seat in room.seats)
        ]
        if not rooms:
            return
        schedules = await asyncio.to_thread(self.store.read_schedules, [user_id])
        for room in rooms:
            room.schedules_changed(schedules)

    def _set_assistance(self, user_id: int, level: str) -> None:
        """Pass a changed assistance level to that user's open games of this process."""
        for room in self.rooms.values():
            room.snapshots.assistance_changed(user_id, level)

    # --- hearing the other processes ----------------------------------------------

    async def _on_remote(self, message: dict[str, Any]) -> None:
        kind, game_id = message.get("kind"), message.get("game")
        if kind == "lobby":
            self.lobby.changed()
            return
        if kind in {"assistance", "schedule", "mutes", "shut_out", "site_mute"}:
            await self._heard_about_person(message)
            return
        if kind == "talk" and isinstance(message.get("table"), int):
            await self._reread_talk_rules(message["table"])
            return
        if kind == "resync":  # our own listener: messages may have been lost
            for loaded in list(self.rooms.values()):
                self._catch_up_later(loaded)
                in_background(loaded.talk.catch_up(), FANOUT_FAILED)
            self.lobby.changed()
            return
        if isinstance(game_id, str):
            await self._heard_about_game(str(kind), game_id, message)

    async def _heard_about_game(self, kind: str, game_id: str, message: dict[str, Any]) -> None:
        room = self.rooms.get(game_id)
        if kind == "version" and room is not None:
            await room.replica.heard(message)
        elif kind == "end_offer" and room is not None and isinstance(message.get("message"), dict):
            room.offers.heard(message["message"])
        elif kind == "presence":
            self._heard_presence(game_id, message)
        elif kind == "presence_query" and room is not None and room.viewers:
            room.company.announce()
        elif kind == "away" and room is not None:
            room.substitutes.heard(message)
        elif kind == "rematch" and room is not None and isinstance(message.get("next"), str):
            room.rematch_dealt(message["next"])
        elif kind == "chat" and room is not None and isinstance(message.get("line"), dict):
            await room.talk.heard(message["line"])

    async def _heard_about_person(self, message: dict[str, Any]) -> None:
        """Another process changed a person's preferences: their rooms here follow."""
        user = message.get("user")
        if not isinstance(user, int):
            return
        level = message.get("level")
        if message.get("kind") == "assistance" and level in ASSISTANCE_LEVELS:
            self._set_assistance(user, str(level))
        elif message.get("kind") == "schedule":
            await self._reread_schedules(user)
        elif message.get("kind") == "mutes":
            await self._reread_unheard(user)
        elif message.get("kind") == "shut_out" and isinstance(message.get("farewell"), dict):
            self._close_sockets_of(user, message["farewell"])
        elif message.get("kind") == "site_mute":
            until = message.get("until")
            self._set_site_mute(user, float(until) if isinstance(until, int | float) else None)

    def _heard_presence(self, game_id: str, message: dict[str, Any]) -> None:
        changed = self.elsewhere.heard(game_id, message)
        room = self.rooms.get(game_id)
        if changed and room is not None:
            room.presence_changed(local=False)
        heard = message.get("version")
        if room is not None and isinstance(heard, int) and heard > room.version:
            # a version whose own message never came: read it from the database
            self._catch_up_later(room)
        said = message.get("chat")
        if room is not None and isinstance(said, int) and said > room.talk.seq:
            in_background(room.talk.catch_up(), FANOUT_FAILED)  # a chat line, the same

    def _catch_up_later(self, room: Room) -> None:
        in_background(room.replica.catch_up(), FANOUT_FAILED)

    async def _refresh_presence(self) -> None:
        """Remind the others who is here; forget processes that went quiet."""
        while True:
            await asyncio.sleep(self.settings.presence_refresh_seconds)
            for room in list(self.rooms.values()):
                if room.viewers:
                    room.company.announce()
            self._forget_silent()

    def _forget_silent(self) -> None:
        for game_id in self.elsewhere.forget_silent():
            room = self.rooms.get(game_id)
            if room is not None:
                room.presence_changed(local=False)
