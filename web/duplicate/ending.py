"""A duplicate table's end: when its last board finishes, each of its people hears that
the ranking and the comparison are open (a ``duplicate_over`` notice, web.notify),
once.

The boards are played at each person's own pace, often days apart, so nobody is
looking when the last one ends. The event store (web.live.store) calls
:func:`tell_when_all_finished` in the transaction that finishes boards. The table's
row is locked first: two processes finishing a table's last two boards at once take
turns, and the second sees the first's board finished (on SQLite one writer is in at
a time anyway). The notice's key makes it once whatever happens.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import Connection, Table, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql import Executable

from ..models import DuplicateBoard, Game, GameTable, Notice

AFTER = timedelta(minutes=1)
"""As a game's end (web.days.sweep): the last player is looking at their end screen,
whose link says where the ranking is; the others are told a minute later."""

_notices = cast(Table, Notice.__table__)
_INSERTS: dict[str, Executable] = {}


def tell_when_all_finished(connection: Connection, ended: Sequence[str], now: datetime) -> int:
    """Add the notices of the duplicate tables whose last boards are among ``ended``
    (just finished in this transaction); how many were made (a key already stored is
    left alone)."""
    if not ended:
        return 0
    tables = select(DuplicateBoard.table_id).where(DuplicateBoard.game_id.in_(ended)).distinct()
    added = 0
    for table_id in sorted(connection.scalars(tables)):
        rows = _notices_if_over(connection, table_id, now)
        if rows:
            connection.execute(_insert(connection.dialect.name), rows)
            added += len(rows)
    return added


def _notices_if_over(connection: Connection, table_id: int, now: datetime) -> list[dict[str, Any]]:
    locked = select(GameTable.kind, GameTable.invite_code).where(GameTable.id == table_id)
    table = connection.execute(locked.with_for_update()).one()
    boards = connection.execute(
        select(DuplicateBoard.seat, Game.status, Game.seats)
        .join(Game, Game.id == DuplicateBoard.game_id)
        .where(DuplicateBoard.table_id == table_id)
        .order_by(DuplicateBoard.seat)
    ).all()
    if not boards or any(status != "finished" for _, status, _ in boards):
        return []
    names = [seats[0]["name"] for _, _, seats in boards]
    return [
        {
            "key": f"duplicate_over:{table_id}:{seats[0]['user_id']}",
            "user_id": seats[0]["user_id"],
            "kind": "duplicate_over",
            "game_id": None,
            "version": None,
            "details": {
                "game": table.kind,
                "players": names,
                "seat": index,
                "duplicate": table.invite_code,
            },
            "due_at": now + AFTER,
            "created_at": now,
        }
        for index, (_, _, seats) in enumerate(boards)
        if isinstance(seats[0].get("user_id"), int)
    ]


def _insert(dialect: str) -> Executable:
    """An insert that leaves a key already there alone, in the database's own words."""
    if dialect not in _INSERTS:
        make = postgresql.insert if dialect == "postgresql" else sqlite.insert
        _INSERTS[dialect] = make(_notices).on_conflict_do_nothing(index_elements=["key"])
    return _INSERTS[dialect]
