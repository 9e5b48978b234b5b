"""Live games: the event store, the rooms and the hub that holds them.

- :mod:`web.hub.store` — the event store (reads; writes grouped on one thread);
- :mod:`web.hub.room` — one game in memory with its viewers, timers and bots;
- :mod:`web.hub.registry` — the rooms of this process and the fan-out between processes.
"""

from .registry import Hub
from .room import Room, Submission, Viewer
from .store import ConflictError, EventStore, StoredEvent, StoredGame

__all__ = [
    "ConflictError",
    "EventStore",
    "Hub",
    "Room",
    "StoredEvent",
    "StoredGame",
    "Submission",
    "Viewer",
]
