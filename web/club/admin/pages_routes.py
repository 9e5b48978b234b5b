"""The admin pages (``/admin``, ``/admin/<section>``, ``/admin/people/<id>``): each a
server-made page of one section; static/js/admin.js sends their forms to the API
(confirming it's you first when the API asks) and reloads.

Someone who is not staff gets a 403 page that says so (not a redirect: a redirect to
sign in would loop for a member who is signed in).

Every moment on these pages is shown in the admin's own time zone (their preference,
as the rest of the site shows times), said once under the section's heading; the
ban and mute forms read the date typed in that same zone (static/js/admin.js)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Annotated, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from fastapi import APIRouter, Path, Request
from fastapi.responses import HTMLResponse

from ...i18n import N_
from ...people import ROLES, SessionDep, UserOrVisitor, is_admin, is_staff
from ...site import render
from . import directory, health
from . import games_routes as games
from . import invites_routes as invites
from . import log_routes as log
from . import machine_routes as machine
from .access import NO_STORE, NoStoreRoute, refusal, signed_in_recently
from .people_routes import target_of

router = APIRouter(route_class=NoStoreRoute, include_in_schema=False)

SECTIONS = (
    "people",
    "games",
    "reports",
    "invitations",
    "guests",
    "backups",
    "settings",
    "health",
    "audit",
)


def _page(
    request: Request, user: Any, session: SessionDep, section: str, **context: Any
) -> HTMLResponse:
    """A section's page for staff; the 403 page for anyone else."""
    if not is_staff(user):
        page = render(request, user, "admin_forbidden.html")
        page.status_code = 403
        page.headers.update(NO_STORE)
        return page
    boot = {"section": section, "recent": signed_in_recently(request, session)}
    zone = zone_of(user)
    return render(
        request,
        user,
        f"admin_{section}.html",
        boot=boot,
        section=section,
        sections=SECTIONS,
        is_admin=is_admin(user),
        short=shown_in(zone),
        time_zone=zone.key,
        **context,
    )


def zone_of(user: Any) -> ZoneInfo:
    """The admin's time zone (their preference; UTC until the browser told it, or if
    the name is unknown to this machine)."""
    preference = getattr(user, "preference", None)
    name = getattr(preference, "time_zone", None) or "UTC"
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def shown_in(zone: ZoneInfo) -> Callable[[datetime | str | None], str]:
    """How the admin pages show a moment: in ``zone``, to the minute."""

    def short(moment: datetime | str | None) -> str:
        if moment is None:
            return ""
        if isinstance(moment, str):
            moment = datetime.fromisoformat(moment)
        if moment.tzinfo is None:  # SQLite gives back naive UTC
            moment = moment.replace(tzinfo=UTC)
        return moment.astimezone(zone).strftime("%Y-%m-%d %H:%M")

    return short


@router.get("/admin")
def people_page(
    request: Request, user: UserOrVisitor, session: SessionDep, q: str = "", members: bool = False
) -> HTMLResponse:
    """The people: search by name, each with role, last seen, games played, ban."""
    people = (
        directory.search(session, q[:40], members=members)[: directory.PAGE]
        if is_staff(user)
        else []
    )
    return _page(request, user, session, "people", people=people, q=q, members=members)


@router.get("/admin/people/{person_id}")
def person_page(
    request: Request,
    user: UserOrVisitor,
    session: SessionDep,
    person_id: Annotated[int, Path(ge=1, le=2**53)],
) -> HTMLResponse:
    """One person: ban or unban, mute or unmute, a recovery link, their role, delete."""
    if not is_staff(user):
        return _page(request, user, session, "person")
    target = target_of(session, person_id)
    return _page(
        request,
        user,
        session,
        "person",
        person=directory.person(session, target),
        history=directory.history(session, target),
        roles=ROLES,
        acts_on=user.id != target.id and (is_admin(user) or not is_staff(target)),
    )


@router.get("/admin/{section}")
def section_page(
    request: Request, user: UserOrVisitor, session: SessionDep, section: str, page: int = 1
) -> HTMLResponse:
    """Any other section (an unknown one is the 404 page)."""
    if section not in SECTIONS[1:]:
        raise refusal(404, "not_found", N_("there is no such page"))
    if not is_staff(user):
        return _page(request, user, session, section)
    settings = request.app.state.settings
    database = request.app.state.db
    session.commit()  # (SQLite: reads of their own must not wait on this request's)
    readers: dict[str, Callable[[], dict[str, Any]]] = {
        "games": lambda: {"games": games.games_in_progress(database, games.STUCK_HOURS)},
        "reports": lambda: {"reports": games.reports(session, database, everything=True)},
        "invitations": lambda: {
            "invitations": invites.invitation_lines(session, request.app.state.clock.now()),
            "policy": invites.policy_state(session, settings),
        },
        "guests": dict,
        "backups": lambda: {"backups": machine.backup_list(settings)},
        "settings": lambda: {"settings": machine.settings_in_force(settings)},
        "health": lambda: {"health": health.report(request.app)},
        "audit": lambda: {"log": log.audit_page(session, max(1, min(page, 100_000)))},
    }
    return _page(request, user, session, section, **readers[section]())
