"""Who is connected to each game on the other processes, as they last told us.

Each process announces, through the fan-out, who is connected to its rooms; this
book keeps what the others said, each entry believed until
``presence_ttl_seconds`` after it was heard (a process that died stops
announcing and drops out). The hub writes it, the rooms read it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RemotePresence:
    """Who is connected to one game on another process, and until when to believe it."""

    seats: frozenset[int]
    spectators: int
    expires: float


class PresenceElsewhere:
    """game id → process → who is connected there."""

    def __init__(self, ttl_seconds: float) -> None:
        self._ttl = ttl_seconds
        self._games: dict[str, dict[str, RemotePresence]] = {}

    def of(self, game_id: str) -> tuple[frozenset[int], int]:
        """Seats connected and spectators watching on the other processes (still alive)."""
        now = time.monotonic()
        seats: set[int] = set()
        spectators = 0
        for entry in self._games.get(game_id, {}).values():
            if entry.expires > now:
                seats |= entry.seats
                spectators += entry.spectators
        return frozenset(seats), spectators

    def heard(self, game_id: str, message: dict[str, Any]) -> bool:
        """Note a process's ``presence`` message; whether it told anything new."""
        origin = str(message.get("origin"))
        seats = frozenset(int(seat) for seat in message.get("seats", []))
        spectators = int(message.get("spectators", 0))
        processes = self._games.setdefault(game_id, {})
        before = processes.get(origin)
        if seats or spectators:
            expires = time.monotonic() + self._ttl
            processes[origin] = RemotePresence(seats, spectators, expires)
        else:
            processes.pop(origin, None)
        return before is None or (before.seats, before.spectators) != (seats, spectators)

    def forget_silent(self) -> list[str]:
        """Drop what processes that went quiet said; the games whose presence changed."""
        now = time.monotonic()
        changed = []
        for game_id, processes in list(self._games.items()):
            expired = [origin for origin, entry in processes.items() if entry.expires <= now]
            for origin in expired:
                del processes[origin]
            if not processes:
                del self._games[game_id]
            if expired:
                changed.append(game_id)
        return changed
