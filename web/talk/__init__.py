"""Table talk: what people say at a game's table, and who may hear it.

A line is a preset reaction (a code, worded in each reader's own language, so friends
without a common language can still greet each other) or free text, numbered per game
and committed before anyone hears of it (:mod:`web.talk.store`). Who reads what —
the players' room and the spectators', mutes either way — is decided in
:mod:`web.talk.lines`; the game's room delivers (web.live.talk) and HTTP changes the
table's rules (:mod:`web.talk.routes`, a controller this face never loads).

What the other rooms use is named below: a line and who may read it, and the store's
reads and writes.
"""

from .lines import PLAYERS, RECENT_LINES, SPECTATORS, ChatLine, clean_text, may_read
from .store import (
    SAY_ATTEMPTS,
    TableTalk,
    mark_read,
    number_lines,
    read_after,
    read_marks,
    read_rules,
    read_table_talk,
    read_unheard,
    replay_lines,
    unheard_pairs,
)

__all__ = [
    "PLAYERS",
    "RECENT_LINES",
    "SAY_ATTEMPTS",
    "SPECTATORS",
    "ChatLine",
    "TableTalk",
    "clean_text",
    "mark_read",
    "may_read",
    "number_lines",
    "read_after",
    "read_marks",
    "read_rules",
    "read_table_talk",
    "read_unheard",
    "replay_lines",
    "unheard_pairs",
]
