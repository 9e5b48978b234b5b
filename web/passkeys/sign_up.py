"""Signing up with a passkey instead of a password: a visitor with no account (on a
server without guests, or by an invitation link) chooses a name, and the passkey
their authenticator makes is their way in.

Whether they may is the join policy's decision (web.people.access.join.refuse_a_sign_up, and
web.people.access.invitations.redeem for a link), asked before the authenticator is (so a
refusal comes at once) and again once it answered; the new account is made as a
password sign-up makes it (web.club.join_routes.sign_up): a guest's row renamed, the
invitation it came by, the first sign-up crowned admin if the host asked for that.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from datetime import datetime
from typing import Any

from fastapi import HTTPException
from sqlalchemy import select
from sqlalchemy.orm import Session

from ..i18n import N_, Words
from ..models import User
from ..people import (
    VISITOR_NAME,
    NameTakenError,
    crown_the_first,
    guest,
    invitations,
    refuse_a_sign_up,
    rename,
    skeleton,
)
from ..settings import Settings
from .refusals import refusal

PENDING = "passkey_sign_up"
"""Where the cookie keeps the name and invitation between the options and the answer."""


def refuse_unless_allowed(session: Session, settings: Settings, invitation: str | None) -> None:
    """Refuse (403, saying why) a sign-up the join policy does not allow now (the
    founder's first sign-up it allows: web.people.access.founder)."""
    refuse_a_sign_up(session, settings, invited=invitation is not None)


def refuse_a_taken_name(session: Session, name: str) -> None:
    if session.scalar(select(User.id).where(User.name_key == skeleton(name))) is not None:
        raise _name_taken(name)


def remember_pending(cookie: MutableMapping[str, Any], name: str, invitation: str | None) -> None:
    cookie[PENDING] = {"name": name, "invitation": invitation}


def take_pending(cookie: MutableMapping[str, Any]) -> tuple[str, str | None]:
    """The name and invitation of this browser's sign-up in progress (used up)."""
    pending = cookie.pop(PENDING, None)
    if not isinstance(pending, dict) or not isinstance(pending.get("name"), str):
        raise refusal(
            400, "no_sign_up", N_("this sign-up was not started here, or is over; start again")
        )
    invitation = pending.get("invitation")
    return pending["name"], invitation if isinstance(invitation, str) else None


def new_member(
    session: Session,
    settings: Settings,
    cookie: MutableMapping[str, Any],
    *,
    name: str,
    invitation: str | None,
    now: datetime,
) -> User:
    """The new registered account (its passkey is added by the caller)."""
    refuse_unless_allowed(session, settings, invitation)
    invitation_id = None
    if invitation is not None:
        try:
            invitation_id = invitations.redeem(session, invitation, now).id
        except invitations.InvitationError as error:
            raise HTTPException(
                error.status, detail={"code": error.code, "message": error.words}
            ) from None
    newcomer = guest(session, cookie.get(VISITOR_NAME))
    try:
        rename(session, newcomer, name)
    except NameTakenError:
        raise _name_taken(name) from None
    newcomer.invitation_id = invitation_id
    crown_the_first(session, settings, newcomer)
    return newcomer


def _name_taken(name: str) -> HTTPException:
    message = Words(N_("the name {name} is taken"), name=name)
    return HTTPException(409, detail={"code": "name_taken", "message": message})
