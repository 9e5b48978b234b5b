"""Bans: a person an admin or moderator shut out, why, and until when.

A ban ends the person's sessions at once (their rows go, so no process believes the
cookie again; their open sockets are closed through the bus, web.club.admin), and
while it lasts they cannot sign in, make or join tables: each refusal tells them why
and until when (a permanent ban is one that ends in :data:`FOREVER`'s year).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import HTTPException

from ..db import as_utc, utcnow
from ..i18n import N_, Words, say
from ..models import User

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
