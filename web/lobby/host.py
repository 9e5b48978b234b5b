"""What the lobby asks of the live games, named here so the lobby need not import them.

The hub (``web.live``) is this: the lobby's routes hand it the games they deal and
the rematches they make, and the streams listen on its :class:`LobbyBus`. The live
games depend on the lobby, never the other way round.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Iterable
from typing import Any, Protocol

from fastapi import Request
from sqlalchemy.orm import Session

from ..clock import Clock
from .bus import LobbyBus


class LiveGames(Protocol):
    """The live games of this process, as the lobby sees them."""

    lobby: LobbyBus
    """Wakes this process's lobby and table streams."""
    clock: Clock
    """The time of this process's games: a new game's first deadline counts from it."""

    def lobby_changed(self) -> None:
        """Tables or games changed: wake the streams here and on the other processes."""

    def dealt(self, session: Session, game_id: str) -> Coroutine[Any, Any, object]:
        """Read a game that ``session`` has just dealt and committed; the coroutine
        returned loads its room on the loop, so its bots and timer start (a turn-based
        game waiting for a person rests in the database instead)."""

    async def announce_rematch(self, game_id: str, next_game_id: str) -> None:
        """Tell a finished game's viewers, everywhere, of its rematch."""

    async def mutes_changed(self, user_id: int) -> None:
        """A person muted or unmuted someone: the chat their games' rooms pass to them
        (and from them) follows — here before this returns, then on the other processes."""

    def table_talk_changed(self, table_id: int) -> None:
        """A table's creator switched free text or muted someone there: its game's
        room tells its viewers, here and on the other processes."""


def live_games(request: Request) -> LiveGames:
    """The app's live games (its hub)."""
    games: LiveGames = request.app.state.hub
    return games


def open_rooms(request: Request, session: Session, game_ids: Iterable[str]) -> None:
    """From a route's worker thread, have the hub load the games ``session`` has just
    dealt and committed (none dealt before: their rooms are read as new ones), so that
    their bots and move clocks start before anyone opens them."""
    games, loop = live_games(request), request.app.state.loop
    for game_id in game_ids:
        asyncio.run_coroutine_threadsafe(games.dealt(session, game_id), loop)
