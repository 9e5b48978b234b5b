"""The rounds follow each other by themselves (web.tournaments.schedule) on a fake
clock: a tournament starts when its start has come and two are present, each round
with its games; over days the next round starts as soon as the last table ends, live
after the break; a paused tournament starts nothing and its break stands still; past
a round's deadline, the seats to move are handed to the rooms, which act through the
game's own deadline rule."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from support.live import make_settings, run_apart
from support.tournaments import NOW, tournament_with

from web.app import create_app
from web.clock import FakeClock
from web.db import Database
from web.models import Game, SeatSubstitute, Tournament, TournamentRound, TournamentTable, User
from web.tournaments import (
    Overdue,
    create_games,
    pause,
    record_result,
    resume,
    run_due,
    run_tournaments,
    schedule,
)
from web.tournaments.schedule import act_on_deadlines


def due(db: Database, clock: FakeClock) -> Any:
    with db.session() as session:
        return run_due(session, clock)


def set_settings(db: Database, public_id: str, **changes: Any) -> None:
    with db.session() as session:
        tournament = session.scalars(
            select(Tournament).where(Tournament.public_id == public_id)
        ).one()
        tournament.settings = {**tournament.settings, **changes}


def status_of(db: Database, public_id: str) -> str:
    with db.session() as session:
        return session.scalars(
            select(Tournament.status).where(Tournament.public_id == public_id)
        ).one()


def tables(db: Database, public_id: str, number: int) -> list[TournamentTable]:
    with db.session() as session:
        rows = list(
            session.scalars(
                select(TournamentTable)
                .join(TournamentRound)
                .join(Tournament)
                .where(Tournament.public_id == public_id, TournamentRound.number == number)
                .order_by(TournamentTable.number)
            )
        )
        session.expunge_all()
        return rows


def finish_round(db: Database, public_id: str, number: int, clock: FakeClock) -> None:
    """Every table of the round ends, its first seat first (as the organiser would
    record it)."""
    for table in tables(db, public_id, number):
        seats = len(table.seats)
        with db.session() as session:
            record_result(
                session,
                public_id,
                number,
                table.number,
                ranks=list(range(seats)),
                scores=[seats - seat for seat in range(seats)],
                now=clock.now(),
            )


def organiser(db: Database, public_id: str) -> User:
    with db.session() as session:
        tournament = session.scalars(
            select(Tournament).where(Tournament.public_id == public_id)
        ).one()
        user = session.get(User, tournament.organiser_id)
        assert user is not None
        session.expunge(user)
        return user


def test_a_tournament_starts_when_its_start_comes_and_two_are_present(db: Database) -> None:
    clock = FakeClock(NOW)
    later = NOW + timedelta(hours=1)
    lonely, _ = tournament_with(db, 1, starts_at=later)
    full, _ = tournament_with(db, 8, starts_at=later, smallest=4, largest=4)
    assert due(db, clock).started == []
    clock.advance(3600)
    done = due(db, clock)
    assert done.started == [(full, 1)]
    assert done.games == 2
    assert all(table.game_id is not None for table in tables(db, full, 1))
    assert (status_of(db, lonely), status_of(db, full)) == ("registering", "running")
    again = due(db, clock)
    assert (again.started, again.games) == ([], 0)


def test_over_days_the_next_round_starts_when_the_last_table_ends(db: Database) -> None:
    clock = FakeClock(NOW)
    public_id, _ = tournament_with(db, 6, pace="days", rounds=2, smallest=3, largest=3)
    assert due(db, clock).started == [(public_id, 1)]
    with db.session() as session:
        record_result(session, public_id, 1, 1, ranks=[0, 1, 2], scores=[3, 2, 1], now=clock.now())
    assert due(db, clock).started == []  # a table still plays
    finish_round(db, public_id, 1, clock)
    assert due(db, clock).started == [(public_id, 2)]
    finish_round(db, public_id, 2, clock)
    assert status_of(db, public_id) == "finished"
    assert due(db, clock).started == []


def test_a_live_round_follows_after_the_break_which_a_pause_holds(db: Database) -> None:
    clock = FakeClock(NOW)
    public_id, _ = tournament_with(db, 4, rounds=3, smallest=2, largest=2)
    set_settings(db, public_id, live_break=90)
    due(db, clock)
    finish_round(db, public_id, 1, clock)
    clock.advance(89)
    assert due(db, clock).started == []
    clock.advance(1)
    assert due(db, clock).started == [(public_id, 2)]

    finish_round(db, public_id, 2, clock)  # the break after round 2 begins
    clock.advance(30)
    with db.session() as session:
        pause(session, public_id, organiser(db, public_id), clock.now())
    clock.advance(7200)
    assert due(db, clock).started == []  # paused: nothing starts
    with db.session() as session:
        resume(session, public_id, organiser(db, public_id), clock.now())
    clock.advance(59)
    assert due(db, clock).started == []  # 30 + 59 of the 90 seconds
    clock.advance(1)
    assert due(db, clock).started == [(public_id, 3)]


def test_past_the_round_deadline_the_seats_to_move_are_overdue(db: Database) -> None:
    clock = FakeClock(NOW)
    public_id, _ = tournament_with(
        db, 4, pace="days", rounds=2, smallest=2, largest=2, round_deadline=86_400
    )
    due(db, clock)
    clock.advance(82800)
    assert due(db, clock).overdue == []
    clock.advance(3600)
    first, second = tables(db, public_id, 1)
    overdue = due(db, clock).overdue
    with db.session() as session:
        games = [session.get_one(Game, table.game_id) for table in (first, second)]
        expected = [Overdue(g.id, g.version, g.current_seat or 0) for g in games]
        session.add(SeatSubstitute(game_id=games[1].id, seat=expected[1].seat, since=NOW))
    assert overdue == expected
    # A seat a bot already plays is left to it; a game over is left alone.
    assert due(db, clock).overdue == expected[:1]
    with db.session() as session:
        session.execute(
            update(Game).where(Game.id == expected[0].game_id).values(status="finished")
        )
    assert due(db, clock).overdue == []


def test_a_pause_during_a_round_moves_its_deadline_on_by_the_time_paused(db: Database) -> None:
    clock = FakeClock(NOW)
    public_id, _ = tournament_with(
        db, 4, pace="days", rounds=2, smallest=2, largest=2, round_deadline=86_400
    )
    due(db, clock)
    clock.advance(3600)
    with db.session() as session:
        pause(session, public_id, organiser(db, public_id), clock.now())
    clock.advance(86_400)  # past the deadline, paused: nothing is acted on
    assert due(db, clock).overdue == []
    with db.session() as session:
        resume(session, public_id, organiser(db, public_id), clock.now())
    clock.advance(82_800 - 1)  # the round has had 23 hours of play, less a second
    assert due(db, clock).overdue == []
    clock.advance(1)
    assert len(due(db, clock).overdue) == 2


class FakeRoom:
    def __init__(self, game_id: str, acts: bool) -> None:
        self.game_id = game_id
        self.acts = acts
        self.asked: list[int] = []

    async def time_ran_out(self, version: int) -> bool:
        self.asked.append(version)
        return self.acts

    def resting(self) -> bool:
        return True


class FakeRooms:
    def __init__(self) -> None:
        self.rooms = {"a": FakeRoom("a", True), "b": FakeRoom("b", False)}
        self.evicted: list[str] = []
        self.opened: list[str] = []

    async def room(self, game_id: str) -> FakeRoom | None:
        self.opened.append(game_id)
        return self.rooms.get(game_id)

    def evict(self, room: Any) -> None:
        self.evicted.append(room.game_id)


def test_the_rooms_act_on_the_overdue_seats_at_their_versions() -> None:
    rooms = FakeRooms()
    overdue = [Overdue("a", 7, 1), Overdue("b", 3, 0), Overdue("gone", 1, 0)]
    assert run_apart(act_on_deadlines(rooms, overdue)) == 1
    assert (rooms.rooms["a"].asked, rooms.rooms["b"].asked) == ([7], [3])
    assert rooms.evicted == ["a", "b"]


def test_a_failing_step_holds_up_no_other_and_leaves_no_round(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock(NOW)
    broken, _ = tournament_with(db, 4, smallest=2, largest=2)
    fine, _ = tournament_with(db, 4, smallest=2, largest=2)
    dealing = create_games

    def failing(session: Any, public_id: str, number: int, now: Any) -> dict[int, str]:
        if public_id == broken:
            raise RuntimeError("the disk is full")
        return dealing(session, public_id, number, now)

    monkeypatch.setattr(schedule, "create_games", failing)
    assert due(db, clock).started == [(fine, 1)]
    assert status_of(db, broken) == "registering"  # its round went with its games
    assert tables(db, broken, 1) == []
    monkeypatch.undo()
    assert due(db, clock).started == [(broken, 1)]


def test_a_live_tournaments_new_games_are_opened_for_their_clocks(db: Database) -> None:
    clock = FakeClock(NOW)
    live, _ = tournament_with(db, 4, smallest=2, largest=2, move_seconds=30)
    rooms = FakeRooms()
    done = run_apart(run_tournaments(db, clock, rooms))
    assert done.started == [(live, 1)]
    assert sorted(rooms.opened) == sorted(str(t.game_id) for t in tables(db, live, 1))
    over_days, _ = tournament_with(db, 4, smallest=2, largest=2, pace="days")
    rooms = FakeRooms()
    assert run_apart(run_tournaments(db, clock, rooms)).started == [(over_days, 1)]
    assert rooms.opened == []


def test_the_apps_sweep_starts_a_due_round_with_its_games(database_url: str) -> None:
    """The app's sweep runs the timer after each round: a tournament whose start has
    come begins, its tables dealt, at the sweep after the clock reaches it."""
    settings = make_settings(database_url, fake_clock=True, fake_clock_start=NOW)
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as client:
        db = Database(database_url)
        public_id, _ = tournament_with(
            db, 4, smallest=2, largest=2, pace="days", starts_at=NOW + timedelta(hours=1)
        )
        sweep = client.app.state.sweep  # type: ignore[attr-defined]
        client.portal.call(sweep.once)  # type: ignore[union-attr]
        assert status_of(db, public_id) == "registering"
        moved = client.post("/test/clock", json={"advance": 3600})
        assert moved.status_code == 200, moved.text
        client.portal.call(sweep.once)  # type: ignore[union-attr]
        assert status_of(db, public_id) == "running"
        assert all(table.game_id for table in tables(db, public_id, 1))
        db.dispose()
