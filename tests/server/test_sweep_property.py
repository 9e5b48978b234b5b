"""The sweep never lets a turn-based game stall: over random schedules (time zones,
quiet hours), days away, turn starts and moments the sweep happens to look, the game
is always next due no later than its deadline, a game found past its deadline is
always acted on at once, and the deadline it keeps is the one the mover's own
running time gives (so no clock ran in their nights or days away)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import delete
from support import hypothesis_profiles
from support.live import migrated_sqlite

from web.days.sweep import settle
from web.db import Database
from web.models import Game, GamePlayer, GameTable, Notice, Preference, User, Vacation
from web.people import schedules_of

hypothesis_profiles.load()

ZONES = ["UTC", "America/Los_Angeles", "Europe/Paris", "Asia/Kolkata", "Asia/Tokyo"]
BASE = datetime(2026, 3, 20, tzinfo=UTC)  # a week before Europe's clocks change


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    path: Path = tmp_path_factory.mktemp("sweep-property") / "chromino.sqlite3"
    database = Database(migrated_sqlite(path))
    with database.session() as session:
        session.add_all(
            [User(id=1, name="Ana", name_key="ana"), User(id=2, name="Bob", name_key="bob")]
        )
        session.add(GameTable(id=1, invite_code="t", options={}, status="playing"))
        session.commit()
    yield database
    database.dispose()


nights = st.tuples(st.integers(0, 1439), st.integers(0, 16 * 60)).map(
    lambda pair: (pair[0], (pair[0] + pair[1]) % 1440)
)
spans = st.lists(
    st.tuples(st.integers(0, 20 * 24), st.integers(1, 5 * 24)), max_size=4
)  # (hours after BASE, hours long)


@dataclass(frozen=True)
class Turn:
    """A mover's schedule, their days away, the table's pace, and when the sweep looks."""

    zone: str
    night: tuple[int, int]
    away: list[tuple[int, int]]
    days: int
    started_hours: int
    looks: list[int]
    """Minutes after the turn's start."""
    vacation: bool


turns = st.builds(
    Turn,
    zone=st.sampled_from(ZONES),
    night=nights,
    away=spans,
    days=st.sampled_from([1, 2, 3, 5, 7, 14]),
    started_hours=st.integers(0, 10 * 24),
    looks=st.lists(st.integers(0, 60 * 24 * 60), min_size=1, max_size=6),
    vacation=st.booleans(),
)


@settings(max_examples=60)
@given(turn=turns)
def test_a_turn_based_game_never_stalls_past_its_deadline(db: Database, turn: Turn) -> None:
    zone, night, away, days = turn.zone, turn.night, turn.away, turn.days
    started_hours, looks, vacation = turn.started_hours, turn.looks, turn.vacation
    started = BASE + timedelta(hours=started_hours)
    with db.session() as session:
        for table in (Notice, Vacation, GamePlayer, Game, Preference):
            session.execute(delete(table))
        session.add(Preference(user_id=2, time_zone=zone, quiet_start=night[0], quiet_end=night[1]))
        for start, hours in away:
            begins = BASE + timedelta(hours=start)
            session.add(
                Vacation(user_id=2, starts_at=begins, ends_at=begins + timedelta(hours=hours))
            )
        seats = [
            {"user_id": 1, "bot": None, "name": "Ana"},
            {"user_id": 2, "bot": None, "name": "Bob"},
        ]
        game = Game(
            id="g", table_id=1, setup={}, seats=seats, current_seat=1, turn_days=days,
            vacation=vacation, turn_started_at=started, reminded=0, due_at=started,
        )  # fmt: skip
        session.add(game)
        session.add_all(
            [GamePlayer(game_id="g", seat=0, user_id=1), GamePlayer(game_id="g", seat=1, user_id=2)]
        )
        session.commit()
        reminded = 0
        for minutes in sorted(looks):
            now = started + timedelta(minutes=minutes)
            game.reminded = reminded
            schedule = schedules_of(session, [2], now)[2]
            outcome = settle(game, now, substituted=False, schedule=schedule)
            deadline = outcome.deadline
            assert deadline is not None
            if not vacation:
                schedule = type(schedule)(schedule.zone, schedule.quiet_start, schedule.quiet_end)
            allowance = days * schedule.awake_seconds_per_day
            assert schedule.running_seconds(started, deadline) == pytest.approx(allowance, abs=1e-3)
            if now >= deadline:
                assert outcome.wake is not None and outcome.wake.ran_out, "acted on at once"
            else:
                assert outcome.wake is None
                assert outcome.due is not None and now < outcome.due <= deadline, "never stalls"
            assert outcome.reminded >= reminded, "warnings are never sent again"
            kinds = [notice.kind for notice in outcome.notices]
            assert kinds[0] == "turn" and len(kinds) <= 2
            reminded = outcome.reminded
        session.rollback()
