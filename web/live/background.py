"""Work started and not awaited (a fan-out message, a catch-up, queueing for the
coach): a task nobody awaits would fail in silence, so its failure is logged."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from functools import partial
from typing import Any

log = logging.getLogger(__name__)


def in_background(work: Coroutine[Any, Any, None], failure: str) -> None:
    """Run ``work`` on the running loop; if it raises, log ``failure`` with the error."""
    task = asyncio.get_running_loop().create_task(work)
    task.add_done_callback(partial(_log_failure, failure))


def _log_failure(failure: str, task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error(failure, exc_info=task.exception())
