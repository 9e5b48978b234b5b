"""A table's pace: in one sitting (real time), or turn-based over days.

A turn-based game's clock is worked out, whenever it is needed, from when the turn
began and the mover's schedule as it stands (web.days.schedule): a person who
declares days away or moves their quiet hours has every running clock of theirs
follow at once, with nothing stored to keep in step.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ..people import Schedule
from .schedule import TurnClock, turn_clock

SUBSTITUTE_BOT = "strong"
"""The bot that takes over a turn-based seat whose time ran out: the Hard one."""


@dataclass(frozen=True)
class Pace:
    """How a table's games are timed."""

    turn_days: int | None = None
    """None: real time. Else the waking days per move (0: no clock)."""
    on_timeout: str = "substitute"
    vacation: bool = True
    """Whether days away stop the clock at this table."""

    @property
    def turn_based(self) -> bool:
        return self.turn_days is not None

    @property
    def clocked(self) -> bool:
        """Turn-based with a time per move."""
        return bool(self.turn_days)


def clock_for(pace: Pace, schedule: Schedule, started: datetime) -> TurnClock | None:
    """The mover's clock for a turn that began at ``started``; None without one. A
    table that forbids days away counts them as waking days."""
    if not pace.clocked or pace.turn_days is None:
        return None
    if not pace.vacation and schedule.away:
        schedule = Schedule(schedule.zone, schedule.quiet_start, schedule.quiet_end)
    return turn_clock(schedule, started, pace.turn_days)
