"""Telling other processes that a game moved on: in-process (one process) or Redis pub/sub.

Only the fact "game G reached version V" travels; every process reads the
events themselves from the database, so a message lost by Redis costs a
delay, never a move (clients also resync by version).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Protocol

log = logging.getLogger(__name__)

Listener = Callable[[str, int], Awaitable[None]]
CHANNEL = "chromino:game-versions"


class Fanout(Protocol):
    """Publishes game versions to the other processes and hears theirs."""

    async def start(self, listener: Listener) -> None: ...

    async def publish(self, game_id: str, version: int) -> None: ...

    async def stop(self) -> None: ...


class LocalFanout:
    """One process: the hub already told its own clients, so there is no one else to tell."""

    async def start(self, listener: Listener) -> None:
        """Nothing to subscribe to."""

    async def publish(self, game_id: str, version: int) -> None:
        """Nothing to publish to."""

    async def stop(self) -> None:
        """Nothing to close."""


class RedisFanout:
    """Several processes or hosts: Redis pub/sub on one channel."""

    def __init__(self, url: str) -> None:
        from redis import asyncio as aioredis

        self._redis = aioredis.from_url(url)
        self._origin = uuid.uuid4().hex
        self._task: asyncio.Task[None] | None = None

    async def start(self, listener: Listener) -> None:
        """Subscribe, then hand every other process's message to ``listener``."""
        pubsub = self._redis.pubsub()
        await pubsub.subscribe(CHANNEL)
        self._task = asyncio.create_task(self._listen(pubsub, listener))

    async def _listen(self, pubsub: object, listener: Listener) -> None:
        async for message in pubsub.listen():  # type: ignore[attr-defined]
            if message.get("type") != "message":
                continue
            try:
                origin, game_id, version = message["data"].decode().split(" ")
                if origin != self._origin:
                    await listener(game_id, int(version))
            except Exception:
                log.exception("ignoring a fan-out message that could not be handled")

    async def publish(self, game_id: str, version: int) -> None:
        """Announce a version; a failure is logged, not raised (clients resync by version)."""
        try:
            await self._redis.publish(CHANNEL, f"{self._origin} {game_id} {version}")
        except Exception:
            log.exception("could not publish %s@%s to Redis", game_id, version)

    async def stop(self) -> None:
        """Unsubscribe and close the connection."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        await self._redis.aclose()


def make_fanout(redis_url: str | None) -> Fanout:
    """Redis when a URL is configured, else in-process."""
    return RedisFanout(redis_url) if redis_url else LocalFanout()
