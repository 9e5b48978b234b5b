"""The people routes: who I am, my name, password, sign-in and sign-out, my preferences."""

from __future__ import annotations

import asyncio
import math

from fastapi import APIRouter, HTTPException, Request, Response, status

from ..i18n import N_, OWN_PROBLEMS, Words
from ..models import User
from . import accounts, names
from .access.bans import refuse_if_banned
from .access.founder import crown_the_first
from .deps import VISITOR_LANGUAGE, CurrentUser, SessionDep, UserOrVisitor, get_current_user
from .limits import (
    TOO_MANY_PASSWORD_CHANGES,
    TOO_MANY_SIGN_INS,
    TOO_MANY_WRONG_PASSWORDS,
    Limits,
    too_many_attempts,
)
from .open_games import OpenGames
from .schedule_store import clocks_moved
from .schemas import (
    Login,
    NameUpdate,
    PasswordSet,
    PreferencesPublic,
    PreferencesUpdate,
    UserPublic,
)

router = APIRouter(prefix="/api")


@router.get("/me")
def read_me(user: UserOrVisitor) -> UserPublic:
    """Who I am: my account, or a visitor (``id`` null, ``visitor`` true) until my
    first action makes one."""
    return accounts.public_user(user)


@router.post("/me")
def make_me(user: CurrentUser) -> UserPublic:
    """Make my account now if I have none (a guest, if the server's join policy lets
    me in: else a 403 saying why); who I am either way. For a page or a client that
    is about to act and wants its account first."""
    return accounts.public_user(user)


@router.put("/me/name")
def change_name(body: NameUpdate, user: CurrentUser, session: SessionDep) -> UserPublic:
    """Pick a display name; names are unique regardless of case. A name of a new guest's
    form ("Guest 123456") is refused but for keeping my own drawn one: pages word those
    in their reader's language."""
    if names.looks_like_a_guest(body.name) and body.name != user.name:
        message = Words(OWN_PROBLEMS[names.A_GUEST])
        raise HTTPException(422, detail={"code": names.A_GUEST, "message": message})
    try:
        accounts.rename(session, user, body.name)
    except accounts.NameTakenError:
        message = Words(N_("the name {name} is taken"), name=body.name)
        raise HTTPException(409, detail={"code": "name_taken", "message": message}) from None
    return accounts.public_user(user)


@router.put("/me/password")
def set_password(
    body: PasswordSet, user: CurrentUser, request: Request, session: SessionDep
) -> UserPublic:
    """Add a password, so this account can sign in from another device; every other
    device is signed out and this one gets a new session (a copy of its old cookie is
    worth nothing). A few changes per account per ten minutes. On a new server that
    asks for it, the first to set a password becomes its admin (web.people.access.founder)."""
    limits = _limits(request)
    if not limits.password_changes.allow(user.id):
        raise too_many_attempts(
            limits.password_changes.retry_after(user.id), TOO_MANY_PASSWORD_CHANGES
        )
    crown_the_first(session, request.app.state.settings, user)
    accounts.set_password(request.session, session, user, body.password)
    return accounts.public_user(user)


@router.post("/login")
def login(body: Login, request: Request, session: SessionDep) -> UserPublic:
    """Sign in with a name and password.

    Each address has a budget of attempts, and wrong passwords for one name from one
    address are slowed down more and more; someone else's wrong guesses never keep the
    owner out.
    """
    limits = _limits(request)
    address = request.client.host if request.client else "unknown"
    pair = (address, body.name.casefold())
    if not limits.sign_ins_per_address.allow(address):
        raise too_many_attempts(limits.sign_ins_per_address.retry_after(address), TOO_MANY_SIGN_INS)
    wait = limits.sign_in_failures.wait(pair)
    if wait > 0:
        raise too_many_attempts(math.ceil(wait), TOO_MANY_WRONG_PASSWORDS)
    user = accounts.authenticate(session, body.name, body.password)
    if user is None:
        limits.sign_in_failures.failed(pair)
        message = Words(N_("wrong name or password"))
        raise HTTPException(401, detail={"code": "bad_credentials", "message": message})
    limits.sign_in_failures.succeeded(pair)
    refuse_if_banned(user)
    accounts.end_session(request.session, session)  # the guest session this browser had
    accounts.remember(request.session, session, user)
    return accounts.public_user(user)


def _limits(request: Request) -> Limits:
    limits: Limits = request.app.state.limits
    return limits


@router.post("/logout", status_code=status.HTTP_204_NO_CONTENT)
def logout(request: Request, session: SessionDep) -> Response:
    """Sign out: this browser's session ends on the server (a copy of the cookie is
    worth nothing from now on); the next visit starts as a new guest."""
    accounts.end_session(request.session, session)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post("/me/sign-out-everywhere", status_code=status.HTTP_204_NO_CONTENT)
def sign_out_everywhere(request: Request, user: CurrentUser, session: SessionDep) -> Response:
    """End every session of my account, this one included (a lost phone, a shared
    computer): every device must sign in again."""
    accounts.end_sessions(session, user)
    request.session.clear()
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.get("/me/preferences")
def read_preferences(user: UserOrVisitor) -> PreferencesPublic:
    """My preferences."""
    return accounts.public_user(user).preferences


@router.patch("/me/preferences")
def update_preferences(
    body: PreferencesUpdate, user: UserOrVisitor, request: Request, session: SessionDep
) -> PreferencesPublic:
    """Change some preferences; the others stay. Committed first, then open games hear
    of a new assistance level and every page of mine (other tabs, other devices, any
    process) of the change. Saving one makes a visitor's account — but a visitor the
    join policy keeps out may still choose the pages' language (kept in the cookie)."""
    if accounts.is_visitor(user):
        if request.state.join_refusal is not None and _language_only(body):
            return _keep_visitor_language(request, user, body)
        user = get_current_user(request, session)
    accounts.update_preferences(user, body)
    moved = body.time_zone is not None or body.quiet is not None
    games: OpenGames = request.app.state.hub
    if moved:
        clocks_moved(session, user.id, request.app.state.clock.now())
    session.commit()
    loop = request.app.state.loop
    loop.call_soon_threadsafe(games.preferences_changed, user.id, body.assistance)
    if moved:
        asyncio.run_coroutine_threadsafe(games.schedules_changed(user.id), loop)
    return accounts.public_user(user).preferences


def _language_only(body: PreferencesUpdate) -> bool:
    return set(body.model_dump(exclude_none=True)) == {"language"}


def _keep_visitor_language(
    request: Request, user: User, body: PreferencesUpdate
) -> PreferencesPublic:
    """A visitor's choice of language, kept in the cookie ("auto": the browser's)."""
    language = None if body.language == "auto" else body.language
    if language is None:
        request.session.pop(VISITOR_LANGUAGE, None)
    else:
        request.session[VISITOR_LANGUAGE] = language
    assert user.preference is not None
    user.preference.language = language
    return accounts.public_user(user).preferences
