"""One round, however many start it: threads with engines of their own and separate
processes start the same round at once, on SQLite and on PostgreSQL, and exactly one
round row with one set of tables comes of it; every caller gets that round. Processes
running the tournaments' timer (``run_due``) at once on PostgreSQL start each round
once and deal each of its tables one game."""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Iterator

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.orm import Session
from support.tournaments import (
    NOW,
    run_due_in_own_process,
    start_in_own_process,
    tournament_with,
)

from web.clock import FakeClock
from web.db import Database
from web.models import Game, Tournament, TournamentBye, TournamentRound, TournamentTable, User
from web.tournaments import StartedRound, pause, record_result, run_due, start_round

RACERS = 4


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, database_url: str) -> str:
    return database_url if request.param == "sqlite" else str(request.getfixturevalue("pg_url"))


@pytest.fixture
def store(url: str) -> Iterator[Database]:
    database = Database(url)
    yield database
    database.dispose()


def stored_rounds(db: Database, public_id: str) -> tuple[int, int, int]:
    """Round rows, table rows and bye rows of the tournament."""
    with db.session() as session:
        tournament = session.scalars(
            select(Tournament).where(Tournament.public_id == public_id)
        ).one()
        rounds = select(TournamentRound.id).where(TournamentRound.tournament_id == tournament.id)
        counted = [
            session.scalar(select(func.count()).select_from(model).where(column.in_(rounds))) or 0
            for model, column in (
                (TournamentRound, TournamentRound.id),
                (TournamentTable, TournamentTable.round_id),
                (TournamentBye, TournamentBye.round_id),
            )
        ]
        return counted[0], counted[1], counted[2]


def test_threads_with_their_own_engines_start_one_round(url: str, store: Database) -> None:
    public_id, _ = tournament_with(store, 9, smallest=2, largest=4)
    engines = [Database(url) for _ in range(RACERS)]
    barrier = threading.Barrier(RACERS)
    got: list[StartedRound] = []
    failed: list[BaseException] = []

    def race(db: Database) -> None:
        try:
            barrier.wait(30)
            with db.session() as session:
                got.append(start_round(session, public_id, NOW))
        except BaseException as error:
            failed.append(error)

    threads = [threading.Thread(target=race, args=(db,)) for db in engines]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    for db in engines:
        db.dispose()
    assert failed == []
    assert sum(started.created for started in got) == 1
    assert len({(s.commitment, s.tables, s.byes) for s in got}) == 1
    tables, byes = len(got[0].tables), len(got[0].byes)
    assert stored_rounds(store, public_id) == (1, tables, byes)


def test_the_losing_insert_waits_and_reads_the_winners_round(pg_url: str) -> None:
    """On PostgreSQL the second insert waits on the first's uncommitted key, then fails
    and reads the round the first committed: the path the unique key decides. (SQLite
    lets one writer in at a time, so there no insert ever waits on a key.)"""
    url = pg_url
    store = Database(url)
    public_id, _ = tournament_with(store, 6)
    other = Database(url)
    got: list[StartedRound] = []
    with store.session() as session:
        first = start_round(session, public_id, NOW)
        loser = threading.Thread(target=lambda: got.append(_start(other, public_id)))
        loser.start()
        _wait_for_a_lock_wait(store)
    loser.join(60)
    other.dispose()
    assert first.created and got and not got[0].created
    assert (got[0].commitment, got[0].tables) == (first.commitment, first.tables)
    assert stored_rounds(store, public_id)[0] == 1
    store.dispose()


def _start(db: Database, public_id: str) -> StartedRound:
    with db.session() as session:
        return start_round(session, public_id, NOW)


def _wait_for_a_lock_wait(db: Database) -> None:
    """Return once another connection to this database waits on a lock."""
    query = text(
        "SELECT count(*) FROM pg_stat_activity "
        "WHERE datname = current_database() AND wait_event_type = 'Lock'"
    )
    with db.engine.connect() as connection:
        for _ in range(10_000):
            if connection.execute(query).scalar():
                return
            connection.rollback()
    raise AssertionError("the second start never waited on the first's round")


def test_processes_start_one_round(url: str, store: Database) -> None:
    public_id, _ = tournament_with(store, 10, smallest=3, largest=4)
    context = multiprocessing.get_context("spawn")
    ready, out, go = context.Queue(), context.Queue(), context.Event()
    racers = [
        context.Process(target=start_in_own_process, args=(url, public_id, ready, go, out))
        for _ in range(RACERS)
    ]
    for racer in racers:
        racer.start()
    for _ in racers:
        assert ready.get(timeout=60)
    go.set()
    got = [out.get(timeout=60) for _ in racers]
    for racer in racers:
        racer.join(60)
        assert racer.exitcode == 0
    assert sum(created for _, _, created in got) == 1
    assert len({(commitment, tables) for commitment, tables, _ in got}) == 1
    rounds, tables, _ = stored_rounds(store, public_id)
    assert (rounds, tables) == (1, len(got[0][1]))


def games_apart(db: Database) -> int:
    """Game rows that no tournament table holds: a game dealt twice would be one."""
    with db.session() as session:
        held = select(TournamentTable.game_id).where(TournamentTable.game_id.is_not(None))
        return session.scalar(select(func.count()).where(Game.id.not_in(held))) or 0


def finish_round(db: Database, public_id: str, number: int) -> None:
    """Every table of the round ends, its seats in order."""
    with db.session() as session:
        for table in stored_tables(session, public_id, number):
            seats = len(table.seats)
            record_result(
                session,
                public_id,
                number,
                table.number,
                ranks=list(range(seats)),
                scores=[seats - seat for seat in range(seats)],
                now=NOW,
            )


def stored_tables(session: Session, public_id: str, number: int) -> list[TournamentTable]:
    return list(
        session.scalars(
            select(TournamentTable)
            .join(TournamentRound)
            .join(Tournament)
            .where(Tournament.public_id == public_id, TournamentRound.number == number)
        )
    )


def test_processes_running_the_timer_start_each_round_once_with_its_games(
    pg_url: str,
) -> None:
    """Two processes run the timer at once, for round 1, then again once round 1 has
    ended, for round 2: each round starts once, each table gets one game, and no game
    stands apart from a table."""
    store = Database(pg_url)
    public_id, _ = tournament_with(store, 10, smallest=3, largest=4, pace="days", rounds=2)
    apart = games_apart(store)
    context = multiprocessing.get_context("spawn")
    ready, out = context.Queue(), context.Queue()
    goes = [context.Event(), context.Event()]
    racers = [
        context.Process(target=run_due_in_own_process, args=(pg_url, ready, goes, out))
        for _ in range(2)
    ]
    for racer in racers:
        racer.start()
    for _ in racers:
        assert ready.get(timeout=60)
    for number, go in enumerate(goes, start=1):
        go.set()
        got = [out.get(timeout=60) for _ in racers]
        started = [entry for done, _ in got for entry in done if entry[0] == public_id]
        assert started == [(public_id, number)]
        with store.session() as session:
            games = [table.game_id for table in stored_tables(session, public_id, number)]
        assert games and None not in games and len(set(games)) == len(games)
        assert games_apart(store) == apart
        finish_round(store, public_id, number)
    for racer in racers:
        racer.join(60)
        assert racer.exitcode == 0
    assert stored_rounds(store, public_id)[0] == 2
    store.dispose()


def test_a_round_due_as_the_organiser_pauses_waits_and_does_not_start(pg_url: str) -> None:
    """The timer finds round 2 due while the organiser's pause holds the tournament's
    row: it waits for the pause, then reads the tournament paused and starts nothing."""
    store = Database(pg_url)
    public_id, _ = tournament_with(store, 4, smallest=2, largest=2, pace="days", rounds=2)
    with store.session() as session:
        run_due(session, FakeClock(NOW))
    finish_round(store, public_id, 1)
    timer = Database(pg_url)
    got: list[list[tuple[str, int]]] = []
    with store.session() as session:
        tournament = session.scalars(
            select(Tournament).where(Tournament.public_id == public_id)
        ).one()
        organiser = session.get_one(User, tournament.organiser_id)
        pause(session, public_id, organiser, NOW)
        racer = threading.Thread(target=lambda: got.append(_run_due(timer)))
        racer.start()
        _wait_for_a_lock_wait(store)
    racer.join(60)
    timer.dispose()
    assert got == [[]]
    assert stored_rounds(store, public_id)[0] == 1
    store.dispose()


def _run_due(db: Database) -> list[tuple[str, int]]:
    with db.session() as session:
        return run_due(session, FakeClock(NOW)).started
