"""An imported record stored as a finished game: its importer's alone, never rated.

The game is stored as a game played here is — a table, a game row holding the
record's header, one event per move — so its replay and the analysis board read it
as they read any finished game. What sets it apart: it is marked imported, owned by
its importer (:func:`web.lobby.may_watch` lets nobody else in), private, unrated,
and it has no player rows, so no person's games, ratings, bests or statistics, no
listing, tournament or daily deal ever counts it. The coach does not search it. It
goes with its importer (:mod:`web.records.forgetting`).
"""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy.orm import Session

from ..db import utcnow
from ..games import game_kind
from ..models import Game, GameAnalysis, GameEvent, GameTable
from .reading import ReadRecord

COACH_OFF = "off"
"""The coach's status on an imported game: its replay says the coach is off."""


def new_id() -> str:
    """An unguessable game id that never begins with a dash (as every game's)."""
    while (game_id := secrets.token_urlsafe(9)).startswith("-"):
        pass
    return game_id


def store_import(session: Session, owner_id: int, read: ReadRecord) -> str:
    """Store the record as its owner's imported game (committed by the caller); its id."""
    kind = game_kind(read.game)
    live = kind.restore(read.header)
    game_id = new_id()
    events = []
    for seq, move in enumerate(read.moves, start=1):
        fields = {key: value for key, value in move.items() if key != "player"}
        applied = live.apply(move["player"], kind.stored_action(fields))
        events.append(
            GameEvent(game_id=game_id, seq=seq, seat=move["player"], action=applied.stored)
        )
    header = read.header
    solo = len(header["players"]) == 1
    table = _table(kind.name, header["options"], solo, game_id)
    session.add(table)
    session.flush()
    session.add(
        Game(
            id=game_id,
            table_id=table.id,
            kind=kind.name,
            setup=header,
            seats=[{"user_id": None, "bot": None, "name": name} for name in header["players"]],
            solo=solo,
            rated=False,
            spectators=False,
            status="finished",
            version=len(events),
            current_seat=None,
            result=live.result(),
            finished_at=utcnow(),
            imported=True,
            imported_by=owner_id,
        )
    )
    session.flush()
    session.add_all(events)
    session.add(GameAnalysis(game_id=game_id, status=COACH_OFF))
    return game_id


def _table(kind: str, options: dict[str, Any], solo: bool, game_id: str) -> GameTable:
    """The table an imported game hangs on: closed, private, nobody's, never listed."""
    return GameTable(
        invite_code=secrets.token_urlsafe(12),
        kind=kind,
        creator_id=None,
        options=options,
        public=False,
        solo=solo,
        rated=False,
        spectators=False,
        status="finished",
        game_id=game_id,
    )
