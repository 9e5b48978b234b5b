"""The people section's API: search, one person, ban, mute, role (``/api/admin/people``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response, status

from ...i18n import N_
from ...models import User
from ...people import SessionDep, recovery, set_role
from ...records import forget_imports
from ...settings import Settings
from .. import deletion
from . import directory, moderation, signals
from .access import Acting, ActingAdmin, NoStoreRoute, Staff, refusal, staff_user
from .schemas import BanBody, MuteBody, RoleBody

router = APIRouter(prefix="/api/admin/people", route_class=NoStoreRoute)
PersonId = Annotated[int, Path(ge=1, le=2**53)]


def target_of(session: SessionDep, person_id: int) -> User:
    """The person an action names (404 ``no_such_person``)."""
    user = session.get(User, person_id)
    if user is None:
        raise refusal(404, "no_such_person", N_("nobody has this id"))
    return user


@router.get("")
def list_people(
    staff: Staff, session: SessionDep, q: str = "", page: int = 1, members: bool = False
) -> dict[str, Any]:
    """People whose name contains ``q``, most recently seen first, a page at a time."""
    lines = directory.search(session, q[:40], page=max(1, page), members=members)
    return {
        "people": [line.to_json() for line in lines[: directory.PAGE]],
        "more": len(lines) > directory.PAGE,
    }


@router.get("/{person_id}")
def read_person(person_id: PersonId, staff: Staff, session: SessionDep) -> dict[str, Any]:
    """One person, and what staff did to them (newest first)."""
    user = target_of(session, person_id)
    return {
        **directory.person(session, user).to_json(),
        "history": [
            {"at": entry.at.isoformat(), "actor": entry.actor_name, "action": entry.action}
            for entry in directory.history(session, user)
        ],
    }


@router.post("/{person_id}/ban", status_code=status.HTTP_204_NO_CONTENT)
def ban(
    person_id: PersonId, body: BanBody, actor: Acting, session: SessionDep, request: Request
) -> Response:
    """Ban a person (until a date, or for good): their sessions end at once and their
    open pages and games, on every process, are closed and told why."""
    target = target_of(session, person_id)
    moderation.ban(session, actor, target, body.reason, body.until)
    session.commit()
    signals.shut_out(request, target)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post("/{person_id}/unban", status_code=status.HTTP_204_NO_CONTENT)
def unban(person_id: PersonId, actor: Acting, session: SessionDep) -> Response:
    """Lift a ban."""
    moderation.unban(session, actor, target_of(session, person_id))
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post("/{person_id}/mute", status_code=status.HTTP_204_NO_CONTENT)
def mute(
    person_id: PersonId, body: MuteBody, actor: Acting, session: SessionDep, request: Request
) -> Response:
    """Refuse a person's chat lines everywhere until a date."""
    target = target_of(session, person_id)
    moderation.mute(session, actor, target, body.until)
    session.commit()
    signals.mute_changed(request, target)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post("/{person_id}/unmute", status_code=status.HTTP_204_NO_CONTENT)
def unmute(person_id: PersonId, actor: Acting, session: SessionDep, request: Request) -> Response:
    """Let a muted person chat again."""
    target = target_of(session, person_id)
    moderation.unmute(session, actor, target)
    session.commit()
    signals.mute_changed(request, target)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.put("/{person_id}/role", status_code=status.HTTP_204_NO_CONTENT)
def change_role(
    person_id: PersonId, body: RoleBody, actor: ActingAdmin, session: SessionDep
) -> Response:
    """Make a person a member, moderator or admin (admins only)."""
    set_role(session, actor, target_of(session, person_id), body.role)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post("/{person_id}/recovery-link", status_code=status.HTTP_201_CREATED)
def recovery_link(
    person_id: PersonId, actor: Acting, session: SessionDep, request: Request
) -> dict[str, str]:
    """A link that lets the person choose a new password, once, within a day (shown
    only now: hand it over yourself). Their earlier links stop working."""
    target = target_of(session, person_id)
    moderation.check_may_act_on(actor, target)
    settings: Settings = request.app.state.settings
    return {"link": recovery.admin_recovery_link(session, target, actor, settings.public_url)}


@router.delete("/{person_id}", status_code=status.HTTP_204_NO_CONTENT)
def delete_person(
    person_id: PersonId, actor: ActingAdmin, session: SessionDep, request: Request
) -> Response:
    """Delete an account (admins only): the games they played stay, their seat named
    "a former player"; games they still play go on without them."""
    target = target_of(session, person_id)
    moderation.check_may_act_on(actor, target)
    forget_imports(session, [target.id])
    deletion.delete_account(
        session, target, rooms=request.app.state.hub, loop=request.app.state.loop, by=actor
    )
    return Response(status_code=status.HTTP_204_NO_CONTENT)


__all__ = ["router", "staff_user", "target_of"]
