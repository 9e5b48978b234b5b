"""A host's commands for the people who run the server (``chromino admin create-admin``,
``chromino admin set-role``): the first admin of a new server, and later roles when the
admin page cannot be reached. Each change is written to the audit log with the command
line as its actor."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..db import Database
from ..models import Preference, User
from ..people import (
    ROLES,
    UnusableName,
    lock_with_unknown_password,
    recovery,
    set_role,
    skeleton,
    usable_name,
)
from ..settings import Settings
from .admin import AdminError


@dataclass(frozen=True)
class NewAdmin:
    """What ``create-admin`` did: the name, whether the account is new, and the link
    that lets its owner choose a password (None for an account that has a way in)."""

    name: str
    created: bool
    link: str | None


def _find(session: Session, name: str) -> User | None:
    return session.scalar(select(User).where(User.name_key == skeleton(name)))


def _usable(name: str) -> str:
    try:
        return usable_name(name)
    except UnusableName as problem:
        raise AdminError(f"{name!r} cannot be a name: {problem}") from None


def create_admin(database: Database, settings: Settings, name: str) -> NewAdmin:
    """Make the account named ``name`` an admin, or a new registered account of that
    name an admin (with a password nobody knows, and a recovery link to choose one)."""
    wanted = _usable(name)
    with database.session() as session, session.begin():
        user = _find(session, wanted)
        created = user is None
        if user is None:
            user = User(name=wanted, name_key=skeleton(wanted), name_chosen=True)
            lock_with_unknown_password(user)
            user.preference = Preference()
            session.add(user)
            session.flush()
        set_role(session, None, user, "admin")
        link = None
        if created or user.password_hash is None:
            link = recovery.make_link(
                session,
                user,
                made_by=None,
                lifetime=recovery.ADMIN_LINK_LIFETIME,
                base_url=settings.public_url,
            )
        return NewAdmin(user.name, created, link)


def change_role(database: Database, name: str, role: str) -> str:
    """Give the account named ``name`` the role ``role``; its previous role."""
    if role not in ROLES:
        raise AdminError(f"{role!r} is not a role (member, moderator or admin)")
    with database.session() as session, session.begin():
        user = _find(session, _usable(name))
        if user is None:
            raise AdminError(f"no account is named {name!r}")
        before = user.role
        set_role(session, None, user, role)
        return before
