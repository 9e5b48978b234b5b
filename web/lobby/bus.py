"""The live lobby: open tables and "my games" pushed to the home page as they change.

Whatever changes a table or a game (a table made, joined, left or started, a move,
a game over) calls :meth:`LobbyBus.changed`; each open lobby stream (server-sent
events, ``GET /api/lobby/events``) then reads the lists again — at most once per
:data:`REFRESH_GAP` seconds, so a busy server does not query for every move — and
sends them when they differ from what it sent last.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

REFRESH_GAP = 1.0
"""Seconds a stream waits between two readings of the lists."""
KEEP_ALIVE = 25.0
"""Seconds of silence after which a stream sends a comment (proxies close idle ones)."""


class LobbyBus:
    """Wakes every lobby stream of this process."""

    def __init__(self) -> None:
        self._listeners: set[asyncio.Event] = set()

    def changed(self) -> None:
        """Something the lobby shows may have changed (call on the event loop)."""
        for event in self._listeners:
            event.set()

    @contextlib.asynccontextmanager
    async def listen(self) -> AsyncIterator[asyncio.Event]:
        """An event set whenever something changes; the listener clears it."""
        event = asyncio.Event()
        self._listeners.add(event)
        try:
            yield event
        finally:
            self._listeners.discard(event)

    @property
    def listeners(self) -> int:
        return len(self._listeners)
