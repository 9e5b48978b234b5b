"""A person's hours: when their move clock runs, and when nothing may wake them.

A game played over days must not punish sleep, or a player living eleven hours
away from their opponent. So every person has a time zone (an IANA name) and
quiet hours in their own wall-clock time (22:00 to 08:00 unless they choose
otherwise), and may declare days away. A player's move clock *runs* only
outside their own quiet hours and outside their days away; it never depends on
anyone else's schedule. This is the person's side; how much running time a turn
grants is the game's pace (web.days.schedule).

Everything here is pure: no clock is read and nothing is stored; every moment is
passed in, timezone-aware (naive datetimes are refused with :class:`ValueError`,
as they would silently mean the server's zone), and every moment returned is in
UTC. Time zone rules come from :mod:`zoneinfo`.

Daylight-saving time: quiet hours are wall-clock times, so their boundaries move
with the player's clocks. A boundary falls at the *first moment the player's
clock reads that time or later* on that date, which settles the two odd cases:

- a time that does not exist (it lies in a spring-forward gap) is taken as the
  moment just after the gap, when the clock jumps past it;
- a time that occurs twice (in the repeated hour when clocks fall back) is taken
  as its first occurrence: whoever wakes at 02:30 wakes at the first 02:30, and
  the clock then runs through the repeated hour too.
"""

from __future__ import annotations

import bisect
import heapq
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

MINUTES_PER_DAY = 24 * 60
SECONDS_PER_DAY = 24 * 60 * 60
DEFAULT_QUIET_START = 22 * 60
"""22:00 local: when quiet hours begin for someone who never chose."""
DEFAULT_QUIET_END = 8 * 60
"""08:00 local: when they end."""
LONGEST_QUIET_MINUTES = 16 * 60
"""Quiet hours last at most 16 hours, so every day leaves at least 8 waking hours:
the clock has to run some of every day, or a game could wait forever on a player."""

_ONE_DAY = timedelta(days=1)
_ZERO = timedelta(0)

Interval = tuple[datetime, datetime]
"""A half-open stretch of time ``[start, end)``, both ends aware and in UTC."""


def aware_utc(moment: datetime, name: str) -> datetime:
    """``moment`` in UTC; a naive datetime is refused, since it could mean any zone."""
    if not isinstance(moment, datetime):
        raise TypeError(f"{name} must be a datetime, got {type(moment).__name__}")
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{name} must be timezone-aware (UTC), got the naive {moment!r}")
    return moment.astimezone(UTC)


def _load_zone(zone: object) -> ZoneInfo:
    """The rules of the IANA zone ``zone``, or a ValueError that names the field."""
    if not isinstance(zone, str):
        raise ValueError(f"zone must be an IANA time zone name, got {zone!r}")
    # "localtime" is the server's own zone, whatever the host says: never a person's.
    if zone != "localtime":
        try:
            return ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError, OSError):
            pass
    raise ValueError(
        f"zone: unknown time zone {zone!r} (expected an IANA name such as 'Europe/Paris')"
    )


def _minutes(value: object, name: str) -> int:
    """A quiet-hours boundary: whole minutes since local midnight, 0..1439."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name} must be whole minutes since midnight, got {value!r}")
    if not 0 <= value < MINUTES_PER_DAY:
        raise ValueError(f"{name} must be between 0 and {MINUTES_PER_DAY - 1} minutes, got {value}")
    return value


def _union(intervals: Iterable[Interval]) -> Iterator[Interval]:
    """The union of ``intervals`` (sorted by start) as disjoint sorted intervals.

    Touching intervals are joined too. Lazy, so it also works on an endless stream:
    an interval is given out as soon as one starting after its end is seen.
    """
    current: Interval | None = None
    for start, end in intervals:
        if current is None:
            current = (start, end)
        elif start <= current[1]:
            if end > current[1]:
                current = (current[0], end)
        else:
            yield current
            current = (start, end)
    if current is not None:
        yield current


@dataclass(frozen=True)
class Schedule:
    """Where a person lives, when they sleep and when they are away: when their clock runs.

    ``quiet_start`` and ``quiet_end`` are minutes since local midnight; equal values
    mean no quiet hours, and a start after the end wraps past midnight (the default,
    1320..480, is 22:00 to 08:00). ``away`` holds days away as half-open intervals
    ``[start, end)``; they may overlap each other and quiet hours. They are kept in
    UTC, sorted, whatever order and offsets they came in.
    """

    zone: str
    quiet_start: int = DEFAULT_QUIET_START
    quiet_end: int = DEFAULT_QUIET_END
    away: tuple[Interval, ...] = ()
    _tz: ZoneInfo = field(init=False, repr=False, compare=False)
    _away_starts: tuple[datetime, ...] = field(init=False, repr=False, compare=False)
    _away_ends: tuple[datetime, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        tz = _load_zone(self.zone)
        start = _minutes(self.quiet_start, "quiet_start")
        end = _minutes(self.quiet_end, "quiet_end")
        length = (end - start) % MINUTES_PER_DAY
        if length > LONGEST_QUIET_MINUTES:
            raise ValueError(
                f"quiet_start..quiet_end: quiet hours from {start} to {end} minutes last"
                f" {length // 60} h {length % 60:02d} min, at most"
                f" {LONGEST_QUIET_MINUTES // 60} h are allowed (the clock must run 8 hours a day)"
            )
        away: list[Interval] = []
        for index, period in enumerate(self.away):
            try:
                first, last = period
            except (TypeError, ValueError):
                raise ValueError(
                    f"away[{index}] must be a (start, end) pair, got {period!r}"
                ) from None
            first = aware_utc(first, f"away[{index}] start")
            last = aware_utc(last, f"away[{index}] end")
            if last < first:
                raise ValueError(f"away[{index}] ends ({last}) before it starts ({first})")
            away.append((first, last))
        away.sort()
        # The union, so that "am I away at this moment?" is one binary search.
        merged = [(a, b) for a, b in _union(away) if b > a]
        object.__setattr__(self, "away", tuple(away))
        object.__setattr__(self, "_tz", tz)
        object.__setattr__(self, "_away_starts", tuple(a for a, _ in merged))
        object.__setattr__(self, "_away_ends", tuple(b for _, b in merged))

    @property
    def quiet_minutes(self) -> int:
        """How long the quiet hours last on an ordinary day, in minutes (0 when none)."""
        return (self.quiet_end - self.quiet_start) % MINUTES_PER_DAY

    @property
    def awake_seconds_per_day(self) -> int:
        """The running time of one waking day: a day less its quiet hours.

        This is what "one day per move" grants, so a move a day at the same
        hour fits whatever hours the person keeps.
        """
        return SECONDS_PER_DAY - 60 * self.quiet_minutes

    # --- asking about one moment ---

    def local_time(self, moment: datetime) -> datetime:
        """``moment`` on the person's own clock, to show them a deadline."""
        return aware_utc(moment, "moment").astimezone(self._tz)

    def quiet_at(self, moment: datetime) -> bool:
        """Whether ``moment`` lies inside the person's quiet hours (days away aside):
        nothing that would wake them is sent then."""
        moment = aware_utc(moment, "moment")
        for start, end in self._quiet_periods(moment):
            if start > moment:
                return False
            if moment < end:
                return True
        return False

    def away_at(self, moment: datetime) -> bool:
        """Whether ``moment`` lies inside one of the person's days away."""
        return self._away_at(aware_utc(moment, "moment"))

    def running(self, moment: datetime) -> bool:
        """Whether the person's move clock runs at ``moment``: neither quiet nor away."""
        moment = aware_utc(moment, "moment")
        return not self._away_at(moment) and not self.quiet_at(moment)

    def next_waking(self, moment: datetime) -> datetime:
        """The first moment at or after ``moment`` outside quiet hours: where a
        notification that would have gone out in the night waits until."""
        cursor = aware_utc(moment, "moment")
        for start, end in self._quiet_periods(cursor):
            if start > cursor:
                break
            cursor = max(cursor, end)
        return cursor

    # --- running time ---

    def running_seconds(self, start: datetime, end: datetime) -> float:
        """How many seconds the clock runs in ``[start, end)``."""
        start = aware_utc(start, "start")
        end = aware_utc(end, "end")
        if end < start:
            raise ValueError(f"end ({end}) is before start ({start})")
        stopped = _ZERO
        for stop_start, stop_end in self._stops(start):
            if stop_start >= end:
                break
            stopped += min(stop_end, end) - max(stop_start, start)
        return (end - start - stopped).total_seconds()

    def moment_after(self, start: datetime, seconds: float) -> datetime:
        """The earliest moment ``m >= start`` with ``running_seconds(start, m) == seconds``:
        when a clock started at ``start`` has run that long. (Exact to the microsecond.)"""
        return self.moments_after(start, (seconds,))[0]

    def moments_after(self, start: datetime, amounts: Sequence[float]) -> list[datetime]:
        """:meth:`moment_after` for several amounts of running time, in one walk.

        The walk goes from one stretch where the clock stands still (a night, days
        away) to the next, so its cost grows with the number of days and vacations
        crossed, never with the seconds. It always ends: days away are finite, and
        every day has at least 8 waking hours.
        """
        start = aware_utc(start, "start")
        wanted: list[tuple[timedelta, int]] = []
        for index, seconds in enumerate(amounts):
            if not math.isfinite(seconds) or seconds < 0:
                raise ValueError(f"seconds must be a finite amount >= 0, got {seconds!r}")
            wanted.append((timedelta(seconds=seconds), index))
        wanted.sort()
        found: list[datetime] = [start] * len(wanted)
        pending = iter(wanted)
        target = next(pending, None)
        cursor = start
        run = _ZERO  # the running time from start to cursor
        if target is not None:
            for stop_start, stop_end in self._stops(start):
                # Run up to the stop (perhaps not at all), then jump over it; an amount
                # reached right at the stop is found before the jump, as the earliest.
                stretch = max(stop_start - cursor, _ZERO)
                while target is not None and target[0] - run <= stretch:
                    found[target[1]] = cursor + (target[0] - run)
                    target = next(pending, None)
                if target is None:
                    break
                run += stretch
                cursor = max(cursor, stop_end)
        while target is not None:  # past the last vacation, with no quiet hours
            found[target[1]] = cursor + (target[0] - run)
            target = next(pending, None)
        return found

    # --- the stretches where the clock stands still ---

    def _away_at(self, moment: datetime) -> bool:
        index = bisect.bisect_right(self._away_starts, moment) - 1
        return index >= 0 and moment < self._away_ends[index]

    def _reaching(self, day: date, minutes: int) -> datetime:
        """The first moment at which the local clock reads ``minutes`` on ``day`` or later.

        That is the moment itself for an ordinary time, its first occurrence for one
        that happens twice, and the end of the gap for one that the clocks skip.
        """
        wall = datetime.combine(day, time(minutes // 60, minutes % 60))
        first = wall.replace(tzinfo=self._tz).astimezone(UTC)  # fold=0: the earlier reading
        if first.astimezone(self._tz).replace(tzinfo=None) == wall:
            return first
        # Skipped. fold=0 converted with the offset from before the jump, which lands
        # after it; fold=1 with the one after, which lands before. The jump lies
        # between, on a whole second: find it by halving.
        before = int(wall.replace(tzinfo=self._tz, fold=1).timestamp())
        after = math.ceil(first.timestamp())
        while after - before > 1:
            middle = (before + after) // 2
            if datetime.fromtimestamp(middle, self._tz).replace(tzinfo=None) >= wall:
                after = middle
            else:
                before = middle
        return datetime.fromtimestamp(after, UTC)

    def _quiet_periods(self, since: datetime) -> Iterator[Interval]:
        """The nights (quiet hours) that end after ``since``, in order; endless."""
        if self.quiet_start == self.quiet_end:
            return
        wraps = self.quiet_start > self.quiet_end
        # The night that began the evening before may still be going on; clocks never
        # go back as much as a day, so starting one local date early is enough.
        day = since.astimezone(self._tz).date() - _ONE_DAY
        while True:
            start = self._reaching(day, self.quiet_start)
            end = self._reaching(day + _ONE_DAY if wraps else day, self.quiet_end)
            if end > since:
                yield start, end
            day += _ONE_DAY

    def _stops(self, since: datetime) -> Iterator[Interval]:
        """Where the clock stands still, from the stretch around ``since`` onwards:
        nights and days away joined, disjoint and in order (endless with quiet hours)."""
        first = bisect.bisect_right(self._away_ends, since)
        away = zip(self._away_starts[first:], self._away_ends[first:], strict=True)
        return _union(heapq.merge(self._quiet_periods(since), away))
