"""Telling the other processes what happened: in-process (one process) or Redis pub/sub.

Messages are small JSON objects with a ``kind``: ``version`` (a game reached a
version: the committed event and the turn deadline ride along, so a process whose
room is one version behind applies it without reading the database), ``presence``
(who is connected to a game on the sending process) and ``presence_query`` (a
process that just loaded a game asks the others who they have; presence carries the
sender's version of the game too) and ``resync`` (from the listener itself, after a
lost subscription). Redis may lose a message on a disconnect: a room that finds
itself more than one version behind, or hears of a version it lacks in another
process's presence, reads the events from the database; clients resync by version,
never from Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from .background import in_background

log = logging.getLogger(__name__)

Listener = Callable[[dict[str, Any]], Awaitable[None]]
CHANNEL = "chromino:games"


class Fanout(Protocol):
    """Publishes this process's news to the others and hears theirs."""

    @property
    def origin(self) -> str:
        """This process's name on the channel."""
        ...

    @property
    def alone(self) -> bool:
        """Whether there is nobody to tell: the one process (a move's news is then not
        even written down)."""
        ...

    async def start(self, listener: Listener) -> None: ...

    async def publish(self, message: dict[str, Any]) -> None: ...

    async def stop(self) -> None: ...


TELL_FAILED = "a message could not be told to the other processes"


def tell_others(fanout: Fanout, message: dict[str, Any], failure: str = TELL_FAILED) -> None:
    """Publish ``message`` without waiting for it (its failure logged as ``failure``);
    a process that is alone builds no task for nobody to hear."""
    if not fanout.alone:
        in_background(fanout.publish(message), failure)


class LocalFanout:
    """One process: the hub already told its own clients, so there is no one else to tell."""

    origin = "local"
    alone = True

    async def start(self, listener: Listener) -> None:
        """Nothing to subscribe to."""

    async def publish(self, message: dict[str, Any]) -> None:
        """Nothing to publish to."""

    async def stop(self) -> None:
        """Nothing to close."""


OUTBOX_LIMIT = 10_000
"""Messages waiting to be sent before new ones are dropped (Redis down for a while)."""
BATCH_LIMIT = 200
"""Messages sent in one pipeline, one round trip."""
SEND_ATTEMPTS = 4
STOP_FLUSH_SECONDS = 2.0


class RedisFanout:
    """Several processes or hosts: Redis pub/sub on one channel.

    Publishing only queues the message: one sender task sends the queue in order,
    batched in a pipeline, over one connection. (Publishing each message on its own
    took a pooled connection per message: a burst of moves ran the pool dry, and the
    refused messages left another process's viewers a version behind.) A batch Redis
    refuses is tried again a few times; the listener subscribes again after a lost
    connection and asks the rooms to catch up from the database."""

    def __init__(self, url: str, channel: str = CHANNEL) -> None:
        from redis import asyncio as aioredis

        self._redis = aioredis.from_url(url)
        self.alone = False
        self.channel = channel
        self.origin = uuid.uuid4().hex
        self._outbox: asyncio.Queue[str] = asyncio.Queue(maxsize=OUTBOX_LIMIT)
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self, listener: Listener) -> None:
        """Subscribe, then hand every other process's message to ``listener``."""
        pubsub = await self._subscribe()
        self._tasks = [
            asyncio.create_task(self._listen(pubsub, listener)),
            asyncio.create_task(self._send()),
        ]

    async def _subscribe(self) -> Any:
        pubsub = self._redis.pubsub()
        await pubsub.subscribe(self.channel)
        return pubsub

    async def _listen(self, pubsub: Any, listener: Listener) -> None:
        while True:
            try:
                async for message in pubsub.listen():
                    await self._hand_over(message, listener)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("lost the Redis subscription; subscribing again", exc_info=True)
            pubsub = await self._subscribe_again(pubsub)
            await listener({"kind": "resync"})  # messages may have been lost meanwhile

    async def _subscribe_again(self, old: Any) -> Any:
        with contextlib.suppress(Exception):
            await old.aclose()
        delay = 0.2
        while True:
            try:
                return await self._subscribe()
            except Exception:
                log.warning("Redis is unreachable; trying again in %.1f s", delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)

    async def _hand_over(self, message: dict[str, Any], listener: Listener) -> None:
        if message.get("type") != "message":
            return
        try:
            data = json.loads(message["data"])
            if isinstance(data, dict) and data.get("origin") != self.origin:
                await listener(data)
        except Exception:
            log.exception("ignoring a fan-out message that could not be handled")

    async def publish(self, message: dict[str, Any]) -> None:
        """Queue for the others (in order); never raises, never waits for Redis."""
        payload = json.dumps({**message, "origin": self.origin}, separators=(",", ":"))
        try:
            self._outbox.put_nowait(payload)
        except asyncio.QueueFull:
            log.error("the Redis outbox is full: dropping a %s message", message.get("kind"))

    async def _send(self) -> None:
        while True:
            batch = [await self._outbox.get()]
            while len(batch) < BATCH_LIMIT and not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            try:
                await self._deliver(batch)
            finally:
                for _ in batch:
                    self._outbox.task_done()

    async def _deliver(self, batch: list[str]) -> None:
        for attempt in range(SEND_ATTEMPTS):
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for payload in batch:
                        pipe.publish(self.channel, payload)
                    await pipe.execute()
                return
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("could not publish to Redis (try %d)", attempt + 1, exc_info=True)
                await asyncio.sleep(0.05 * 4**attempt)
        log.error(
            "dropped %d messages Redis refused; the other processes catch up from the database",
            len(batch),
        )

    async def stop(self) -> None:
        """Send what is queued (briefly), unsubscribe and close the connection."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._outbox.join(), STOP_FLUSH_SECONDS)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self._redis.aclose()


def make_fanout(redis_url: str | None, channel: str = CHANNEL) -> Fanout:
    """Redis when a URL is configured, else in-process."""
    return RedisFanout(redis_url, channel) if redis_url else LocalFanout()
