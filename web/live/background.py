"""Work started and not awaited (a fan-out message, a catch-up, queueing for the
coach): a task nobody awaits would fail in silence, so its failure is logged.

The loop keeps only weak references to its tasks: a task waiting on a thread or a lock
with no other holder could be collected half done, so the running ones are kept here
until they end."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from functools import partial
from typing import Any

log = logging.getLogger(__name__)

_running: set[asyncio.Task[None]] = set()


def in_background(work: Coroutine[Any, Any, None], failure: str) -> None:
    """Run ``work`` on the running loop; if it raises, log ``failure`` with the error."""
    task = asyncio.get_running_loop().create_task(work)
    _running.add(task)
    task.add_done_callback(partial(_ended, failure))


def _ended(failure: str, task: asyncio.Task[None]) -> None:
    _running.discard(task)
    if not task.cancelled() and task.exception() is not None:
        log.error(failure, exc_info=task.exception())
