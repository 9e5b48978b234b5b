"""What every part of the lobby refuses with, and the shapes it checks first.

Tables, dealing, access and listings all answer a request they cannot honour with
:class:`TableError`, check ids against :data:`ID_SHAPE` and look a game up by the
name a table stores; keeping these apart lets each of those modules import them
without importing one another.
"""

from __future__ import annotations

import re

from ..games import GAMES, GameKind, game_kind
from ..i18n import N_, Words

TABLE_STATUS = {
    "playing": N_("the table is playing"),
    "finished": N_("the table is finished"),
    "closed": N_("the table is closed"),
    "open": N_("the table is open"),
}
"""Why a table that is not open refuses a change: its status in words."""

ID_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""Invite codes and game ids are URL-safe tokens: anything else (a NUL byte, which
PostgreSQL refuses in text, a path of slashes) is no such thing, without a query."""


class TableError(Exception):
    """A request the table cannot honour; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, code: str, message: str | Words) -> None:
        super().__init__(str(message))
        self.status = status
        self.code = code
        self.message = message
        """Words to say in the reader's language (a plain string when it has none)."""


def kind_named(name: str) -> GameKind:
    """The game a request names, or a 422 that lists the games there are."""
    try:
        return game_kind(name)
    except KeyError:
        known = ", ".join(GAMES)
        message = Words(N_("game: {name} is not one of {known}"), name=repr(name), known=known)
        raise TableError(422, "unknown_game", message) from None
