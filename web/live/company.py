"""Who is at a game: the seats with a socket open and the spectators, here and on
the other processes, told to the viewers and to the other processes.

Its own part of the room because presence is gathered from two places — this
process's viewers and what the others last said (web.live.presence) — and told two
ways, while the room only keeps its viewers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .core import RoomCore
from .fanout import Fanout, tell_others
from .presence import PresenceElsewhere


class Company:
    """The presence of one room's viewers."""

    def __init__(
        self,
        room: RoomCore,
        elsewhere: PresenceElsewhere,
        fanout: Fanout,
        chat_seq: Callable[[], int],
    ) -> None:
        self.room = room
        self.elsewhere = elsewhere
        self.fanout = fanout
        self.chat_seq = chat_seq
        """The newest chat line delivered here: the others catch up if they are behind."""

    def local(self) -> tuple[frozenset[int], int]:
        """The seats with a socket on this process, and this process's spectators."""
        viewers = self.room.viewers
        seated = frozenset().union(*(viewer.seats_held for viewer in viewers))
        return seated, sum(1 for viewer in viewers if not viewer.seats_held)

    def everywhere(self) -> dict[str, Any]:
        """Which seats have someone connected, and how many watch — on every process."""
        seated, spectators = self.local()
        elsewhere_seated, elsewhere_spectators = self.elsewhere.of(self.room.game_id)
        everyone = seated | elsewhere_seated
        return {
            "connected": [index in everyone for index in range(len(self.room.seats))],
            "spectators": spectators + elsewhere_spectators,
        }

    def tell_viewers(self) -> None:
        """Tell this room's viewers who is here."""
        message = {"type": "presence", "version": self.room.version, **self.everywhere()}
        for viewer in self.room.viewers:
            viewer.send(message)

    def announce(self) -> None:
        """Who is connected to this room here, told to the others (in the background)."""
        seats, spectators = self.local()
        message = {
            "kind": "presence",
            "game": self.room.game_id,
            "seats": sorted(seats),
            "spectators": spectators,
            "version": self.room.version,
            "chat": self.chat_seq(),
        }
        tell_others(self.fanout, message)
