"""A room's table talk: lines said, checked, committed, then passed to each viewer who
may read them, in order and once, on every process (docs/protocol.md, "Table talk").

The room owns one :class:`Talk`. A line is numbered by the database (web.talk.store)
before anyone hears it; the process that wrote it delivers it and tells the others,
who deliver it too — or, if they missed a number, read the gap from the database
first. A line at or below the last delivered number is one already passed on: so a
line reaches each viewer once, in number order, whichever process wrote it.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..db import Database
from ..i18n import N_, Words
from ..protocol import ChatCommand, ProtocolError, encode
from ..talk import (
    PLAYERS,
    RECENT_LINES,
    SPECTATORS,
    ChatLine,
    TableTalk,
    clean_text,
    may_read,
    read_after,
)
from .buckets import Buckets
from .fanout import Fanout, tell_others
from .viewers import Viewer

FANOUT_FAILED = "a chat line could not be told to the other processes"
REMEMBERED_COMMANDS = 512
"""Chat command ids kept, per room, so that one sent twice (a reconnect) is said once."""


@dataclass(frozen=True)
class TalkParts:
    """What talk needs from its room: the game, its seats and whether it is over."""

    game_id: str
    seats: list[dict[str, Any]]
    is_over: Callable[[], bool]
    viewers: Callable[[], Iterable[Viewer]]


class Talk:
    """The talk of one game's table, as this process holds it."""

    def __init__(
        self,
        room: TalkParts,
        talk: TableTalk,
        *,
        db: Database,
        commit: Callable[[str, ChatLine], Awaitable[ChatLine]],
        fanout: Fanout,
        limits: Buckets,
    ) -> None:
        self.db = db
        self.commit = commit
        """Numbers and stores a line (the event store's writer, with the moves)."""
        self.fanout = fanout
        self.room = room
        self.rules = talk
        self.lines: deque[ChatLine] = deque(talk.lines, maxlen=RECENT_LINES)
        self.seq = talk.seq
        """The newest line passed to this process's viewers."""
        self.limits = limits
        self.lock = asyncio.Lock()
        """Held while a line is numbered and delivered: lines leave in number order."""
        self.said: dict[tuple[int, str], int] = {}

    # --- what a viewer is shown ----------------------------------------------------

    def readable(self, line: ChatLine, viewer: Viewer) -> bool:
        return may_read(
            line,
            seated=viewer.player_seat is not None,
            over=self.room.is_over(),
            unheard=viewer.unheard,
        )

    def snapshot(self, viewer: Viewer, since: int | None = None, read: int = 0) -> dict[str, Any]:
        """The snapshot's ``chat``: the lines this viewer may read (after ``since``, on a
        reconnect that holds the older ones), and the table's rules as they apply."""
        lines = [
            line.message(viewer.language)
            for line in self.lines
            if (since is None or line.seq > since) and self.readable(line, viewer)
        ]
        moderator = viewer.user_id is not None and viewer.user_id == self.rules.creator_id
        return {
            "lines": lines,
            "seq": self.seq,
            "read": read if viewer.player_seat is not None else 0,
            "room": PLAYERS if viewer.player_seat is not None else SPECTATORS,
            **self.status(viewer),
            "moderator": moderator,
            "table": self.rules.invite_code if moderator else None,
            "creator": self.rules.creator_name,
        }

    def status(self, viewer: Viewer) -> dict[str, bool]:
        return {"text": self.rules.text_allowed, "muted": viewer.user_id in self.rules.muted}

    # --- saying a line -------------------------------------------------------------

    async def say(self, viewer: Viewer, command: ChatCommand) -> int:
        """Check, number and deliver a viewer's line; its number. Refusals change nothing."""
        person = viewer.user_id
        if person is None:
            raise ProtocolError(
                "chat_no_name",
                Words(N_("open the site's home page first to get a name")),
                command.id,
            )
        known = self.said.get((person, command.id))
        if known is not None:
            return known  # said already (a command sent again after a reconnect)
        line = self._drafted(viewer, command)
        wait = self.limits.take(person)
        if wait > 0:
            seconds = _seconds(wait)
            words = Words(N_("slow down: you may say more in {seconds} s"), seconds=seconds)
            raise ProtocolError("chat_too_fast", words, command.id, {"retry_after": seconds})
        async with self.lock:
            numbered = await self.commit(self.room.game_id, line)
            await self._deliver_in_order(numbered)
        self.said[(person, command.id)] = numbered.seq
        if len(self.said) > REMEMBERED_COMMANDS:
            del self.said[next(iter(self.said))]
        message = {"kind": "chat", "game": self.room.game_id, "line": numbered.to_dict()}
        tell_others(self.fanout, message, FANOUT_FAILED)
        return numbered.seq

    def _drafted(self, viewer: Viewer, command: ChatCommand) -> ChatLine:
        """The line a command says, not yet numbered, or the refusal."""
        person = viewer.user_id
        refuse_if_muted(viewer, command.id)
        if person in self.rules.muted:
            words = Words(N_("the table's creator muted you: you cannot chat at this table"))
            raise ProtocolError("chat_muted", words, command.id)
        text = None
        if command.text is not None:
            if not self.rules.text_allowed:
                words = Words(N_("only the preset reactions may be said at this table"))
                raise ProtocolError("chat_text_off", words, command.id)
            text = clean_text(command.text)
            if not text:
                raise ProtocolError("chat_empty", Words(N_("there is nothing to say")), command.id)
        seat = viewer.player_seat
        name = self.room.seats[seat]["name"] if seat is not None else viewer.name
        room = PLAYERS if seat is not None else SPECTATORS
        return ChatLine(0, room, person, name, seat, command.preset, text, 0.0)

    # --- passing lines on ----------------------------------------------------------

    async def heard(self, data: dict[str, Any]) -> None:
        """Another process said a line: pass it on (after any it missed), once."""
        try:
            line = ChatLine.from_dict(data)
        except (KeyError, TypeError, ValueError):
            return
        async with self.lock:
            await self._deliver_in_order(line)

    async def catch_up(self) -> None:
        """Read from the database the lines this process did not hear of."""
        async with self.lock:
            await self._deliver_missed()

    async def _deliver_in_order(self, line: ChatLine) -> None:
        if line.seq > self.seq + 1:
            await self._deliver_missed()  # the gap first (it holds ``line`` too: committed)
        self._deliver(line)

    async def _deliver_missed(self) -> None:
        missed = await asyncio.to_thread(read_after, self.db, self.room.game_id, self.seq)
        for line in missed:
            self._deliver(line)

    def _deliver(self, line: ChatLine) -> None:
        """Send a line to each viewer here who may read it: one text per language. A
        line at or below the last passed on was passed on already."""
        if line.seq <= self.seq:
            return
        self.seq = line.seq
        self.lines.append(line)
        texts: dict[str, str] = {}
        for viewer in self.room.viewers():
            if not self.readable(line, viewer):
                continue
            text = texts.get(viewer.language)
            if text is None:
                text = texts[viewer.language] = encode(line.message(viewer.language))
            viewer.send_text(text)

    # --- the table's rules and people's mutes --------------------------------------

    def rules_changed(self, chosen_text: bool | None, muted: frozenset[int]) -> None:
        """The creator switched free text or muted someone: everyone hears how it is now."""
        self.rules.chosen_text = chosen_text
        self.rules.muted = muted
        for viewer in self.room.viewers():
            viewer.send({"type": "chat_status", **self.status(viewer)})

    def game_ended(self) -> None:
        """The game is over: its players may now read what the spectators said."""
        for line in self.lines:
            if line.room != SPECTATORS:
                continue
            for viewer in self.room.viewers():
                if viewer.player_seat is not None and self.readable(line, viewer):
                    viewer.send(line.message(viewer.language))

    def unheard_changed(self, unheard: dict[int, frozenset[int]]) -> None:
        """People's mutes changed: each viewer's filter follows from the next line on."""
        for viewer in self.room.viewers():
            if viewer.user_id is not None and viewer.user_id in unheard:
                viewer.unheard = unheard[viewer.user_id]


def _seconds(wait: float) -> int:
    return max(1, int(wait + 0.999))


def refuse_if_muted(viewer: Viewer, command_id: str | None) -> None:
    """Refuse a line from someone an admin or moderator muted on the whole server,
    saying until when."""
    until = viewer.muted_until
    if until is None or until <= time.time():
        return
    moment = datetime.fromtimestamp(until, UTC)
    words = Words(
        N_("an admin muted you on this server until {until}: you cannot chat"),
        until=moment.strftime("%Y-%m-%d %H:%M UTC"),
    )
    raise ProtocolError("muted", words, command_id, {"until": moment.isoformat()})
