"""Who may open /admin and act there, and how its answers are sent.

Staff (admins and moderators) see every section; only admins change roles, the
server's settings, or delete people. Anything that changes something also wants
the browser to have proved who it is recently (:data:`RECENT`): a cookie left on a
shared computer, or stolen, is not enough to ban people or change settings.
Every answer under /admin is ``Cache-Control: no-store``: a person's page of bans
and reports must not stay in a shared browser's cache or a proxy's.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from datetime import timedelta
from typing import Annotated, Any

from fastapi import Depends, HTTPException, Request, Response
from fastapi.routing import APIRoute

from ...db import as_utc, utcnow
from ...i18n import N_, Words
from ...models import User, UserSession
from ...people import OptionalUser, SessionDep, is_admin, is_staff

RECENT = timedelta(minutes=15)
"""How long a sign-in counts as recent for admin actions."""
NO_STORE = {"Cache-Control": "no-store"}


class NoStoreRoute(APIRoute):
    """A route whose every answer, refusals included, is ``Cache-Control: no-store``."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def no_store(request: Request) -> Response:
            try:
                response = await handler(request)
            except HTTPException as refusal:
                refusal.headers = {**(refusal.headers or {}), **NO_STORE}
                raise
            response.headers.update(NO_STORE)
            return response

        return no_store


def refusal(status: int, code: str, message: str) -> HTTPException:
    """A refusal in the API's shape, worded in the reader's language."""
    return HTTPException(status, detail={"code": code, "message": Words(message)})


def staff_user(user: OptionalUser) -> User:
    """The admin or moderator asking; anyone else (a visitor too) is refused."""
    if not is_staff(user):
        raise refusal(403, "staff_only", N_("this page is for the server's admins and moderators"))
    assert user is not None
    return user


Staff = Annotated[User, Depends(staff_user)]


def admin_user(user: Staff) -> User:
    """An admin: roles, settings and deleting people are theirs alone."""
    if not is_admin(user):
        raise refusal(403, "admins_only", N_("only an admin may do this"))
    return user


def signed_in_recently(request: Request, session: SessionDep, now_: Any = None) -> bool:
    """Whether this browser's session proved who it is within :data:`RECENT`."""
    session_id = request.session.get("sid")
    row = session.get(UserSession, session_id) if isinstance(session_id, str) else None
    if row is None or row.signed_in_at is None:
        return False
    return utcnow() - as_utc(row.signed_in_at) <= RECENT


def _require_recent(request: Request, session: SessionDep) -> None:
    if not signed_in_recently(request, session):
        raise refusal(
            403,
            "reauthenticate",
            N_("confirm it's you: sign in again to act as an admin or moderator"),
        )


def recent_staff(user: Staff, request: Request, session: SessionDep) -> User:
    """A moderator or admin who signed in within the last 15 minutes."""
    _require_recent(request, session)
    return user


def recent_admin(
    user: Annotated[User, Depends(admin_user)], request: Request, session: SessionDep
) -> User:
    """An admin who signed in within the last 15 minutes."""
    _require_recent(request, session)
    return user


Acting = Annotated[User, Depends(recent_staff)]
"""A moderator or admin taking an action."""
ActingAdmin = Annotated[User, Depends(recent_admin)]
"""An admin taking an action only admins take."""
