"""A viewer of a room: one websocket, a seated player or a spectator, and its wire."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..protocol import encode
from .screens import ViewerKind, viewer_kind

OUTBOX_LIMIT = 256


class Wire(Protocol):
    """Where a viewer's messages go: the socket itself (web.live.wire), or an outbox."""

    def send_text(self, text: str) -> bool:
        """Send (or queue) one message; False when it cannot go: closing, or too far behind."""

    def close(self, code: int, reason: str = "") -> None:
        """Close the socket after what was sent."""


class Outbox:
    """A wire that keeps the messages until a sender writes them to a socket served the
    plain ASGI way (web.live.sockets); with no sender (a room's tests) it keeps them all.
    A plain list, and no task waiting on it: an idle socket holds no queue."""

    __slots__ = ("closing", "messages", "wake")

    def __init__(self, wake: Callable[[], None] | None = None) -> None:
        self.messages: list[str | None] = []
        """Oldest first; ``None`` says to close the socket after the ones before it."""
        self.wake = wake
        """Called when the outbox gets its first message: the sender starts writing."""
        self.closing: int | None = None
        """The close code asked for, once asked."""

    def send_text(self, text: str) -> bool:
        if self.closing is not None or len(self.messages) >= OUTBOX_LIMIT:
            return False
        self._queue(text)
        return True

    def close(self, code: int, reason: str = "") -> None:
        if self.closing is None:
            self.closing = code
            self._queue(None)

    def _queue(self, message: str | None) -> None:
        self.messages.append(message)
        if len(self.messages) == 1 and self.wake is not None:
            self.wake()


@dataclass(eq=False, slots=True)
class Viewer:
    """One websocket watching a room: a seated player or a spectator."""

    user_id: int | None
    seat: int | None
    """The seat whose view (and hand) this socket gets; None: a spectator's view. On
    a device of local seats, the local seat to play once its player said "show my
    tiles", else None (docs/pass-and-play.md)."""
    assistance: str = "beginner"
    language: str = "en"
    """The language the viewer's refusals are worded in."""
    wire: Wire = field(default_factory=Outbox)
    """Where its messages go: the socket, as soon as one is accepted."""
    hung_up: bool = False
    """The server closed the socket on purpose (too slow, banned, the room unloaded)."""
    allowed: bool = True
    """False for a spectator of a game that lets nobody watch: refused at the door."""
    seen: int = -1
    """The newest version this player's page said it showed them (web.notify)."""
    name: str = ""
    """The person's name, for what they say as a spectator (a player's is their seat's)."""
    unheard: frozenset[int] = frozenset()
    """Whose chat lines never reach this viewer: those they muted, and those who muted
    them (web.talk)."""
    muted_until: float | None = None
    """Until when (epoch seconds) an admin or moderator muted this person everywhere."""
    chat_since: int | None = None
    """The newest chat line this viewer's page holds: a snapshot sends only newer ones."""
    local_seats: frozenset[int] = frozenset()
    """The seats played on this device (pass-and-play): their hands hidden until the
    one to play asks to see theirs, hidden again when its turn ends."""

    @property
    def seats_held(self) -> frozenset[int]:
        """The seats this socket plays for: present at the table while it is open."""
        if self.local_seats:
            return self.local_seats
        return frozenset() if self.seat is None else frozenset({self.seat})

    @property
    def player_seat(self) -> int | None:
        """The seat this socket acts as when it is not a move: its own, or on a device
        of local seats the one shown, else the first (its chat goes to the players)."""
        if self.seat is not None or not self.local_seats:
            return self.seat
        return min(self.local_seats)

    @property
    def home_seat(self) -> int | None:
        """The seat that lists the game in its person's "my games" (what they saw of it,
        the chat they read): their own, or the first of their device's local seats."""
        return min(self.local_seats) if self.local_seats else self.seat

    def hang_up(self, code: int = 1013) -> None:
        """Close the socket after what was sent; the client reconnects and resyncs."""
        if not self.hung_up:
            self.hung_up = True
            self.wire.close(code)

    @property
    def kind(self) -> ViewerKind:
        """Which kind of viewer this is: the same messages go to every one of a kind."""
        return viewer_kind(self.seat, self.assistance)

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message for this viewer alone."""
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        """Send an encoded message; a viewer too slow to keep up is cut off (it will
        resync)."""
        if not self.hung_up and not self.wire.send_text(text):
            self.hang_up()
