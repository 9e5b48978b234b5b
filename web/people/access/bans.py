"""Bans: a person an admin or moderator shut out, why, and until when.

A ban ends the person's sessions at once (their rows go, so no process believes the
cookie again; their open sockets are closed through the bus, web.club.admin), and
while it lasts they cannot sign in, make or join tables: each refusal tells them why
and until when (a permanent ban is one that ends in :data:`FOREVER`'s year).

Each session it ends leaves a :class:`~web.models.BanNotice` (the digest of its id):
a tab of theirs reloaded later is a stranger's to the server, but that browser still
carries the dead session's id, and :func:`notice_for` finds whose it was, so the page
says they are banned, why and until when instead of "sign in or ask for an
invitation". Lifting the ban removes the notices.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import HTTPException
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from ...db import as_utc, utcnow
from ...i18n import N_, Words, say
from ...models import BanNotice, User, UserSession
from .tokens import token_hash

FOREVER = datetime(9999, 1, 1, tzinfo=UTC)
"""The end date of a ban without one."""


def is_banned(user: User, now: datetime | None = None) -> bool:
    """Whether the person's ban (if any) still runs."""
    if user.banned_until is None:
        return False
    return as_utc(user.banned_until) > (now or utcnow())


def ban_detail(user: User) -> dict[str, Any]:
    """The body of a refusal to a banned person: the code, when it ends (None: never)
    and why, worded in their language."""
    assert user.banned_until is not None
    return _detail(user.ban_reason or "", as_utc(user.banned_until))


def farewell(user: User) -> dict[str, Any]:
    """What a banned person's open pages are told as their sessions end (sent between
    processes as JSON, worded by each page's stream: :func:`farewell_words`)."""
    assert user.banned_until is not None
    return {"reason": user.ban_reason or "", "until": as_utc(user.banned_until).isoformat()}


def farewell_words(farewell: dict[str, Any], language: str) -> dict[str, Any]:
    """A :func:`farewell` as the page shows it: ``ban_detail``'s shape, in ``language``."""
    detail = _detail(str(farewell["reason"]), datetime.fromisoformat(farewell["until"]))
    return {**detail, "message": say(detail["message"], language)}


def _detail(reason: str, until: datetime) -> dict[str, Any]:
    forever = until >= FOREVER
    if forever:
        message = Words(N_("You are banned from this server. Reason: {reason}"), reason=reason)
    else:
        message = Words(
            N_("You are banned from this server until {until}. Reason: {reason}"),
            until=until.strftime("%Y-%m-%d %H:%M UTC"),
            reason=reason,
        )
    return {
        "code": "banned",
        "until": None if forever else until.isoformat(),
        "reason": reason,
        "message": message,
    }


def refuse_if_banned(user: User) -> None:
    """Refuse (403) what a banned person asks for, saying why and until when."""
    if is_banned(user):
        raise HTTPException(403, detail=ban_detail(user))


def leave_notices(session: Session, user: User) -> None:
    """Before a ban ends ``user``'s sessions: a notice for each, so each browser is told
    on its next visit (called by the ban, in its transaction)."""
    now = utcnow()
    for session_id in session.scalars(select(UserSession.id).where(UserSession.user_id == user.id)):
        digest = token_hash(session_id)
        if session.get(BanNotice, digest) is None:
            session.add(BanNotice(session_digest=digest, user_id=user.id, created_at=now))


def forget_notices(session: Session, user: User) -> None:
    """The ban is lifted: its notices go (the person signs in again)."""
    session.execute(delete(BanNotice).where(BanNotice.user_id == user.id))


def notice_for(session: Session, session_id: object, now: datetime | None = None) -> User | None:
    """The banned person whose session (ended by their ban) this browser's cookie still
    names; None if it names none, or that ban is over (its notice then goes)."""
    if not isinstance(session_id, str) or not session_id:
        return None
    notice = session.get(BanNotice, token_hash(session_id))
    if notice is None:
        return None
    user = session.get(User, notice.user_id)
    if user is None or not is_banned(user, now):
        session.delete(notice)
        return None
    return user
