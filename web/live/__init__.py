"""Live games: the rooms that hold games in memory, the hub that holds the rooms, the
event store, the fan-out between processes, the bots' and the coach's worker
processes, the game websocket and the games' read-only routes.

- :mod:`web.live.store` — the event store (reads; writes grouped on one thread);
- :mod:`web.live.room` — one game in memory with its viewers, timers and bots,
  handed its parts (:class:`RoomParts`) rather than the hub;
- :mod:`web.live.hub` — the rooms of this process and what the others tell it;
- :mod:`web.live.presence` — who is connected on the other processes;
- :mod:`web.live.coach` — finished games' human moves, searched in the background;
- :mod:`web.live.thinkers` — the worker processes the bots and the coach think in;
- :mod:`web.live.fanout` — in-process or Redis messages between processes;
- :mod:`web.live.background` — work left running, its failure logged;
- :mod:`web.live.sockets` — ``/ws/games/{id}`` (:class:`GameSockets`, served before
  the routes); :mod:`web.live.routes` — ``/api/games/…``.
"""

from . import routes, sockets
from .fanout import make_fanout
from .hub import Hub
from .room import Room, RoomParts, Submission
from .store import ConflictError, EventStore, StoredEvent, StoredGame
from .viewers import Viewer

api_router = routes.router
"""``/api/games/{id}``, its record and its replay."""
GameSockets = sockets.GameSockets
"""The ASGI step that serves ``/ws/games/{id}``."""

__all__ = [
    "ConflictError",
    "EventStore",
    "GameSockets",
    "Hub",
    "Room",
    "RoomParts",
    "StoredEvent",
    "StoredGame",
    "Submission",
    "Viewer",
    "api_router",
    "make_fanout",
]
