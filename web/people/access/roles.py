"""Who runs the server: members, moderators and admins.

Admins change the server's settings, name moderators and admins, and delete people;
moderators see /admin and act on people (ban, mute, recovery links), games and
reports. Everyone else is a member (a guest is a member without a password).
"""

from __future__ import annotations

from typing import Final, Literal

from fastapi import HTTPException
from sqlalchemy import update
from sqlalchemy.orm import Session

from ...i18n import N_, Words
from ...models import User, UserSession
from .audit import record

Role = Literal["member", "moderator", "admin"]
ROLES: Final[tuple[Role, ...]] = ("member", "moderator", "admin")


def is_admin(user: User | None) -> bool:
    return user is not None and user.role == "admin"


def is_staff(user: User | None) -> bool:
    """Admins and moderators: who may open /admin."""
    return user is not None and user.role in ("admin", "moderator")


def set_role(session: Session, actor: User | None, target: User, role: Role) -> None:
    """Make ``target`` a member, moderator or admin (``actor`` None: the command line).

    Their sessions stay, but none counts as a recent sign-in any more: someone who
    became staff while signed in proves who they are before their first action.
    """
    if actor is not None and actor.id == target.id:
        raise HTTPException(
            409,
            detail={"code": "yourself", "message": Words(N_("you cannot change your own role"))},
        )
    if target.role == role:
        return
    before = target.role
    target.role = role
    session.execute(
        update(UserSession).where(UserSession.user_id == target.id).values(signed_in_at=None)
    )
    record(session, actor, "role", target, before=before, after=role)
