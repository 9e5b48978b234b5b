"""A table's result stored when its game ends, and what follows from it: the round
finishes with its last table (its secret may then be revealed), and the tournament
with its last round.

The round's row is locked while a result is written, so when the last two tables of a
round end at once in two processes, the second to write sees the first's result and
finishes the round: no round is left open with every table done."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..models import Game, Tournament, TournamentRound, TournamentTable
from . import notices
from .arena_runs import arena_done, finish_arena
from .entries import tournament_named
from .errors import TournamentError
from .plans import round_robin_length
from .played import result_of
from .records import TableResult


def locked_round(session: Session, tournament: Tournament, number: int) -> TournamentRound:
    """Round ``number``, locked for this transaction (a result and a game's creation
    each take it), or the refusal saying it has not started."""
    row = session.scalars(
        select(TournamentRound)
        .where(TournamentRound.tournament_id == tournament.id, TournamentRound.number == number)
        .with_for_update()
    ).one_or_none()
    if row is None:
        raise TournamentError("round", f"round {number} has not started")
    return row


def _checked(
    table: TournamentTable, number: int, ranks: Sequence[int], scores: Sequence[int]
) -> TableResult:
    """The result as the core reads it; TournamentError says what is wrong with it."""
    for name, values in (("ranks", ranks), ("scores", scores)):
        if any(type(value) is not int for value in values):
            raise TournamentError("result", f"{name} are whole numbers, not {list(values)!r}")
    try:
        return TableResult(number, table.number, tuple(table.seats), tuple(ranks), tuple(scores))
    except ValueError as error:
        raise TournamentError("result", str(error)) from None


def last_round(session: Session, tournament: Tournament) -> int:
    """The number of the tournament's final round."""
    if tournament.format == "round_robin":
        return round_robin_length(tournament, tournament.settings.get("seeding", ()))
    return tournament.rounds


def _finish(session: Session, tournament: Tournament, row: TournamentRound, now: datetime) -> None:
    """Close the round once every table has a result, and the tournament after its
    final round (an arena: after its window, with the last table still playing)."""
    playing = session.scalar(
        select(func.count()).where(
            TournamentTable.round_id == row.id, TournamentTable.result.is_(None)
        )
    )
    if playing:
        return
    row.finished_at = now
    if tournament.format == "arena":
        if arena_done(session, tournament, now):
            finish_arena(session, tournament, now)
        return
    if row.number >= last_round(session, tournament):
        tournament.status = "finished"
        tournament.finished_at = now
        session.flush()
        notices.finished(session, tournament, now)


def reveal_if_played_out(session: Session, row: TournamentRound, now: datetime) -> bool:
    """Finish a round the organiser's early end interrupted once none of its games is
    still being played, so that its secret is shown: until then a hand dealt from it
    is still hidden in play. Whether it finished now."""
    if row.finished_at is not None:
        return False
    playing = session.scalar(
        select(func.count())
        .select_from(TournamentTable)
        .join(Game, Game.id == TournamentTable.game_id)
        .where(TournamentTable.round_id == row.id, Game.status == "playing")
    )
    if playing:
        return False
    row.finished_at = now
    session.flush()
    return True


def record_result(
    session: Session,
    public_id: str,
    round_number: int,
    table_number: int,
    *,
    ranks: Sequence[int],
    scores: Sequence[int],
    now: datetime,
) -> TableResult:
    """Store a table's result (``ranks`` and ``scores`` seat by seat, rank 0 first) and
    finish its round, and the tournament, when it was the last. The same result stored
    again changes nothing (a game's end may be heard twice); a different one is refused,
    as is a malformed one, a table that does not exist, or a table still playing when
    the organiser ended the tournament early (it counts for nothing)."""
    tournament = tournament_named(session, public_id)
    row = locked_round(session, tournament, round_number)
    if tournament.status == "finished" and row.finished_at is None:
        raise TournamentError("round", "the tournament ended before this table finished")
    table = session.get(TournamentTable, (row.id, table_number))
    if table is None:
        raise TournamentError("table", f"round {round_number} has no table {table_number}")
    result = _checked(table, round_number, ranks, scores)
    if table.result is not None:
        stored = result_of(round_number, table, duplicate=False)
        if stored != result:
            raise TournamentError("result", f"table {table_number} already has a result")
        return result
    table.result = {"ranks": list(result.ranks), "scores": list(result.scores)}
    session.flush()
    _finish(session, tournament, row, now)
    session.flush()
    return result
