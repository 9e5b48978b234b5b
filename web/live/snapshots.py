"""What a viewer is given to start from: a whole snapshot of the game as they may see
it (``welcome``, ``state``), or, to a viewer coming back, the events they missed.

Its own part of the room because a snapshot gathers every other part's standing —
the clock, the substitutes, the end offer, the talk, the seats' ratings as this
reader may see them — while the room itself only moves the game on.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..games import Applied
from ..protocol import PROTOCOL
from ..ratings import HeldRating, seats_seen_by
from .clocks import Clocks
from .company import Company
from .core import RoomCore
from .loading import seat_person
from .offers import EndOffers
from .screens import Screens, event_for
from .substitutes import Substitutes
from .talk import Talk
from .viewers import Viewer


class ShownRoom(RoomCore, Protocol):
    """The room as a snapshot reads it."""

    @property
    def solo(self) -> bool: ...

    @property
    def history(self) -> list[Applied]: ...

    @property
    def screens(self) -> Screens: ...

    @property
    def help_levels(self) -> list[str | None]: ...

    @property
    def ratings(self) -> list[HeldRating | None]: ...

    @property
    def bot_accounts(self) -> list[bool]: ...

    @property
    def next_game(self) -> str | None: ...

    @property
    def talk(self) -> Talk: ...

    @property
    def chat_read(self) -> dict[int, int]: ...


class Snapshots:
    """Snapshots of one room, and the bringing up to date of its viewers."""

    def __init__(
        self,
        room: ShownRoom,
        company: Company,
        clocks: Clocks,
        substitutes: Substitutes,
        offers: EndOffers,
        *,
        replay_gap_limit: int,
    ) -> None:
        self.room = room
        self.company = company
        self.clocks = clocks
        self.substitutes = substitutes
        self.offers = offers
        self.replay_gap_limit = replay_gap_limit
        """The most missed events a viewer is sent one by one (more: a snapshot)."""

    def sync(self, viewer: Viewer, since: int | None, snapshot: str = "welcome") -> None:
        """Bring a (re)connecting viewer up to date: missed events, or a snapshot.

        ``snapshot`` is the snapshot's type: ``welcome`` opens a connection, a resync
        asked for on an open one (a ``sync`` message) gets a ``state``."""
        version = self.room.version
        if since is None or not 0 <= since <= version or version - since > self.replay_gap_limit:
            viewer.send(self.message(viewer, snapshot))
            return
        for missed in range(since + 1, version + 1):
            applied = self.room.history[missed - 1]
            # a pass-and-play device's log never holds a tile drawn (it would stay
            # on the page after the hand is hidden): the hand shows it
            event = event_for(applied, None if viewer.local_seats else viewer.seat)
            viewer.send({"type": "event", "version": missed, "event": event})
        viewer.send(self.message(viewer, "state"))

    def message(self, viewer: Viewer, kind: str = "state") -> dict[str, Any]:
        """A full snapshot for one viewer."""
        room, clocks = self.room, self.clocks
        return {
            "type": kind,
            "protocol": PROTOCOL,
            "game": room.kind.name,
            "game_id": room.game_id,
            "version": room.version,
            "seat": viewer.seat,
            "local_seats": sorted(viewer.local_seats),
            "players": [seat["name"] for seat in room.seats],
            "bots": [seat["bot"] for seat in room.seats],
            "user_ids": [seat_person(seat) for seat in room.seats],
            "bot_accounts": room.bot_accounts,
            "ratings": seats_seen_by(room.ratings, viewer.user_id),
            "assistance": room.help_levels,
            "solo": room.solo,
            **room.screens.state_fields(viewer.kind, room.version, clocks.deadline),
            "presence": self.company.everywhere(),
            "next_game": room.next_game,
            "end_offer": self.offers.snapshot(),
            "away": self.substitutes.flags(),
            "substitute_minutes": self.substitutes.minutes(),
            "turn_days": clocks.pace.turn_days,
            "away_until": clocks.away_until(),
            "on_timeout": clocks.pace.on_timeout if clocks.pace.clocked else None,
            "chat": self._chat(viewer),
        }

    def _chat(self, viewer: Viewer) -> dict[str, Any]:
        read = 0 if viewer.home_seat is None else self.room.chat_read.get(viewer.home_seat, 0)
        snapshot = self.room.talk.snapshot(viewer, viewer.chat_since, read)
        viewer.chat_since = self.room.talk.seq  # later lines reach it live
        return snapshot

    def resend(self, user_id: int | None = None) -> None:
        """Send a ``state`` to every viewer (to ``user_id``'s alone, when given)."""
        for viewer in self.room.viewers:
            if user_id is None or viewer.user_id == user_id:
                viewer.send(self.message(viewer, "state"))

    def assistance_changed(self, user_id: int, level: str) -> None:
        """A player changed their assistance level: resend their state at once; when
        they have a seat here, everyone else hears every seat's level (an
        ``assistance`` message), so all see who may draw while a tile fits."""
        room, seated = self.room, False
        for index, seat in enumerate(room.seats):
            if seat.get("user_id") == user_id and room.help_levels[index] != level:
                room.help_levels[index] = level
                seated = True
        news = {"type": "assistance", "version": room.version, "assistance": room.help_levels}
        for viewer in room.viewers:
            if viewer.user_id == user_id:
                viewer.assistance = level
                viewer.send(self.message(viewer, "state"))
            elif seated:
                viewer.send(news)
