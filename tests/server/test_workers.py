"""The worker pools (web.live.thinkers.Workers): work given up on while a worker dies
never leaves the pool refusing work or its other callers waiting for good."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from support.live import run_apart

from web.live.thinkers import Workers

ANSWER_SECONDS = 60
"""Long enough for a worker to start on a machine busy with the rest of the suite."""


def started_then_sleep(mark: str, seconds: float) -> None:
    """In a worker: say the work has started (a file appears), then take a while."""
    Path(mark).touch()
    time.sleep(seconds)


async def _a_worker_dies_under_abandoned_work(mark: Path) -> tuple[int, int, Sequence[object]]:
    """One worker, busy with a long piece of work; more pieces wait for it. All but the
    last are given up on, then the worker is killed. Returns the worker's pid before,
    the pid that answers the next piece of work, and what the waiting pieces ended with."""
    workers = Workers(1, "test", idle_class=False)
    try:
        before = await asyncio.wait_for(workers.run(os.getpid), ANSWER_SECONDS)
        given_up = [asyncio.create_task(workers.run(started_then_sleep, str(mark), 30))]
        given_up += [asyncio.create_task(workers.run(time.sleep, 30)) for _ in range(5)]
        last = asyncio.create_task(workers.run(os.getpid))
        while not mark.exists():  # the first piece is in the worker's hands
            await asyncio.sleep(0.01)
        for task in given_up:
            task.cancel()
        await asyncio.wait(given_up)
        os.kill(before, signal.SIGKILL)
        ended = await asyncio.wait_for(
            asyncio.gather(*given_up, last, return_exceptions=True), ANSWER_SECONDS
        )
        after = await asyncio.wait_for(workers.run(os.getpid), ANSWER_SECONDS)
        return before, after, ended
    finally:
        workers.close()


def test_work_given_up_on_while_a_worker_dies_leaves_the_pool_working(tmp_path: Path) -> None:
    before, after, ended = run_apart(_a_worker_dies_under_abandoned_work(tmp_path / "started"))
    *given_up, last = ended
    assert all(isinstance(outcome, asyncio.CancelledError) for outcome in given_up), given_up
    # the piece still waited for is answered, by the dead worker's pool (it failed) or
    # by the new one, never left waiting
    assert isinstance(last, (int, BrokenProcessPool)), last
    assert after != before  # a new pool, with a new worker
