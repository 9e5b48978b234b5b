"""The registry of games the server hosts: each a :class:`~web.games.base.GameKind`.

Everything else in ``web`` asks this registry for a game by its kind's name
(stored on every table and game) and never names one itself.
"""

from __future__ import annotations

from typing import Final

from .base import Applied, EngineAction, GameKind, LiveGame, SoloResult
from .chromino import CHROMINO
from .triominos import TRIOMINOS

GAMES: Final[dict[str, GameKind]] = {kind.name: kind for kind in (CHROMINO, TRIOMINOS)}
DEFAULT_GAME: Final = CHROMINO.name
"""The kind of rows made before there was a choice, and of requests that name none."""


def game_kind(name: str) -> GameKind:
    """The kind of this name (KeyError for an unknown one)."""
    return GAMES[name]


__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "Applied",
    "EngineAction",
    "GameKind",
    "LiveGame",
    "SoloResult",
    "game_kind",
]
