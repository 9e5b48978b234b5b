"""The invitations section's API: every invitation link (make, revoke) and the join
policy (who may join, guests, members' invitations, who may organise tournaments),
which only admins change."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Request, status
from pydantic import Field, StringConstraints
from sqlalchemy import select
from sqlalchemy.orm import Session

from ...models import SiteInvitation, SiteSetting, User
from ...people import (
    CHANGEABLE,
    Inbound,
    SessionDep,
    audit,
    invitations,
    keep_setting,
    policy,
    reset_setting,
)
from ...settings import Settings
from .access import Acting, ActingAdmin, NoStoreRoute, Staff
from .schemas import PolicyBody, PolicyReset

router = APIRouter(prefix="/api/admin", route_class=NoStoreRoute)


class AdminInvitationMake(Inbound):
    uses: int = Field(default=1, ge=1, le=invitations.MAX_USES)
    days: int = Field(default=7, ge=1, le=invitations.MAX_DAYS)
    note: Annotated[str, StringConstraints(max_length=100)] = ""


def _now(request: Request) -> datetime:
    now: datetime = request.app.state.clock.now()
    return now


def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def _refused(error: invitations.InvitationError) -> HTTPException:
    return HTTPException(error.status, detail={"code": error.code, "message": error.words})


def invitation_lines(session: Session, now: datetime) -> list[dict[str, Any]]:
    """Every link, newest first, with its maker's name (never its token)."""
    links = invitations.list_invitations(session)
    makers = {link.made_by for link in links if link.made_by is not None}
    rows = session.execute(select(User.id, User.name).where(User.id.in_(makers)))
    names: dict[int, str] = dict(rows.all())
    return [
        {**vars(invitations.seen(link, now)), "maker": names.get(link.made_by or 0, "")}
        for link in links
    ]


@router.get("/invitations")
def list_all(staff: Staff, session: SessionDep, request: Request) -> dict[str, Any]:
    """Every invitation link of the server, newest first."""
    return {"invitations": invitation_lines(session, _now(request))}


@router.post("/invitations", status_code=status.HTTP_201_CREATED)
def make(
    body: AdminInvitationMake, actor: Acting, session: SessionDep, request: Request
) -> dict[str, Any]:
    """A new link; its address (``path``) is shown this once."""
    now = _now(request)
    rules = policy(session, _settings(request))
    try:
        link, token = invitations.make_invitation(
            session, actor, body.uses, body.days, body.note, rules=rules, now=now
        )
    except invitations.InvitationError as error:
        raise _refused(error) from None
    return {"invitation": vars(invitations.seen(link, now)), "path": f"/join/{token}"}


@router.delete("/invitations/{invitation_id}")
def revoke(
    invitation_id: Annotated[int, Path(ge=1, le=2**53)],
    actor: Acting,
    session: SessionDep,
    request: Request,
) -> dict[str, Any]:
    """Withdraw a link: nobody more joins by it."""
    try:
        link: SiteInvitation = invitations.revoke(session, invitation_id, actor, _now(request))
    except invitations.InvitationError as error:
        raise _refused(error) from None
    return vars(invitations.seen(link, _now(request)))


def policy_state(session: Session, settings: Settings) -> dict[str, Any]:
    """The policy in force, the host's settings, and which ones admins changed."""
    rules = policy(session, settings)
    changed = set(session.scalars(select(SiteSetting.name).where(SiteSetting.name.in_(CHANGEABLE))))
    return {
        "join": rules.join,
        "guests": rules.guests,
        "member_invitations": rules.member_invitations,
        "tournament_organisers": rules.tournament_organisers,
        "host": {name: getattr(settings, name) for name in CHANGEABLE},
        "changed": sorted(changed),
    }


@router.get("/policy")
def read_policy(staff: Staff, session: SessionDep, request: Request) -> dict[str, Any]:
    """Who may join, whether guests may play, members' invitation links."""
    return policy_state(session, _settings(request))


@router.patch("/policy")
def change_policy(
    body: PolicyBody, actor: ActingAdmin, session: SessionDep, request: Request
) -> dict[str, Any]:
    """Change some of the join policy (admins only); it holds on every process at once,
    until reset."""
    before = policy(session, _settings(request))
    for name, value in body.model_dump(exclude_none=True).items():
        if getattr(before, name) != value:
            keep_setting(session, name, value)
            audit.record(
                session,
                actor,
                "setting",
                None,
                name=name,
                before=getattr(before, name),
                after=value,
            )
    session.flush()
    return policy_state(session, _settings(request))


@router.post("/policy/reset")
def reset_policy(
    body: PolicyReset, actor: ActingAdmin, session: SessionDep, request: Request
) -> dict[str, Any]:
    """Go back to the host's setting for one of the policy's settings (admins only)."""
    if session.get(SiteSetting, body.name) is not None:
        before = getattr(policy(session, _settings(request)), body.name)
        reset_setting(session, body.name)
        audit.record(session, actor, "setting_reset", None, name=body.name, before=before)
        session.flush()
    return policy_state(session, _settings(request))
