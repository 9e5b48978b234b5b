"""The lobby: tables and their seats, solo games, rematches, the lists of games, the
live lobby and table streams, and their routes.

What the other rooms use: the games a person may see (:func:`game_by_id`,
:func:`seat_of`, :func:`game_summary`), the shape of an id (:data:`ID_SHAPE`), a
table's refusal (:class:`TableError`), the bus that wakes the streams
(:class:`LobbyBus`) and what the lobby asks of the live games (:class:`LiveGames`).
"""

from fastapi import APIRouter

from . import routes, streams
from .bus import LobbyBus
from .host import LiveGames
from .tables import (
    ID_SHAPE,
    NO_SPECTATORS,
    TableError,
    game_by_id,
    game_summary,
    hand_seat_of,
    may_watch,
    require_watcher,
    seat_of,
    seats_of,
)

router = APIRouter()
router.include_router(routes.router)
router.include_router(streams.router)

__all__ = [
    "ID_SHAPE",
    "NO_SPECTATORS",
    "LiveGames",
    "LobbyBus",
    "TableError",
    "game_by_id",
    "game_summary",
    "hand_seat_of",
    "may_watch",
    "require_watcher",
    "router",
    "seat_of",
    "seats_of",
]
