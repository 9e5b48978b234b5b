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
starts from ``orientation``) and the arena's tables (``arena``).

Stored tournaments sit on top of that core: creating one (``setup``), entries
(``entries``), the stored past read back for the core (``played``), the next round's
plan (``plans``), a round started once with its commitment, its tables and their deal
seeds (``rounds``), each table's game dealt from its seed (``games``), and results that
finish rounds and the tournament (``results``), recorded when a table's game ends
(``ending``). The rounds follow each other by themselves (``schedule``, run by every
process's sweep: a round starts with its games when it is due, and a round's deadline
hands the seats still to move to the game's own deadline rule), and the organiser may
pause, resume or end a tournament early (``organising``). An arena seats its players
as they come free (``arena_runs``). A season holds an arena per division every few
days and moves its members between divisions at its end (``seasons``, run by
``season_runs``, its pure part in ``divisions``). A person's podiums and seasons are
their profile's trophies (``trophies``).
Everything they refuse raises ``TournamentError`` naming what was wrong (``errors``)."""

from .arena import arena_tables
from .duplicate_rounds import deal_keys, duplicate_scores, rotate_seats, round_points
from .ending import tables_ended
from .entries import disqualify, register, withdraw
from .errors import TournamentError
from .fairness import RoundSecret, commitment, deal_seed, redeal, verify
from .games import create_games
from .history import History, histories
from .organising import end_early, pause, resume
from .pairing import Pairing, Standing, swiss_round
from .played import standings_of
from .records import TableResult
from .results import record_result
from .round_robin import round_robin
from .rounds import StartedRound, TableDeal, revealed_secret, start_round, table_deals
from .schedule import Due, Overdue, run_due, run_tournaments, start_with_games
from .setup import TournamentSpec, create_tournament
from .standings import Bye, Row, standings, table_points
from .table_sizes import table_sizes
from .trophies import Podium, SeasonResult, podiums_of, season_results_of

__all__ = [
    "Bye",
    "Due",
    "History",
    "Overdue",
    "Pairing",
    "Podium",
    "RoundSecret",
    "Row",
    "SeasonResult",
    "Standing",
    "StartedRound",
    "TableDeal",
    "TableResult",
    "TournamentError",
    "TournamentSpec",
    "arena_tables",
    "commitment",
    "create_games",
    "create_tournament",
    "deal_keys",
    "deal_seed",
    "disqualify",
    "duplicate_scores",
    "end_early",
    "histories",
    "pause",
    "podiums_of",
    "record_result",
    "redeal",
    "register",
    "resume",
    "revealed_secret",
    "rotate_seats",
    "round_points",
    "round_robin",
    "run_due",
    "run_tournaments",
    "season_results_of",
    "standings",
    "standings_of",
    "start_round",
    "start_with_games",
    "swiss_round",
    "table_deals",
    "table_points",
    "table_sizes",
    "tables_ended",
    "verify",
    "withdraw",
]
