"""Where the live games and the lobby get the time: one clock, injected.

Turn deadlines are moments on a wall clock (UTC), stored with the game so that any
process, or this one after a restart, can time the turn out. Everything in
``web.live`` and ``web.lobby`` that needs the time of day (a deadline, when an event
was stored) or has to wait for a moment (a turn timer) asks the app's :class:`Clock`
rather than the system, so a test can run a game's timers without waiting for them:
:class:`FakeClock` stands still until the test moves it on, and then releases at
once every wait that came due. Pauses that only pace the game for the eye (a bot's
short delay) and the processes' liveness timers are not game time and stay real.

Production always runs :class:`SystemClock`; the fake one exists only when the
test settings ask for it (``CHROMINO_FAKE_CLOCK``, refused in production), and with
it the app serves ``POST /test/clock`` to move it (see docs/hosting.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from datetime import UTC, datetime, timedelta
from typing import Protocol

LONGEST_SLEEP = 3600.0
"""A real wait is taken in steps of at most this long, so a wall clock set forward
(or a suspended host) cannot leave a timer sleeping far past its moment."""


class Clock(Protocol):
    """The time of day, and a way to wait until a moment of it."""

    def now(self) -> datetime:
        """Now, timezone-aware in UTC."""

    async def wait_until(self, moment: datetime) -> None:
        """Return once ``now()`` has reached ``moment`` (at once if it has already)."""


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything stored is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class SystemClock:
    """The operating system's clock: what every real server runs."""

    def now(self) -> datetime:
        return datetime.now(UTC)

    async def wait_until(self, moment: datetime) -> None:
        moment = _aware(moment)
        while (left := (moment - self.now()).total_seconds()) > 0:
            await asyncio.sleep(min(left, LONGEST_SLEEP))


class FakeClock:
    """A clock for tests: it stands still until :meth:`advance` or :meth:`set` moves it,
    and then every wait whose moment has come returns at once.

    The tests move it from their own thread while the server's event loop reads it,
    so both sides take a lock; a waiter is woken on its own loop."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = _aware(start) if start is not None else datetime.now(UTC)
        self._lock = threading.Lock()
        self._waiters: list[tuple[datetime, asyncio.Future[None]]] = []

    def now(self) -> datetime:
        with self._lock:
            return self._now

    async def wait_until(self, moment: datetime) -> None:
        moment = _aware(moment)
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (moment, future)
        with self._lock:
            if moment <= self._now:
                return
            self._waiters.append(entry)
        try:
            await future
        finally:
            with self._lock:
                if entry in self._waiters:
                    self._waiters.remove(entry)

    def advance(self, seconds: float) -> datetime:
        """Move the clock on by ``seconds`` (never back); the new time."""
        if seconds < 0:
            raise ValueError(f"a clock cannot go back ({seconds} seconds)")
        with self._lock:
            moment = self._now + timedelta(seconds=seconds)
        return self.set(moment)

    def set(self, moment: datetime) -> datetime:
        """Move the clock on to ``moment`` (a moment already past leaves it); the new time."""
        with self._lock:
            self._now = max(self._now, _aware(moment))
            due = [entry for entry in self._waiters if entry[0] <= self._now]
            self._waiters = [entry for entry in self._waiters if entry[0] > self._now]
            now = self._now
        for _, future in due:
            with contextlib.suppress(RuntimeError):  # its loop has closed: nobody waits
                future.get_loop().call_soon_threadsafe(_release, future)
        return now


def _release(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


def real_now() -> datetime:
    """The operating system's time, whatever the games' clock: for what is about the
    processes, not the games (a sweep's lease: whether its process is still alive)."""
    return datetime.now(UTC)


def clock_for(fake: bool, start: datetime | None = None) -> Clock:
    """The clock the settings ask for: the system's, or (tests only) a fake one."""
    return FakeClock(start) if fake else SystemClock()
