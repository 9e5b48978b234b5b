"""The bots at a table: a bot's seat, or a person's a bot plays for, moves on its own
after a short pause.

Its own part of the room because a bot that searches thinks in a worker process
with the room unlocked (web.live.thinkers): the game's clock and its viewers'
messages never wait for it, and what it chose is checked again against the game as
it stands once the room is locked again.
"""

from __future__ import annotations

import asyncio
import logging
import random

from chromino.core.errors import IllegalMoveError

from ..days import SUBSTITUTE_BOT as TURN_BASED_SUBSTITUTE
from ..days import Pace
from ..games import EngineAction
from ..protocol import ProtocolError
from ..settings import Settings
from .core import RoomCore, Submission
from .substitutes import Substitutes
from .thinkers import Thinkers

log = logging.getLogger(__name__)
SUBSTITUTE_BOT = "greedy"
"""The level of the bot that plays for an absent player (every game has it: Medium)."""


class Bots:
    """The bot to move next, as a task the room arms after every move."""

    def __init__(
        self, room: RoomCore, substitutes: Substitutes, thinkers: Thinkers, settings: Settings
    ) -> None:
        self.room = room
        self.substitutes = substitutes
        self.thinkers = thinkers
        self.settings = settings
        self.pace = Pace()
        """The table's pace: it chooses who plays for a person (set as the room loads)."""
        self._task: asyncio.Task[None] | None = None

    def plays(self, seat: int) -> bool:
        """A bot's seat, or one a bot plays for while its player is away."""
        return bool(self.room.seats[seat]["bot"]) or seat in self.substitutes.away

    def arm(self, version: int) -> None:
        """Stop the bot waiting to move, and start one if a bot is to play ``version``."""
        self.stop()
        if not self.room.stopped and self.plays(self.room.live.current_seat):
            self._task = asyncio.create_task(self._play(version))

    def stop(self, *, every: bool = False) -> None:
        """Stop the bot waiting to move: not the task calling this, which is moving,
        unless ``every`` (the room closing stops them all)."""
        task, self._task = self._task, None
        if task is not None and (every or task is not asyncio.current_task()):
            task.cancel()

    def _still_to_play(self, version: int, seat: int | None = None) -> bool:
        room = self.room
        if room.version != version or room.stopped:
            return False  # the game moved on (the clock ran out while it thought)
        return self.plays(room.live.current_seat if seat is None else seat)

    async def _play(self, version: int) -> None:
        await asyncio.sleep(self.settings.bot_delay_seconds)
        room = self.room
        async with room.lock:
            if not self._still_to_play(version):
                return  # the player took their seat back
            seat = room.live.current_seat
            bot = room.seats[seat]["bot"] or self.substitute()
            view = room.live.view(seat) if room.kind.thinks(bot) else None
        action = None
        if view is not None:
            seed = f"{room.game_id}:{version}"
            chosen = await self.thinkers.think(room.kind.name, view, bot, seed)
            if chosen is not None:
                action = room.kind.stored_action(chosen)
        async with room.lock:
            if not self._still_to_play(version, seat):
                return  # the player took their seat back while it thought
            await self._move(version, seat, bot, action, thought=view is not None)

    async def _move(
        self, version: int, seat: int, bot: str, action: EngineAction | None, *, thought: bool
    ) -> None:
        """Play what the bot chose, or, if it chose nothing, what its level (the Medium
        bot's, for a search that failed) plays here."""
        room = self.room
        if action is None:
            rng = random.Random(f"{room.game_id}:{version}")
            action = room.live.bot_action(seat, "greedy" if thought else bot, rng)
        stand_in = not room.seats[seat]["bot"]
        try:
            await room.submit_locked(Submission(seat, action, version, stand_in=stand_in))
        except ProtocolError as refused:
            if refused.code != "conflict":
                log.exception("bot %s in game %s could not move", bot, room.game_id)
            else:  # another room of this game, here or on another process, moved first
                log.warning("bot %s in game %s: a move was stored first", bot, room.game_id)
        except IllegalMoveError:
            log.exception("bot %s in game %s could not move", bot, room.game_id)

    def substitute(self) -> str:
        """Who plays for a person: in a turn-based game whose time ran out, the Hard
        bot (when the game has one); for an absence at a real-time table, Medium."""
        if self.pace.turn_based and self.room.kind.thinks(TURN_BASED_SUBSTITUTE):
            return TURN_BASED_SUBSTITUTE
        return SUBSTITUTE_BOT
