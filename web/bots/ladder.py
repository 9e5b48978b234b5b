"""The bot ladder: bot accounts ranked by their rating in each bot pool, with their owner.

A bot pool stands beside each people's pool (web.ratings: ``chromino-bots`` beside
``chromino``); the ladder shows the pools some bot has played rated games in, in the
people's pools' order, each bot once it has played one.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session, aliased

from ..models import Rating, User
from ..ratings import all_pools, bot_pool, is_provisional, shown


@dataclass(frozen=True)
class Rung:
    """One bot on one ladder."""

    rank: int
    user_id: int
    name: str
    owner: str | None
    """Its owner's name (None once their account is gone)."""
    rating: int
    provisional: bool
    games: int
    wins: int


@dataclass(frozen=True)
class Ladder:
    """The bots of one pool, the best first."""

    pool: str
    label: str
    rungs: list[Rung]


def ladders(session: Session) -> list[Ladder]:
    """Every bot pool a bot has a rating in, in the pools' order."""
    owner = aliased(User)
    labels = {bot_pool(pool): label for pool, label in all_pools().items()}
    query = (
        select(Rating, User.name, owner.name)
        .join(User, User.id == Rating.user_id)
        .outerjoin(owner, owner.id == User.bot_owner_id)
        .where(User.bot_owner_id.is_not(None), Rating.pool.in_(list(labels)))
        .order_by(Rating.mu.desc(), User.id)
    )
    found: dict[str, list[Rung]] = {}
    for rating, name, owner_name in session.execute(query):
        rungs = found.setdefault(rating.pool, [])
        rungs.append(
            Rung(
                rank=len(rungs) + 1,
                user_id=rating.user_id,
                name=name,
                owner=owner_name,
                rating=shown(rating.mu),
                provisional=is_provisional(rating.games),
                games=rating.games,
                wins=rating.wins,
            )
        )
    return [Ladder(pool, label, found[pool]) for pool, label in labels.items() if pool in found]
