"""A bot for an absent player: the grace each seat with no socket open gets, the
take-over when it runs out, and the seat given back (docs/rules-interpretations.md).

Its own part of the room because it runs on its own timers, one per absent seat,
beside the turn's: a player may be away on someone else's turn, and come back
before their grace ends without the game ever noticing.
"""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from typing import Any

from ..clock import Clock
from ..i18n import N_, Words
from ..protocol import ProtocolError
from .company import Company
from .core import RoomCore
from .fanout import Fanout, tell_others
from .loading import StoredGame
from .store import EventStore


class Substitutes:
    """The seats a bot plays for, and the graces of the players away."""

    def __init__(
        self, room: RoomCore, company: Company, store: EventStore, fanout: Fanout, clock: Clock
    ) -> None:
        self.room = room
        self.company = company
        self.store = store
        self.fanout = fanout
        self.clock = clock
        self.grace: timedelta | None = None
        """How long a player may be away before a bot plays for them (None: never)."""
        self.away: set[int] = set()
        """The seats a bot plays for, their players away (docs/rules-interpretations.md)."""
        self._absences: dict[int, asyncio.Task[None]] = {}
        """Per absent seat: the wait for the end of its grace (then a bot plays for it)."""

    def load(self, stored: StoredGame) -> None:
        """The game's grace and the seats a bot plays for, as stored."""
        minutes = 0 if stored.solo else stored.substitute_minutes
        self.grace = timedelta(minutes=minutes) if minutes else None
        self.away = set(stored.away)

    def flags(self) -> list[bool]:
        """Per seat: whether a bot plays for it now."""
        return [index in self.away for index in range(len(self.room.seats))]

    def minutes(self) -> int:
        """The grace in minutes, as the snapshot shows it (0: no bot ever plays)."""
        return 0 if self.grace is None else self.grace.seconds // 60

    def _substitutable(self) -> set[int]:
        """The seats a bot may take over: people still in a game still going."""
        if self.grace is None or self.room.stopped:
            return set()
        active = set(self.room.live.active_seats)
        return {
            index
            for index, occupant in enumerate(self.room.seats)
            if not occupant["bot"] and index in active and index not in self.away
        }

    def _connected(self) -> list[bool]:
        connected: list[bool] = self.company.everywhere()["connected"]
        return connected

    def watch(self) -> None:
        """Start the grace of each seat that has no socket open anywhere; a seat whose
        player is back (or that no longer needs watching) has its grace stopped."""
        watched = self._substitutable()
        connected = self._connected()
        for seat, task in list(self._absences.items()):
            if seat not in watched or connected[seat]:
                task.cancel()
                del self._absences[seat]
        if self.grace is None:
            return
        ends = self.clock.now() + self.grace
        for seat in watched - set(self._absences):
            if not connected[seat]:
                self._absences[seat] = asyncio.create_task(self._absent(seat, ends))

    async def _absent(self, seat: int, ends: datetime) -> None:
        """The grace ran out with the player still away: a bot plays for them. Every
        process that watched the seat gets here; the database lets one take it over."""
        await self.clock.wait_until(ends)
        game_id = self.room.game_id
        async with self.room.lock:
            if self._absences.get(seat) is asyncio.current_task():
                del self._absences[seat]
            if seat not in self._substitutable() or self._connected()[seat]:
                return
            took = await asyncio.to_thread(self.store.take_over, game_id, seat)
            if took:
                self.set_away(seat, away=True, local=True)
            else:  # another process took it over first: its news may be on the way
                away = await asyncio.to_thread(self.store.read_away, game_id)
                if seat in away:
                    self.set_away(seat, away=True, local=False)

    async def take_over(self, seat: int) -> bool:
        """Have a bot play for a seat at once (its turn-based clock ran out; the room's
        lock held): whether this process did (another may have first)."""
        took = await asyncio.to_thread(self.store.take_over, self.room.game_id, seat)
        if took:
            self.set_away(seat, away=True, local=True)
        return took

    async def take_back(self, seat: int, command_id: str | None) -> int:
        """The player takes their seat back from the bot, at once; the game's version."""
        async with self.room.lock:
            if seat not in self.away:
                message = Words(N_("no bot is playing for you"))
                raise ProtocolError("not_away", message, command_id)
            await asyncio.to_thread(self.store.give_back, self.room.game_id, seat)
            self.set_away(seat, away=False, local=True)
            return self.room.version

    def set_away(self, seat: int, *, away: bool, local: bool) -> None:
        """A bot starts or stops playing for a seat: every viewer hears of it (the move
        log says so), the other processes too when it happened here."""
        if (seat in self.away) == away:
            return
        if away:
            self.away.add(seat)
        else:
            self.away.discard(seat)
        message = {"type": "away", "version": self.room.version, "seat": seat, "away": away}
        for viewer in self.room.viewers:
            viewer.send(message)
        if local:
            remote = {"kind": "away", "game": self.room.game_id, "seat": seat, "away": away}
            tell_others(self.fanout, remote)
        self.room.schedule()

    def heard(self, message: dict[str, Any]) -> None:
        """Another process had a bot take a seat over, or gave it back."""
        seat, away = message.get("seat"), message.get("away")
        seats = len(self.room.seats)
        if isinstance(seat, int) and 0 <= seat < seats and isinstance(away, bool):
            self.set_away(seat, away=away, local=False)

    def close(self) -> None:
        """Stop every grace (the room is shutting down or unloading)."""
        for task in self._absences.values():
            task.cancel()
        self._absences.clear()
