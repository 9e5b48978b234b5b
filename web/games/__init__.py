"""The registry of games the server hosts: each a :class:`~web.games.base.GameKind`.

Everything else in ``web`` asks this registry for a game by its kind's name
(stored on every table and game) and never names one itself.
"""

from __future__ import annotations

from typing import Any, Final

from .base import Applied, DailyRule, EngineAction, GameKind, LessonWords, LiveGame, SoloResult
from .chromino import CHROMINO
from .triominos import TRIOMINOS

GAMES: Final[dict[str, GameKind]] = {kind.name: kind for kind in (CHROMINO, TRIOMINOS)}
DEFAULT_GAME: Final = CHROMINO.name
"""The kind of rows made before there was a choice, and of requests that name none."""


def catalogue() -> list[dict[str, Any]]:
    """Every game as the lobby offers it: its name and title, how many may play, its
    bots and its options (a JSON schema, defaults included) — the lobby's form is built
    from this, so it names no game itself."""
    return [
        {
            "name": kind.name,
            "title": kind.title,
            "max_players": kind.max_players,
            "bots": dict(kind.bots),
            "options": kind.options_model.model_json_schema(),
            "solo_defaults": dict(kind.solo_defaults),
        }
        for kind in GAMES.values()
    ]


def game_kind(name: str) -> GameKind:
    """The kind of this name (KeyError for an unknown one)."""
    return GAMES[name]


__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "Applied",
    "DailyRule",
    "EngineAction",
    "GameKind",
    "LessonWords",
    "LiveGame",
    "SoloResult",
    "catalogue",
    "game_kind",
]
