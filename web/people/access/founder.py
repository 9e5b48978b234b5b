"""The first admin of a new server, for a host who would rather not use the command
line (``CHROMINO_FIRST_SIGN_UP_ADMIN``): the first account that sets a password (or
signs up) while the server has no admin becomes one.

Only while no admin exists: once there is one, the setting does nothing, and a
later sign-up is a member like any other. Until then the founder may sign up even
where the join policy lets nobody new in without an invitation (``invitation``,
``closed``): otherwise such a server could never get its first admin from the
browser. :func:`may_found` decides that under the same lock as the crowning, so of
two strangers signing up at once one is crowned and the other is refused.

The crowning is written to the audit log (its actor is the person themself) and the
caller gives the browser a new session (a new privilege, a new cookie:
web.people.accounts.rotate_session).
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ...models import User
from ...settings import Settings
from .audit import record

FOUNDING_LOCK: Final = 0x43484D46
"""The PostgreSQL advisory lock the first sign-ups take turns on ("CHMF")."""


def awaiting_founder(session: Session, settings: Settings) -> bool:
    """Whether the first sign-up would be crowned now (what the pages tell a visitor;
    the sign-up itself asks :func:`may_found`)."""
    return settings.first_sign_up_admin and not _has_an_admin(session)


def may_found(session: Session, settings: Settings) -> bool:
    """Whether this sign-up, which the join policy would refuse, is the founder's:
    the host asked for a first admin and there is none. Taken under the founding lock
    (held to the end of the transaction), so the crowning that follows is this
    sign-up's and a second stranger at the same moment waits, then is refused."""
    if not settings.first_sign_up_admin:
        return False
    _one_at_a_time(session)
    return not _has_an_admin(session)


def _has_an_admin(session: Session) -> bool:
    return session.scalar(select(User.id).where(User.role == "admin").limit(1)) is not None


def crown_the_first(session: Session, settings: Settings, user: User) -> bool:
    """Make ``user`` the admin if the settings ask for the first sign-up to be one and
    there is no admin yet; whether they were made one."""
    if not settings.first_sign_up_admin or user.role == "admin":
        return False
    _one_at_a_time(session)
    if _has_an_admin(session):
        return False
    user.role = "admin"
    session.flush()
    record(session, user, "first_admin", user)
    return True


def _one_at_a_time(session: Session) -> None:
    """Two sign-ups at the same moment would each find no admin and both be crowned.
    On PostgreSQL the second waits here, until the first's transaction ends, and then
    sees its admin; SQLite's transactions already begin IMMEDIATE, one at a time."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(select(func.pg_advisory_xact_lock(FOUNDING_LOCK)))
