"""Finding people on /admin: search by name, a page of them, one person's details."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ...db import as_utc, utcnow
from ...models import AuditEntry, GamePlayer, User
from ...people import FOREVER, has_a_way_in, is_banned, skeleton, without_a_way_in

PAGE = 50


@dataclass(frozen=True)
class PersonLine:
    """A person as the people list shows them."""

    id: int
    name: str
    registered: bool
    role: str
    last_seen: datetime
    games: int
    banned_until: datetime | None
    """When their ban ends (:data:`FOREVER`'s year: never); None if not banned."""
    ban_reason: str
    muted_until: datetime | None

    @property
    def banned_forever(self) -> bool:
        return self.banned_until is not None and self.banned_until >= FOREVER

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "registered": self.registered,
            "role": self.role,
            "last_seen": self.last_seen.isoformat(),
            "games": self.games,
            "banned": self.banned_until is not None,
            "banned_until": None
            if self.banned_until is None or self.banned_forever
            else self.banned_until.isoformat(),
            "ban_reason": self.ban_reason,
            "muted_until": None if self.muted_until is None else self.muted_until.isoformat(),
        }


def _games_played(session: Session, ids: list[int]) -> dict[int, int]:
    if not ids:
        return {}
    rows = session.execute(
        select(GamePlayer.user_id, func.count())
        .where(GamePlayer.user_id.in_(ids))
        .group_by(GamePlayer.user_id)
    )
    return {user_id: int(count) for user_id, count in rows if user_id is not None}


def line_of(user: User, games: int) -> PersonLine:
    now = utcnow()
    muted = None
    if user.muted_until is not None and as_utc(user.muted_until) > now:
        muted = as_utc(user.muted_until)
    return PersonLine(
        id=user.id,
        name=user.name,
        registered=has_a_way_in(user),
        role=user.role,
        last_seen=as_utc(user.last_seen_at),
        games=games,
        banned_until=as_utc(user.banned_until)
        if user.banned_until is not None and is_banned(user, now)
        else None,
        ban_reason=(user.ban_reason or "") if is_banned(user, now) else "",
        muted_until=muted,
    )


def search(
    session: Session, text: str, *, page: int = 1, members: bool = False
) -> list[PersonLine]:
    """People whose name contains ``text`` (regardless of case; everyone for ""), the
    most recently seen first; ``members`` leaves guests out."""
    query = select(User).order_by(User.last_seen_at.desc(), User.id.desc())
    wanted = text.strip()
    if wanted:
        query = query.where(User.name_key.contains(skeleton(wanted), autoescape=True))
    if members:
        query = query.where(~without_a_way_in())  # a password or a passkey
    users = list(session.scalars(query.limit(PAGE + 1).offset((page - 1) * PAGE)))
    played = _games_played(session, [user.id for user in users])
    return [line_of(user, played.get(user.id, 0)) for user in users]


def person(session: Session, user: User) -> PersonLine:
    return line_of(user, _games_played(session, [user.id]).get(user.id, 0))


def history(session: Session, user: User, limit: int = 20) -> list[AuditEntry]:
    """What staff did to this person, newest first."""
    query = (
        select(AuditEntry)
        .where(AuditEntry.target_id == user.id)
        .order_by(AuditEntry.at.desc(), AuditEntry.id.desc())
        .limit(limit)
    )
    return list(session.scalars(query))
