"""Bots: accounts that are programs, owned by people, playing through the bot API.

- :mod:`.accounts` — bot accounts made, listed and found by their owner;
- :mod:`.events` — what concerns a bot, as the lines of its event stream;
- :mod:`.ladder` — the bots ranked in each bot pool, with their owners.

Bot accounts act only with their ``bot:play`` tokens (web.people's bearer gate); they
play through the game socket as a browser does (docs/bots.md). The routes are a
controller: ``web.app`` imports :mod:`.routes` itself, and this face never loads them.
"""

from .accounts import bots_of, check_owner, make_bot, owned_bot
from .events import KEEP_ALIVE_SECONDS, Told, new_lines, socket_address
from .ladder import Ladder, Rung, ladders

__all__ = [
    "KEEP_ALIVE_SECONDS",
    "Ladder",
    "Rung",
    "Told",
    "bots_of",
    "check_owner",
    "ladders",
    "make_bot",
    "new_lines",
    "owned_bot",
    "socket_address",
]
