"""The lobby: tables and their seats, the deals made at them (solo games, rematches,
duplicate boards), who may see a game, and the lists of tables and games.

- :mod:`.errors` — the refusal every part answers with, and the shape of an id;
- :mod:`.checks` — what a new table asks for, checked before anything is stored;
- :mod:`.tables` — tables made, found, joined and left;
- :mod:`.dealing` — the games dealt at them;
- :mod:`.access` — a game by its id, the seats a person holds, who may watch;
- :mod:`.listings` — tables and "my games" as readers see them;
- :mod:`.bests` — a person's best solo results;
- :mod:`.bus`, :mod:`.host` — what wakes the streams, and what the lobby asks of the
  live games.

What the other rooms use is named below. The routes and the streams are controllers:
``web.app`` imports :mod:`.routes` and :mod:`.streams` itself, and this face never
loads them.
"""

from .access import (
    NO_SPECTATORS,
    game_by_id,
    hand_seat_of,
    may_watch,
    require_watcher,
    seat_of,
    seats_of,
)
from .bests import solo_best
from .bus import LobbyBus
from .dealing import NOT_A_PLAYER, Seating, deal_seated, rematch, start_solo
from .errors import ID_SHAPE, TABLE_STATUS, TableError
from .host import LiveGames, live_games, open_rooms
from .listings import game_summary
from .schemas import SeatIn, SoloBest, SoloCreate, TableCreateBase
from .tables import create_table, join, table_by_invite

__all__ = [
    "ID_SHAPE",
    "NOT_A_PLAYER",
    "NO_SPECTATORS",
    "TABLE_STATUS",
    "LiveGames",
    "LobbyBus",
    "SeatIn",
    "Seating",
    "SoloBest",
    "SoloCreate",
    "TableCreateBase",
    "TableError",
    "create_table",
    "deal_seated",
    "game_by_id",
    "game_summary",
    "hand_seat_of",
    "join",
    "live_games",
    "may_watch",
    "open_rooms",
    "rematch",
    "require_watcher",
    "seat_of",
    "seats_of",
    "solo_best",
    "start_solo",
    "table_by_invite",
]
