"""People's schedules as the database keeps them: time zone, quiet hours, days away."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from ..db import as_utc
from ..models import Game, GamePlayer, Preference, Vacation
from .schedule import Schedule

DEFAULT_ZONE = "UTC"
"""The zone of someone whose browser never said theirs."""
DEFAULT_QUIET = (22 * 60, 8 * 60)
DIGEST_HOUR = 18
"""The daily digest's local hour until the person picks theirs."""
VACATION_MEMORY = timedelta(days=60)
"""Days away that ended longer ago than this cannot matter to a running turn."""


def schedule_from(preference: Preference | None, away: Iterable[Vacation] = ()) -> Schedule:
    """A person's schedule; one who never set theirs sleeps from 22:00 to 08:00 UTC."""
    spans = tuple(sorted((as_utc(v.starts_at), as_utc(v.ends_at)) for v in away))
    if preference is None:
        return Schedule(DEFAULT_ZONE, *DEFAULT_QUIET, away=spans)
    zone = preference.time_zone or DEFAULT_ZONE
    try:
        return Schedule(zone, preference.quiet_start, preference.quiet_end, away=spans)
    except ValueError:  # a zone this machine's tz database no longer knows
        return Schedule(DEFAULT_ZONE, preference.quiet_start, preference.quiet_end, away=spans)


def schedules_of(session: Session, user_ids: Iterable[int], now: datetime) -> dict[int, Schedule]:
    """Each person's schedule, in two queries, with the days away that still matter."""
    people = sorted(set(user_ids))
    if not people:
        return {}
    preferences = {
        row.user_id: row
        for row in session.scalars(select(Preference).where(Preference.user_id.in_(people)))
    }
    away: dict[int, list[Vacation]] = {person: [] for person in people}
    query = select(Vacation).where(
        Vacation.user_id.in_(people), Vacation.ends_at > now - VACATION_MEMORY
    )
    for vacation in session.scalars(query):
        away[vacation.user_id].append(vacation)
    return {person: schedule_from(preferences.get(person), away[person]) for person in people}


def clocks_moved(session: Session, user_id: int, now: datetime) -> None:
    """The person's schedule changed: each clocked turn-based game of theirs is due, so
    the sweep works out its deadline and warnings again (web.days.sweep)."""
    theirs = select(GamePlayer.game_id).where(GamePlayer.user_id == user_id)
    session.execute(
        update(Game)
        .where(Game.id.in_(theirs), Game.status == "playing", Game.turn_days > 0)
        .values(due_at=now)
    )
