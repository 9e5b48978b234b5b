"""A person's imported records go with them: nobody else ever read them, and no game
played here depends on them (they have no players, no rating, no place in a list)."""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from ..models import AnalysisLine, Game, GameAnalysis, GameEvent, GameTable


def forget_imports(session: Session, owner_ids: Collection[int]) -> int:
    """Delete the imported games of these people (in the session, committed by the
    caller), with their moves, the coach's row, saved tries and their tables; how many
    games went."""
    if not owner_ids:
        return 0
    found = session.execute(
        select(Game.id, Game.table_id).where(
            Game.imported.is_(True), Game.imported_by.in_(list(owner_ids))
        )
    ).all()
    if not found:
        return 0
    game_ids = [game_id for game_id, _ in found]
    table_ids = [table_id for _, table_id in found]
    for model in (AnalysisLine, GameAnalysis, GameEvent):
        session.execute(delete(model).where(model.game_id.in_(game_ids)))
    session.execute(delete(Game).where(Game.id.in_(game_ids)))
    session.execute(delete(GameTable).where(GameTable.id.in_(table_ids)))
    return len(game_ids)
