"""A started round's tables become games: one per table, its seats the entrants'
accounts in the table's order, the tournament's game and options at the round's pace,
dealt from the table's seed exactly (so tables sharing a deal key in a duplicate round
hold the same hands, and anyone can re-deal them once the secret is out).

Creating once. A timer in each process, or an organiser's click, may create the same
round's games at once. The round's row is locked first (on SQLite the write lock is
taken when the transaction begins), and only a table whose ``game_id`` is still empty
gets a game; the table is then claimed by an UPDATE that only fills an empty
``game_id``, so no table ever gets two."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from chromino.core.errors import InvalidSetupError

from ..days import SUBSTITUTE_BOT
from ..games import game_kind
from ..lobby import Seating, deal_seated
from ..models import Tournament, TournamentRound, TournamentTable
from . import notices
from .entries import tournament_named
from .errors import TournamentError
from .results import locked_round
from .rounds import TableDeal, table_deals

DEFAULT_MOVE_DAYS = 3
"""A tournament over days that sets no move clock gives each move three waking days."""

ON_TIMEOUT = {"bot": "substitute", "forfeit": "drop"}
"""A turn-based game's rule for a missed deadline, by the tournament's choice: the
Hard bot plays the seat, or the player leaves the game."""


def _options(tournament: Tournament) -> dict[str, Any]:
    """The game's options with the tournament's move clock: its seconds in a live
    tournament, none over days (the days clock times those moves)."""
    options = dict(tournament.options)
    seconds = tournament.settings.get("move_seconds")
    if tournament.pace == "days":
        seconds = 0 if "turn_seconds" in options else None
    if seconds is None:
        return options
    try:
        return game_kind(tournament.kind).normalize_options({**options, "turn_seconds": seconds})
    except InvalidSetupError as error:
        raise TournamentError("move_seconds", str(error)) from None


def seating_of(tournament: Tournament, deal: TableDeal) -> Seating:
    """How a table of the tournament is seated and paced. A seat whose account was
    deleted is played by the Hard bot; the games are public to watch only in a public
    tournament."""
    days = tournament.pace == "days"
    missed = tournament.settings.get("missed_deadline", "bot")
    return Seating(
        kind=tournament.kind,
        options=_options(tournament),
        people=deal.users,
        stand_in=SUBSTITUTE_BOT,
        creator_id=tournament.organiser_id,
        rated=tournament.rated,
        spectators=tournament.visibility == "public",
        turn_days=tournament.settings.get("move_days", DEFAULT_MOVE_DAYS) if days else None,
        on_timeout=ON_TIMEOUT[missed],
    )


def _lock_round(session: Session, tournament: Tournament, number: int) -> TournamentRound:
    row = locked_round(session, tournament, number)
    if row.finished_at is not None:
        raise TournamentError("round", f"round {number} has finished")
    return row


def _unclaimed(session: Session, row: TournamentRound) -> set[int]:
    """The round's tables still without a game, read after the lock (fresh rows, not
    what this session may have loaded before)."""
    query = select(TournamentTable.number).where(
        TournamentTable.round_id == row.id, TournamentTable.game_id.is_(None)
    )
    return set(session.scalars(query))


def _claim(session: Session, row: TournamentRound, table: int, game_id: str) -> None:
    """Fill the table's empty ``game_id``; a table already claimed is a broken lock."""
    claimed = session.execute(
        update(TournamentTable)
        .where(
            TournamentTable.round_id == row.id,
            TournamentTable.number == table,
            TournamentTable.game_id.is_(None),
        )
        .values(game_id=game_id)
    )
    if getattr(claimed, "rowcount", 0) != 1:
        raise RuntimeError(f"table {table} of round {row.number} already has a game")


def create_games(session: Session, public_id: str, number: int, now: datetime) -> dict[int, str]:
    """Deal a game for each table of round ``number`` that has none yet; the game ids
    this call created, by table number (empty when another call created them all).
    TournamentError names a round that has not started or has already finished."""
    tournament = tournament_named(session, public_id)
    row = _lock_round(session, tournament, number)
    waiting = _unclaimed(session, row)
    created: dict[int, str] = {}
    seated: list[notices.Seated] = []
    for deal in table_deals(session, public_id, number):
        if deal.table not in waiting:
            continue
        game = deal_seated(session, seating_of(tournament, deal), seed=deal.seed, now=now)
        _claim(session, row, deal.table, game.id)
        created[deal.table] = game.id
        seated.append((game.id, deal.users))
    session.flush()
    notices.tables_ready(session, tournament, number, seated, now)
    return created
