"""Telling the other processes what happened: in-process (one process) or Redis pub/sub.

Messages are small JSON objects with a ``kind``: ``version`` (a game reached a
version: the committed event and the turn deadline ride along, so a process whose
room is one version behind applies it without reading the database), ``presence``
(who is connected to a game on the sending process) and ``presence_query`` (a
process that just loaded a game asks the others who they have). Redis may lose a
message on a disconnect: a room that finds itself more than one version behind
reads the events from the database, and clients resync by version, never from
Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

log = logging.getLogger(__name__)

Listener = Callable[[dict[str, Any]], Awaitable[None]]
CHANNEL = "chromino:games"


class Fanout(Protocol):
    """Publishes this process's news to the others and hears theirs."""

    @property
    def origin(self) -> str:
        """This process's name on the channel."""
        ...

    async def start(self, listener: Listener) -> None: ...

    async def publish(self, message: dict[str, Any]) -> None: ...

    async def stop(self) -> None: ...


class LocalFanout:
    """One process: the hub already told its own clients, so there is no one else to tell."""

    origin = "local"

    async def start(self, listener: Listener) -> None:
        """Nothing to subscribe to."""

    async def publish(self, message: dict[str, Any]) -> None:
        """Nothing to publish to."""

    async def stop(self) -> None:
        """Nothing to close."""


class RedisFanout:
    """Several processes or hosts: Redis pub/sub on one channel."""

    def __init__(self, url: str) -> None:
        from redis import asyncio as aioredis

        self._redis = aioredis.from_url(url)
        self.origin = uuid.uuid4().hex
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
                data = json.loads(message["data"])
                if isinstance(data, dict) and data.get("origin") != self.origin:
                    await listener(data)
            except Exception:
                log.exception("ignoring a fan-out message that could not be handled")

    async def publish(self, message: dict[str, Any]) -> None:
        """Send to the others; a failure is logged, not raised (clients resync by version)."""
        try:
            payload = json.dumps({**message, "origin": self.origin}, separators=(",", ":"))
            await self._redis.publish(CHANNEL, payload)
        except Exception:
            log.exception("could not publish %s to Redis", message.get("kind"))

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
