"""Tournaments and seasons (docs/tournaments.md): tables of two to eight seats, formed
round by round from the standings, live or over days, with duplicate rounds where every
table of a size plays the same deal.

Its parts so far are pure, with no database and no clock: a finished table as the
tournament reads it (``records``); the standings, their tie-breaks and the arena's
streak (``standings``); duplicate rounds' seats, deal keys and scores
(``duplicate_rounds``); the commitment to a round's deals and its check (``fairness``);
pairing: what each entrant's past rounds say (``history``), the tables' sizes
(``table_sizes``), Swiss rounds (``pairing``, grouping players in ``grouping`` and
seating them in ``seating``), round robin in groups (``round_robin``, with two-seat
starts from ``orientation``) and the arena's tables (``arena``)."""

from .arena import arena_tables
from .duplicate_rounds import deal_keys, duplicate_scores, rotate_seats, round_points
from .fairness import RoundSecret, commitment, deal_seed, redeal, verify
from .history import History, histories
from .pairing import Pairing, Standing, swiss_round
from .records import TableResult
from .round_robin import round_robin
from .standings import Bye, Row, standings, table_points
from .table_sizes import table_sizes

__all__ = [
    "Bye",
    "History",
    "Pairing",
    "RoundSecret",
    "Row",
    "Standing",
    "TableResult",
    "arena_tables",
    "commitment",
    "deal_keys",
    "deal_seed",
    "duplicate_scores",
    "histories",
    "redeal",
    "rotate_seats",
    "round_points",
    "round_robin",
    "standings",
    "swiss_round",
    "table_points",
    "table_sizes",
    "verify",
]
