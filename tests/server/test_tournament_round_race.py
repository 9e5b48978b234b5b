"""One round, however many start it: threads with engines of their own and separate
processes start the same round at once, on SQLite and on PostgreSQL, and exactly one
round row with one set of tables comes of it; every caller gets that round. Processes
running the tournaments' timer (``run_due``) at once on PostgreSQL start each round
once and deal each of its tables one game, and seat an arena's free players once."""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Iterator
from datetime import timedelta

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.orm import Session
from support.seasons import arenas, due, enter, play_out, season_of
from support.tournaments import (
    NOW,
    person,
    run_due_in_own_process,
    start_in_own_process,
    tournament_with,
)

from web.clock import FakeClock
from web.db import Database, as_utc
from web.games import DEFAULT_GAME
from web.models import (
    Game,
    Notice,
    Season,
    Tournament,
    TournamentBye,
    TournamentRound,
    TournamentTable,
    User,
)
from web.tournaments import StartedRound, pause, record_result, run_due, start_round
from web.tournaments.seasons import SeasonSpec, create_season, join_season

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


class TimerRace:
    """Two processes running the tournaments' timer on their own engines, each run set
    off by the test (``run``), all of them at once."""

    def __init__(self, url: str, runs: int) -> None:
        context = multiprocessing.get_context("spawn")
        ready, self.out = context.Queue(), context.Queue()
        self.goes = [context.Event() for _ in range(runs)]
        self.racers = [
            context.Process(target=run_due_in_own_process, args=(url, ready, self.goes, self.out))
            for _ in range(2)
        ]
        for racer in self.racers:
            racer.start()
        for _ in self.racers:
            assert ready.get(timeout=60)

    def run(self, index: int, public_id: str) -> list[tuple[str, int]]:
        """Set off run ``index`` in both; the rounds (or seatings) either started."""
        self.goes[index].set()
        got = [self.out.get(timeout=60) for _ in self.racers]
        return [entry for done, _ in got for entry in done if entry[0] == public_id]

    def join(self) -> None:
        for racer in self.racers:
            racer.join(60)
            assert racer.exitcode == 0


def dealt_once(store: Database, public_id: str, number: int, apart: int) -> None:
    """Each table of round ``number`` has a game of its own, and no game stands apart."""
    with store.session() as session:
        games = [table.game_id for table in stored_tables(session, public_id, number)]
    assert games and None not in games and len(set(games)) == len(games)
    assert games_apart(store) == apart


def test_processes_running_the_timer_start_each_round_once_with_its_games(
    pg_url: str,
) -> None:
    """Two processes run the timer at once, for round 1, then again once round 1 has
    ended, for round 2: each round starts once, each table gets one game, and no game
    stands apart from a table."""
    store = Database(pg_url)
    public_id, _ = tournament_with(store, 10, smallest=3, largest=4, pace="days", rounds=2)
    apart = games_apart(store)
    race = TimerRace(pg_url, 2)
    for number in (1, 2):
        assert race.run(number - 1, public_id) == [(public_id, number)]
        dealt_once(store, public_id, number, apart)
        finish_round(store, public_id, number)
    race.join()
    assert stored_rounds(store, public_id)[0] == 2
    store.dispose()


def test_processes_running_the_timer_seat_an_arena_once(pg_url: str) -> None:
    """Two processes run the timer at once over an arena of nine at tables of three:
    one seating of everyone, then, once a table has ended, one seating of its three."""
    store = Database(pg_url)
    public_id, _ = tournament_with(store, 9, format="arena", smallest=3, largest=3)
    apart = games_apart(store)
    race = TimerRace(pg_url, 2)
    assert race.run(0, public_id) == [(public_id, 1)]
    dealt_once(store, public_id, 1, apart)
    with store.session() as session:
        record_result(session, public_id, 1, 1, ranks=[0, 1, 2], scores=[3, 2, 1], now=NOW)
    assert race.run(1, public_id) == [(public_id, 2)]
    dealt_once(store, public_id, 2, apart)
    race.join()
    assert stored_rounds(store, public_id)[:2] == (2, 4)
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


def played_season_in_the_past(store: Database) -> str:
    """A season of one arena, ten days ago, played by two members at one table: its
    window has long closed, and its end is due."""
    past = NOW - timedelta(days=10)
    with store.session() as session:
        spec = SeasonSpec(
            name="Old league", kind=DEFAULT_GAME, starts_at=past, legs=1, division_size=4, movers=1
        )
        ended = create_season(session, person(session, "organiser"), spec, past).public_id
        members = [person(session) for _ in range(2)]
        for member in members:
            join_season(session, ended, member, past)
        session.commit()
    clock = FakeClock(past)
    due(store, clock)
    arena = arenas(store, ended)[1, 1]
    entries = enter(store, arena, [member.id for member in members])
    play_out(store, arena, clock, sorted(entries.values()))
    return ended


def test_processes_running_the_timer_make_a_seasons_arenas_and_its_follower_once(
    pg_url: str,
) -> None:
    """Two processes run the timer at once: over a new season of two divisions, each
    division's first arena is made once and each member told once; over a season whose
    only arena was played ten days ago, the season ends once, each player hears it
    once, and one next season begins, on the next arena day still to come."""
    store = Database(pg_url)
    ended = played_season_in_the_past(store)
    fresh, _ = season_of(store, 6)
    race = TimerRace(pg_url, 1)
    race.run(0, "")
    race.join()
    assert set(arenas(store, fresh)) == {(1, 1), (1, 2)}
    with store.session() as session:
        kinds = session.execute(select(Notice.kind, func.count()).group_by(Notice.kind)).all()
        old = session.scalars(select(Season).where(Season.public_id == ended)).one()
        following = session.scalars(select(Season).where(Season.follows_id == old.id)).all()
    assert dict(kinds)["season_over"] == 2
    assert old.status == "finished" and len(following) == 1
    assert NOW <= as_utc(following[0].starts_at) < NOW + timedelta(days=7)
    store.dispose()
