"""Rating pools: a game and rule family rated together.

Each game kind names its own pools and says which one a game's options fall in
(``GameKind.rating_pools``, ``GameKind.rating_pool``); this module gathers them,
so the ratings, the profile and the leaderboard name no particular game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..games import GAMES

BOT_POOL_SUFFIX = "-bots"
"""A game with a bot account at it counts in its pool's bot pool (``chromino-bots``):
programs are rated among themselves and the house bots, never in the people's pools."""


def bot_pool(pool: str) -> str:
    """The bot pool beside a people's pool."""
    return pool + BOT_POOL_SUFFIX


def base_pool(pool: str) -> str:
    """The people's pool a pool stands beside (a people's pool is its own)."""
    return pool.removesuffix(BOT_POOL_SUFFIX)


def all_pools() -> dict[str, str]:
    """Every pool of every game kind, in the registry's order: key → its label."""
    return {key: label for kind in GAMES.values() for key, label in kind.rating_pools.items()}


def kind_of_pool(pool: str) -> str:
    """The game kind a pool belongs to; KeyError for an unknown pool."""
    for name, kind in GAMES.items():
        if base_pool(pool) in kind.rating_pools:
            return name
    raise KeyError(pool)


def pool_of(kind: str, options: Mapping[str, Any]) -> str | None:
    """The pool a game of this kind and these options counts in; None if it cannot be
    rated (an unknown kind, or open hands)."""
    game_kind = GAMES.get(kind)
    return None if game_kind is None else game_kind.rating_pool(options)
