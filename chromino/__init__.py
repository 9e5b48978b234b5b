"""The engine toolkit for tile games, standard library only.

``chromino.core`` knows no game: the turn engine, views, records, the search
and the strong bot's driver, bots, self-play and tournaments. Each game is an
equal package under ``chromino.games`` holding only what is truly its own, and
registers in :data:`GAMES`, through which every host (the command line, the
server) finds it.
"""

from typing import Final

from .core.descriptor import GameDescriptor
from .games import chromino, triominos

GAMES: Final[dict[str, GameDescriptor]] = {
    game.name: game for game in (chromino.GAME, triominos.GAME)
}
"""Every game, by name; the first is the default (a record without a format is its)."""


def game_named(name: str) -> GameDescriptor:
    """The game registered under ``name``; ValueError lists the known ones."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known: {', '.join(GAMES)}") from None


__all__ = ["GAMES", "GameDescriptor", "game_named"]
