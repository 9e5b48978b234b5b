"""The passkey routes: add one (``/api/passkeys/register``), sign up with one instead
of a password (``/api/passkeys/sign-up``), sign in or prove again it is me with one
(``/api/passkeys/sign-in``), and keep mine (``/api/me/passkeys``,
``DELETE /api/me/password``).

Each ceremony is two requests: the options (with a challenge bound to this browser)
and the authenticator's answer. Every change of who this browser is gets a new
session (web.people.rotate_session): a copy of the old cookie is worthless.
"""

from __future__ import annotations

import math
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Request, Response, status
from sqlalchemy.orm import Session

from ..db import utcnow
from ..i18n import N_, N_plural, Words, best_language, say
from ..models import User, UserSession
from ..people import (
    CurrentUser,
    Limits,
    OptionalUser,
    SessionDep,
    UserOrVisitor,
    UserPublic,
    end_session,
    end_sessions,
    is_visitor,
    public_user,
    refuse_if_banned,
    remember,
    rotate_session,
)
from . import ceremonies, challenges, sign_up, store
from .party import relying_party
from .refusals import refusal
from .schemas import (
    PasskeyPublic,
    PasskeyRename,
    PasskeysPublic,
    RegisterFinish,
    SignInFinish,
    SignInStart,
    SignUpFinish,
    SignUpStart,
    as_webauthn_json,
)

router = APIRouter()

PasskeyId = Annotated[int, Path(ge=1, le=2**31 - 1)]


class PasskeyAdded(PasskeyPublic):
    """The passkey just added, and the account as it is now (registered)."""

    me: UserPublic


# --- adding a passkey ----------------------------------------------------------------


@router.post("/api/passkeys/register/options")
def register_options(request: Request, user: CurrentUser, session: SessionDep) -> dict[str, Any]:
    """The options for ``navigator.credentials.create()``: a new passkey for my account
    (a guest's too: adding one signs them up)."""
    party = relying_party(request)
    store.refuse_when_full(session, user)
    challenge = challenges.issue(session, request.session, "register", user.id)
    handle = ceremonies.user_handle(request.app.state.secret, user)
    existing = store.passkeys_of(session, user)
    return ceremonies.registration_options(party, user.name, handle, challenge, existing)


@router.post("/api/passkeys/register")
def register(
    body: RegisterFinish, request: Request, user: CurrentUser, session: SessionDep
) -> PasskeyAdded:
    """Keep the new passkey the authenticator made for the options' challenge. The
    account is registered from now on, and this browser gets a new session."""
    party = relying_party(request)
    taken = challenges.take(session, request.session, "register")
    if taken.user_id != user.id:
        raise _wrong_challenge()
    verified = ceremonies.verify_registration(
        party, as_webauthn_json(body.credential), taken.challenge
    )
    name = body.name or _default_name(request, session, user)
    transports = body.credential.response.transports
    passkey = store.add(session, user, verified, transports, name)
    rotate_session(request.session, session, user)
    return PasskeyAdded(**store.public(passkey).model_dump(), me=public_user(user))


def _default_name(request: Request, session: Session, user: User) -> str:
    """ "Passkey 2" (one more than the account has), in the page's language."""
    language = best_language(None, request.headers.get("accept-language"))
    words = Words(N_("Passkey {number}"), number=store.count_of(session, user) + 1)
    return say(words, language)


# --- signing up with a passkey ----------------------------------------------------------


@router.post("/api/passkeys/sign-up/options")
def sign_up_options(
    body: SignUpStart, request: Request, me: OptionalUser, session: SessionDep
) -> dict[str, Any]:
    """The options for ``navigator.credentials.create()`` for someone without an
    account (no guests here, or an invitation link): a passkey for the name they
    chose. Refused at once if the join policy would refuse them, or the name is taken."""
    party = relying_party(request)
    if me is not None:
        raise refusal(409, "already_in", N_("you already have an account on this server"))
    sign_up.refuse_unless_allowed(session, request.app.state.settings, body.invitation)
    _count_attempt(request)
    sign_up.refuse_a_taken_name(session, body.name)
    challenge = challenges.issue(session, request.session, "register", None)
    sign_up.remember_pending(request.session, body.name, body.invitation)
    handle = secrets.token_bytes(32)  # the account is not made yet: a handle of its own
    return ceremonies.registration_options(party, body.name, handle, challenge, [])


@router.post("/api/passkeys/sign-up", status_code=status.HTTP_201_CREATED)
def sign_up_with_passkey(
    body: SignUpFinish, request: Request, me: OptionalUser, session: SessionDep
) -> UserPublic:
    """Make the account the options were for, with the authenticator's new passkey as
    its way in; this browser is signed in as it. (New accounts from one address are
    limited as sign-ins are, by their options.)"""
    party = relying_party(request)
    if me is not None:
        raise refusal(409, "already_in", N_("you already have an account on this server"))
    taken = challenges.take(session, request.session, "register")
    name, invitation = sign_up.take_pending(request.session)
    if taken.user_id is not None:
        raise _wrong_challenge()
    verified = ceremonies.verify_registration(
        party, as_webauthn_json(body.credential), taken.challenge
    )
    settings = request.app.state.settings
    newcomer = sign_up.new_member(
        session,
        settings,
        request.session,
        name=name,
        invitation=invitation,
        now=request.app.state.clock.now(),
    )
    first = _default_name(request, session, newcomer)
    store.add(session, newcomer, verified, body.credential.response.transports, first)
    rotate_session(request.session, session, newcomer)
    return public_user(newcomer)


# --- signing in ----------------------------------------------------------------------


@router.post("/api/passkeys/sign-in/options")
def sign_in_options(
    request: Request,
    session: SessionDep,
    me: OptionalUser,
    body: SignInStart | None = None,
) -> dict[str, Any]:
    """The options for ``navigator.credentials.get()``: any passkey of this site (the
    authenticator offers the person theirs; no name is typed). With ``mine``, a
    signed-in person proves again it is them, with one of their own."""
    party = relying_party(request)
    _count_attempt(request)
    allowed = []
    owner = None
    if body is not None and body.mine:
        if me is None or store.count_of(session, me) == 0:
            raise refusal(409, "no_passkeys", N_("you have no passkey to sign in with"))
        allowed, owner = store.passkeys_of(session, me), me.id
    challenge = challenges.issue(session, request.session, "sign_in", owner)
    return ceremonies.authentication_options(party, challenge, allowed)


@router.post("/api/passkeys/sign-in")
def sign_in(
    body: SignInFinish, request: Request, session: SessionDep, me: OptionalUser
) -> UserPublic:
    """Sign in with the passkey that signed the options' challenge: this browser
    becomes its owner's (the guest it was is left, as with a password). Answered for
    ``mine``, it is the same person again: their session counts as a fresh sign-in.

    Attempts per address are limited as for passwords (``/api/login``): each answer
    needs a challenge of its own, and the options that give one count the attempt.
    """
    party = relying_party(request)
    taken = challenges.take(session, request.session, "sign_in")
    passkey = store.find(session, body.credential.id)
    if passkey is None:
        raise refusal(401, "unknown_passkey", N_("this passkey is not known here"))
    if taken.user_id is not None and (
        passkey.user_id != taken.user_id or me is None or me.id != taken.user_id
    ):
        raise refusal(403, "not_your_passkey", N_("sign in again with one of your own passkeys"))
    credential = as_webauthn_json(body.credential)
    passkey.sign_count = ceremonies.verify_authentication(
        party, credential, taken.challenge, passkey
    )
    passkey.last_used_at = utcnow()
    owner = session.get(User, passkey.user_id)
    assert owner is not None  # a passkey goes with its account
    refuse_if_banned(owner)
    if taken.user_id is not None:
        _signed_in_again(request, session)
    else:
        end_session(request.session, session)  # the guest session this browser had
        remember(request.session, session, owner)
    return public_user(owner)


def _signed_in_again(request: Request, session: Session) -> None:
    """This browser's session counts as signed in now (admin actions want it recent)."""
    row = session.get(UserSession, request.session.get("sid"))
    if row is not None:
        row.signed_in_at = utcnow()


def _count_attempt(request: Request) -> None:
    """One more sign-in (or new account) from this address, within the budget the
    password sign-ins share (web.people.limits): a challenge row is written for each."""
    limits: Limits = request.app.state.limits
    address = request.client.host if request.client else "unknown"
    if not limits.sign_ins_per_address.allow(address):
        wait = math.ceil(limits.sign_ins_per_address.retry_after(address))
        singular, plural = TOO_MANY_SIGN_INS
        message = Words(singular, plural=plural, count=wait)
        raise HTTPException(
            429,
            detail={"code": "too_many_attempts", "message": message},
            headers={"Retry-After": str(wait)},
        )


TOO_MANY_SIGN_INS = N_plural(
    "too many sign-in attempts; try again in {count} second",
    "too many sign-in attempts; try again in {count} seconds",
)


def _wrong_challenge() -> Exception:
    return refusal(
        400, "wrong_challenge", N_("this answer is for another passkey request; try again")
    )


# --- my passkeys ---------------------------------------------------------------------


@router.get("/api/me/passkeys")
def read_passkeys(user: UserOrVisitor, session: SessionDep) -> PasskeysPublic:
    """My passkeys (name, when added, when last used), and whether I have a password
    (a visitor, who has no account yet, has neither: looking makes no account)."""
    if is_visitor(user):
        return PasskeysPublic(passkeys=[], password=False)
    passkeys = [store.public(passkey) for passkey in store.passkeys_of(session, user)]
    return PasskeysPublic(passkeys=passkeys, password=store.has_password(user))


@router.patch("/api/me/passkeys/{passkey_id}")
def rename_passkey(
    passkey_id: PasskeyId, body: PasskeyRename, user: CurrentUser, session: SessionDep
) -> PasskeyPublic:
    """Call one of my passkeys something else ("My phone")."""
    passkey = store.mine(session, user, passkey_id)
    passkey.name = body.name
    return store.public(passkey)


@router.delete("/api/me/passkeys/{passkey_id}", status_code=status.HTTP_204_NO_CONTENT)
def remove_passkey(passkey_id: PasskeyId, user: CurrentUser, session: SessionDep) -> Response:
    """Remove one of my passkeys (it signs nobody in from now on); refused (409,
    ``last_way_in``) when it is the only way into my account."""
    store.remove(session, user, store.mine(session, user, passkey_id))
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.delete("/api/me/password")
def remove_password(request: Request, user: CurrentUser, session: SessionDep) -> UserPublic:
    """Sign in with passkeys only: the password goes, and every other device signed
    in (perhaps with it) is signed out. Refused while I have no passkey."""
    store.remove_password(session, user)
    sid = request.session.get("sid")
    end_sessions(session, user, keep=sid if isinstance(sid, str) else None)
    return public_user(user)
