"""Request dependencies: the database session and the current user (a guest at first)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from ..db import Database, as_utc, utcnow
from ..models import User
from .accounts import guest, remember, user_of_session


def get_session(request: Request) -> Iterator[Session]:
    """One session per request, committed when the handler returns normally."""
    database: Database = request.app.state.db
    with database.session() as session:
        yield session


# scope="function": commit before the response is sent, so a client that gets a 2xx can
# rely on the change at once (FastAPI's default would commit only after the response).
SessionDep = Annotated[Session, Depends(get_session, scope="function")]


def idle_lifetime(request: Request) -> timedelta:
    """How long a session may lie unused (the settings' ``session_idle_days``)."""
    days: int = request.app.state.settings.session_idle_days
    return timedelta(days=days)


SEEN_EVERY = timedelta(hours=1)
"""How often a returning user's ``last_seen_at`` is written: enough to know who is
still around (guests unseen for days are pruned), one write an hour at most."""


def mark_seen(user: User) -> None:
    """Move ``last_seen_at`` on if it is more than an hour old (written with the
    request's transaction)."""
    now = utcnow()
    if user.last_seen_at is None or now - as_utc(user.last_seen_at) > SEEN_EVERY:
        user.last_seen_at = now


def get_current_user(request: Request, session: SessionDep) -> User:
    """The signed-in user, or a new guest remembered in the session cookie."""
    user = user_of_session(request.session, session, idle_lifetime(request))
    if user is None:
        user = guest(session)
        remember(request.session, session, user)
    mark_seen(user)
    return user


CurrentUser = Annotated[User, Depends(get_current_user)]


def get_optional_user(request: Request, session: SessionDep) -> User | None:
    """The signed-in user if any; no guest is made (for spectators and crawlers)."""
    user = user_of_session(request.session, session, idle_lifetime(request))
    if user is not None:
        mark_seen(user)
    return user


OptionalUser = Annotated[User | None, Depends(get_optional_user)]
