"""The first admin of a new server, for a host who would rather not use the command
line (``CHROMINO_FIRST_SIGN_UP_ADMIN``): the first account that sets a password (or
signs up) while the server has no admin becomes one.

Only while no admin exists: once there is one, the setting does nothing, and a
later sign-up is a member like any other. The crowning is written to the audit log
(its actor is the person themself) and the caller gives the browser a new session
(a new privilege, a new cookie: web.people.accounts.rotate_session).
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..models import User
from ..settings import Settings
from .audit import record

FOUNDING_LOCK: Final = 0x43484D46
"""The PostgreSQL advisory lock the first sign-ups take turns on ("CHMF")."""


def crown_the_first(session: Session, settings: Settings, user: User) -> bool:
    """Make ``user`` the admin if the settings ask for the first sign-up to be one and
    there is no admin yet; whether they were made one."""
    if not settings.first_sign_up_admin or user.role == "admin":
        return False
    _one_at_a_time(session)
    if session.scalar(select(User.id).where(User.role == "admin").limit(1)) is not None:
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
