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
from typing import Any

REFRESH_GAP = 1.0
"""Seconds a stream waits between two readings of the lists."""
KEEP_ALIVE = 25.0
"""Seconds of silence after which a stream sends a comment (proxies close idle ones)."""


class LobbyBus:
    """Wakes every lobby stream of this process; ends those of a person shut out."""

    def __init__(self) -> None:
        self._listeners: set[asyncio.Event] = set()
        self._people: dict[asyncio.Event, int] = {}
        """The person each stream serves (streams of visitors are not here)."""
        self.farewells: dict[asyncio.Event, dict[str, Any]] = {}
        """Streams whose person was banned: what to tell them before they end."""

    def changed(self) -> None:
        """Something the lobby shows may have changed (call on the event loop)."""
        for event in self._listeners:
            event.set()

    def shut_out(self, user_id: int, farewell: dict[str, Any]) -> None:
        """A person was banned: each of their streams here says ``farewell`` and ends
        (call on the event loop)."""
        for event, person in self._people.items():
            if person == user_id:
                self.farewells[event] = farewell
                event.set()

    @contextlib.asynccontextmanager
    async def listen(self, user_id: int | None = None) -> AsyncIterator[asyncio.Event]:
        """An event set whenever something changes; the listener clears it. A stream
        of ``user_id``'s ends when they are shut out (:attr:`farewells` has it then)."""
        event = asyncio.Event()
        self._listeners.add(event)
        if user_id is not None:
            self._people[event] = user_id
        try:
            yield event
        finally:
            self._listeners.discard(event)
            self._people.pop(event, None)
            self.farewells.pop(event, None)

    @property
    def listeners(self) -> int:
        return len(self._listeners)
