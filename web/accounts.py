"""Guests, names, passwords and preferences."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, MutableMapping
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .models import Preference, User
from .schemas import PreferencesPublic, PreferencesUpdate, UserPublic

_hasher = PasswordHasher()


class NameTakenError(ValueError):
    """Another account already has this name (names are unique regardless of case)."""


def guest(session: Session) -> User:
    """A new guest account with a fresh name like ``Guest 48213``.

    The name is drawn at random; should another request take it first, the
    unique key refuses the insert and another name is drawn.
    """
    while True:
        name = f"Guest {secrets.randbelow(900000) + 100000}"
        if session.scalar(select(User.id).where(User.name_key == name.casefold())) is not None:
            continue
        user = User(name=name, name_key=name.casefold())
        user.preference = Preference()
        try:
            with session.begin_nested():
                session.add(user)
                session.flush()
        except IntegrityError:
            continue
        return user


def rename(session: Session, user: User, name: str) -> None:
    """Change the display name, refusing one already taken by someone else."""
    key = name.casefold()
    holder = session.scalar(select(User).where(User.name_key == key))
    if holder is not None and holder.id != user.id:
        raise NameTakenError(f"the name {name!r} is taken")
    user.name = name
    user.name_key = key
    try:
        session.flush()  # someone may have taken it since the check: the unique key decides
    except IntegrityError:
        raise NameTakenError(f"the name {name!r} is taken") from None


def set_password(user: User, password: str) -> None:
    """Add or change the password (argon2), so the account can sign in elsewhere.

    Every other session of the account ends: whoever had the old password, or a
    copy of a cookie, is signed out. The caller remembers the user again in the
    session that made the change.
    """
    user.password_hash = _hasher.hash(password)
    user.session_epoch += 1


def remember(cookie_session: MutableMapping[str, Any], user: User) -> None:
    """Sign the user in for this browser (the signed session cookie)."""
    cookie_session["user_id"] = user.id
    cookie_session["epoch"] = user.session_epoch


def user_of_session(cookie_session: Mapping[str, Any], session: Session) -> User | None:
    """The user a session cookie names, unless the session has since been ended."""
    user_id = cookie_session.get("user_id")
    user = session.get(User, user_id) if isinstance(user_id, int) else None
    if user is None or cookie_session.get("epoch", 0) != user.session_epoch:
        return None
    return user


def authenticate(session: Session, name: str, password: str) -> User | None:
    """The registered user with this name and password, or None."""
    user = session.scalar(select(User).where(User.name_key == name.casefold()))
    if user is None or user.password_hash is None:
        _hasher.hash(password)  # same work either way: no timing hint that the name exists
        return None
    try:
        _hasher.verify(user.password_hash, password)
    except (VerificationError, InvalidHashError):
        return None
    if _hasher.check_needs_rehash(user.password_hash):
        user.password_hash = _hasher.hash(password)
    return user


def preferences_of(user: User) -> Preference:
    """The user's preferences, created with defaults the first time."""
    if user.preference is None:
        user.preference = Preference()
    return user.preference


def update_preferences(user: User, changes: PreferencesUpdate) -> Preference:
    """Apply the fields given, leaving the others as they were."""
    preference = preferences_of(user)
    for field, value in changes.model_dump(exclude_none=True).items():
        setattr(preference, field, value)
    return preference


def public_user(user: User) -> UserPublic:
    """The account as the API shows it to its owner."""
    preference = preferences_of(user)
    return UserPublic(
        id=user.id,
        name=user.name,
        registered=user.password_hash is not None,
        preferences=PreferencesPublic(
            assistance=preference.assistance,
            palette=preference.palette,
            symbols=preference.symbols,
            reversed_arrows=preference.reversed_arrows,
            sound=preference.sound,
            language=preference.language,
        ),
    )
