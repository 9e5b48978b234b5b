"""Live games: the rooms that hold games in memory, the hub that holds the rooms, the
event store, the fan-out between processes, the bots' and the coach's worker
processes, the game websocket and the games' read-only routes.

- :mod:`web.live.store` — the event store (writes grouped on one thread,
  :mod:`.writer`, handed by the app what else changes with a game's end:
  :data:`GameEnded`);
  :mod:`web.live.loading` — a game as a room is built from;
- :mod:`web.live.room` — one game in memory: its lock, submitting, broadcasting and
  viewers, handed its parts (:class:`RoomParts`) rather than the hub; what it sees
  of itself is :mod:`web.live.core`; its parts are the clock (:mod:`.clocks`), the
  bots (:mod:`.bots`), a bot for an absent player (:mod:`.substitutes`), the end
  offer (:mod:`.offers`), the snapshots (:mod:`.snapshots`), who is here
  (:mod:`.company`), what each player saw and read (:mod:`.marks`), pass-and-play
  hands (:mod:`.hands`), the copies on other processes (:mod:`.replica`) and the
  talk (:mod:`.talk`); :mod:`.acting` holds an action's checks and its event;
- :mod:`web.live.hub` — the rooms of this process and what the others tell it;
- :mod:`web.live.presence` — who is connected on the other processes;
- :mod:`web.live.coach` — finished games' human moves, searched in the background;
  :mod:`web.live.coach_records` — where a person's moves differed from the coach's;
- :mod:`web.live.thinkers` — the worker processes the bots and the coach think in;
- :mod:`web.live.fanout` — in-process or Redis messages between processes;
- :mod:`web.live.background` — work left running, its failure logged;
- :mod:`web.live.replay` — a finished game step by step (also a duplicate board's);
  :mod:`web.live.analysis` — a placement of one's own tried where a finished game's
  mover was to play (its routes and pages: :mod:`.analysis_routes`, a controller);
- :mod:`web.live.sockets` — ``/ws/games/{id}`` (:class:`GameSockets`, served before
  the routes; the app hands it the site's origin rule); :mod:`web.live.wire` — the
  connection an accepted game socket is taken over by (:class:`HeldSocketProtocol`,
  uvicorn's protocol for ``chromino serve``); :mod:`web.live.routes` —
  ``/api/games/…`` (a controller: the app includes it, this face does not import it).
"""

from . import sockets
from .coach_records import CoachRecord, coach_record
from .core import Submission
from .fanout import CHANNEL, make_fanout
from .hub import Hub
from .loading import StoredGame
from .parts import RoomParts
from .replay import replay_of
from .room import Room
from .store import ConflictError, EventStore, GameEnded, StoredEvent
from .thinkers import COACH_NICENESS, Workers
from .viewers import Viewer
from .wire import HeldSocketProtocol

GameSockets = sockets.GameSockets
"""The ASGI step that serves ``/ws/games/{id}``."""

__all__ = [
    "CHANNEL",
    "COACH_NICENESS",
    "CoachRecord",
    "ConflictError",
    "EventStore",
    "GameEnded",
    "GameSockets",
    "HeldSocketProtocol",
    "Hub",
    "Room",
    "RoomParts",
    "StoredEvent",
    "StoredGame",
    "Submission",
    "Viewer",
    "Workers",
    "coach_record",
    "make_fanout",
    "replay_of",
]
