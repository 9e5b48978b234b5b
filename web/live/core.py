"""What a room's parts see of the room: its lock, its game, its viewers and the one way
to change the game (:meth:`RoomCore.submit_locked`).

The clocks, the substitutes, the end offers, the bots and the snapshots each work on
one concern of a game in memory; they are written against this narrow view rather
than the room itself, so that none of them imports the room and the room imports
them all (one direction, no circle).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from typing import Any, Protocol

from ..games import Applied, EngineAction, GameKind, LiveGame
from .viewers import Viewer

FANOUT_FAILED = "a background fan-out task failed"


@dataclass(frozen=True)
class Submission:
    """An action someone (a player, a bot, the clock) asks a room to apply."""

    seat: int
    action: EngineAction
    expected_version: int
    """The version the actor decided on: a game that moved since refuses it."""
    user_id: int | None = None
    command_id: str | None = None
    """With ``user_id``, what makes a command apply at most once."""
    assistance: str | None = None
    """The player's assistance level, whose policy may refuse what the rules allow."""
    stand_in: bool = False
    """A bot's move in a person's seat (their time ran out, or they are away): the event
    says so, so that nobody takes it for the person's own move."""

    @property
    def key(self) -> tuple[int, str] | None:
        """What makes the command apply at most once (None: an action of no command)."""
        if self.user_id is None or self.command_id is None:
            return None
        return (self.user_id, self.command_id)


def stood_in(applied: Applied) -> Applied:
    """The move as a bot made it in a person's place: every viewer's event carries
    ``stand_in`` (docs/protocol.md), so the log says the bot played for them."""
    return replace(applied, public={**applied.public, "stand_in": True})


class RoomCore(Protocol):
    """The room as its parts see it."""

    @property
    def game_id(self) -> str: ...

    @property
    def kind(self) -> GameKind: ...

    @property
    def seats(self) -> list[dict[str, Any]]: ...

    @property
    def lock(self) -> asyncio.Lock: ...

    @property
    def viewers(self) -> set[Viewer]: ...

    @property
    def live(self) -> LiveGame: ...

    @property
    def version(self) -> int: ...

    @property
    def ended_by_host(self) -> bool: ...

    @property
    def stopped(self) -> bool:
        """Over, or ended by the host: no more moves, timers or bots."""

    async def submit_locked(self, request: Submission) -> int:
        """Apply an action, the room's lock already held (see ``Room.submit``)."""

    def schedule(self) -> None:
        """Re-arm the turn timer, the bot's move and the absent players' graces."""
