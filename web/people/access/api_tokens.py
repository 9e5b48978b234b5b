"""API tokens: what a program sends as ``Authorization: Bearer`` to act as an account.

A person makes a token with a name and scopes, sees it once, and may revoke it. The
database keeps only its hash (:mod:`.tokens`): a backup read by someone else gives no
working token. ``bot:play`` — sitting at tables and moving — is for bot accounts only,
so a person's token never plays in their name (docs/bots.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from fastapi import HTTPException
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from ...db import as_utc, utcnow
from ...i18n import N_, Words
from ...models import ApiToken, User
from .bans import is_banned
from .tokens import matches, new_token, token_hash, well_formed

READ_GAMES = "read:games"
READ_RATINGS = "read:ratings"
BOT_PLAY = "bot:play"
SCOPES = (READ_GAMES, READ_RATINGS, BOT_PLAY)
"""Every scope a token may hold: my games and their records, ratings, and playing."""

TOKENS_PER_ACCOUNT = 20
"""Enough for a person's scripts and a bot's machines; more is a leak waiting to happen."""
USE_NOTED_EVERY = timedelta(minutes=1)
"""How often a token's ``last_used_at`` is written: a bot's every request is not a write."""

BOT_SCOPE_FOR_BOTS = N_("only a bot account may hold the bot:play scope")
TOO_MANY_TOKENS = N_("an account holds at most {count} tokens: revoke one first")


@dataclass(frozen=True)
class Holder:
    """Whom a valid token speaks for: the account, the token and what it may do."""

    user_id: int
    token_id: int
    scopes: frozenset[str]
    bot: bool


def is_bot(user: User) -> bool:
    """Whether the account is a bot's (it has an owner), not a person's."""
    return user.bot_owner_id is not None


def make_token(
    session: Session, user: User, name: str, scopes: Sequence[str]
) -> tuple[ApiToken, str]:
    """A new token of ``user`` and its secret, which is shown once and never stored.
    ``bot:play`` for a person, or a token past the account's allowance, is refused (422,
    409): nothing is stored then."""
    if BOT_PLAY in scopes and not is_bot(user):
        raise HTTPException(422, detail={"code": "bot_scope", "message": Words(BOT_SCOPE_FOR_BOTS)})
    held = session.scalar(select(func.count()).where(ApiToken.user_id == user.id)) or 0
    if held >= TOKENS_PER_ACCOUNT:
        message = Words(TOO_MANY_TOKENS, count=TOKENS_PER_ACCOUNT)
        raise HTTPException(409, detail={"code": "too_many_tokens", "message": message})
    secret, stored = new_token()
    token = ApiToken(
        user_id=user.id, name=name, scopes=[s for s in SCOPES if s in scopes], token_hash=stored
    )
    session.add(token)
    session.flush()
    return token, secret


def tokens_of(session: Session, user_id: int) -> list[ApiToken]:
    """An account's tokens, the oldest first."""
    query = select(ApiToken).where(ApiToken.user_id == user_id).order_by(ApiToken.id)
    return list(session.scalars(query))


def revoke(session: Session, user_id: int, token_id: int) -> bool:
    """End one of the account's tokens at once; False when it has none with this id."""
    ended = session.execute(
        delete(ApiToken).where(ApiToken.id == token_id, ApiToken.user_id == user_id)
    )
    return bool(getattr(ended, "rowcount", 0))


def revoke_all(session: Session, user_id: int) -> int:
    """End every token of the account at once; how many ended."""
    ended = session.execute(delete(ApiToken).where(ApiToken.user_id == user_id))
    return int(getattr(ended, "rowcount", 0) or 0)


def holder_of(session: Session, secret: str) -> Holder | None:
    """Whom ``secret`` speaks for; None for a token never made, revoked, or of an
    account that is gone or banned. Its last use is noted (to the minute)."""
    if not well_formed(secret):
        return None
    token = session.scalar(select(ApiToken).where(ApiToken.token_hash == token_hash(secret)))
    if token is None or not matches(secret, token.token_hash):
        return None
    user = session.get(User, token.user_id)
    if user is None or is_banned(user):
        return None
    now = utcnow()
    if token.last_used_at is None or now - as_utc(token.last_used_at) > USE_NOTED_EVERY:
        token.last_used_at = now
    return Holder(user.id, token.id, frozenset(token.scopes), is_bot(user))
