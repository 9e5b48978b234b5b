"""A duplicate table's boards as one of its people may see them.

Hidden information: while any board is still being played, nobody sees another
person's board, its moves or its result (it would show tiles its player has not drawn
yet, and what to aim for): only whose boards are finished. Each board is a solo game
that lets nobody watch, so its live page and replay stay its player's alone (web.lobby
:func:`may_watch`); once every board is finished, the comparison shows them all to
the table's people."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..games import game_kind
from ..i18n import N_, Words
from ..lobby import ID_SHAPE, TableError, table_by_invite
from ..models import DuplicateBoard, Game, GameTable
from .ranking import Finished, Placed, ranking


@dataclass(frozen=True)
class Board:
    seat: int
    game: Game

    @property
    def user_id(self) -> int | None:
        user_id: int | None = self.game.seats[0]["user_id"]
        return user_id

    @property
    def name(self) -> str:
        return str(self.game.seats[0]["name"])


def duplicate_table(session: Session, invite_code: str) -> GameTable:
    """The duplicate table behind an invite code, or a 404 (another table is none)."""
    table = table_by_invite(session, invite_code)
    if not table.duplicate:
        raise TableError(404, "not_duplicate", Words(N_("this table is not a duplicate table")))
    return table


def table_of_board(session: Session, game_id: str, user_id: int | None) -> GameTable:
    """The duplicate table of a board, asked by the board's player; else a 404 (a board
    is its player's alone: nobody else learns it is one)."""
    query = (
        select(GameTable, Game)
        .join(DuplicateBoard, DuplicateBoard.table_id == GameTable.id)
        .join(Game, Game.id == DuplicateBoard.game_id)
        .where(DuplicateBoard.game_id == game_id)
    )
    found = session.execute(query).first() if ID_SHAPE.fullmatch(game_id) else None
    if found is None or user_id is None or found[1].seats[0]["user_id"] != user_id:
        raise TableError(404, "not_duplicate", Words(N_("this game is not a duplicate board")))
    table: GameTable = found[0]
    return table


def boards_of(session: Session, table: GameTable) -> list[Board]:
    """The table's boards in seat order (none before its start)."""
    query = (
        select(DuplicateBoard.seat, Game)
        .join(Game, Game.id == DuplicateBoard.game_id)
        .where(DuplicateBoard.table_id == table.id)
        .order_by(DuplicateBoard.seat)
    )
    return [Board(seat, game) for seat, game in session.execute(query)]


def require_member(table: GameTable, user_id: int | None) -> None:
    """Only the table's people see its boards: a 403 for anyone else."""
    if user_id is None or not any(seat.user_id == user_id for seat in table.seats):
        message = Words(N_("only the people at this duplicate table can see its boards"))
        raise TableError(403, "not_at_table", message)


def all_finished(boards: list[Board]) -> bool:
    return bool(boards) and all(board.game.status == "finished" for board in boards)


def require_all_finished(boards: list[Board]) -> None:
    """The boards are compared once every one of them is finished: a 409 before."""
    if not all_finished(boards):
        message = Words(N_("the boards are shown once every board is finished"))
        raise TableError(409, "duplicate_in_progress", message)


def standings(table: GameTable, boards: list[Board]) -> list[Placed]:
    """The ranking of the finished boards (all of them, once the table is over)."""
    kind = game_kind(table.kind)
    finished = [
        Finished(board.seat, board.game.id, board.game.result or {})
        for board in boards
        if board.game.status == "finished"
    ]
    return ranking(kind, finished)


def result_of(game: Game) -> dict[str, Any]:
    """A finished board's numbers: turns, tiles drawn, score, how it ended, tiles left."""
    result = game.result or {}
    return {
        "turns": int(result.get("turns", [0])[0]),
        "draws": int(result.get("draws", [0])[0]),
        "score": int(result.get("scores", [0])[0]),
        "ended_by": result.get("ended_by"),
        "hand_left": int((result.get("hand_sizes") or [0])[0]),
    }
