"""Every finished game a person played, one record each, in one zip.

A zip rather than one stream of lines: each entry is exactly the document
``GET /api/games/{id}/record`` serves, named as it names it, so any tool that reads one
record reads every entry; and records repeat their tile names a great deal, which
the zip's compression takes out. The zip is written to a spooled file (memory, then
disk for a long history) and the games are read a batch at a time.

Only finished games go in: a game in progress still hides the bag and the other
hands. Its player may read a private game's record, so private games are in too;
imported records are not games played here, and are left out.
"""

from __future__ import annotations

import json
import tempfile
import zipfile
from collections import defaultdict
from collections.abc import Iterator
from typing import IO, Any, Final

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import Game, GameEvent, GamePlayer

BATCH: Final = 200
"""Games read at a time."""
IN_MEMORY_BYTES: Final = 4 * 1024 * 1024
"""A zip larger than this is spooled to disk as it is written."""


def record_name(kind: str, game_id: str) -> str:
    """A record's file name, as the single record's download names it."""
    return f"{kind}-{game_id}.json"


def finished_ids(session: Session, user_id: int) -> list[str]:
    """The finished games the person played (once each: a device's local seats are one
    game), oldest first."""
    query = (
        select(Game.id)
        .join(GamePlayer, GamePlayer.game_id == Game.id)
        .where(GamePlayer.user_id == user_id, Game.status == "finished", Game.imported.is_(False))
        .group_by(Game.id, Game.created_at)
        .order_by(Game.created_at, Game.id)
    )
    return list(session.scalars(query))


def _records(session: Session, game_ids: list[str]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each game's file name and record, a batch of games at a time (plain rows: the
    request's session keeps none of them)."""
    for start in range(0, len(game_ids), BATCH):
        batch = game_ids[start : start + BATCH]
        games = session.execute(
            select(Game.id, Game.kind, Game.setup).where(Game.id.in_(batch))
        ).all()
        moves: dict[str, list[dict[str, Any]]] = defaultdict(list)
        events = (
            select(GameEvent.game_id, GameEvent.seat, GameEvent.action)
            .where(GameEvent.game_id.in_(batch))
            .order_by(GameEvent.game_id, GameEvent.seq)
        )
        for game_id, seat, action in session.execute(events):
            moves[game_id].append({"player": seat, **action})
        by_id = {game_id: (kind, setup) for game_id, kind, setup in games}
        for game_id in batch:
            kind, setup = by_id[game_id]
            yield record_name(kind, game_id), {**setup, "moves": moves[game_id]}


def records_zip(session: Session, user_id: int) -> IO[bytes]:
    """A zip of every finished game the person played, rewound to its start."""
    spool = tempfile.SpooledTemporaryFile(max_size=IN_MEMORY_BYTES)  # noqa: SIM115
    with zipfile.ZipFile(spool, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, record in _records(session, finished_ids(session, user_id)):
            archive.writestr(name, json.dumps(record, ensure_ascii=False, separators=(",", ":")))
    spool.seek(0)
    return spool
