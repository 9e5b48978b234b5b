"""Confirming it's me: a password typed again before admin actions.

An admin action wants a sign-in made in the last 15 minutes (web.club.admin.access).
Typing the password again is such a sign-in: the browser gets a new session (as at
any sign-in, :func:`~web.people.rotate_session`), counted from now. Wrong
passwords are limited as at sign-in: per address, and slowed per account. (A passkey
does the same through web.passkeys.)
"""

from __future__ import annotations

import math
from typing import Annotated

from fastapi import APIRouter, HTTPException, Request, Response, status
from pydantic import StringConstraints

from ...i18n import N_, Words
from ...models import User
from ...people import (
    TOO_MANY_SIGN_INS,
    TOO_MANY_WRONG_PASSWORDS,
    Inbound,
    Limits,
    OptionalUser,
    SessionDep,
    check_password,
    rotate_session,
    too_many_attempts,
)
from .access import NO_STORE

router = APIRouter(prefix="/api")


class Reauthentication(Inbound):
    password: Annotated[str, StringConstraints(min_length=1, max_length=200)]


def _signed_in(user: User | None) -> User:
    """Only a signed-in person has a sign-in to make again."""
    if user is None:
        message = Words(N_("sign in first"))
        raise HTTPException(401, detail={"code": "not_signed_in", "message": message})
    return user


@router.post("/me/reauthenticate", status_code=status.HTTP_204_NO_CONTENT)
def reauthenticate(
    body: Reauthentication, someone: OptionalUser, request: Request, session: SessionDep
) -> Response:
    """Type my password again: a fresh sign-in for this browser (a new session), which
    admin actions want within 15 minutes. 401 ``wrong_password``; limited like sign-in."""
    user = _signed_in(someone)
    limits: Limits = request.app.state.limits
    address = request.client.host if request.client else "unknown"
    pair = (address, user.name.casefold())
    if not limits.sign_ins_per_address.allow(address):
        raise too_many_attempts(
            limits.sign_ins_per_address.retry_after(address), TOO_MANY_SIGN_INS, NO_STORE
        )
    wait = limits.sign_in_failures.wait(pair)
    if wait > 0:
        raise too_many_attempts(math.ceil(wait), TOO_MANY_WRONG_PASSWORDS, NO_STORE)
    if not check_password(user, body.password):
        limits.sign_in_failures.failed(pair)
        message = Words(N_("this is not your password"))
        raise HTTPException(401, detail={"code": "wrong_password", "message": message})
    limits.sign_in_failures.succeeded(pair)
    rotate_session(request.session, session, user)
    return Response(status_code=status.HTTP_204_NO_CONTENT, headers=NO_STORE)
