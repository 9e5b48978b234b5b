"""A turn's clock in a game played over days: how much running time a move is granted.

"N days per move" means N of the player's waking days: the allowance is
N * :attr:`~web.people.Schedule.awake_seconds_per_day` seconds of running time. With
22:00 to 08:00 quiet hours one day per move is 14 running hours, which ends at
about the same hour the next day for someone who moves at the same hour daily.
When that running time passes is the person's own schedule (web.people.schedule):
their quiet hours and days away stop the clock, and nobody else's do.

Only whole waking days count towards the allowance: the hour a player gains or
loses on a daylight-saving night is real time they have, or lack, that day.
Everything here is pure, like the schedule it reads: every moment is passed in,
aware, and every moment returned is in UTC.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from ..people import Schedule, aware_utc


@dataclass(frozen=True)
class TurnClock:
    """One turn's clock, fixed when the turn starts: when to remind and when time is up."""

    started: datetime
    half: datetime
    """When 50 % of the allowance has run."""
    ninety: datetime
    """When 90 % of the allowance has run."""
    deadline: datetime
    """When all of it has run: the turn times out."""


def allowance_seconds(schedule: Schedule, days: int) -> int:
    """The running time ``days`` per move grant: that many of the player's waking days."""
    if not isinstance(days, int) or isinstance(days, bool) or days < 1:
        raise ValueError(f"days must be a whole number of days >= 1, got {days!r}")
    return days * schedule.awake_seconds_per_day


def turn_clock(schedule: Schedule, started: datetime, days: int) -> TurnClock:
    """The clock of a turn that started at ``started``, ``days`` per move, on the
    schedule of the player to move."""
    started = aware_utc(started, "started")
    allowance = timedelta(seconds=allowance_seconds(schedule, days))
    amounts = (allowance / 2, allowance * 9 / 10, allowance)
    half, ninety, deadline = schedule.moments_after(
        started, [amount.total_seconds() for amount in amounts]
    )
    return TurnClock(started=started, half=half, ninety=ninety, deadline=deadline)


def time_left(schedule: Schedule, clock: TurnClock, now: datetime) -> float:
    """The running seconds still left on ``clock`` at ``now``: 0 at and after the deadline,
    the whole allowance before the turn started."""
    now = aware_utc(now, "now")
    if now >= clock.deadline:
        return 0.0
    return schedule.running_seconds(max(now, clock.started), clock.deadline)
