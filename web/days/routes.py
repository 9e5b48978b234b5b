"""My days away: declared ahead, within the host's allowance; my turn-based clocks stop.

A day away runs from local midnight to local midnight in my own time zone, so
"away on the 24th" means the 24th where I am."""

from __future__ import annotations

import asyncio
from datetime import date, datetime, time, timedelta
from typing import Annotated, Any
from zoneinfo import ZoneInfo

from fastapi import APIRouter, HTTPException, Request, Response, status
from pydantic import Field
from sqlalchemy import select

from ..db import as_utc
from ..i18n import N_, Words
from ..models import Vacation
from ..people import DEFAULT_ZONE, CurrentUser, Inbound, OptionalUser, SessionDep, clocks_moved

router = APIRouter(prefix="/api")

WINDOW = timedelta(days=30)
"""The allowance counts the days away declared from 30 days before a new span to 30
days after it (overlapping spans count once): a few days a month, however split."""
LONGEST_AHEAD = timedelta(days=365)


class VacationIn(Inbound):
    starts: Annotated[date, Field(strict=False)]
    """The first day away, in my time zone (today at the earliest)."""
    days: int = Field(ge=1, le=31)


def _refuse(code: str, message: Words, status_code: int = 422) -> HTTPException:
    return HTTPException(status_code, detail={"code": code, "message": message})


def _zone(user: Any) -> ZoneInfo:
    preference = user.preference
    return ZoneInfo(preference.time_zone if preference and preference.time_zone else DEFAULT_ZONE)


def _public(vacation: Vacation) -> dict[str, Any]:
    return {
        "id": vacation.id,
        "starts_at": as_utc(vacation.starts_at).timestamp(),
        "ends_at": as_utc(vacation.ends_at).timestamp(),
    }


def _mine(session: SessionDep, user_id: int, now: datetime) -> list[Vacation]:
    """My days away not over yet, soonest first."""
    query = (
        select(Vacation)
        .where(Vacation.user_id == user_id, Vacation.ends_at > now)
        .order_by(Vacation.starts_at)
    )
    return list(session.scalars(query))


def _days_in(vacations: list[Vacation], start: datetime, end: datetime) -> float:
    """Days away declared within [start, end)."""
    seconds = 0.0
    for vacation in vacations:
        overlap = min(as_utc(vacation.ends_at), end) - max(as_utc(vacation.starts_at), start)
        seconds += max(0.0, overlap.total_seconds())
    return seconds / 86400


@router.get("/me/vacations")
def read_vacations(user: OptionalUser, session: SessionDep, request: Request) -> dict[str, Any]:
    """My days away to come (a visitor has none), and the host's allowance."""
    now = request.app.state.clock.now()
    allowance = request.app.state.settings.vacation_days_per_month
    mine = [] if user is None else [_public(v) for v in _mine(session, user.id, now)]
    return {"allowance": allowance, "vacations": mine}


@router.post("/me/vacations", status_code=status.HTTP_201_CREATED)
def add_vacation(
    body: VacationIn, user: CurrentUser, session: SessionDep, request: Request
) -> dict[str, Any]:
    """Declare days away: my turn-based clocks stand still through them (at tables
    that allow it), and the others see "away until …"."""
    now = request.app.state.clock.now()
    allowance = request.app.state.settings.vacation_days_per_month
    zone = _zone(user)
    today = now.astimezone(zone).date()
    if body.starts < today or body.starts > today + LONGEST_AHEAD:
        raise _refuse("bad_vacation", Words(N_("starts: from today to a year ahead")))
    starts = datetime.combine(body.starts, time(), zone).astimezone(now.tzinfo)
    starts = max(starts, now)
    ends = datetime.combine(body.starts + timedelta(days=body.days), time(), zone)
    ends = ends.astimezone(now.tzinfo)
    vacations = list(session.scalars(select(Vacation).where(Vacation.user_id == user.id)))
    taken = _days_in(vacations, starts - WINDOW, ends + WINDOW)
    new = (ends - starts).total_seconds() / 86400 - _days_in(vacations, starts, ends)
    if taken + new > allowance + 1e-6:
        message = Words(
            N_("days: at most {allowance} days away in 30 days on this server"),
            allowance=allowance,
        )
        raise _refuse("vacation_allowance", message, 409)
    vacation = Vacation(user_id=user.id, starts_at=starts, ends_at=ends)
    session.add(vacation)
    clocks_moved(session, user.id, now)
    session.commit()
    _schedules_changed(request, user.id)
    return _public(vacation)


@router.delete("/me/vacations/{vacation_id}", status_code=status.HTTP_204_NO_CONTENT)
def end_vacation(
    vacation_id: int, user: CurrentUser, session: SessionDep, request: Request
) -> Response:
    """Back early (a span under way ends now), or never mind (one to come is dropped)."""
    now = request.app.state.clock.now()
    vacation = session.get(Vacation, vacation_id)
    if vacation is None or vacation.user_id != user.id:
        raise _refuse("no_such_vacation", Words(N_("no such days away of yours")), 404)
    if as_utc(vacation.starts_at) < now:
        vacation.ends_at = min(as_utc(vacation.ends_at), now)
    else:
        session.delete(vacation)
    clocks_moved(session, user.id, now)
    session.commit()
    _schedules_changed(request, user.id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


def _schedules_changed(request: Request, user_id: int) -> None:
    hub = request.app.state.hub
    asyncio.run_coroutine_threadsafe(hub.schedules_changed(user_id), request.app.state.loop)
