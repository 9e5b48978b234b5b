"""WebAuthn challenges: random bytes the authenticator signs, so an answer cannot be
replayed.

Each is kept as a row whose random id sits in the browser's signed cookie: only
that browser can answer it. The first answer takes it (the row is deleted and that
committed before the answer is even checked, right or wrong), it is worthless after
five minutes, and it serves only the ceremony it was made for. A browser has one
outstanding challenge at a time: asking again replaces the last.
"""

from __future__ import annotations

import secrets
from collections.abc import MutableMapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Literal

from sqlalchemy import delete, select
from sqlalchemy.orm import Session
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url

from ..db import as_utc, utcnow
from ..i18n import N_
from ..models import PasskeyChallenge
from .refusals import refusal

LIFETIME = timedelta(minutes=5)
COOKIE_KEY = "passkey_challenge"
"""Where the browser's signed cookie keeps the id of its challenge."""

Purpose = Literal["register", "sign_in"]


@dataclass(frozen=True)
class Taken:
    """A challenge answered: its bytes, and the account it was made for (if any)."""

    challenge: bytes
    user_id: int | None


def issue(
    session: Session, cookie: MutableMapping[str, Any], purpose: Purpose, user_id: int | None
) -> bytes:
    """A new challenge for this browser (in place of any it had); its bytes."""
    now = utcnow()
    session.execute(delete(PasskeyChallenge).where(PasskeyChallenge.expires_at < now))
    previous = cookie.get(COOKIE_KEY)
    if isinstance(previous, str):
        session.execute(delete(PasskeyChallenge).where(PasskeyChallenge.id == previous))
    challenge = secrets.token_bytes(32)
    row = PasskeyChallenge(
        id=secrets.token_urlsafe(32),
        challenge=bytes_to_base64url(challenge),
        purpose=purpose,
        user_id=user_id,
        expires_at=now + LIFETIME,
    )
    session.add(row)
    cookie[COOKIE_KEY] = row.id
    return challenge


def take(session: Session, cookie: MutableMapping[str, Any], purpose: Purpose) -> Taken:
    """The browser's challenge, used up by this answer whatever comes of it.

    The deletion is committed at once: a refusal later in the request rolls back
    only what follows. Of two answers racing with one challenge, only the one whose
    delete removed the row goes on.
    """
    row_id = cookie.pop(COOKIE_KEY, None)
    if not isinstance(row_id, str):
        raise _no_challenge()
    found = session.execute(
        select(
            PasskeyChallenge.challenge,
            PasskeyChallenge.purpose,
            PasskeyChallenge.user_id,
            PasskeyChallenge.expires_at,
        ).where(PasskeyChallenge.id == row_id)
    ).one_or_none()
    deleted = session.execute(delete(PasskeyChallenge).where(PasskeyChallenge.id == row_id))
    session.commit()
    if found is None or getattr(deleted, "rowcount", 0) != 1:
        raise _no_challenge()
    challenge, made_for, user_id, expires_at = found
    if made_for != purpose:
        raise refusal(
            400, "wrong_challenge", N_("this answer is for another passkey request; try again")
        )
    if as_utc(expires_at) <= utcnow():
        raise refusal(400, "challenge_expired", N_("the passkey request took too long; try again"))
    return Taken(challenge=base64url_to_bytes(challenge), user_id=user_id)


def _no_challenge() -> Exception:
    return refusal(
        400,
        "no_challenge",
        N_("this passkey request was already answered, or made in another browser; try again"),
    )
