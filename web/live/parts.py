"""What a room works with, handed to it by whoever holds the rooms (the hub).

Its own module so that the room's parts can be given pieces of it without importing
the room.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from ..clock import Clock
from ..settings import Settings
from .buckets import Buckets
from .fanout import Fanout
from .presence import PresenceElsewhere
from .store import EventStore
from .thinkers import Thinkers

R = TypeVar("R")
"""The room (``web.live.room.Room``), as ``unload`` is handed it back."""


@dataclass(frozen=True)
class RoomParts(Generic[R]):
    """What a room works with, handed to it by whoever holds the rooms (the hub).

    The room never reaches back for its holder: it is given its store, the fan-out to
    the other processes, what they said of their viewers, the bots' thinkers and the
    settings, and three hooks for what concerns more than one game — the way
    boardgame.io's ``Master`` is handed its game, storage and transport."""

    store: EventStore
    fanout: Fanout
    elsewhere: PresenceElsewhere
    thinkers: Thinkers
    settings: Settings
    clock: Clock
    """Where the turn timers get the time and wait for a deadline (web.clock)."""
    lobby_changed: Callable[[], None]
    """Tables or games changed: the lobby streams, here and elsewhere, read again."""
    game_over: Callable[[str], None]
    """A game this process committed the end of (the coach looks at it)."""
    unload: Callable[[R], None]
    """Forget this room (its viewers reconnect to a fresh one)."""
    chat_limits: Buckets
    """How often each person may chat, across this process's rooms."""
