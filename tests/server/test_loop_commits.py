"""Moves committed on the event loop when SQLite's lock is free (web.live.loop_commits),
and by the writer thread when it is not: on a real SQLite file, with a second connection
holding the lock as a route's transaction would."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import TypeAdapter
from sqlalchemy import Connection, func, select, text
from support.streams import run_alone

from web.app import GAME_ENDINGS
from web.db import Database, utcnow
from web.live.loop_commits import CHECKPOINT_EVERY, LoopCommits, checkpoint
from web.live.store import EventStore, StoredEvent
from web.lobby.dealing import start
from web.lobby.schemas import TableCreate
from web.lobby.tables import create_table
from web.models import GameEvent, User

TABLES = TypeAdapter(TableCreate)


@pytest.fixture
def db(database_url: str) -> Iterator[Database]:
    database = Database(database_url)
    yield database
    database.dispose()


def file_of(db: Database) -> str:
    return db.url.removeprefix("sqlite:///")


def dealt_game(db: Database) -> str:
    """A game of a person against a bot, dealt and waiting for its first move."""
    with db.session() as session:
        person = User(name="Ana", name_key="ana")
        session.add(person)
        session.flush()
        spec = TABLES.validate_python(
            {"game": "chromino", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
        )
        table = create_table(session, person, spec)
        game = start(session, table, person, now=utcnow(), deal_seed="loop-commits")
        session.commit()
        return game.id


def first_move(seat: int = 0) -> StoredEvent:
    return StoredEvent(1, seat, {"type": "draw"}, None, "c1", None, None, 1)


def stored_versions(db: Database, game_id: str) -> list[int]:
    with db.session() as session:
        query = select(GameEvent.seq).where(GameEvent.game_id == game_id)
        return list(session.scalars(query))


def test_a_move_is_committed_on_the_loop_when_the_lock_is_free(db: Database) -> None:
    game_id = dealt_game(db)
    store = EventStore(db, endings=GAME_ENDINGS)

    async def scenario() -> None:
        await store.write(game_id, first_move())
        await store.close()

    run_alone(scenario)
    assert stored_versions(db, game_id) == [1]
    assert store._writer._thread is None  # nothing was handed to the writer thread


def test_a_move_waits_for_the_writer_thread_while_another_holds_the_lock(db: Database) -> None:
    game_id = dealt_game(db)
    store = EventStore(db, endings=GAME_ENDINGS)
    holder = sqlite3.connect(file_of(db), isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")  # a route's transaction, holding the write lock

    async def scenario() -> None:
        writing = asyncio.create_task(store.write(game_id, first_move()))
        while store._writer._thread is None:  # the loop's attempt found the lock taken
            await asyncio.sleep(0.001)
        assert not writing.done()  # the writer thread waits its turn: no ack yet
        holder.execute("COMMIT")
        await writing
        await store.close()

    try:
        run_alone(scenario)
    finally:
        holder.close()
    assert stored_versions(db, game_id) == [1]


def test_a_refused_version_is_left_to_the_writer_thread_which_names_it(db: Database) -> None:
    game_id = dealt_game(db)
    store = EventStore(db, endings=GAME_ENDINGS)
    failures: list[BaseException] = []

    async def scenario() -> None:
        await store.write(game_id, first_move())
        try:
            await store.write(game_id, first_move(seat=1))  # version 1 again
        except Exception as error:
            failures.append(error)
        await store.close()

    run_alone(scenario)
    assert len(failures) == 1
    assert stored_versions(db, game_id) == [1]


@pytest.fixture
def plain(tmp_path: Path) -> Iterator[Database]:
    """A SQLite file with one table, set up as the app's are (WAL, a 10 s busy timeout)."""
    database = Database(f"sqlite:///{tmp_path / 'plain.sqlite3'}")
    with database.engine.begin() as connection:
        connection.execute(text("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)"))
    yield database
    database.dispose()


def add_note(body: str) -> object:
    def work(connection: Connection) -> None:
        connection.execute(text("INSERT INTO notes (body) VALUES (:body)"), {"body": body})

    return work


def busy_timeout(connection: Connection) -> int:
    """Read on the driver's connection: no transaction begins, so none waits for the lock."""
    driver = connection.connection.driver_connection
    assert driver is not None
    return int(driver.execute("PRAGMA busy_timeout").fetchone()[0])


def notes(db: Database) -> int:
    with db.engine.connect() as connection:
        return int(connection.scalar(select(func.count()).select_from(text("notes"))) or 0)


def test_an_attempt_never_waits_for_the_lock_and_recovers_once_it_is_free(plain: Database) -> None:
    here = LoopCommits(plain.engine)
    holder = sqlite3.connect(file_of(plain), isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        assert here.attempt(add_note("while locked")) is False
    finally:
        holder.execute("COMMIT")
        holder.close()
    assert notes(plain) == 0
    assert here.attempt(add_note("once free")) is True
    assert notes(plain) == 1
    loops_own = here._connection
    assert loops_own is not None
    with loops_own.begin():  # why it never waited: it gives up at once
        assert loops_own.exec_driver_sql("PRAGMA busy_timeout").scalar() == 0
    here.close()


def test_a_failing_attempt_is_rolled_back_whole(plain: Database) -> None:
    here = LoopCommits(plain.engine)

    def half_then_fail(connection: Connection) -> None:
        connection.execute(text("INSERT INTO notes (body) VALUES ('half')"))
        connection.execute(text("INSERT INTO no_such_table VALUES (1)"))

    assert here.attempt(half_then_fail) is False
    assert notes(plain) == 0
    assert here.attempt(add_note("next")) is True
    assert notes(plain) == 1
    here.close()


def test_the_loop_connection_leaves_checkpoints_to_the_writer_and_stays_out_of_the_pool(
    plain: Database,
) -> None:
    here = LoopCommits(plain.engine)
    for number in range(CHECKPOINT_EVERY):
        assert here.checkpoint_due() is False
        assert here.attempt(add_note(str(number)))
    assert here.checkpoint_due() is True
    assert here.checkpoint_due() is False  # asking resets the count
    for number in range(1500 - CHECKPOINT_EVERY):
        assert here.attempt(add_note(str(number)))
    with plain.engine.connect() as writer:
        frames, copied = checkpoint(writer)
    # 1,500 commits, each at least a frame, and none checkpointed on the loop (SQLite's
    # own threshold is 1,000 frames); then the writer's checkpoint copies them all
    assert frames >= 1500
    assert copied == frames
    here.close()
    pooled = [plain.engine.connect() for _ in range(plain.engine.pool.checkedin())]
    timeouts = {busy_timeout(connection) for connection in pooled}
    for connection in pooled:
        connection.close()
    assert timeouts == {10000}  # the loop's zero went with its connection, not into the pool
