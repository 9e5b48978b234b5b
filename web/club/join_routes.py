"""Joining the server: the ``/join/<token>`` page, joining by a link as a guest,
signing up (a name and a password), and a member's own invitation links.

A visitor who opens an invitation link sees what it offers and acts on a button
(``POST /api/join/<token>``, or the sign-up form when guests are off): a link
previewer that fetches the page uses nothing up. Every refusal has a ``code`` and a
message in the reader's language (web.people.access.join, web.people.access.invitations).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Request, Response, status
from pydantic import BaseModel, Field, StringConstraints
from sqlalchemy import select
from sqlalchemy.orm import Session

from ..i18n import N_, Words, best_language
from ..models import SiteInvitation, User
from ..people import (
    VISITOR_NAME,
    CurrentUser,
    Inbound,
    Name,
    NameTakenError,
    OptionalUser,
    Password,
    Policy,
    SessionDep,
    UserOrVisitor,
    UserPublic,
    crown_the_first,
    farewell,
    farewell_words,
    guest,
    invitations,
    is_staff,
    is_visitor,
    notice_for,
    policy,
    public_user,
    refusal_error,
    refuse_a_sign_up,
    refuse_if_banned,
    remember,
    rename,
    set_password,
)
from ..settings import Settings
from ..site import render

router = APIRouter()

InvitationNumber = Annotated[int, Path(ge=1, le=2**31 - 1)]
Token = Annotated[str, StringConstraints(max_length=100)]

ALREADY_IN = N_("you already have an account on this server")
NAME_TAKEN = N_("the name {name} is taken")
TOO_MANY = N_("too many new accounts from here; try again in a few minutes")


class SignUp(Inbound):
    """A new registered account: a name, a password, and the invitation link's token
    (needed on an invitation-only server)."""

    name: Name
    password: Password
    invitation: Token | None = None


class InvitationMake(Inbound):
    """A new invitation link: how many people it lets in, for how many days (the
    server's ``invitation_days`` when left out), and a note for its maker."""

    uses: int = Field(default=1, ge=1, le=invitations.MAX_USES)
    days: int | None = Field(default=None, ge=1, le=invitations.MAX_DAYS)
    note: Annotated[str, StringConstraints(max_length=100)] = ""


class InvitationPublic(BaseModel):
    id: int
    uses: int
    used: int
    note: str
    state: str
    expires_at: str
    created_at: str


class InvitationMade(BaseModel):
    invitation: InvitationPublic
    path: str
    """``/join/<token>``: shown once (only the token's hash is kept)."""


class MyInvitations(BaseModel):
    may_invite: bool
    """Whether I may make links at all (the list may hold old ones either way)."""
    limit: int | None
    """How many live links I may have at once; None: no limit (staff)."""
    invitations: list[InvitationPublic]


def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def _now(request: Request) -> datetime:
    """The app's clock (web.clock): a test's fake one ages links too."""
    now: datetime = request.app.state.clock.now()
    return now


def _rules(request: Request, session: Session) -> Policy:
    return policy(session, _settings(request))


def _refused(error: invitations.InvitationError) -> HTTPException:
    return HTTPException(error.status, detail={"code": error.code, "message": error.words})


def _already_in() -> HTTPException:
    return HTTPException(409, detail={"code": "already_in", "message": Words(ALREADY_IN)})


def _count_a_new_account(request: Request) -> None:
    """New accounts from one address share the sign-in budget: a script cannot fill
    the table from one place."""
    limits = request.app.state.limits
    address = request.client.host if request.client else "unknown"
    if not limits.sign_ins_per_address.allow(address):
        wait = limits.sign_ins_per_address.retry_after(address)
        raise HTTPException(
            429,
            detail={"code": "too_many_attempts", "message": Words(TOO_MANY)},
            headers={"Retry-After": str(wait)},
        )


def _public(invitation: Any, now: datetime) -> InvitationPublic:
    shown = invitations.seen(invitation, now)
    return InvitationPublic(
        id=shown.id,
        uses=shown.uses,
        used=shown.used,
        note=shown.note,
        state=shown.state,
        expires_at=shown.expires_at,
        created_at=shown.created_at,
    )


# --- the join page and joining ---------------------------------------------------------


@router.get("/join/{token}", include_in_schema=False)
def join_page(request: Request, user: UserOrVisitor, session: SessionDep, token: str) -> Response:
    """An invitation link: who made it and what it offers (sign up with a password or
    a passkey, and, where guests may play, join at once as a guest), that it no longer
    works and why (a 4xx), or that I am already in."""
    if not is_visitor(user):
        return render(request, user, "join.html", outcome="already_in")
    rules = _rules(request, session)
    try:
        invitation = invitations.find(session, token, _now(request))
    except invitations.InvitationError as error:
        page = render(request, user, "join.html", outcome=error.code)
        page.status_code = error.status
        return page
    if rules.join == "closed":
        page = render(request, user, "join.html", outcome="closed")
        page.status_code = 403
        return page
    outcome = "join_as_guest" if rules.guests else "sign_up"
    return render(
        request,
        user,
        "join.html",
        outcome=outcome,
        inviter=_inviter(session, invitation),
        boot={"invitation": token, "offer": outcome},
    )


def _inviter(session: Session, invitation: SiteInvitation) -> str | None:
    """The name of whoever made the link, shown to the person invited (None once their
    account is gone: the page then says "someone")."""
    if invitation.made_by is None:
        return None
    return session.scalar(select(User.name).where(User.id == invitation.made_by))


@router.post("/api/join/{token}")
def join_by_link(
    token: Token, request: Request, user: OptionalUser, session: SessionDep
) -> UserPublic:
    """Join as a guest by an invitation link (when the server has guests): the link
    counts a use, the new account remembers it, and this browser is signed in."""
    if user is not None:
        refuse_if_banned(user)
        raise _already_in()
    rules = _rules(request, session)
    if rules.join == "closed":
        raise refusal_error("closed")
    if not rules.guests:
        raise refusal_error("sign_up_needed")
    _count_a_new_account(request)
    try:
        invitation = invitations.redeem(session, token, _now(request))
    except invitations.InvitationError as error:
        raise _refused(error) from None
    newcomer = guest(session, request.session.get(VISITOR_NAME))
    newcomer.invitation_id = invitation.id
    remember(request.session, session, newcomer)
    return public_user(newcomer)


@router.post("/api/sign-up", status_code=status.HTTP_201_CREATED)
def sign_up(body: SignUp, request: Request, user: OptionalUser, session: SessionDep) -> UserPublic:
    """A new registered account with my name and password (with an invitation link's
    token on an invitation-only server); this browser is signed in as it."""
    if user is not None:
        raise _already_in()
    refuse_a_sign_up(session, _settings(request), invited=body.invitation is not None)
    _count_a_new_account(request)
    invitation_id = None
    if body.invitation is not None:
        try:
            invitation_id = invitations.redeem(session, body.invitation, _now(request)).id
        except invitations.InvitationError as error:
            raise _refused(error) from None
    newcomer = guest(session, request.session.get(VISITOR_NAME))
    try:
        rename(session, newcomer, body.name)
    except NameTakenError:
        message = Words(NAME_TAKEN, name=body.name)
        raise HTTPException(409, detail={"code": "name_taken", "message": message}) from None
    newcomer.invitation_id = invitation_id
    crown_the_first(session, _settings(request), newcomer)
    set_password(request.session, session, newcomer, body.password)
    return public_user(newcomer)


@router.get("/api/ban-notice")
def read_ban_notice(request: Request, session: SessionDep) -> dict[str, Any]:
    """Whether this browser's session was ended by a ban still running: then why and
    until when, worded in the page's language (the panel a stranger sees says it
    instead of "sign in or ask for an invitation"). ``{"banned": false}`` otherwise."""
    banned = notice_for(session, request.session.get("sid"), _now(request))
    if banned is None:
        return {"banned": False}
    language = best_language(None, request.headers.get("accept-language"))
    return {"banned": True, **farewell_words(farewell(banned), language)}


# --- my invitation links ---------------------------------------------------------------


@router.get("/api/invitation-links")
def read_my_invitations(request: Request, user: OptionalUser, session: SessionDep) -> MyInvitations:
    """My invitation links (newest first) and whether I may make more."""
    rules = _rules(request, session)
    if user is None:
        return MyInvitations(may_invite=False, limit=0, invitations=[])
    now = _now(request)
    mine = invitations.list_invitations(session, made_by=user)
    return MyInvitations(
        may_invite=invitations.may_invite(user, rules),
        limit=None if is_staff(user) else rules.member_invitations,
        invitations=[_public(invitation, now) for invitation in mine],
    )


@router.post("/api/invitation-links", status_code=status.HTTP_201_CREATED)
def make_my_invitation(
    body: InvitationMake, request: Request, user: CurrentUser, session: SessionDep
) -> InvitationMade:
    """A new invitation link of mine; its address is shown this once."""
    refuse_if_banned(user)
    days = body.days if body.days is not None else _settings(request).invitation_days
    now = _now(request)
    try:
        invitation, token = invitations.make_invitation(
            session, user, body.uses, days, body.note, rules=_rules(request, session), now=now
        )
    except invitations.InvitationError as error:
        raise _refused(error) from None
    return InvitationMade(invitation=_public(invitation, now), path=f"/join/{token}")


@router.delete("/api/invitation-links/{invitation_id}")
def revoke_my_invitation(
    invitation_id: InvitationNumber, request: Request, user: OptionalUser, session: SessionDep
) -> InvitationPublic:
    """Withdraw one of my links: nobody more joins by it (a visitor has none)."""
    now = _now(request)
    try:
        if user is None:
            raise invitations.problem("no_such_invitation")
        invitation = invitations.revoke(session, invitation_id, user, now)
    except invitations.InvitationError as error:
        raise _refused(error) from None
    return _public(invitation, now)
