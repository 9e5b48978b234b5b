"""A game's clock: the turn's deadline, the timer that fires it at a real-time table,
and what a turn-based table does when the sweep finds the turn past it.

Its own part of the room because the deadline is worked out two ways — seconds per
turn in one sitting, the mover's waking days over days (web.days) — and followed
from outside: a person's schedule changing moves every running clock of theirs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import datetime, timedelta

from chromino.core.errors import IllegalMoveError

from ..clock import Clock
from ..days import Pace, clock_for
from ..db import as_utc
from ..games import Applied
from ..people import Schedule
from ..protocol import ProtocolError
from .bots import Bots
from .core import RoomCore, Submission
from .loading import StoredGame
from .substitutes import Substitutes

log = logging.getLogger(__name__)


class Clocks:
    """The turn's deadline and when it started, and the timer of a real-time game."""

    def __init__(self, room: RoomCore, substitutes: Substitutes, bots: Bots, clock: Clock) -> None:
        self.room = room
        self.substitutes = substitutes
        self.bots = bots
        self.clock = clock
        self.deadline: datetime | None = None
        self.turn_started: datetime | None = None
        self.pace = Pace()
        """Real time, or turn-based over days (web.days): then the sweep, not this room,
        fires the deadline, and the room leaves memory when nobody watches."""
        self.schedules: dict[int, Schedule] = {}
        self._timer: asyncio.Task[None] | None = None

    def load(self, stored: StoredGame) -> None:
        """The deadline, the pace and the players' schedules, as stored."""
        self.deadline = stored.deadline
        self.pace = stored.pace
        self.turn_started = stored.turn_started
        self.schedules = stored.schedules

    def next_turn(self, applied: Applied, now: datetime) -> tuple[datetime | None, datetime | None]:
        """When the turn after ``applied`` started, and its deadline."""
        new_turn = applied.turn_changed or self.turn_started is None
        turn_started = now if new_turn else self.turn_started
        return turn_started, self._next_deadline(applied, now, turn_started)

    def _next_deadline(
        self, applied: Applied, now: datetime, turn_started: datetime | None
    ) -> datetime | None:
        if self.pace.turn_based:
            return None if applied.finished else self.turn_based_deadline(turn_started)
        seconds = self.room.live.turn_seconds()
        if not seconds or applied.finished:
            return None
        if applied.turn_changed or self.deadline is None:
            return now + timedelta(seconds=seconds)
        return self.deadline

    def turn_based_deadline(self, turn_started: datetime | None) -> datetime | None:
        """The mover's deadline under their schedule (none for a bot to move)."""
        live = self.room.live
        if live.is_over or turn_started is None:
            return None
        person = self.room.seats[live.current_seat].get("user_id")
        schedule = self.schedules.get(person) if isinstance(person, int) else None
        if schedule is None or live.current_seat in self.substitutes.away:
            return None
        clock = clock_for(self.pace, schedule, as_utc(turn_started))
        return None if clock is None else clock.deadline

    def arm(self, version: int) -> None:
        """Stop the turn timer, and start one for ``version`` at a real-time table."""
        self.stop()
        if self.room.stopped:
            return
        if self.deadline is not None and not self.pace.turn_based:
            self._timer = asyncio.create_task(self._expire(version, self.deadline))

    def stop(self, *, every: bool = False) -> None:
        """Stop the turn timer: not the task calling this, which is acting on it, unless
        ``every`` (the room closing stops them all)."""
        task, self._timer = self._timer, None
        if task is not None and (every or task is not asyncio.current_task()):
            task.cancel()

    async def _expire(self, version: int, deadline: datetime) -> None:
        await self.clock.wait_until(as_utc(deadline))
        room = self.room
        async with room.lock:
            if room.version != version or room.live.is_over:
                return
            with contextlib.suppress(ProtocolError, IllegalMoveError):
                seat = room.live.current_seat
                await room.submit_locked(Submission(seat, room.kind.timeout, version))

    async def time_ran_out(self, version: int) -> bool:
        """The sweep found the turn past its deadline at ``version``: do what the table
        chose. Whether this call did it (a move since, or another process, may have)."""
        room = self.room
        async with room.lock:
            if room.version != version or room.stopped:
                return False
            seat = room.live.current_seat
            if self.bots.plays(seat):
                return False
            policy = self.pace.on_timeout
            if policy == "substitute":
                return await self.substitutes.take_over(seat)
            action = room.kind.resign if policy == "drop" else room.kind.timeout
            try:
                await room.submit_locked(Submission(seat, action, version))
            except (ProtocolError, IllegalMoveError):
                log.exception("game %s: the %s at its deadline failed", room.game_id, policy)
                return False
            return True

    def follow(self, schedules: dict[int, Schedule]) -> bool:
        """A player's schedule changed: the running clock follows it at once; whether
        the deadline moved."""
        self.schedules = {**self.schedules, **schedules}
        deadline = self.turn_based_deadline(self.turn_started)
        if deadline == self.deadline:
            return False
        self.deadline = deadline
        return True

    def away_until(self) -> list[float | None]:
        """Per seat: when its player's days away end, while they are away (turn-based
        games whose clock stops for them), else None."""
        if not self.pace.clocked or not self.pace.vacation:
            return [None] * len(self.room.seats)
        now = self.clock.now()
        ends: list[float | None] = []
        for occupant in self.room.seats:
            schedule = self.schedules.get(occupant.get("user_id") or -1)
            spans = [] if schedule is None else [e for s, e in schedule.away if s <= now < e]
            ends.append(max(spans).timestamp() if spans else None)
        return ends
