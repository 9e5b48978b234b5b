"""The arena as stored (web.tournaments.arena_runs), on a fake clock: from its start,
the timer seats whoever is free as a numbered seating with its own commitment and
games; a table that ends frees its players, who are seated again at the next step,
the longest-waiting first; once the window closes nobody is seated again, and the
arena ends with its last table, its standings counting the streak bonus."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select
from support.tournaments import NOW, tournament_with

from web.clock import FakeClock
from web.db import Database
from web.lobby.listings import tournaments_of
from web.models import Notice, Tournament, TournamentRound, TournamentTable, User
from web.tournaments import (
    TournamentError,
    pause,
    record_result,
    resume,
    run_due,
    standings_of,
    withdraw,
)


def due(db: Database, clock: FakeClock) -> Any:
    with db.session() as session:
        return run_due(session, clock)


def arena(db: Database, entrants: int, **choices: Any) -> str:
    public_id, _ = tournament_with(db, entrants, format="arena", **choices)
    return public_id


def seatings(db: Database, public_id: str) -> dict[int, list[TournamentTable]]:
    """Every seating's tables, by seating number."""
    with db.session() as session:
        rows = session.execute(
            select(TournamentRound.number, TournamentTable)
            .join(TournamentTable, TournamentTable.round_id == TournamentRound.id)
            .join(Tournament, Tournament.id == TournamentRound.tournament_id)
            .where(Tournament.public_id == public_id)
            .order_by(TournamentRound.number, TournamentTable.number)
        ).all()
        session.expunge_all()
    found: dict[int, list[TournamentTable]] = {}
    for number, table in rows:
        found.setdefault(number, []).append(table)
    return found


def end_table(db: Database, public_id: str, number: int, table: int, clock: FakeClock) -> None:
    """The table ends, its first seat first."""
    seats = len(seatings(db, public_id)[number][table - 1].seats)
    with db.session() as session:
        record_result(
            session,
            public_id,
            number,
            table,
            ranks=list(range(seats)),
            scores=[seats - seat for seat in range(seats)],
            now=clock.now(),
        )


def playing(db: Database, public_id: str) -> list[int]:
    """Everyone at a table still being played."""
    return sorted(
        entrant
        for tables in seatings(db, public_id).values()
        for table in tables
        if table.result is None
        for entrant in table.seats
    )


def status_of(db: Database, public_id: str) -> str:
    with db.session() as session:
        query = select(Tournament.status).where(Tournament.public_id == public_id)
        return session.scalars(query).one()


def test_whoever_finishes_is_seated_again_while_the_others_play_on(db: Database) -> None:
    clock = FakeClock(NOW)
    public_id = arena(db, 6, smallest=3, largest=3, window_minutes=30)
    first = due(db, clock)
    assert first.started == [(public_id, 1)] and first.games == 2
    assert status_of(db, public_id) == "running"
    assert playing(db, public_id) == [1, 2, 3, 4, 5, 6]
    assert due(db, clock).started == []  # nobody is free

    end_table(db, public_id, 1, 1, clock)
    freed = sorted(seatings(db, public_id)[1][0].seats)
    clock.advance(5)
    again = due(db, clock)
    assert again.started == [(public_id, 2)] and again.games == 1
    assert sorted(seatings(db, public_id)[2][0].seats) == freed  # the others still play
    assert playing(db, public_id) == [1, 2, 3, 4, 5, 6]
    tables = seatings(db, public_id)
    assert all(table.game_id is not None for seating in tables.values() for table in seating)
    assert len({table.deal for seating in tables.values() for table in seating}) == 3  # one each
    with db.session() as session:
        told = session.scalars(select(Notice.kind).where(Notice.kind.like("%table_ready"))).all()
    assert told == ["arena_table_ready"] * 9  # six, then three: no round to name


def test_the_one_left_waiting_is_seated_first_at_the_next_table(db: Database) -> None:
    clock = FakeClock(NOW)
    public_id = arena(db, 5, smallest=2, largest=2)
    due(db, clock)
    assert playing(db, public_id) == [1, 2, 3, 4]  # entry 5 came free last: it waits
    end_table(db, public_id, 1, 1, clock)
    freed = seatings(db, public_id)[1][0].seats
    due(db, clock)
    [table] = seatings(db, public_id)[2]
    assert 5 in table.seats
    assert len(set(table.seats) & set(freed)) == 1  # one of the two just freed waits now


def test_after_the_window_nobody_is_seated_and_the_last_table_ends_the_arena(
    db: Database,
) -> None:
    clock = FakeClock(NOW)
    public_id = arena(db, 4, smallest=2, largest=2, window_minutes=10)
    due(db, clock)
    clock.advance(10 * 60)
    end_table(db, public_id, 1, 1, clock)
    assert due(db, clock).started == []
    assert status_of(db, public_id) == "running"  # table 2 still plays
    end_table(db, public_id, 1, 2, clock)
    assert status_of(db, public_id) == "finished"
    with db.session() as session:
        told = session.scalars(select(Notice).where(Notice.kind == "tournament_over")).all()
        assert len(told) == 4
        places = [row.place for row in standings_of(session, public_id)]
    assert sorted(places) == [1, 1, 3, 3]  # two tables of two: both winners share first


def test_an_arena_that_never_filled_a_table_ends_with_its_window(db: Database) -> None:
    clock = FakeClock(NOW)
    public_id = arena(db, 1, smallest=2, largest=4, window_minutes=5)
    assert due(db, clock).started == []
    assert status_of(db, public_id) == "registering"
    clock.advance(5 * 60 - 1)
    due(db, clock)
    assert status_of(db, public_id) == "registering"
    clock.advance(1)
    due(db, clock)
    assert status_of(db, public_id) == "finished"


def test_an_arena_does_not_start_before_its_start(db: Database) -> None:
    clock = FakeClock(NOW)
    public_id = arena(db, 4, smallest=2, largest=2, starts_at=NOW + timedelta(minutes=15))
    assert due(db, clock).started == []
    clock.advance(15 * 60)
    assert due(db, clock).started == [(public_id, 1)]


def test_a_withdrawn_player_is_not_seated_again(db: Database) -> None:
    clock = FakeClock(NOW)
    public_id, users = tournament_with(db, 4, format="arena", smallest=2, largest=2)
    due(db, clock)
    end_table(db, public_id, 1, 1, clock)
    [gone, stays] = seatings(db, public_id)[1][0].seats
    with db.session() as session:
        leaving = session.get(User, users[gone - 1])
        assert leaving is not None
        withdraw(session, public_id, leaving, clock.now())
    assert due(db, clock).started == []  # one left free: no table
    assert stays not in playing(db, public_id)


def test_a_pause_seats_nobody_and_moves_the_window_on(db: Database) -> None:
    clock = FakeClock(NOW)
    public_id, _ = tournament_with(db, 4, format="arena", smallest=2, largest=2, window_minutes=10)
    due(db, clock)
    act_as_organiser(db, public_id, pause, clock)
    end_table(db, public_id, 1, 1, clock)
    clock.advance(5 * 60)
    assert due(db, clock).started == []  # paused: the two freed wait
    act_as_organiser(db, public_id, resume, clock)
    clock.advance(9 * 60)  # 14 minutes after the start: inside the window moved on by 5
    assert due(db, clock).started == [(public_id, 2)]


def act_as_organiser(db: Database, public_id: str, act: Any, clock: FakeClock) -> None:
    with db.session() as session:
        query = select(Tournament).where(Tournament.public_id == public_id)
        boss = session.get(User, session.scalars(query).one().organiser_id)
        assert boss is not None
        act(session, public_id, boss, clock.now())


@pytest.mark.parametrize(
    ("choices", "field"),
    [({"duplicate": True}, "duplicate"), ({"window_minutes": 4}, "window_minutes")],
)
def test_an_arena_refuses_duplicate_deals_and_a_window_too_short(
    db: Database, choices: dict[str, Any], field: str
) -> None:
    with pytest.raises(TournamentError) as refused:
        arena(db, 0, **choices)
    assert refused.value.field == field


def test_my_games_names_an_arenas_table_by_its_tournament_alone(db: Database) -> None:
    """A seating is no round to a player: My games names the arena, not "round 1"."""
    clock = FakeClock(NOW)
    public_id = arena(db, 4, smallest=2, largest=2, name="Evening arena")
    due(db, clock)
    games = [table.game_id for table in seatings(db, public_id)[1]]
    with db.session() as session:
        labels = tournaments_of(session, [game for game in games if game is not None])
    assert list(labels.values()) == [{"id": public_id, "name": "Evening arena", "round": None}] * 2
