"""Friendships and mutes between two people.

A friendship is two rows of ``Friend``, one each way: a request is one row, and the
other person adding back (or opening a friend link) makes it mutual. Only mutual
friends see each other's presence and games, and may invite each other; a one-way row
is a request the other sees (``incoming``) and may accept by adding back or decline.

A mute (``Block``) is everywhere and outranks friendship: muting ends any friendship
and any open invitation between the two, and while either has muted the other
neither can befriend or invite the other (web.lobby.tables also keeps a muted person
out of the muter's private tables). Who muted whom is never told to the muted.
"""

from __future__ import annotations

from collections.abc import Iterable

from fastapi import HTTPException
from sqlalchemy import and_, delete, exists, func, or_, select, update
from sqlalchemy.orm import Session, aliased

from ..i18n import N_, Words
from ..models import Block, Friend, Invitation, User
from ..people import drawn_guest_name, normalize, skeleton


def refuse(status: int, code: str, message: Words) -> HTTPException:
    """A refusal in the app's one shape, ``{"detail": {"code", "message"}}``."""
    return HTTPException(status, detail={"code": code, "message": message})


NO_SUCH_PERSON = N_("nobody has this name or number")
YOURSELF = N_("that is you")
MUTED = N_("one of you has muted the other")


def person_named(session: Session, name: str) -> User | None:
    """The person whose name looks like ``name`` (the accounts' unique skeleton; a
    guest's drawn name may be typed as any page words it)."""
    user = session.scalar(select(User).where(User.name_key == skeleton(normalize(name))))
    drawn = drawn_guest_name(name)
    if user is None and drawn is not None:
        user = session.scalar(select(User).where(User.name_key == skeleton(drawn)))
    return user


def other_person(session: Session, me: User, user_id: int | None, name: str | None) -> User:
    """Someone else, by id or by name: 404 ``no_such_person``, 400 ``yourself``."""
    other = session.get(User, user_id) if user_id is not None else None
    if name is not None:
        other = person_named(session, name)
    if other is None:
        raise refuse(404, "no_such_person", Words(NO_SUCH_PERSON))
    if other.id == me.id:
        raise refuse(400, "yourself", Words(YOURSELF))
    return other


def muted_either_way(session: Session, one: int, other: int) -> bool:
    """Whether either of the two has muted the other."""
    query = select(Block.user_id).where(
        or_(
            and_(Block.user_id == one, Block.blocked_id == other),
            and_(Block.user_id == other, Block.blocked_id == one),
        )
    )
    return session.scalar(query.limit(1)) is not None


def muted_with(session: Session, me: int, others: Iterable[int]) -> set[int]:
    """Which of ``others`` I muted or who muted me, in one query."""
    ids = set(others)
    if not ids:
        return set()
    query = select(Block.user_id, Block.blocked_id).where(
        or_(
            and_(Block.user_id == me, Block.blocked_id.in_(ids)),
            and_(Block.blocked_id == me, Block.user_id.in_(ids)),
        )
    )
    return {blocked if muter == me else muter for muter, blocked in session.execute(query)}


def add_friend(session: Session, me: User, other: User) -> str:
    """My side of a friendship with ``other``: "friends" when they had added me (it is
    mutual now), else "requested". 409 ``muted`` when either muted the other."""
    if muted_either_way(session, me.id, other.id):
        raise refuse(409, "muted", Words(MUTED))
    if session.get(Friend, (me.id, other.id)) is None:
        session.add(Friend(user_id=me.id, friend_id=other.id))
        session.flush()
    return "friends" if session.get(Friend, (other.id, me.id)) is not None else "requested"


def befriend(session: Session, one: int, other: int) -> None:
    """Both rows at once (a friend link: its owner consented by sharing it)."""
    for user_id, friend_id in ((one, other), (other, one)):
        if session.get(Friend, (user_id, friend_id)) is None:
            session.add(Friend(user_id=user_id, friend_id=friend_id))
    session.flush()


def unfriend(session: Session, one: int, other: int) -> None:
    """No row either way: an ended friendship, a declined or withdrawn request."""
    session.execute(
        delete(Friend).where(
            or_(
                and_(Friend.user_id == one, Friend.friend_id == other),
                and_(Friend.user_id == other, Friend.friend_id == one),
            )
        )
    )


def mute(session: Session, me: User, other: User) -> None:
    """Mute ``other`` for me, everywhere (again: nothing changes); our friendship and
    the open invitations between us end."""
    if session.get(Block, (me.id, other.id)) is None:
        session.add(Block(user_id=me.id, blocked_id=other.id))
    unfriend(session, me.id, other.id)
    session.execute(
        update(Invitation)
        .where(Invitation.status == "open")
        .where(
            or_(
                and_(Invitation.from_id == me.id, Invitation.to_id == other.id),
                and_(Invitation.from_id == other.id, Invitation.to_id == me.id),
            )
        )
        .values(status="declined")
    )
    session.flush()


def unmute(session: Session, me: User, other: User) -> None:
    """Hear ``other`` again (a friendship that the mute ended stays ended)."""
    session.execute(delete(Block).where(Block.user_id == me.id, Block.blocked_id == other.id))


def muted_people(session: Session, me: User) -> list[User]:
    """Those I muted, by name."""
    query = (
        select(User)
        .join(Block, Block.blocked_id == User.id)
        .where(Block.user_id == me.id)
        .order_by(User.name, User.id)
    )
    return list(session.scalars(query))


def relations_of(session: Session, me: User) -> tuple[set[int], set[int], set[int]]:
    """My mutual friends, my incoming requests and my outgoing ones (ids), in one
    query of the rows either way."""
    rows = session.execute(
        select(Friend.user_id, Friend.friend_id).where(
            or_(Friend.user_id == me.id, Friend.friend_id == me.id)
        )
    )
    mine: set[int] = set()
    theirs: set[int] = set()
    for user_id, friend_id in rows:
        if user_id == me.id:
            mine.add(friend_id)
        else:
            theirs.add(user_id)
    return mine & theirs, theirs - mine, mine - theirs


def mutual_friends(session: Session, me: int, others: Iterable[int]) -> set[int]:
    """Which of ``others`` are my mutual friends."""
    ids = set(others)
    if not ids:
        return set()
    back = aliased(Friend)
    query = (
        select(Friend.friend_id)
        .join(back, and_(back.user_id == Friend.friend_id, back.friend_id == Friend.user_id))
        .where(Friend.user_id == me, Friend.friend_id.in_(ids))
    )
    return set(session.scalars(query))


def incoming_count(session: Session, user_id: int) -> int:
    """How many people asked to be my friend and wait for my answer (one query)."""
    back = aliased(Friend)
    answered = exists().where(back.user_id == user_id, back.friend_id == Friend.user_id)
    query = select(func.count()).select_from(Friend).where(Friend.friend_id == user_id, ~answered)
    return int(session.scalar(query) or 0)
