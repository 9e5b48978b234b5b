"""The engine toolkit for tile games, standard library only.

``chromino.core`` knows no game: the turn engine, views, records, the search
and the strong bot's driver, bots, self-play and tournaments. Each game is an
equal package under ``chromino.games`` holding only what is truly its own, and
registers in :data:`GAMES`, through which every host (the command line, the
server) finds it.
"""

from typing import Any, Final

from .core.commitment import RoundSecret, commitment, deal_seed, redeal_game, verify
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


def redeal(kind: str, seats: int, seed: str, options_json: dict[str, Any] | None) -> dict[str, Any]:
    """The deal a seed gives for ``seats`` seats of the game named ``kind`` (see
    :func:`chromino.core.commitment.redeal_game`): a committed round's deal is checked by
    the game's name, as a tournament publishes it. ValueError names an unknown game."""
    return redeal_game(game_named(kind), seats, seed, options_json)


__all__ = [
    "GAMES",
    "GameDescriptor",
    "RoundSecret",
    "commitment",
    "deal_seed",
    "game_named",
    "redeal",
    "redeal_game",
    "verify",
]
