"""Following people: one-way, asked of nobody, to find their live games.

Following tells the followed person nothing and gives the follower nothing a stranger
could not see: where the followed play a public game. A mute says the muter wants
nothing of the muted, so someone who muted me is hidden from me here: I cannot start
following them, and a follow made before the mute shows nothing of them any more.
"""

from __future__ import annotations

from collections.abc import Sequence

from fastapi import HTTPException
from pydantic import BaseModel
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from ..i18n import N_, Words
from ..models import Follow, Game, User
from .listing import blocked_by, players_of

NO_SUCH_PERSON = N_("nobody has this name")
YOURSELF = N_("you cannot follow yourself")
FOLLOW_LIMIT = 500
"""The most people one person may follow: the list is read on every visit of /live."""
TOO_MANY = N_("you follow as many people as anyone may: stop following someone first")


class Followed(BaseModel):
    """Someone I follow, and the public game of theirs to watch now, if any."""

    id: int
    name: str
    playing: bool
    game_id: str | None
    watch_url: str | None


def refuse(status: int, code: str, message: str) -> HTTPException:
    """A refusal in the app's one shape, ``{"detail": {"code", "message"}}``."""
    return HTTPException(status, detail={"code": code, "message": Words(message)})


def followable(session: Session, me: User, other: User | None) -> User:
    """The person to follow or stop following: someone else, who has not muted me (to
    me, they are nobody then: 404 as for a name nobody has)."""
    if other is None or other.id in blocked_by(session, me.id):
        raise refuse(404, "no_such_person", NO_SUCH_PERSON)
    if other.id == me.id:
        raise refuse(400, "yourself", YOURSELF)
    return other


def follow(session: Session, me: User, other: User) -> bool:
    """Start following ``other``; False when I already did (nothing changes)."""
    if session.get(Follow, (me.id, other.id)) is not None:
        return False
    count = session.scalar(select(func.count()).select_from(Follow).where(Follow.user_id == me.id))
    if (count or 0) >= FOLLOW_LIMIT:
        raise refuse(409, "too_many_follows", TOO_MANY)
    session.add(Follow(user_id=me.id, followed_id=other.id))
    return True


def unfollow(session: Session, me: User, other: User) -> None:
    """Stop following ``other`` (nothing to do when I did not)."""
    session.execute(delete(Follow).where(Follow.user_id == me.id, Follow.followed_id == other.id))


def is_following(session: Session, me_id: int | None, other_id: int) -> bool:
    """Whether this person follows the other."""
    return me_id is not None and session.get(Follow, (me_id, other_id)) is not None


def follow_state(session: Session, me_id: int | None, other_id: int) -> str | None:
    """What a profile offers its reader: ``following`` or ``not_following``; None on
    their own profile, and on the profile of someone who muted them."""
    if me_id == other_id or other_id in blocked_by(session, me_id):
        return None
    return "following" if is_following(session, me_id, other_id) else "not_following"


def followed_ids(session: Session, me_id: int | None) -> set[int]:
    """Everyone I follow who has not muted me."""
    if me_id is None:
        return set()
    ids = set(session.scalars(select(Follow.followed_id).where(Follow.user_id == me_id)))
    return ids - blocked_by(session, me_id)


def follows_of(session: Session, me: User, live: Sequence[Game]) -> list[Followed]:
    """Everyone I follow (by name), each with the first of ``live`` (public games
    being played, best first) they sit at."""
    ids = followed_ids(session, me.id)
    if not ids:
        return []
    people = session.scalars(select(User).where(User.id.in_(sorted(ids)))).all()
    found = []
    for person in sorted(people, key=lambda user: user.name.casefold()):
        game = next((game for game in live if person.id in players_of(game)), None)
        found.append(
            Followed(
                id=person.id,
                name=person.name,
                playing=game is not None,
                game_id=None if game is None else game.id,
                watch_url=None if game is None else f"/tv/{game.id}",
            )
        )
    return found
