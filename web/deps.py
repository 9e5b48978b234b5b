"""Request dependencies: the database session and the current user (a guest at first)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from .accounts import guest
from .db import Database
from .models import User


def get_session(request: Request) -> Iterator[Session]:
    """One session per request, committed when the handler returns normally."""
    database: Database = request.app.state.db
    with database.session() as session:
        yield session


SessionDep = Annotated[Session, Depends(get_session)]


def get_current_user(request: Request, session: SessionDep) -> User:
    """The signed-in user, or a new guest remembered in the session cookie."""
    user_id = request.session.get("user_id")
    user = session.get(User, user_id) if isinstance(user_id, int) else None
    if user is None:
        user = guest(session)
        request.session["user_id"] = user.id
    return user


CurrentUser = Annotated[User, Depends(get_current_user)]
