"""Bot accounts: programs that play through the bot API, each owned by a person.

A bot account has no password and no passkey, so it never signs in with a cookie: it
acts only through the ``bot:play`` tokens its owner makes for it (docs/bots.md).
"""

from __future__ import annotations

from fastapi import HTTPException
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..i18n import N_, Words
from ..models import Preference, User
from ..people import has_a_way_in, is_bot, skeleton

BOTS_PER_OWNER = 10
"""Bots one person may own: enough to try a few programs, not to crowd the lobby."""

BOT_ACCOUNTS_OFF = N_("this server does not take bot accounts")
OWNERS_ONLY = N_("only a person with a password or a passkey may make bot accounts")
NAME_TAKEN = N_("this name is taken")
TOO_MANY_BOTS = N_("you already own {count} bot accounts")
NO_SUCH_BOT = N_("you own no bot account of this name")


def _refusal(status: int, code: str, message: Words) -> HTTPException:
    return HTTPException(status, detail={"code": code, "message": message})


def check_owner(owner: User, *, allowed: bool) -> None:
    """A bot is made by a registered person on a server that takes bots."""
    if not allowed:
        raise _refusal(403, "bot_accounts_off", Words(BOT_ACCOUNTS_OFF))
    if is_bot(owner) or not has_a_way_in(owner):
        raise _refusal(403, "registered_only", Words(OWNERS_ONLY))


def make_bot(session: Session, owner: User, name: str) -> User:
    """A new bot account of ``owner``'s, named ``name`` (a usable name, as the request
    body's ``Name`` checked it; 409 ``name_taken``)."""
    owned = session.scalar(select(func.count()).where(User.bot_owner_id == owner.id)) or 0
    if owned >= BOTS_PER_OWNER:
        raise _refusal(409, "too_many_bots", Words(TOO_MANY_BOTS, count=BOTS_PER_OWNER))
    key = skeleton(name)
    if session.scalar(select(User.id).where(User.name_key == key)) is not None:
        raise _refusal(409, "name_taken", Words(NAME_TAKEN))
    bot = User(name=name, name_key=key, name_chosen=True, bot_owner_id=owner.id)
    bot.preference = Preference()
    try:
        with session.begin_nested():
            session.add(bot)
            session.flush()
    except IntegrityError:  # taken between the check and the insert
        raise _refusal(409, "name_taken", Words(NAME_TAKEN)) from None
    return bot


def bots_of(session: Session, owner_id: int) -> list[User]:
    """The bot accounts a person owns, the oldest first."""
    return list(
        session.scalars(select(User).where(User.bot_owner_id == owner_id).order_by(User.id))
    )


def owned_bot(session: Session, owner: User, name: str) -> User:
    """The owner's bot of this name (404 ``no_such_bot`` for anyone else's, or none)."""
    bot = session.scalar(select(User).where(User.name_key == skeleton(name)))
    if bot is None or bot.bot_owner_id != owner.id:
        raise _refusal(404, "no_such_bot", Words(NO_SUCH_BOT))
    return bot
