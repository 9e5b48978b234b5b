"""The event store's writer thread: it runs the store's commits one after another and
answers each in the event loop that asked for it.

A thread pool's hand-over costs more than the work it hands over here: each call made a
``concurrent.futures`` future (with a condition variable of its own), took two locks,
chained that future to an asyncio one through two callbacks, and woke the loop for each.
The store calls this thread once per batch of moves: one put on a queue, one call back
into the loop with the outcome.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_Job = tuple[Callable[..., Any], tuple[Any, ...], asyncio.Future[Any], asyncio.AbstractEventLoop]


class WriterThread:
    """One thread, started on first use, running jobs in the order they were handed."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def run(self, work: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        """Run ``work(*args)`` on the thread; its result (or exception) in this loop."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()
        self._start()
        self._jobs.put((work, args, done, loop))
        return done

    def shutdown(self) -> None:
        """Let the jobs handed so far finish, then stop the thread (blocks until it has)."""
        with self._lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            self._jobs.put(None)
            thread.join()

    def _start(self) -> None:
        if self._thread is None:
            with self._lock:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._work, name=self.name, daemon=True)
                    self._thread.start()

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            work, args, done, loop = job
            try:
                outcome: tuple[Any, BaseException | None] = (work(*args), None)
            except BaseException as error:
                outcome = (None, error)
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                loop.call_soon_threadsafe(settle, done, *outcome)


def settle(done: asyncio.Future[Any], result: Any, error: BaseException | None = None) -> None:
    """Give a waiting future its result, or its error; one given up on (cancelled, or
    settled already) is left as it is."""
    if done.done():
        return
    if error is None:
        done.set_result(result)
    else:
        done.set_exception(error)
