"""Pass-and-play: the hands of a device's local seats, each shown only to its own
player and only on their turn (docs/pass-and-play.md).

Its own part of the room because one socket there stands for several players, one
at a time: the hand it shows is taken back the moment its turn ends, before the move
that ended it is told.
"""

from __future__ import annotations

from ..i18n import N_, Words
from ..protocol import ProtocolError
from .core import RoomCore
from .substitutes import Substitutes
from .viewers import Viewer


class LocalHands:
    """Which local seat's hand each device shows."""

    def __init__(self, room: RoomCore, substitutes: Substitutes) -> None:
        self.room = room
        self.substitutes = substitutes

    def may_show(self, seat: int) -> bool:
        """Whether a local seat's hand may be shown on its device: on its turn only."""
        return not self.room.stopped and self.room.live.current_seat == seat

    def withdraw(self) -> list[Viewer]:
        """A device showing a local seat's hand whose turn has ended (or whose game is
        over) shows no hand any more, at once: the devices that did."""
        withdrawn = []
        for viewer in self.room.viewers:
            shown = viewer.seat
            if viewer.local_seats and shown is not None and not self.may_show(shown):
                viewer.seat = None
                withdrawn.append(viewer)
        return withdrawn

    def check_show(self, viewer: Viewer, seat: int) -> None:
        """Refuse (ProtocolError) to show ``seat``'s tiles on this device unless it is
        one of its seats, the game goes on and it is that seat's turn."""
        if seat not in viewer.local_seats:
            words = Words(N_("seat {seat} is not played on this device"), seat=seat)
            raise ProtocolError("not_local_seat", words)
        if self.room.stopped:
            raise ProtocolError("game_over", Words(N_("the game is over")))
        if not self.may_show(seat) or seat in self.substitutes.away:
            name = self.room.seats[seat]["name"]
            words = Words(N_("it is not {name}'s turn"), name=name)
            raise ProtocolError("not_their_turn", words)
