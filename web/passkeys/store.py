"""The passkeys people keep here: adding, naming, finding, removing — and never
leaving an account without a way in.

An account's ways in are its password and its passkeys. The last one cannot be
taken away (by removing a passkey, or the password): the account would be a
guest's again, lost with this browser's cookie.
"""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from webauthn.helpers import bytes_to_base64url
from webauthn.registration.verify_registration_response import VerifiedRegistration

from ..db import utcnow
from ..i18n import N_
from ..models import Passkey, User
from .refusals import refusal
from .schemas import PasskeyPublic

MOST_PASSKEYS = 20
"""Passkeys one account may keep (a phone, a computer, two security keys… and room)."""


def passkeys_of(session: Session, user: User) -> list[Passkey]:
    """The account's passkeys, oldest first."""
    query = select(Passkey).where(Passkey.user_id == user.id).order_by(Passkey.id)
    return list(session.scalars(query))


def count_of(session: Session, user: User) -> int:
    query = select(func.count()).select_from(Passkey).where(Passkey.user_id == user.id)
    return int(session.scalar(query) or 0)


def find(session: Session, credential_id: str) -> Passkey | None:
    """The passkey an authenticator names (its credential id, base64url)."""
    return session.scalar(select(Passkey).where(Passkey.credential_id == credential_id.rstrip("=")))


def mine(session: Session, user: User, passkey_id: int) -> Passkey:
    """One of the account's passkeys; 404 for anyone else's (or none)."""
    passkey = session.get(Passkey, passkey_id)
    if passkey is None or passkey.user_id != user.id:
        raise refusal(404, "no_such_passkey", N_("you have no such passkey"))
    return passkey


def refuse_when_full(session: Session, user: User) -> None:
    if count_of(session, user) >= MOST_PASSKEYS:
        raise refusal(
            409,
            "too_many_passkeys",
            N_("you have {most} passkeys already: remove one first"),
            most=MOST_PASSKEYS,
        )


def add(
    session: Session,
    user: User,
    verified: VerifiedRegistration,
    transports: list[str],
    name: str,
) -> Passkey:
    """Keep a verified new credential; refused (409) when it is kept already."""
    refuse_when_full(session, user)
    passkey = Passkey(
        user_id=user.id,
        credential_id=bytes_to_base64url(verified.credential_id),
        public_key=verified.credential_public_key,
        sign_count=verified.sign_count,
        name=name,
        transports=sorted(set(transports)),
        created_at=utcnow(),
    )
    try:
        with session.begin_nested():
            session.add(passkey)
            session.flush()
    except IntegrityError:
        raise refusal(409, "passkey_known", N_("this passkey is already in use here")) from None
    return passkey


def has_password(user: User) -> bool:
    return user.password_hash is not None


def remove(session: Session, user: User, passkey: Passkey) -> None:
    """Delete one of the account's passkeys, unless it is its last way in."""
    if not has_password(user) and count_of(session, user) <= 1:
        raise _last_way_in(
            N_("this passkey is your only way to sign in: add a password or another passkey first")
        )
    session.delete(passkey)


def remove_password(session: Session, user: User) -> None:
    """Take the password away, once a passkey can sign the account in instead."""
    if not has_password(user):
        raise refusal(409, "no_password", N_("you have no password to remove"))
    if count_of(session, user) == 0:
        raise _last_way_in(N_("add a passkey first: without a password, it is how you sign in"))
    user.password_hash = None


def _last_way_in(message: str) -> Exception:
    return refusal(409, "last_way_in", message)


def public(passkey: Passkey) -> PasskeyPublic:
    return PasskeyPublic(
        id=passkey.id,
        name=passkey.name,
        created_at=passkey.created_at,
        last_used_at=passkey.last_used_at,
    )
