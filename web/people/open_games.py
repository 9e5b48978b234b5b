"""What a person's preferences reach of the games they have open.

A module of its own so that the routes and the wiring (web.app, which hands the live
hub in as ``app.state.hub``) name the same protocol, and people need not know the
live games that sit floors above them.
"""

from __future__ import annotations

from typing import Protocol


class OpenGames(Protocol):
    """The open games (the live hub), as far as a person's preferences reach them: a
    new assistance level is resent to each open game of theirs, on every process, and
    their pages' streams (``GET /api/me/events``) hear that the preferences changed.
    Named here so that people need not know the live games."""

    def preferences_changed(self, user_id: int, assistance: str | None) -> None: ...

    async def schedules_changed(self, user_id: int) -> None:
        """The person's time zone, quiet hours or days away changed: their running
        turn-based clocks follow."""
