"""Recovery links: a way back in for a person who lost their password.

A link is asked for by email ("Forgot my password?", sent only to an address its
owner confirmed) or made by an admin on /admin and handed over by hand. Either way
the link carries a long random token of which only the hash is stored
(:mod:`web.people.access.tokens`), it is good once and for a short while, and a new link
voids the person's earlier unused ones (the last one sent is the one that works).

Following the link only shows the form (a mail client's link preview must not use
it up); the form's answer sets a new password, ends every session of the account
and signs this browser in afresh.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from ...db import as_utc, utcnow
from ...models import Preference, RecoveryToken, User
from ..names import drawn_guest_name, normalize, skeleton
from . import audit, tokens

ADMIN_LINK_LIFETIME = timedelta(hours=24)
"""An admin's link is handed over by hand (a chat, a phone call): it lasts a day."""
MOST_ACCOUNTS_PER_ADDRESS = 5
"""Accounts that share one confirmed address each get a link, up to this many."""

Problem = Literal["malformed", "unknown", "used", "expired"]


def recover_path(token: str) -> str:
    """The page a recovery link opens."""
    return f"/recover/{token}"


def make_link(
    session: Session,
    user: User,
    *,
    made_by: User | None,
    lifetime: timedelta,
    base_url: str,
    now: datetime | None = None,
) -> str:
    """A new recovery link for ``user``, good for ``lifetime``; the person's earlier
    unused links stop working. Only the token's hash is stored."""
    moment = now or utcnow()
    session.execute(
        delete(RecoveryToken).where(
            RecoveryToken.user_id == user.id, RecoveryToken.used_at.is_(None)
        )
    )
    token, hashed = tokens.new_token()
    session.add(
        RecoveryToken(
            token_hash=hashed,
            user_id=user.id,
            made_by=made_by.id if made_by is not None else None,
            expires_at=moment + lifetime,
            created_at=moment,
        )
    )
    session.flush()
    return f"{base_url.rstrip('/')}{recover_path(token)}"


def admin_recovery_link(
    session: Session, user: User, made_by: User, base_url: str, now: datetime | None = None
) -> str:
    """A link an admin or moderator makes on /admin for a person who lost their way in
    (no email, or none confirmed): good for 24 hours, written to the audit log (without
    the link). The caller checks that ``made_by`` may do it and commits."""
    link = make_link(
        session, user, made_by=made_by, lifetime=ADMIN_LINK_LIFETIME, base_url=base_url, now=now
    )
    audit.record(
        session, made_by, "recovery_link", user, hours=ADMIN_LINK_LIFETIME.total_seconds() / 3600
    )
    return link


def accounts_to_mail(session: Session, who: str) -> list[tuple[User, str]]:
    """The accounts a "forgot my password" request names, each with its confirmed
    address: by name (as typed, look-alikes included), or every account whose
    confirmed address it is. An account without a confirmed address is left out
    (nobody is told so)."""
    typed = normalize(who)
    if "@" in typed:
        query = (
            select(User, Preference.email)
            .join(Preference, Preference.user_id == User.id)
            .where(func.lower(Preference.email) == typed.casefold())
            .order_by(User.id)
            .limit(MOST_ACCOUNTS_PER_ADDRESS)
        )
    else:
        keys = {skeleton(typed)}
        drawn = drawn_guest_name(typed)
        if drawn is not None:
            keys.add(skeleton(drawn))
        query = (
            select(User, Preference.email)
            .join(Preference, Preference.user_id == User.id)
            .where(User.name_key.in_(keys))
        )
    query = query.where(Preference.email_verified.is_(True), Preference.email.is_not(None))
    return [(user, str(address)) for user, address in session.execute(query)]


@dataclass(frozen=True)
class Redeemable:
    """A recovery link that still works, and whose it is."""

    token_hash: str
    user: User


def check(session: Session, token: str, now: datetime | None = None) -> Redeemable | Problem:
    """Whether a link's token works, without using it (the page's GET): the person it
    lets in, or why not."""
    if not tokens.well_formed(token):
        return "malformed"
    row = session.get(RecoveryToken, tokens.token_hash(token))
    if row is None or not tokens.matches(token, row.token_hash):
        return "unknown"
    if row.used_at is not None:
        return "used"
    if as_utc(row.expires_at) <= (now or utcnow()):
        return "expired"
    user = session.get(User, row.user_id)
    if user is None:
        return "unknown"
    return Redeemable(row.token_hash, user)


def use(session: Session, found: Redeemable, now: datetime | None = None) -> bool:
    """Mark the link used, once: of two answers racing with the same link only one
    gets True (the row is updated only while it is unused)."""
    moment = now or utcnow()
    done = session.execute(
        update(RecoveryToken)
        .where(
            RecoveryToken.token_hash == found.token_hash,
            RecoveryToken.used_at.is_(None),
            RecoveryToken.expires_at > moment,
        )
        .values(used_at=moment)
    )
    if int(getattr(done, "rowcount", 0) or 0) != 1:
        return False
    session.execute(
        delete(RecoveryToken).where(
            RecoveryToken.user_id == found.user.id, RecoveryToken.used_at.is_(None)
        )
    )
    return True
