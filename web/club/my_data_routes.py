"""My data: ``GET /api/me/export`` (everything the server keeps about me, one JSON
file) and ``DELETE /api/me`` (my account goes; the games I played stay, my seat
named "a former player"; see web.club.deletion).

Deleting asks for the account's name typed out (no slip of a finger deletes
anyone), and for a registered person a proof that it is them: their password, or
for an account with passkeys and no password a sign-in of this browser within the
last 15 minutes (signing in again with a passkey gives one). A guest has no other
proof than their session.
"""

from __future__ import annotations

import json
import re
from datetime import timedelta
from typing import Annotated

from fastapi import APIRouter, HTTPException, Request, Response, status
from pydantic import StringConstraints
from sqlalchemy import select
from sqlalchemy.orm import Session

from ..db import as_utc, utcnow
from ..i18n import LANGUAGES, N_, Words, gettext_in
from ..models import Passkey, User, UserSession
from ..people import GUEST_WORDS, CurrentUser, Inbound, Limits, SessionDep, check_password
from ..records import forget_imports
from .deletion import delete_account
from .export import export_of

router = APIRouter(prefix="/api")

DRAWN = re.compile(r"Guest (\d{6})")
"""A guest's drawn name, as stored (web.people.names.guest_name)."""
RECENT_SIGN_IN = timedelta(minutes=15)
"""How fresh a sign-in must be to stand for the password of an account without one."""


class DeleteMe(Inbound):
    confirm: Annotated[str, StringConstraints(min_length=1, max_length=200)]
    """The account's name, as stored (a guest's drawn name as the page shows it is
    accepted too)."""
    password: Annotated[str, StringConstraints(min_length=1, max_length=200)] | None = None


@router.get("/me/export")
def export_me(user: CurrentUser, request: Request, session: SessionDep) -> Response:
    """Everything the server keeps about me, as a file to download."""
    now = request.app.state.clock.now()
    data = export_of(session, user, now)
    body = json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False)
    name = re.sub(r"[^A-Za-z0-9_-]+", "-", user.name).strip("-") or f"account-{user.id}"
    filename = f"chromino-{name}-{now.date().isoformat()}.json"
    return Response(
        body,
        media_type="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="{filename}"',
            "Cache-Control": "no-store",
        },
    )


@router.delete("/me", status_code=status.HTTP_204_NO_CONTENT)
def delete_me(body: DeleteMe, user: CurrentUser, request: Request, session: SessionDep) -> Response:
    """Delete my account (see the module's docstring for the proof asked for). This
    browser is signed out; the next visit starts afresh."""
    limits: Limits = request.app.state.limits
    if not limits.account_deletions.allow(user.id):
        message = Words(N_("too many attempts; try again in a few minutes"))
        raise HTTPException(429, detail={"code": "too_many_attempts", "message": message})
    if body.confirm.strip() not in _accepted_names(user):
        message = Words(N_("type your name exactly as it is shown to confirm"))
        raise HTTPException(422, detail={"code": "confirm_mismatch", "message": message})
    _require_proof(request, session, user, body.password)
    forget_imports(session, [user.id])
    delete_account(session, user, rooms=request.app.state.hub, loop=request.app.state.loop)
    limits.account_deletions.forget(user.id)  # the next account may reuse the id
    request.session.clear()
    return Response(status_code=status.HTTP_204_NO_CONTENT)


def _accepted_names(user: User) -> set[str]:
    """The account's name as stored and, for a guest's drawn name, as any page words it
    ("Гость 123456")."""
    names = {user.name}
    drawn = DRAWN.fullmatch(user.name)
    if drawn is not None:
        number = drawn.group(1)
        names |= {gettext_in(language, GUEST_WORDS, number=number) for language in LANGUAGES}
    return names


def _require_proof(request: Request, session: Session, user: User, password: str | None) -> None:
    """A password for an account that has one; a recent sign-in for one with passkeys
    only; nothing more for a guest."""
    if user.password_hash is not None:
        if password is None or not check_password(user, password):
            message = Words(N_("wrong password"))
            raise HTTPException(403, detail={"code": "wrong_password", "message": message})
        return
    has_passkey = session.scalar(select(Passkey.id).where(Passkey.user_id == user.id).limit(1))
    if has_passkey is None:
        return
    row = session.get(UserSession, request.session.get("sid", ""))
    now = utcnow()  # the sessions are stamped with the real time
    if row is None or row.signed_in_at is None or now - as_utc(row.signed_in_at) > RECENT_SIGN_IN:
        message = Words(N_("sign in again with your passkey, then delete your account"))
        raise HTTPException(403, detail={"code": "reauthenticate", "message": message})
