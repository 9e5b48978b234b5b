"""The sweep: what turn-based games need done when nobody is there to do it.

Every move of a turn-based game marks it due at once (``Game.due_at``, in the move's
own commit). Every few seconds, each process claims a handful of due games — a
lease, taken in one statement that skips rows another process holds (PostgreSQL's
``FOR UPDATE SKIP LOCKED``; SQLite lets one writer in at a time anyway) — and
settles each: it tells the player to move (a notice, web.notify), sends the
warnings at half and at 90 % of the time, and at the deadline has the game's room
do what the table chose. Then it marks the game due at its next moment, or not at
all. Nothing waits in memory: a process killed mid-way leaves its lease to run out,
and the next sweep, here or elsewhere, settles the game again. Doing that twice is
harmless: a notice's key makes it once, and a room acts on a deadline only at the
version it was found at.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol, cast

from sqlalchemy import Table, bindparam, select, update
from sqlalchemy.sql import Executable

from .. import metrics
from ..clock import Clock, real_now
from ..db import Database, as_utc, due_and_free
from ..models import Game, SeatSubstitute
from ..notify import GAME_OVER, HALF, NINETY, TURN, NoticeDraft, NoticeKind, add_notices, draft
from ..people import Schedule, schedules_of
from .pace import Pace, clock_for

log = logging.getLogger(__name__)

LEASE = timedelta(minutes=2)
"""How long a claimed game is this process's: far longer than settling it takes. A
lease is about a process being alive, not about the game's time: it runs on the
real clock even when the games' clock is a test's fake one (web.clock)."""


BATCH = 100
UNSEEN_FOR = timedelta(minutes=1)
"""A player is told of their turn once it has gone unseen this long."""
BOT_PATIENCE = timedelta(minutes=5)
"""A bot's turn is looked at again after this, should its process have died."""


class TimedRoom(Protocol):
    async def time_ran_out(self, version: int) -> bool: ...

    def resting(self) -> bool: ...


class Rooms(Protocol):
    """What the sweep asks of the live games: a game's room, loaded if need be."""

    async def room(self, game_id: str) -> TimedRoom | None: ...

    def evict(self, room: Any) -> None: ...

    async def wake(self, game_id: str) -> Any:
        """Load a game so its bot moves (a game with nothing to do rests again)."""


@dataclass(frozen=True)
class Wake:
    """What a settled game needs of its room."""

    game_id: str
    version: int
    ran_out: bool
    """True: the deadline passed at ``version``; False: a bot is to move."""


class Sweep:
    """Claims due turn-based games and settles them, on every process."""

    def __init__(
        self,
        db: Database,
        clock: Clock,
        rooms: Rooms,
        *,
        every: float,
        after: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self.db = db
        self.clock = clock
        self.rooms = rooms
        self.every = timedelta(seconds=every)
        """How long between two rounds, in real time."""
        self.after = after
        """Run after each round (the outbox sends what the round made due)."""
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        """A round every ``every`` seconds of real time: sweeping is a process's chore,
        like its liveness timers, not game time (web.clock). What a round does depends
        on the games' clock; a test with a fake one runs its rounds itself."""
        while True:
            await asyncio.sleep(self.every.total_seconds())
            try:
                await self.once()
            except Exception:
                log.exception("the sweep failed; it tries again")

    async def once(self) -> int:
        """One round: settle every due game this process can claim; how many."""
        settled = 0
        while True:
            now = self.clock.now()
            claimed = await asyncio.to_thread(self._claim, now)
            wakes = await asyncio.to_thread(self._settle_all, claimed, now) if claimed else []
            for wake in wakes:
                await self._wake(wake)
            settled += len(claimed)
            if len(claimed) < BATCH:
                break
        if self.after is not None:
            await self.after()
        return settled

    # --- on a worker thread -----------------------------------------------------------

    def _claim(self, now: datetime) -> list[str]:
        """Take the lease of up to BATCH due games nobody else holds."""
        with self.db.session() as session:
            free = due_and_free(
                Game.id, Game.due_at, Game.lease_until, now=now, held_until=real_now(), limit=BATCH
            )
            ids = list(session.scalars(free))
            if ids:
                session.execute(
                    update(Game).where(Game.id.in_(ids)).values(lease_until=real_now() + LEASE)
                )
            session.commit()
            return ids

    def _settle_all(self, game_ids: list[str], now: datetime) -> list[Wake]:
        """Settle the claimed games together: a handful of queries and one commit for
        the lot (one transaction per game cost 3.4 ms of CPU a game), each game's new
        standing written only if no move came in between (its version)."""
        with self.db.session() as session:
            games = list(session.scalars(select(Game).where(Game.id.in_(game_ids))))
            substitutes = select(SeatSubstitute.game_id, SeatSubstitute.seat).where(
                SeatSubstitute.game_id.in_(game_ids)
            )
            taken = {(game_id, seat) for game_id, seat in session.execute(substitutes)}
            movers = [mover for game in games if (mover := _mover(game)) is not None]
            schedules = schedules_of(session, movers, now)
            outcomes = []
            for game in games:
                mover = _mover(game)
                substituted = (game.id, game.current_seat) in taken
                schedule = None if mover is None else schedules[mover]
                outcomes.append(
                    (game, settle(game, now, substituted=substituted, schedule=schedule))
                )
            add_notices(session, [draft for _, done in outcomes for draft in done.notices])
            rows = [
                {"game": game.id, "read": game.version, "due": done.due,
                 "count": done.reminded, "ends": done.deadline}
                for game, done in outcomes
            ]  # fmt: skip
            if rows:
                session.execute(_SETTLED, rows)
            session.commit()
        for _ in outcomes:
            metrics.sweep_settled()
        return [done.wake for _, done in outcomes if done.wake is not None]

    async def _wake(self, wake: Wake) -> None:
        if not wake.ran_out:
            await self.rooms.wake(wake.game_id)  # loading the room sets its bot going
            return
        room = await self.rooms.room(wake.game_id)
        if room is not None and await room.time_ran_out(wake.version):
            log.info("game %s: time ran out at version %s", wake.game_id, wake.version)
        if room is not None and room.resting():
            self.rooms.evict(room)


@dataclass(frozen=True)
class Settled:
    """What settling a game decided: its room's part, the notices to add, and its new
    standing."""

    wake: Wake | None
    due: datetime | None
    """When the game is next due (None: not until a move)."""
    reminded: int
    deadline: datetime | None
    notices: tuple[NoticeDraft, ...] = ()


def _mover(game: Game) -> int | None:
    """The person to move (None: a bot's seat, or the game is over)."""
    if game.status != "playing" or game.current_seat is None:
        return None
    person = game.seats[game.current_seat].get("user_id")
    return person if isinstance(person, int) else None


def settle(game: Game, now: datetime, *, substituted: bool, schedule: Schedule | None) -> Settled:
    """What a due game needs now and when it is next due, from the game's row, whether
    a bot plays the seat to move, and its mover's schedule. Pure: the caller writes
    the notices and the standing (if no move came in between) and wakes the room."""
    if game.status != "playing":
        return Settled(None, None, game.reminded, game.turn_deadline_at, _the_end(game, now))
    if game.current_seat is None:
        return Settled(None, None, game.reminded, game.turn_deadline_at)
    person = _mover(game)
    if person is None or schedule is None or substituted:
        wake = Wake(game.id, game.version, ran_out=False)
        return Settled(wake, now + BOT_PATIENCE, game.reminded, None)
    started = as_utc(game.turn_started_at or now)
    pace = Pace(game.turn_days, game.on_timeout, game.vacation)
    clock = clock_for(pace, schedule, started)
    deadline = None if clock is None else clock.deadline
    told = [_about_turn(game, person, TURN, started, deadline, due=started + UNSEEN_FOR)]
    if clock is None:
        return Settled(None, None, game.reminded, None, tuple(told))
    if now >= clock.deadline:
        wake = Wake(game.id, game.version, ran_out=True)
        return Settled(wake, now + LEASE, 2, deadline, tuple(told))
    reminded = game.reminded
    if now >= clock.ninety and reminded < 2:
        told.append(_about_turn(game, person, NINETY, started, deadline, due=now))
        reminded = 2
    elif now >= clock.half and reminded < 1:
        told.append(_about_turn(game, person, HALF, started, deadline, due=now))
        reminded = 1
    moments = [clock.half, clock.ninety, clock.deadline][reminded:]
    return Settled(None, min(m for m in moments if m > now), reminded, deadline, tuple(told))


def _about_turn(
    game: Game,
    person: int,
    kind: NoticeKind,
    started: datetime,
    deadline: datetime | None,
    *,
    due: datetime,
) -> NoticeDraft:
    """A notice about this turn (its key: the game, the turn's start, the person)."""
    details: dict[str, Any] = {"game": game.kind, "players": [s["name"] for s in game.seats]}
    details["seat"] = game.current_seat
    if deadline is not None:
        details["deadline"] = as_utc(deadline).timestamp()
    key = (game.id, int(started.timestamp()), person)
    return draft(kind, key, person, details, due, game=(game.id, game.version))


def _the_end(game: Game, now: datetime) -> tuple[NoticeDraft, ...]:
    """Each person at the table hears how the game ended, once."""
    winners = set((game.result or {}).get("winners", []))
    names = [other["name"] for other in game.seats]
    return tuple(
        draft(
            GAME_OVER,
            (game.id, occupant["user_id"]),
            occupant["user_id"],
            {"game": game.kind, "players": names, "won": seat in winners, "seat": seat},
            now + UNSEEN_FOR,
            game=(game.id, game.version),
        )
        for seat, occupant in enumerate(game.seats)
        if isinstance(occupant.get("user_id"), int)
    )


def _settled_statement() -> Executable:
    games = cast(Table, Game.__table__)
    return (
        update(games)
        .where(games.c.id == bindparam("game"), games.c.version == bindparam("read"))
        .values(
            due_at=bindparam("due"),
            lease_until=None,
            reminded=bindparam("count"),
            turn_deadline_at=bindparam("ends"),
        )
    )


_SETTLED = _settled_statement()
