"""Request dependencies: the database session, and who is asking.

Looking makes no account: a page or a GET of the API by someone without a session
sees a *visitor* (:data:`UserOrVisitor`, an unsaved user). The first action that
needs an account (:data:`CurrentUser`) makes one — a guest — if the server's join
policy lets a stranger in (web.people.access.join decides; a refusal is a 403 that says why).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Annotated

from fastapi import Depends, HTTPException, Request
from sqlalchemy.orm import Session

from ..db import Database, as_utc, utcnow
from ..i18n import Words
from ..models import User
from .access.bans import ban_detail, notice_for
from .access.bearer import BAD_TOKEN, holder_in
from .access.join import refuse_a_new_guest, visitor_refusal
from .accounts import (
    draw_guest_name,
    guest,
    guest_made_from,
    new_visitor_key,
    remember,
    user_of_session,
    visitor,
)


def get_session(request: Request) -> Iterator[Session]:
    """One session per request, committed when the handler returns normally."""
    database: Database = request.app.state.db
    with database.session() as session:
        yield session


# scope="function": commit before the response is sent, so a client that gets a 2xx can
# rely on the change at once (FastAPI's default would commit only after the response).
SessionDep = Annotated[Session, Depends(get_session, scope="function")]


def idle_lifetime(request: Request) -> timedelta:
    """How long a session may lie unused (the settings' ``session_idle_days``)."""
    days: int = request.app.state.settings.session_idle_days
    return timedelta(days=days)


SEEN_EVERY = timedelta(hours=1)
"""How often a returning user's ``last_seen_at`` is written: enough to know who is
still around (guests unseen for days are pruned), one write an hour at most."""


def mark_seen(user: User) -> None:
    """Move ``last_seen_at`` on if it is more than an hour old (written with the
    request's transaction)."""
    now = utcnow()
    if user.last_seen_at is None or now - as_utc(user.last_seen_at) > SEEN_EVERY:
        user.last_seen_at = now


VISITOR_LANGUAGE = "visitor_language"
"""The cookie's note of the language a visitor who cannot get an account here chose
in the header (web.people.routes.update_preferences): the pages still speak it."""
VISITOR_NAME = "visitor_name"
"""The cookie's note of the name a visitor was shown: the guest account made on their
first action takes it (if still free), so the name does not change under them."""
VISITOR_KEY = "visitor_key"
"""The cookie's random key of a visitor's browser: the first actions it sends at once
make one guest account between them (web.people.accounts.guest)."""


def token_user(request: Request, session: Session) -> User | None:
    """The account a bearer token speaks for (web.people.access.bearer let the request
    through for this route); None for a request without one. Such a request has no
    cookie, so no session is read and no guest is ever made for it."""
    holder = holder_in(request.scope)
    if holder is None:
        return None
    user = session.get(User, holder.user_id)
    if user is None:  # gone since the gate looked: the token went with it
        raise HTTPException(401, detail={"code": "bad_token", "message": Words(BAD_TOKEN)})
    return user


def get_current_user(request: Request, session: SessionDep) -> User:
    """The person acting: the token's account, the signed-in user, or a new guest
    remembered in the session cookie — if the join policy lets a new visitor in (else
    a 403 saying why)."""
    by_token = token_user(request, session)
    if by_token is not None:
        return by_token
    user = user_of_session(request.session, session, idle_lifetime(request))
    if user is None:
        key = visitor_key(request)
        user = guest_made_from(session, key)
        if user is None:
            refuse_a_banned_browser(request, session)
            refuse_a_new_guest(session, request.app.state.settings)
            user = guest(session, request.session.get(VISITOR_NAME), key)
        remember(request.session, session, user)
        # Kept beside the session: should this request fail and its account be rolled
        # back, the next one makes it again with the same name (and the same key).
        request.session[VISITOR_NAME] = user.name
        request.session[VISITOR_KEY] = key
    mark_seen(user)
    return user


def refuse_a_banned_browser(request: Request, session: Session) -> None:
    """Refuse (403, why and until when) a new guest to a browser whose session a ban
    ended: acting in a banned person's forgotten tab must not make them a fresh guest
    on an open server (web.people.access.bans.notice_for)."""
    banned = notice_for(session, request.session.get("sid"))
    if banned is not None:
        raise HTTPException(403, detail=ban_detail(banned))


def visitor_key(request: Request) -> str:
    """The random key that names this browser while it is a visitor, drawn on its first
    request and kept in the signed cookie (web.people.accounts.guest)."""
    key = request.session.get(VISITOR_KEY)
    if not isinstance(key, str):
        key = request.session[VISITOR_KEY] = new_visitor_key()
    return key


def get_user_or_visitor(request: Request, session: SessionDep) -> User:
    """The person looking: the signed-in user, or a visitor (no row is made; see
    web.people.accounts.visitor) whose drawn name the cookie keeps. For a visitor,
    ``request.state.join_refusal`` says what the pages should offer instead of playing
    (web.people.access.join.visitor_refusal; None: acting makes them a guest)."""
    user = token_user(request, session) or user_of_session(
        request.session, session, idle_lifetime(request)
    )
    if user is not None:
        mark_seen(user)
        request.state.join_refusal = None
        return user
    name = request.session.get(VISITOR_NAME)
    if not isinstance(name, str):
        name = request.session[VISITOR_NAME] = draw_guest_name()
    visitor_key(request)
    request.state.join_refusal = visitor_refusal(session, request.app.state.settings)
    language = request.session.get(VISITOR_LANGUAGE)
    return visitor(name, language if isinstance(language, str) else None)


CurrentUser = Annotated[User, Depends(get_current_user)]
UserOrVisitor = Annotated[User, Depends(get_user_or_visitor)]


def get_optional_user(request: Request, session: SessionDep) -> User | None:
    """The signed-in user (or the token's account) if any; no guest is made (for
    spectators and crawlers)."""
    user = token_user(request, session) or user_of_session(
        request.session, session, idle_lifetime(request)
    )
    if user is not None:
        mark_seen(user)
    return user


OptionalUser = Annotated[User | None, Depends(get_optional_user)]


def get_onlooker(request: Request, session: SessionDep) -> User | None:
    """The signed-in user, or None for a visitor the join policy would let in as a guest
    (no row is made). A visitor it would not let in gets the 403 saying how to get in:
    a private server's people (their profiles, the leaderboard) are not shown to
    strangers."""
    user = get_optional_user(request, session)
    if user is None:
        refuse_a_new_guest(session, request.app.state.settings)
    return user


Onlooker = Annotated[User | None, Depends(get_onlooker)]
