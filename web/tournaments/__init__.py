"""Tournaments and seasons (docs/tournaments.md): tables of two to eight seats, formed
round by round from the standings, live or over days, with duplicate rounds where every
table of a size plays the same deal.

Its parts so far are pure, with no database and no clock: a finished table as the
tournament reads it (``records``); the standings, their tie-breaks and the arena's
streak (``standings``); duplicate rounds' seats, deal keys and scores
(``duplicate_rounds``); the commitment to a round's deals and its check (``fairness``)."""

from .duplicate_rounds import deal_keys, duplicate_scores, rotate_seats, round_points
from .fairness import RoundSecret, commitment, deal_seed, redeal, verify
from .records import TableResult
from .standings import Bye, Row, standings, table_points

__all__ = [
    "Bye",
    "RoundSecret",
    "Row",
    "TableResult",
    "commitment",
    "deal_keys",
    "deal_seed",
    "duplicate_scores",
    "redeal",
    "rotate_seats",
    "round_points",
    "standings",
    "table_points",
    "verify",
]
