"""Bots that think, and the coach: searches run in worker processes, never on the loop.

The strong bot ("Hard") searches for a second a move, and the coach searches
every human move of a finished game; either would stall every game of the
process if it ran on the event loop. They run in process pools instead
(``CHROMINO_BOT_WORKERS`` for the bots, one worker for the coach), below the
server in priority and ending with it,
handed plain data: the mover's *view* (never the hidden tiles) and a seed. A
worker that dies costs one move: the bot falls back to Medium for it, says so in
the log, and the pool is made again for the next. So does a worker the machine
starves past the bot's time and its grace: the game never waits on spare cycles.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from ..games import game_kind
from ..settings import Settings

log = logging.getLogger(__name__)

T = TypeVar("T")


def _think(kind: str, view: dict[str, Any], bot: str, seed: str, seconds: float) -> dict[str, Any]:
    """In a worker: the bot's action for the seat of ``view`` (its record form)."""
    return game_kind(kind).think(view, bot, seed, seconds)


def _assess(
    kind: str,
    view: dict[str, Any],
    played: dict[str, Any],
    seed: str,
    iterations: int,
) -> dict[str, Any]:
    """In a worker: the coach's note on one move, from the mover's view."""
    return game_kind(kind).assess(view, played, seed, iterations)


BOT_NICENESS = 5
"""Bots think below the server: a move's broadcast never waits for a bot's search (the
search just gets a few fewer iterations in its second when the machine is busy)."""
COACH_NICENESS = 15
"""The coach below the bots: it has all the time in the world."""
PARENT_CHECK_SECONDS = 0.5


def _worker_start(niceness: int, parent: int, idle_class: bool) -> None:
    """In a new worker: step back in priority, and end with the server.

    On Linux the worker runs in the idle scheduling class (``idle_class``), on the time
    the server leaves over: with a niceness alone, two searching workers on a two-core machine
    still pushed the p99 of people's moves in the load benchmark from about 0.1 s to
    0.3-0.6 s; idle-class workers barely move it. (Within the idle class the coach
    and the bots share alike; the niceness orders them elsewhere.)

    A server killed outright (SIGKILL, the OOM killer) cannot shut its pool down;
    without the watch its workers would wait for work forever, one orphan per worker
    per crash."""
    with contextlib.suppress(OSError):
        os.nice(niceness)
    if idle_class and hasattr(os, "SCHED_IDLE"):  # Linux: only on time the server leaves
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    threading.Thread(target=_end_with, args=(parent,), name="parent-watch", daemon=True).start()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


class Workers:
    """A process pool that is made again when one of its workers dies.

    Work is handed over through :meth:`run`, never more at a time than there are
    workers: the rest waits on the event loop, where giving up on it (a bot past its
    time) is clean. A search handed to the pool is never cancelled there, only left to
    finish: Python 3.11's pool, when a worker dies, fails every piece of work it holds,
    and a cancelled one among them kills the thread that does so, leaving the pool
    refusing all work and the rest of its waiters unanswered."""

    def __init__(
        self, size: int, name: str, *, niceness: int = BOT_NICENESS, idle_class: bool = True
    ) -> None:
        self.size = size
        self.name = name
        self.niceness = niceness
        self.idle_class = idle_class
        """Whether the workers run only on time nothing else wants (Linux's idle class):
        right for work that can wait or give up, wrong for work a person waits for."""
        self._pool: ProcessPoolExecutor | None = None
        self._slots: asyncio.Semaphore | None = None
        self._slots_loop: asyncio.AbstractEventLoop | None = None

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a worker, once one is free. Raises BrokenProcessPool when
        a worker died (the pool is dropped: the next call makes a new one). Cancelling
        the caller gives up waiting, never the work already handed over."""
        loop = asyncio.get_running_loop()
        slots = self._slots_on(loop)
        await slots.acquire()
        pool = self.pool()
        try:
            handed: Future[T] = pool.submit(work, *args)
        except BaseException as failure:
            slots.release()
            if isinstance(failure, BrokenProcessPool):
                self._drop(pool)
            raise
        handed.add_done_callback(lambda _: _release_on(loop, slots))
        try:
            return await asyncio.shield(asyncio.wrap_future(handed))
        except BrokenProcessPool:
            self._drop(pool)
            raise

    def _slots_on(self, loop: asyncio.AbstractEventLoop) -> asyncio.Semaphore:
        """One slot a worker, counted on the loop that hands the work over."""
        if self._slots is None or self._slots_loop is not loop:
            self._slots = asyncio.Semaphore(self.size)
            self._slots_loop = loop
        return self._slots

    def pool(self) -> Executor:
        if self._pool is None:
            # spawn: the server has threads (the event store's writer), which fork would copy
            # in whatever state they are in.
            self._pool = ProcessPoolExecutor(
                max_workers=self.size,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start,
                initargs=(self.niceness, os.getpid(), self.idle_class),
            )
        return self._pool

    def broken(self) -> None:
        """Drop a pool whose worker died; the next call makes a new one."""
        if self._pool is not None:
            self._drop(self._pool)

    def _drop(self, pool: Executor) -> None:
        """Drop ``pool`` if it is still the one in use: each of a broken pool's waiters
        hears of it, and the last must not drop the new pool the first made."""
        if pool is self._pool:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def processes(self) -> list[int]:
        """The workers' process ids (for tests and metrics)."""
        if self._pool is None:
            return []
        return [process.pid for process in getattr(self._pool, "_processes", {}).values()]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _release_on(loop: asyncio.AbstractEventLoop, slots: asyncio.Semaphore) -> None:
    """Free a worker's slot from the pool's own thread (a loop already closed has no
    one left to give it to)."""
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(slots.release)


class Thinkers:
    """The bots' pool and the coach's, as the hub uses them."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.bots = Workers(settings.bot_workers, "bots")
        self.coach = Workers(1, "coach", niceness=COACH_NICENESS)
        self.answers = Workers(1, "answers", idle_class=False)
        """For a search a person waits for (the analysis board's try): below the server
        but never starved. A bot's search gives up after its time (Medium plays); this
        one has no such way out, and on a machine busy to its last cycle the idle class
        left it waiting for good."""

    async def think(
        self, kind: str, view: dict[str, Any], bot: str, seed: str
    ) -> dict[str, Any] | None:
        """The bot's action, or None when its worker failed (the caller plays Medium)."""
        seconds = self.settings.bot_seconds
        thinking = self.bots.run(_think, kind, view, bot, seed, seconds)
        try:
            return await asyncio.wait_for(thinking, seconds + self.settings.bot_grace_seconds)
        except TimeoutError:
            log.warning("a %s bot's worker did not answer in time: Medium plays this move", bot)
        except BrokenProcessPool:
            log.warning("a %s bot's worker died: Medium plays this move instead", bot)
        except Exception:
            log.exception("a %s bot failed to think: Medium plays this move instead", bot)
        return None

    async def assess(
        self,
        kind: str,
        view: dict[str, Any],
        played: dict[str, Any],
        seed: str,
        *,
        waited_for: bool = False,
    ) -> dict[str, Any]:
        """The coach's note on one move (raises when its worker failed). A note someone
        is ``waited_for`` (the analysis board's try) is searched in a pool of its own,
        never behind the coach's queue of every move of the games that just ended."""
        workers = self.answers if waited_for else self.coach
        iterations = self.settings.coach_iterations
        return await workers.run(_assess, kind, view, played, seed, iterations)

    def close(self) -> None:
        self.bots.close()
        self.coach.close()
        self.answers.close()
