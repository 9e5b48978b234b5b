"""May this visitor get an account? The one place the join policy is applied.

Looking makes no account (web.people.deps shows a visitor); the first action that
needs one asks here first. What a server lets a stranger become depends on its
policy (:mod:`web.people.access.policy`):

- ``open`` with guests on: a guest account, made on the spot;
- ``open`` with guests off: a registered account, by signing up (name and password,
  or a passkey) — a plain action is refused with ``sign_up_needed``;
- ``invitation``: only through an invitation link (``/join/<token>``,
  :mod:`web.people.access.invitations`), as a guest or by signing up as the policy says —
  anything else is refused with ``invitation_needed``;
- ``closed``: nobody new (``closed``); those who have an account sign in.

One exception: while a server whose host asked for the first sign-up to be its admin
(``CHROMINO_FIRST_SIGN_UP_ADMIN``) has no admin, anyone may sign up, whatever the
policy, and the pages say so (``first_admin``): web.people.access.founder decides, race-free.

Those who already have an account are never asked: a policy made stricter later
shuts out no one who is in.
"""

from __future__ import annotations

from typing import Final, Literal

from fastapi import HTTPException
from sqlalchemy.orm import Session

from ...i18n import N_, Words
from ...settings import Settings
from .founder import awaiting_founder, may_found
from .policy import Policy, policy

Refusal = Literal["closed", "invitation_needed", "sign_up_needed"]
"""Why a visitor gets no guest account (the code of the 403 and of the pages' panel)."""
Panel = Refusal | Literal["first_admin"]
"""What the pages offer a visitor who may not simply play: a refusal's panel, or the
founder's sign-up on a server that has no admin yet."""

MESSAGES: Final[dict[str, str]] = {
    "closed": N_("this server takes no new players: sign in if you have an account"),
    "invitation_needed": N_(
        "this server is by invitation: sign in, or ask a member for an invitation link"
    ),
    "sign_up_needed": N_("sign up or sign in to play on this server"),
}


def guest_refusal(rules: Policy) -> Refusal | None:
    """Why a visitor acting without an invitation may not become a guest now (None:
    they may)."""
    if rules.join == "closed":
        return "closed"
    if rules.join == "invitation":
        return "invitation_needed"
    if not rules.guests:
        return "sign_up_needed"
    return None


def sign_up_refusal(rules: Policy, *, invited: bool) -> Refusal | None:
    """Why a visitor may not sign up (a registered account) now: ``invited`` when they
    came with a good invitation link."""
    if rules.join == "closed":
        return "closed"
    if rules.join == "invitation" and not invited:
        return "invitation_needed"
    return None


def refuse_a_sign_up(session: Session, settings: Settings, *, invited: bool) -> None:
    """Refuse (403, saying why) a sign-up the join policy does not allow now, unless it
    is the founder's (web.people.access.founder.may_found: the lock it takes is held until the
    new account is crowned and committed)."""
    code = sign_up_refusal(policy(session, settings), invited=invited)
    if code is not None and not may_found(session, settings):
        raise refusal_error(code)


def refusal_error(code: Refusal) -> HTTPException:
    """The 403 that says why, in the reader's language."""
    return HTTPException(403, detail={"code": code, "message": Words(MESSAGES[code])})


def refuse_a_new_guest(session: Session, settings: Settings) -> None:
    """Refuse (403) a new guest account if the policy in force does not allow one."""
    code = guest_refusal(policy(session, settings))
    if code is not None:
        raise refusal_error(code)


def visitor_refusal(session: Session, settings: Settings) -> Panel | None:
    """What the pages tell a visitor who could not become a guest by acting (their
    panel: sign up, sign in, or ask for an invitation; ``first_admin``: sign up and
    become the admin); None when they could."""
    code = guest_refusal(policy(session, settings))
    if code is not None and awaiting_founder(session, settings):
        return "first_admin"
    return code
