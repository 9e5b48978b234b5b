"""When a turn-based game's move clock runs (web.days.schedule).

A player's clock runs only outside their own quiet hours (wall-clock times in their
own zone) and outside their days away. The examples pin the rules down on known
dates; the properties check them over many zones (fixed offsets from UTC-8 to
UTC+12:45, and zones with daylight-saving time in both hemispheres), quiet hours,
vacations and starts, against independent oracles: the player's wall clock read
through zoneinfo, and the running minutes counted one by one.
"""

from __future__ import annotations

import functools
import itertools
import time as timer
from datetime import UTC, date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import hypothesis_profiles

from web.days.schedule import TurnClock, allowance_seconds, time_left, turn_clock
from web.people import LONGEST_QUIET_MINUTES, Schedule

hypothesis_profiles.load()

DAY = 86400
MICROSECOND = timedelta(microseconds=1)
MINUTE = timedelta(minutes=1)
HOUR = timedelta(hours=1)

FIXED_ZONES = (
    "UTC",
    "Etc/GMT+8",  # UTC-8 (the sign of Etc/ names is inverted)
    "Africa/Lagos",  # UTC+1
    "Asia/Kolkata",  # UTC+5:30
    "Asia/Kathmandu",  # UTC+5:45
    "Asia/Tokyo",  # UTC+9
)
DST_ZONES = (
    "America/Los_Angeles",  # UTC-8 / -7
    "America/St_Johns",  # UTC-3:30 / -2:30
    "America/Santiago",  # southern, and its clocks change at midnight
    "Europe/Paris",  # UTC+1 / +2
    "Australia/Sydney",  # southern
    "Australia/Lord_Howe",  # a half-hour change
    "Pacific/Chatham",  # UTC+12:45 / +13:45
)
ZONES = FIXED_ZONES + DST_ZONES

FIRST_MOMENT = int(datetime(2024, 1, 1, tzinfo=UTC).timestamp())
LAST_MOMENT = int(datetime(2030, 12, 31, tzinfo=UTC).timestamp())

# Hypothesis settings: derandomized, so every run tries the same examples.
CHEAP = settings(max_examples=200, derandomize=True)
COSTLY = settings(max_examples=40, derandomize=True)


def utc(text: str) -> datetime:
    """The moment written in ISO form, in UTC: ``utc("2026-05-01 22:00")``."""
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def local(zone: str, text: str) -> datetime:
    """The moment a clock in ``zone`` shows ``text`` (the first time, if twice), in UTC."""
    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone)).astimezone(UTC)


# --- the oracles: the player's wall clock, read through zoneinfo ---


def wall_clock_says_quiet(schedule: Schedule, moment: datetime) -> bool:
    """Whether the player's own clock shows a time inside their quiet hours at ``moment``."""
    shown = moment.astimezone(ZoneInfo(schedule.zone))
    seconds = shown.hour * 3600 + shown.minute * 60 + shown.second + shown.microsecond / 1e6
    start, end = schedule.quiet_start * 60, schedule.quiet_end * 60
    if start == end:
        return False
    if start < end:
        return start <= seconds < end
    return seconds >= start or seconds < end


def between_two_readings(schedule: Schedule, moment: datetime, minutes: int) -> bool:
    """Whether the clocks fall back past ``minutes`` on the local day of ``moment``, and
    ``moment`` lies between the first reading of that time and the second one.

    There the wall clock alone cannot say which side of a quiet boundary the player is
    on; the documented rule is that the boundary is the first reading."""
    zone = ZoneInfo(schedule.zone)
    wall = datetime.combine(moment.astimezone(zone).date(), time(minutes // 60, minutes % 60))
    first = wall.replace(tzinfo=zone, fold=0).astimezone(UTC)
    second = wall.replace(tzinfo=zone, fold=1).astimezone(UTC)
    return first < second and first <= moment < second


def assert_agrees_with_the_wall_clock(schedule: Schedule, moment: datetime) -> None:
    """The clock runs exactly when the wall clock is outside quiet hours and the player is
    not away (but for the repeated hour of a night when the clocks fall back)."""
    away = any(start <= moment < end for start, end in schedule.away)
    wall_quiet = wall_clock_says_quiet(schedule, moment)
    quiet = schedule.quiet_at(moment)
    if quiet and not wall_quiet:  # quiet since the first reading of the start
        assert between_two_readings(schedule, moment, schedule.quiet_start), moment
    if wall_quiet and not quiet:  # awake since the first reading of the end
        assert between_two_readings(schedule, moment, schedule.quiet_end), moment
    assert schedule.away_at(moment) == away
    assert schedule.running(moment) == (not quiet and not away)
    if schedule.running(moment):
        assert not away
        assert not wall_quiet or between_two_readings(schedule, moment, schedule.quiet_end)


def running_minutes(schedule: Schedule, start: datetime, minutes: int) -> int:
    """The minutes from ``start`` in which the clock runs, counted one by one (right when
    every boundary falls on a whole minute, so the clock is steady within each)."""
    return sum(schedule.running(start + i * MINUTE) for i in range(minutes))


@functools.cache
def clock_changes(zone: str) -> tuple[datetime, ...]:
    """The moments in 2026 at which ``zone`` changes its offset from UTC."""
    tz = ZoneInfo(zone)
    changes = []
    moment = utc("2026-01-01")
    while moment < utc("2027-01-01"):
        later = moment + 6 * HOUR
        if moment.astimezone(tz).utcoffset() != later.astimezone(tz).utcoffset():
            before, after = moment, later
            while after - before > MINUTE:
                middle = before + (after - before) / 2
                if middle.astimezone(tz).utcoffset() == before.astimezone(tz).utcoffset():
                    before = middle
                else:
                    after = middle
            changes.append(after.replace(second=0, microsecond=0))
        moment = later
    return tuple(changes)


# --- strategies ---


@st.composite
def schedules(draw: st.DrawFn, step: int = 1) -> tuple[Schedule, datetime]:
    """A schedule and a moment to start a turn; vacations lie around the start.

    With ``step`` 60 every moment falls on a whole minute."""
    zone = draw(st.sampled_from(ZONES))
    quiet_start = draw(st.integers(0, 1439))
    length = draw(st.one_of(st.just(0), st.just(600), st.integers(0, LONGEST_QUIET_MINUTES)))
    start = datetime.fromtimestamp(draw(st.integers(FIRST_MOMENT, LAST_MOMENT)) // step * step, UTC)
    if step == 1:
        start += draw(st.integers(0, 999_999)) * MICROSECOND
    vacations = draw(
        st.lists(st.tuples(st.integers(-3 * DAY, 20 * DAY), st.integers(0, 6 * DAY)), max_size=4)
    )
    away = []
    for offset, duration in vacations:
        begin = start + timedelta(seconds=offset // step * step)
        away.append((begin, begin + timedelta(seconds=duration // step * step)))
    return Schedule(zone, quiet_start, (quiet_start + length) % 1440, tuple(away)), start


@st.composite
def near_a_clock_change(draw: st.DrawFn) -> tuple[Schedule, datetime]:
    """A schedule with a quiet boundary within 90 minutes of a daylight-saving change,
    and the moment of that change."""
    zone = draw(st.sampled_from(DST_ZONES))
    change = draw(st.sampled_from(clock_changes(zone)))
    shown = (change - MICROSECOND).astimezone(ZoneInfo(zone))
    boundary = (shown.hour * 60 + shown.minute + 1 + draw(st.integers(-90, 90))) % 1440
    length = draw(st.one_of(st.sampled_from([30, 60, 600, 960]), st.integers(1, 960)))
    if draw(st.booleans()):
        quiet = (boundary, (boundary + length) % 1440)
    else:
        quiet = ((boundary - length) % 1440, boundary)
    return Schedule(zone, *quiet), change


def vacation_seconds(schedule: Schedule) -> float:
    return sum((end - start).total_seconds() for start, end in schedule.away)


# --- quiet hours ---


def test_awake_seconds_per_day_are_the_day_less_its_quiet_hours() -> None:
    assert Schedule("UTC").awake_seconds_per_day == 14 * 3600
    assert Schedule("UTC", 13 * 60, 15 * 60).awake_seconds_per_day == 22 * 3600
    assert Schedule("UTC", 0, 16 * 60).awake_seconds_per_day == 8 * 3600
    assert Schedule("UTC", 600, 600).awake_seconds_per_day == DAY


def test_the_clock_does_not_run_inside_quiet_hours() -> None:
    schedule = Schedule("UTC")  # 22:00 to 08:00
    assert schedule.running(utc("2026-05-01 21:59:59"))
    assert not schedule.running(utc("2026-05-01 22:00"))
    assert not schedule.running(utc("2026-05-02 03:00"))
    assert not schedule.running(utc("2026-05-02 07:59:59.999999"))
    assert schedule.running(utc("2026-05-02 08:00"))
    assert schedule.quiet_at(utc("2026-05-02 03:00"))
    assert not schedule.quiet_at(utc("2026-05-02 12:00"))
    assert schedule.running_seconds(utc("2026-05-01 12:00"), utc("2026-05-02 12:00")) == 14 * 3600


def test_quiet_hours_are_in_the_players_own_time() -> None:
    kolkata = Schedule("Asia/Kolkata")  # UTC+5:30: 22:00 there is 16:30 UTC
    assert kolkata.running(utc("2026-05-01 16:29:59"))
    assert not kolkata.running(utc("2026-05-01 16:30"))
    assert not kolkata.running(utc("2026-05-02 02:29:59"))
    assert kolkata.running(utc("2026-05-02 02:30"))
    west = Schedule("Etc/GMT+8")  # UTC-8: 22:00 there is 06:00 UTC
    assert west.running(utc("2026-05-02 05:59"))
    assert not west.running(utc("2026-05-02 06:00"))
    assert west.running(utc("2026-05-02 16:00"))


def test_quiet_hours_may_lie_within_one_day() -> None:
    siesta = Schedule("Africa/Lagos", 13 * 60, 15 * 60)  # UTC+1
    assert siesta.running(utc("2026-05-01 11:59"))
    assert not siesta.running(utc("2026-05-01 12:00"))
    assert siesta.running(utc("2026-05-01 14:00"))
    assert siesta.running(utc("2026-05-01 23:00"))


def test_no_quiet_hours_means_the_clock_always_runs() -> None:
    schedule = Schedule("Asia/Tokyo", 600, 600)
    start = utc("2026-05-01 12:34:56")
    for hours in range(0, 48, 5):
        assert schedule.running(start + hours * HOUR)
        assert not schedule.quiet_at(start + hours * HOUR)
        assert schedule.next_waking(start + hours * HOUR) == start + hours * HOUR
    assert schedule.moment_after(start, 12345.5) == start + timedelta(seconds=12345.5)
    assert turn_clock(schedule, start, 3).deadline == start + timedelta(days=3)


def test_next_waking_waits_for_the_end_of_quiet_hours() -> None:
    schedule = Schedule("Asia/Tokyo", away=((utc("2026-05-01"), utc("2026-05-09")),))  # UTC+9
    assert schedule.next_waking(utc("2026-05-01 14:00")) == utc("2026-05-01 23:00")  # 23:00 there
    assert schedule.next_waking(utc("2026-05-01 23:00")) == utc("2026-05-01 23:00")
    # Days away are not quiet hours: a message may still be sent then.
    assert schedule.next_waking(utc("2026-05-02 03:00")) == utc("2026-05-02 03:00")


def test_local_time_is_in_the_players_zone() -> None:
    shown = Schedule("Europe/Paris").local_time(utc("2026-07-01 12:00"))
    assert (shown.hour, shown.utcoffset()) == (14, 2 * HOUR)
    assert shown == utc("2026-07-01 12:00")


# --- days per move ---


def test_one_day_per_move_is_one_waking_day() -> None:
    schedule = Schedule("UTC")
    clock = turn_clock(schedule, utc("2026-05-01 10:00"), 1)
    assert clock == TurnClock(
        started=utc("2026-05-01 10:00"),
        half=utc("2026-05-01 17:00"),  # 7 of 14 waking hours
        ninety=utc("2026-05-02 08:36"),  # 12 hours by 22:00, 36 minutes more after 08:00
        deadline=utc("2026-05-02 10:00"),
    )
    assert allowance_seconds(schedule, 1) == 14 * 3600


@pytest.mark.parametrize("zone", ["Asia/Tokyo", "Asia/Kolkata", "America/Los_Angeles"])
@pytest.mark.parametrize("days", [1, 3, 7, 14])
def test_n_days_per_move_end_at_the_same_local_hour(zone: str, days: int) -> None:
    schedule = Schedule(zone)
    started = local(zone, "2026-06-01 09:30")
    deadline = schedule.local_time(turn_clock(schedule, started, days).deadline)
    assert (deadline.date(), deadline.time()) == (date(2026, 6, 1 + days), time(9, 30))


def test_a_move_started_in_the_night_waits_for_the_morning() -> None:
    schedule = Schedule("UTC")
    clock = turn_clock(schedule, utc("2026-05-01 23:00"), 1)
    assert clock.deadline == utc("2026-05-02 22:00")  # 08:00 to 22:00
    assert time_left(schedule, clock, utc("2026-05-02 07:00")) == 14 * 3600


def test_time_left_counts_only_running_time() -> None:
    schedule = Schedule("UTC")
    clock = turn_clock(schedule, utc("2026-05-01 10:00"), 1)
    assert time_left(schedule, clock, utc("2026-05-01 09:00")) == 14 * 3600
    assert time_left(schedule, clock, utc("2026-05-01 22:00")) == 2 * 3600
    assert time_left(schedule, clock, utc("2026-05-02 03:00")) == 2 * 3600
    assert time_left(schedule, clock, utc("2026-05-02 09:00")) == 3600
    assert time_left(schedule, clock, utc("2026-05-02 10:00")) == 0
    assert time_left(schedule, clock, utc("2026-06-01")) == 0


# --- days away ---


def test_a_vacation_stops_the_clock() -> None:
    away = ((utc("2026-05-01 15:00"), utc("2026-05-04 15:00")),)
    schedule = Schedule("UTC", away=away)
    assert not schedule.running(utc("2026-05-02 12:00"))
    assert schedule.away_at(utc("2026-05-02 12:00")) and not schedule.quiet_at(
        utc("2026-05-02 12:00")
    )
    assert schedule.running(utc("2026-05-04 15:00"))
    # 5 hours before, 7 after, then 2 the next morning.
    assert turn_clock(schedule, utc("2026-05-01 10:00"), 1).deadline == utc("2026-05-05 10:00")


def test_overlapping_vacations_count_once() -> None:
    away = (
        (utc("2026-05-02 12:00"), utc("2026-05-04 15:00")),
        (utc("2026-05-01 15:00"), utc("2026-05-03 15:00")),
        (utc("2026-05-02"), utc("2026-05-02 01:00")),
    )
    schedule = Schedule("UTC", away=away)
    assert turn_clock(schedule, utc("2026-05-01 10:00"), 1).deadline == utc("2026-05-05 10:00")


def test_a_vacation_inside_quiet_hours_changes_nothing() -> None:
    nights_only = Schedule("UTC", away=((utc("2026-05-01 23:00"), utc("2026-05-02 07:00")),))
    clock = turn_clock(nights_only, utc("2026-05-01 10:00"), 1)
    assert clock == turn_clock(Schedule("UTC"), utc("2026-05-01 10:00"), 1)


def test_a_vacation_over_the_waking_hours_costs_a_whole_day() -> None:
    """So days away can hold a game up by more than their own length: by up to
    86400 / awake seconds for each of their seconds (see test_no_game_stalls)."""
    days_out = tuple(
        (utc(f"2026-05-0{day} 08:00"), utc(f"2026-05-0{day} 22:00")) for day in (2, 3, 4)
    )
    schedule = Schedule("UTC", away=days_out)
    assert turn_clock(schedule, utc("2026-05-01 10:00"), 1).deadline == utc("2026-05-05 10:00")


def test_a_vacation_before_the_turn_changes_nothing() -> None:
    schedule = Schedule("UTC", away=((utc("2026-01-01"), utc("2026-02-01")),))
    assert turn_clock(schedule, utc("2026-05-01 10:00"), 1).deadline == utc("2026-05-02 10:00")


def test_vacations_are_kept_in_utc_and_in_order() -> None:
    paris_summer = timezone(2 * HOUR)
    later = (datetime(2026, 8, 1, 2, tzinfo=paris_summer), utc("2026-08-10"))
    earlier = (utc("2026-07-01"), utc("2026-07-02"))
    schedule = Schedule("Europe/Paris", away=(later, earlier))
    assert schedule.away == (earlier, (utc("2026-08-01"), utc("2026-08-10")))
    assert all(moment.tzinfo is UTC for period in schedule.away for moment in period)
    assert schedule == Schedule("Europe/Paris", away=(earlier, later))
    assert hash(schedule) == hash(Schedule("Europe/Paris", away=(earlier, later)))


def test_finding_a_deadline_walks_stretches_not_seconds() -> None:
    start = utc("2026-03-01")
    away = tuple((start + 37 * i * HOUR, start + (37 * i + 5) * HOUR) for i in range(300))
    schedule = Schedule("Europe/Paris", away=away)
    best = float("inf")
    for _ in range(5):
        began = timer.perf_counter()
        for _ in range(10):
            turn_clock(schedule, start, 14)
        best = min(best, (timer.perf_counter() - began) / 10)
    assert best < 0.002  # about 0.15 ms on a laptop


def test_a_long_vacation_only_postpones_the_deadline() -> None:
    away = ((utc("2026-05-01 12:00"), utc("2036-05-01 12:00")),)
    deadline = turn_clock(Schedule("UTC", away=away), utc("2026-05-01 10:00"), 1).deadline
    assert deadline == utc("2036-05-02 10:00")


# --- daylight-saving time ---


def test_quiet_hours_follow_daylight_saving_time() -> None:
    paris = Schedule("Europe/Paris")  # 22:00 to 08:00, CET (+1) in winter, CEST (+2) in summer
    # The night of 28 to 29 March 2026 loses an hour: 22:00 CET to 08:00 CEST.
    assert paris.running(utc("2026-03-28 20:59:59"))
    assert not paris.running(utc("2026-03-28 21:00"))
    assert not paris.running(utc("2026-03-29 05:59:59"))
    assert paris.running(utc("2026-03-29 06:00"))
    assert not paris.running(utc("2026-03-29 20:00"))  # 22:00 CEST
    assert paris.running_seconds(utc("2026-03-28 12:00"), utc("2026-03-29 12:00")) == 15 * 3600
    # The night of 24 to 25 October 2026 gains one: 22:00 CEST to 08:00 CET.
    assert paris.running(utc("2026-10-24 19:59:59"))
    assert not paris.running(utc("2026-10-24 20:00"))
    assert not paris.running(utc("2026-10-25 06:59:59"))
    assert paris.running(utc("2026-10-25 07:00"))
    assert paris.running(utc("2026-10-25 20:30"))  # 21:30 CET
    assert paris.running_seconds(utc("2026-10-24 12:00"), utc("2026-10-25 12:00")) == 13 * 3600
    clock = turn_clock(paris, local("Europe/Paris", "2026-03-28 10:00"), 1)
    assert paris.local_time(clock.deadline).replace(tzinfo=None) == datetime(2026, 3, 29, 10)


def test_the_deadline_keeps_the_local_hour_across_daylight_saving() -> None:
    zone = "America/Los_Angeles"  # clocks change on 8 March and 1 November 2026
    schedule = Schedule(zone)
    spring = turn_clock(schedule, local(zone, "2026-03-07 10:00"), 2).deadline
    assert spring == utc("2026-03-09 17:00")  # 10:00 PDT
    autumn = turn_clock(schedule, local(zone, "2026-10-31 10:00"), 2).deadline
    assert autumn == utc("2026-11-02 18:00")  # 10:00 PST


def test_a_quiet_boundary_the_clocks_skip_falls_just_after_the_gap() -> None:
    # 02:30 does not exist in Paris on 29 March 2026: clocks go from 02:00 to 03:00 CEST.
    ends = Schedule("Europe/Paris", 18 * 60 + 30, 2 * 60 + 30)
    assert ends.quiet_at(utc("2026-03-29 00:59:59"))
    assert not ends.quiet_at(utc("2026-03-29 01:00"))  # 03:00 CEST
    assert ends.next_waking(utc("2026-03-28 23:00")) == utc("2026-03-29 01:00")
    starts = Schedule("Europe/Paris", 2 * 60 + 15, 10 * 60)
    assert not starts.quiet_at(utc("2026-03-29 00:59:59"))
    assert starts.quiet_at(utc("2026-03-29 01:00"))


def test_a_quiet_boundary_the_clocks_repeat_is_its_first_occurrence() -> None:
    # 02:30 happens twice in Paris on 25 October 2026: at 00:30 UTC (CEST) and 01:30 (CET).
    ends = Schedule("Europe/Paris", 18 * 60 + 30, 2 * 60 + 30)
    assert ends.quiet_at(utc("2026-10-25 00:29:59"))
    assert not ends.quiet_at(utc("2026-10-25 00:30"))
    assert ends.running(utc("2026-10-25 01:00"))  # 02:00 CET, the second time round
    starts = Schedule("Europe/Paris", 2 * 60 + 30, 10 * 60)
    assert not starts.quiet_at(utc("2026-10-25 00:29:59"))
    assert starts.quiet_at(utc("2026-10-25 00:30"))
    assert starts.quiet_at(utc("2026-10-25 01:15"))  # 02:15 CET, the second time round


# --- what is refused ---


@pytest.mark.parametrize(
    "zone", ["Mars/Olympus", "", "../etc/passwd", "/etc/passwd", "localtime", "Europe/Paris "]
)
def test_an_unknown_zone_is_refused_with_a_message_naming_the_field(zone: str) -> None:
    with pytest.raises(ValueError, match=r"^zone: unknown time zone"):
        Schedule(zone)


def test_overlong_quiet_hours_are_refused_with_a_message_naming_the_fields() -> None:
    for start, end in [(20 * 60, 13 * 60), (600, 599), (0, 16 * 60 + 1)]:
        with pytest.raises(ValueError, match=r"quiet_start.*quiet_end.*at most 16 h"):
            Schedule("UTC", start, end)
    assert Schedule("UTC", 22 * 60, 14 * 60).awake_seconds_per_day == 8 * 3600


@pytest.mark.parametrize("field", ["quiet_start", "quiet_end"])
@pytest.mark.parametrize("value", [-1, 1440, 1.5, True, "600"])
def test_quiet_minutes_out_of_range_are_refused(field: str, value: object) -> None:
    with pytest.raises(ValueError, match=f"^{field} "):
        Schedule("UTC", **{field: value})  # type: ignore[arg-type]


def test_naive_datetimes_are_refused() -> None:
    schedule = Schedule("UTC")
    naive = datetime(2026, 5, 1, 12)
    aware = utc("2026-05-01 12:00")
    clock = turn_clock(schedule, aware, 1)
    with pytest.raises(ValueError, match="timezone-aware"):
        schedule.running(naive)
    with pytest.raises(ValueError, match="timezone-aware"):
        schedule.running_seconds(aware, naive)
    with pytest.raises(ValueError, match="timezone-aware"):
        schedule.moment_after(naive, 10)
    with pytest.raises(ValueError, match="timezone-aware"):
        schedule.next_waking(naive)
    with pytest.raises(ValueError, match="timezone-aware"):
        schedule.local_time(naive)
    with pytest.raises(ValueError, match="timezone-aware"):
        turn_clock(schedule, naive, 1)
    with pytest.raises(ValueError, match="timezone-aware"):
        time_left(schedule, clock, naive)
    with pytest.raises(ValueError, match=r"away\[0\] start must be timezone-aware"):
        Schedule("UTC", away=((naive, aware),))


def test_a_vacation_that_ends_before_it_starts_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^away\[1\] ends"):
        Schedule(
            "UTC",
            away=((utc("2026-01-01"), utc("2026-01-02")), (utc("2026-02-02"), utc("2026-02-01"))),
        )


def test_nonsense_amounts_are_refused() -> None:
    schedule = Schedule("UTC")
    start = utc("2026-05-01")
    for days in (0, -1, True):
        with pytest.raises(ValueError, match=r"^days "):
            turn_clock(schedule, start, days)
    for seconds in (-1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match=r"^seconds "):
            schedule.moment_after(start, seconds)
    with pytest.raises(ValueError, match="before start"):
        schedule.running_seconds(start, start - MICROSECOND)


# --- properties ---


@CHEAP
@given(schedules(), st.floats(0, 14 * DAY, allow_nan=False))
def test_moment_after_gives_back_the_running_time_asked_for(
    case: tuple[Schedule, datetime], seconds: float
) -> None:
    schedule, start = case
    moment = schedule.moment_after(start, seconds)
    assert moment >= start
    assert schedule.running_seconds(start, moment) == pytest.approx(seconds, abs=1e-6)
    if moment > start:  # the earliest such moment: the clock ran until it
        assert schedule.running(moment - MICROSECOND)
        assert schedule.running_seconds(start, moment - MICROSECOND) < seconds


@CHEAP
@given(schedules(), st.integers(1, 14), st.lists(st.floats(0, 1), min_size=10, max_size=30))
def test_no_clock_runs_inside_its_owners_quiet_hours_or_vacations(
    case: tuple[Schedule, datetime], days: int, fractions: list[float]
) -> None:
    schedule, start = case
    clock = turn_clock(schedule, start, days)
    span = clock.deadline - start + 2 * timedelta(days=1)
    moments = [start - timedelta(days=1) + fraction * span for fraction in fractions]
    for moment in moments:
        assert_agrees_with_the_wall_clock(schedule, moment)
    # Right before each of the clock's marks it was running.
    for mark in (clock.half, clock.ninety, clock.deadline):
        assert_agrees_with_the_wall_clock(schedule, mark - MICROSECOND)
        assert schedule.running(mark - MICROSECOND)


@COSTLY
@given(near_a_clock_change(), st.lists(st.integers(-12 * 3600, 12 * 3600), max_size=20))
def test_quiet_hours_around_daylight_saving_changes_follow_the_wall_clock(
    case: tuple[Schedule, datetime], offsets: list[int]
) -> None:
    schedule, change = case
    window = change - 12 * HOUR
    for i in range(0, 24 * 60, 5):
        assert_agrees_with_the_wall_clock(schedule, window + i * MINUTE)
    for offset in offsets:
        assert_agrees_with_the_wall_clock(schedule, change + timedelta(seconds=offset))
    counted = running_minutes(schedule, window, 24 * 60)
    assert schedule.running_seconds(window, window + 24 * HOUR) == 60 * counted


@COSTLY
@given(schedules(step=60), st.integers(0, 30 * DAY // 60))
def test_running_seconds_count_every_running_minute(
    case: tuple[Schedule, datetime], minutes_later: int
) -> None:
    schedule, start = case
    window = start + minutes_later * MINUTE
    counted = running_minutes(schedule, window, 24 * 60)
    assert schedule.running_seconds(window, window + 24 * HOUR) == 60 * counted


@CHEAP
@given(schedules(), st.lists(st.floats(0, 40 * DAY), min_size=2, max_size=2))
def test_running_seconds_add_up_over_adjacent_stretches(
    case: tuple[Schedule, datetime], offsets: list[float]
) -> None:
    schedule, start = case
    middle, end = (start + timedelta(seconds=offset) for offset in sorted(offsets))
    whole = schedule.running_seconds(start, end)
    parts = schedule.running_seconds(start, middle) + schedule.running_seconds(middle, end)
    assert whole == pytest.approx(parts, abs=1e-6)
    assert 0 <= whole <= (end - start).total_seconds()


@CHEAP
@given(schedules(), st.integers(1, 14))
def test_no_game_stalls(case: tuple[Schedule, datetime], days: int) -> None:
    """The deadline comes no sooner than the allowance in plain time, and no later than
    the allowance and the days away, each stretched by the share of the day the clock
    runs (days away can cost their whole length in waking time), plus two days: one for
    a turn that starts at night, one to spare for daylight-saving nights."""
    schedule, start = case
    clock = turn_clock(schedule, start, days)
    allowance = allowance_seconds(schedule, days)
    stretch = DAY / schedule.awake_seconds_per_day
    assert start <= clock.half <= clock.ninety <= clock.deadline
    assert clock.deadline >= start + timedelta(seconds=allowance)
    latest = start + timedelta(seconds=(allowance + vacation_seconds(schedule)) * stretch + 2 * DAY)
    assert clock.deadline <= latest
    if not schedule.away:  # the bound as first stated, which only holds without days away
        assert clock.deadline <= start + timedelta(seconds=days * DAY * stretch + 2 * DAY)


@CHEAP
@given(schedules(), st.integers(1, 14), st.lists(st.floats(0, 1), min_size=2, max_size=20))
def test_time_left_falls_monotonically_to_zero_at_the_deadline(
    case: tuple[Schedule, datetime], days: int, fractions: list[float]
) -> None:
    schedule, start = case
    clock = turn_clock(schedule, start, days)
    allowance = allowance_seconds(schedule, days)
    span = clock.deadline - start + 2 * timedelta(days=1)
    moments = sorted(start - timedelta(days=1) + fraction * span for fraction in fractions)
    lefts = [time_left(schedule, clock, moment) for moment in moments]
    assert all(earlier >= later for earlier, later in itertools.pairwise(lefts))
    for moment, left in zip(moments, lefts, strict=True):
        assert 0 <= left <= allowance
        assert (left == 0) == (moment >= clock.deadline)
    assert time_left(schedule, clock, start) == pytest.approx(allowance, abs=1e-6)
    assert time_left(schedule, clock, clock.half) == pytest.approx(allowance / 2, abs=1e-6)
    assert time_left(schedule, clock, clock.ninety) == pytest.approx(allowance / 10, abs=1e-6)
    assert time_left(schedule, clock, clock.deadline) == 0
    assert time_left(schedule, clock, clock.deadline + MICROSECOND) == 0
