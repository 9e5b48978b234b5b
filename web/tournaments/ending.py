"""A tournament game's end becomes its table's result, in the transaction that ends
the game (the event store runs ``tables_ended`` there): the table's result, and the
round's end with its last table, are stored with the game's end or not at all.

A game's result gives each seat a place (1 first, ties shared, "1, 1, 3") and a score.
The table stores ranks from 0 and one comparable figure per seat. A game whose options
keep no score (unscored Chromino: every score 0) gives minus the tiles left in hand
instead, the measure the game itself ranks such seats by (docs/tournaments.md)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, select
from sqlalchemy.orm import Session

from ..games import GameKind, game_kind
from ..models import Tournament, TournamentRound, TournamentTable
from .entries import tournament_named
from .errors import TournamentError
from .results import locked_round, record_result, reveal_if_played_out

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class EndedTable:
    """The tournament table a game that just ended was played at."""

    game_id: str
    public_id: str
    round: int
    table: int
    kind: str
    options: Mapping[str, Any]
    interrupted: bool
    """The organiser ended the tournament while this table's round was played: its
    result counts for nothing, and the round's secret waits for its last game."""


def ranks_and_scores(
    result: Mapping[str, Any], kind: GameKind, options: Mapping[str, Any]
) -> tuple[list[int], list[int]] | None:
    """The table's ranks and scores from a game's result; None for a result with no
    places (a game a host ended by hand: the organiser records that table). A game
    whose options count no points gives minus the tiles left instead."""
    places = result.get("places")
    if places is None:
        return None
    ranks = [int(place) - 1 for place in places]
    if not kind.shows_points(options):
        return ranks, [-int(tiles) for tiles in result["hand_sizes"]]
    return ranks, [int(score) for score in result["scores"]]


_TABLES_OF_GAMES = (
    select(
        TournamentTable.game_id,
        Tournament.public_id,
        TournamentRound.number,
        TournamentTable.number,
        Tournament.kind,
        Tournament.options,
        TournamentTable.result,
        Tournament.status,
        TournamentRound.finished_at,
    )
    .join(TournamentRound, TournamentRound.id == TournamentTable.round_id)
    .join(Tournament, Tournament.id == TournamentRound.tournament_id)
    .where(TournamentTable.game_id.in_(bindparam("games", expanding=True)))
)
"""The tournament tables of some games, built once: it runs with every game's end."""


def _tables_of(connection: Connection, game_ids: Sequence[str]) -> list[EndedTable]:
    """The tournament tables among these games with nothing stored for them yet, and
    those of a round the organiser's early end interrupted."""
    found = []
    for row in connection.execute(_TABLES_OF_GAMES, {"games": list(game_ids)}):
        interrupted = row.status == "finished" and row.finished_at is None
        if row.result is None or interrupted:
            found.append(
                EndedTable(row[0], row[1], row[2], row[3], row[4], row[5], interrupted=interrupted)
            )
    return found


def tables_ended(
    connection: Connection, ended: Sequence[tuple[str, dict[str, Any]]], now: datetime
) -> int:
    """Record the result of each tournament table whose game is among ``ended`` (in the
    order they ended), finishing rounds and tournaments with their last table; how many
    were recorded. One SELECT when none of the games is a tournament's.

    A result the tournament refuses (the organiser stored another one first) is logged
    and left: the game still ends, and its table keeps what the organiser stored."""
    tables = _tables_of(connection, [game_id for game_id, _ in ended])
    if not tables:
        return 0
    results = dict(ended)
    recorded = 0
    with Session(bind=connection) as session:
        for table in tables:
            if table.interrupted:
                tournament = tournament_named(session, table.public_id)
                reveal_if_played_out(session, locked_round(session, tournament, table.round), now)
                continue
            figures = ranks_and_scores(results[table.game_id], game_kind(table.kind), table.options)
            if figures is None:
                continue
            ranks, scores = figures
            try:
                with session.begin_nested():
                    record_result(
                        session,
                        table.public_id,
                        table.round,
                        table.table,
                        ranks=ranks,
                        scores=scores,
                        now=now,
                    )
            except TournamentError as error:
                log.warning("game %s: its table not recorded: %s", table.game_id, error)
                continue
            recorded += 1
        session.flush()
    return recorded
