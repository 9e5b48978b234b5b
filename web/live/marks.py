"""How far each player has looked: the version their page last showed them and the
last chat line they read, kept so that no notice goes out for what they have seen
and "my games" counts only the lines they have not.

Its own part of the room because it is written from the players' pages, not from
the game: nothing here changes what anyone is shown.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from ..talk import mark_read as store_chat_read
from .core import RoomCore
from .store import EventStore
from .viewers import Viewer


class ReadMarks:
    """Per seat, the newest version seen and chat line read."""

    def __init__(
        self,
        room: RoomCore,
        store: EventStore,
        chat_read: dict[int, int],
        chat_seq: Callable[[], int],
        lobby_changed: Callable[[], None],
    ) -> None:
        self.room = room
        self.store = store
        self.chat_read = chat_read
        """Per seat, the last chat line its player read."""
        self.chat_seq = chat_seq
        self.lobby_changed = lobby_changed

    async def seen(self, viewer: Viewer, version: int) -> None:
        """A player's visible page showed the game at ``version``: kept, so that no
        notice goes out for what they have seen (each newer version written once)."""
        version = min(version, self.room.version)
        seat = viewer.home_seat
        if seat is None or version <= viewer.seen:
            return
        viewer.seen = version
        await asyncio.to_thread(self.store.mark_seen, self.room.game_id, seat, version)

    async def chat_read_to(self, viewer: Viewer, seq: int) -> None:
        """A player read the chat up to ``seq``: kept, for "my games"' unread counts."""
        seq = min(seq, self.chat_seq())
        seat = viewer.home_seat
        if seat is None or seq <= self.chat_read.get(seat, 0):
            return
        self.chat_read[seat] = seq
        game_id = self.room.game_id
        await asyncio.to_thread(store_chat_read, self.store.db, game_id, seat, seq)
        self.lobby_changed()
