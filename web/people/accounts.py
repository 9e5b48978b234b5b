"""Guests, names, passwords and preferences."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, MutableMapping
from datetime import timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import ColumnElement, and_, delete, exists, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, object_session

from ..db import as_utc, utcnow
from ..models import Passkey, Preference, SiteSecret, User, UserSession
from .access.bans import is_banned
from .names import drawn_guest_name, guest_name, looks_like_a_guest, normalize, skeleton
from .schedule_store import DEFAULT_QUIET, DIGEST_HOUR
from .schemas import SWITCHES, PreferencesPublic, PreferencesUpdate, UserPublic

_hasher = PasswordHasher()


class NameTakenError(ValueError):
    """Another account already has this name (names are unique regardless of case)."""


SESSION_RENEWAL = timedelta(hours=1)
"""A session's last-seen time is written at most this often (a read most of the time)."""


def draw_guest_name() -> str:
    """A name for a new guest, like ``Guest 48213`` (not checked against the taken ones)."""
    return guest_name(secrets.randbelow(900000) + 100000)


VISITOR_CLAIM = timedelta(minutes=5)
"""How long after a guest account is made a request carrying the visitor key it was
made from still finds it: long enough for every first action of one browser sent
together, short enough that an old copy of a visitor's cookie opens nothing."""


def new_visitor_key() -> str:
    """A random key for a visitor's cookie: it names their browser until they act."""
    return secrets.token_urlsafe(24)


def _digest(visitor_key: str) -> str:
    return hashlib.sha256(visitor_key.encode()).hexdigest()


def guest_made_from(session: Session, visitor_key: str) -> User | None:
    """The guest account that a first action with this visitor key made moments ago,
    if any (a guest still, not banned, within :data:`VISITOR_CLAIM`)."""
    user = session.scalar(select(User).where(User.visitor_key == _digest(visitor_key)))
    return user if user is not None and _still_claimable(user) else None


def _still_claimable(user: User) -> bool:
    now = utcnow()
    return (
        user.password_hash is None
        and now - as_utc(user.created_at) <= VISITOR_CLAIM
        and not is_banned(user, now)
    )


def guest(session: Session, wanted: str | None = None, visitor_key: str | None = None) -> User:
    """A new guest account, named ``wanted`` (the name a visitor was shown before they
    acted) if that is still free, else with a fresh drawn name.

    Should another request take the name first, the unique key refuses the insert and
    another name is drawn. Should another request of the same browser (the same
    ``visitor_key``) have made its account first, that account is the one returned:
    one browser, one guest, however many first actions it sends at once. A key whose
    account is past :data:`VISITOR_CLAIM` (an old copy of a cookie) makes a new guest
    that does not keep it.
    """
    name = wanted if wanted is not None and looks_like_a_guest(wanted) else draw_guest_name()
    key = None if visitor_key is None else _digest(visitor_key)
    while True:
        holder = (
            None if key is None else session.scalar(select(User).where(User.visitor_key == key))
        )
        if holder is not None:
            if _still_claimable(holder):
                return holder
            key = None
        name_key = skeleton(name)
        if session.scalar(select(User.id).where(User.name_key == name_key)) is not None:
            name = draw_guest_name()
            continue
        user = User(name=name, name_key=name_key, visitor_key=key)
        user.preference = Preference()
        try:
            with session.begin_nested():
                session.add(user)
                session.flush()
        except IntegrityError:
            name = draw_guest_name()
            continue
        return user


def visitor(name: str, language: str | None = None) -> User:
    """Someone who is only looking: an unsaved user with the default preferences (but
    the ``language`` they chose, if any) and the drawn name they will keep if they act
    (no row is made: a crawler, or someone reading the rules, leaves nothing behind).
    Its ``id`` is None; see :func:`is_visitor`."""
    user = User(name=name, name_key=skeleton(name), name_chosen=False, role="member")
    user.preference = _with_defaults(Preference())
    user.preference.language = language
    return user


def is_visitor(user: User) -> bool:
    """Whether ``user`` is a visitor (:func:`visitor`), not an account."""
    return user.id is None


def _with_defaults(preference: Preference) -> Preference:
    """The column defaults set on an unsaved row (the database would set them on insert)."""
    for column in Preference.__table__.columns:
        default = column.default
        if default is not None and getattr(default, "is_scalar", False):
            setattr(preference, column.key, getattr(default, "arg", None))
    return preference


def rename(session: Session, user: User, name: str) -> None:
    """Change the display name (already normalised and checked by web.people.names), refusing
    one that another account's name looks like."""
    key = skeleton(name)
    holder = session.scalar(select(User).where(User.name_key == key))
    if holder is not None and holder.id != user.id:
        raise NameTakenError(f"the name {name!r} is taken")
    user.name = name
    user.name_key = key
    user.name_chosen = True
    try:
        session.flush()  # someone may have taken it since the check: the unique key decides
    except IntegrityError:
        raise NameTakenError(f"the name {name!r} is taken") from None


def set_password(
    cookie_session: MutableMapping[str, Any], session: Session, user: User, password: str
) -> None:
    """Add or change the password (argon2), so the account can sign in elsewhere.

    Every other session of the account ends (whoever had the old password, or a copy
    of a cookie, is signed out), and this browser's session is replaced by a new one:
    a copy of the cookie it had before goes nowhere either.
    """
    user.password_hash = _hasher.hash(password)
    end_sessions(session, user)
    cookie_session.clear()
    remember(cookie_session, session, user)


def lock_with_unknown_password(user: User) -> None:
    """Give ``user`` a password nobody knows: the account counts as registered, and its
    owner chooses a real one through a recovery link."""
    user.password_hash = _hasher.hash(secrets.token_urlsafe(32))


def check_password(user: User, password: str) -> bool:
    """Whether ``password`` is the account's (for a sign-in made again before an admin
    action); an account without one has none to match."""
    if user.password_hash is None:
        _hasher.hash(password)
        return False
    try:
        return bool(_hasher.verify(user.password_hash, password))
    except (VerificationError, InvalidHashError):
        return False


def has_a_way_in(user: User) -> bool:
    """Whether the account can be signed in to again from another browser: a password
    or a passkey (web.passkeys). Without either it is a guest's, held only by its
    cookie."""
    if user.password_hash is not None:
        return True
    session = object_session(user)
    if session is None:
        return False
    return bool(session.scalar(select(exists().where(Passkey.user_id == user.id))))


def without_a_way_in() -> ColumnElement[bool]:
    """The SQL condition "a guest's account": no password and no passkey (pruning idle
    guests, a table's talk that has guests at it)."""
    return and_(User.password_hash.is_(None), ~exists().where(Passkey.user_id == User.id))


def remember(cookie_session: MutableMapping[str, Any], session: Session, user: User) -> str:
    """Sign the user in for this browser: a new server-side session, its id in the
    signed cookie. Returns the session id."""
    session_id = secrets.token_urlsafe(32)
    session.add(UserSession(id=session_id, user_id=user.id, signed_in_at=utcnow()))
    session.flush()
    cookie_session.clear()
    cookie_session["sid"] = session_id
    return session_id


def rotate_session(cookie_session: MutableMapping[str, Any], session: Session, user: User) -> str:
    """Give this browser a new session in place of the one it had, on every change of
    privilege (a password set or changed, a sign-in, a passkey added, a new role).

    The old session ends on the server: a copy of the cookie taken before the change
    (a shared computer, a guest's cookie read off the screen) is worth nothing after
    it. The new session counts as a fresh sign-in. Returns the new session id.
    """
    end_session(cookie_session, session)
    return remember(cookie_session, session, user)


def user_of_session(
    cookie_session: Mapping[str, Any], session: Session, idle: timedelta
) -> User | None:
    """The user whose live session the cookie names; None once that session has ended
    or lain idle longer than ``idle``."""
    session_id = cookie_session.get("sid")
    if not isinstance(session_id, str):
        return None
    row = session.get(UserSession, session_id)
    if row is None:
        return None
    now = utcnow()
    last_seen = as_utc(row.last_seen_at)
    if now - last_seen > idle:
        session.delete(row)
        return None
    if now - last_seen > SESSION_RENEWAL:
        row.last_seen_at = now
    user = session.get(User, row.user_id)
    if user is not None and is_banned(user, now):  # a ban ends sessions; this is a backstop
        session.delete(row)
        return None
    return user


def end_session(cookie_session: MutableMapping[str, Any], session: Session) -> None:
    """Sign this browser out: its session ends on the server, not only in the cookie."""
    session_id = cookie_session.get("sid")
    if isinstance(session_id, str):
        session.execute(delete(UserSession).where(UserSession.id == session_id))
    cookie_session.clear()


def end_sessions(session: Session, user: User, *, keep: str | None = None) -> int:
    """End every session of the account but ``keep``; how many ended."""
    query = delete(UserSession).where(UserSession.user_id == user.id)
    if keep is not None:
        query = query.where(UserSession.id != keep)
    ended = session.execute(query)
    return int(getattr(ended, "rowcount", 0) or 0)


def authenticate(session: Session, name: str, password: str) -> User | None:
    """The registered user with this name (or one that looks the same) and password. A
    guest's drawn name may be typed as any page words it ("Гость 123456")."""
    user = session.scalar(select(User).where(User.name_key == skeleton(normalize(name))))
    drawn = drawn_guest_name(name)
    if user is None and drawn is not None:
        user = session.scalar(select(User).where(User.name_key == skeleton(drawn)))
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


def site_secret(session: Session, name: str) -> str:
    """A secret made once for this installation and kept in its database (so every
    process shares it and a restart keeps everyone signed in)."""
    stored = session.get(SiteSecret, name)
    if stored is not None:
        return stored.value
    value = secrets.token_urlsafe(48)
    try:
        with session.begin_nested():
            session.add(SiteSecret(name=name, value=value))
            session.flush()
    except IntegrityError:  # another process made it first: use theirs
        stored = session.get(SiteSecret, name)
        assert stored is not None
        return stored.value
    return value


def preferences_of(user: User) -> Preference:
    """The user's preferences, created with defaults the first time."""
    if user.preference is None:
        user.preference = Preference(
            quiet_start=DEFAULT_QUIET[0],
            quiet_end=DEFAULT_QUIET[1],
            digest_hour=DIGEST_HOUR,
            email_verified=False,
        )
    return user.preference


def update_preferences(user: User, changes: PreferencesUpdate) -> Preference:
    """Apply the fields given, leaving the others as they were."""
    preference = preferences_of(user)
    for field, value in changes.model_dump(exclude_none=True).items():
        if field == "quiet":
            preference.quiet_start, preference.quiet_end = value["start"], value["end"]
        elif field == "switched_off":
            preference.notify = value
        else:
            follows_browser = field == "language" and value == "auto"
            setattr(preference, field, None if follows_browser else value)
    return preference


def switched_off(preference: Preference | None) -> dict[str, list[str]]:
    """The kinds of notice the person switched off, per channel (none, for someone who
    never chose); a kind no longer offered is left out."""
    stored: Any = preference.notify if preference is not None else None
    if not isinstance(stored, dict):
        return {channel: [] for channel in SWITCHES}
    return {
        channel: [kind for kind in stored.get(channel, []) if kind in kinds]
        for channel, kinds in SWITCHES.items()
    }


def public_user(user: User) -> UserPublic:
    """The account as the API shows it to its owner."""
    preference = preferences_of(user)
    return UserPublic(
        id=user.id,
        visitor=is_visitor(user),
        name=user.name,
        name_chosen=user.name_chosen,
        registered=has_a_way_in(user),
        bot=user.bot_owner_id is not None,
        preferences=PreferencesPublic(
            assistance=preference.assistance,
            palette=preference.palette,
            symbols=preference.symbols,
            reversed_arrows=preference.reversed_arrows,
            sound=preference.sound,
            language=preference.language or "auto",
            time_zone=preference.time_zone,
            quiet={"start": preference.quiet_start, "end": preference.quiet_end},
            digest_hour=preference.digest_hour,
            switched_off=switched_off(preference),
            email=preference.email,
            email_verified=preference.email_verified,
            show_online=preference.show_online is not False,  # None: not stored yet
            hide_rating=preference.hide_rating is True,
        ),
    )
