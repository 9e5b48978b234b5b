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

from sqlalchemy import Connection, bindparam, select

from ..models import DuplicateBoard, Game, GameTable
from ..notify import DUPLICATE_OVER, NoticeDraft, add_notices_on, draft

AFTER = timedelta(minutes=1)
"""As a game's end (web.days.sweep): the last player is looking at their end screen,
whose link says where the ranking is; the others are told a minute later."""


_TABLES_OF_BOARDS = (
    select(DuplicateBoard.table_id)
    .where(DuplicateBoard.game_id.in_(bindparam("games", expanding=True)))
    .distinct()
)
"""The duplicate tables some games are boards of, built once: it runs with every game's end."""


def tell_when_all_finished(connection: Connection, ended: Sequence[str], now: datetime) -> int:
    """Add the notices of the duplicate tables whose last boards are among ``ended``
    (just finished in this transaction); how many were made (a key already stored is
    left alone)."""
    if not ended:
        return 0
    added = 0
    for table_id in sorted(connection.scalars(_TABLES_OF_BOARDS, {"games": list(ended)})):
        added += add_notices_on(connection, _notices_if_over(connection, table_id, now), now)
    return added


def _notices_if_over(connection: Connection, table_id: int, now: datetime) -> list[NoticeDraft]:
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
        draft(
            DUPLICATE_OVER,
            (table_id, seats[0]["user_id"]),
            seats[0]["user_id"],
            {"game": table.kind, "players": names, "seat": index, "duplicate": table.invite_code},
            now + AFTER,
        )
        for index, (_, _, seats) in enumerate(boards)
        if isinstance(seats[0].get("user_id"), int)
    ]
