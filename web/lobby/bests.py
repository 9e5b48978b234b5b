"""A person's best solo results, as each game ranks them.

The solo page shows the best beside its button and a profile lists one per game;
both ask this, which reads finished games only and needs no table.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import Game, GamePlayer, User
from .errors import kind_named
from .schemas import SoloBest


def solo_best(session: Session, user: User, game: str) -> SoloBest | None:
    """The user's best finished solo game of this kind, as the game ranks them."""
    kind = kind_named(game)
    query = (
        select(Game)
        .join(GamePlayer, GamePlayer.game_id == Game.id)
        .where(
            GamePlayer.user_id == user.id,
            Game.solo.is_(True),
            Game.status == "finished",
            Game.kind == kind.name,
        )
    )
    best = None
    for played in session.scalars(query):
        candidate = kind.solo_result(played.id, played.result or {})
        if candidate is not None and (best is None or kind.better_solo(candidate, best)):
            best = candidate
    return None if best is None else SoloBest(**best.model_dump())
