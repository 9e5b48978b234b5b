"""A process killed outright (SIGKILL) inside a round's transaction, on PostgreSQL,
loses and doubles nothing: the round, its tables and byes are written but not
committed when it dies, so nothing of the round stays, and the timer run afterwards from
another process starts the round once, with one game per table.

The test freezes the victim where it wants it by holding the organiser's account row
lock: starting round 1 pairs it, writes the round, its tables and byes, then deals the
first table's game, whose table row names the organiser as its creator, and that
insert waits on the lock (a reference takes a share of the row it names). The victim
is killed while it waits, the round's rows written and uncommitted."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from typing import Any

from sqlalchemy import func, select, text
from support.tournaments import NOW, run_due_in_own_process, tournament_with

from web.clock import FakeClock
from web.db import Database
from web.models import Game, Tournament, TournamentBye, TournamentRound, TournamentTable
from web.tournaments import run_due


def waiting_backend(db: Database, statement: str) -> int | None:
    """The server process of a connection waiting on a lock in ``statement``."""
    query = text(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
        "AND wait_event_type = 'Lock' AND query LIKE :statement"
    )
    with db.engine.connect() as connection:
        found = connection.execute(query, {"statement": f"{statement}%"}).scalar()
    return None if found is None else int(found)


def written_by(db: Database, pid: int) -> set[str]:
    """The tables a server process's open transaction has written rows to."""
    query = text(
        "SELECT c.relname FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
        "WHERE l.pid = :pid AND l.mode = 'RowExclusiveLock' AND c.relkind = 'r'"
    )
    with db.engine.connect() as connection:
        return set(connection.scalars(query, {"pid": pid}))


def backend_alive(db: Database, pid: int) -> bool:
    with db.engine.connect() as connection:
        query = text("SELECT count(*) FROM pg_stat_activity WHERE pid = :pid")
        return bool(connection.execute(query, {"pid": pid}).scalar())


def eventually(check: Any, what: str, timeout: float = 60) -> Any:
    """Wait until ``check`` gives something true."""
    deadline = time.monotonic() + timeout
    while not (value := check()):
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting for {what}")
        time.sleep(0.02)
    return value


def stored(db: Database, public_id: str) -> tuple[int, int, int, int]:
    """The tournament's rounds, tables, byes, and the games its tables hold."""
    with db.session() as session:
        tournament = session.scalars(
            select(Tournament).where(Tournament.public_id == public_id)
        ).one()
        rounds = select(TournamentRound.id).where(TournamentRound.tournament_id == tournament.id)
        tables = select(TournamentTable.game_id).where(TournamentTable.round_id.in_(rounds))
        return (
            session.scalar(select(func.count()).where(TournamentRound.id.in_(rounds))) or 0,
            session.scalar(select(func.count()).select_from(tables.subquery())) or 0,
            session.scalar(select(func.count()).where(TournamentBye.round_id.in_(rounds))) or 0,
            session.scalar(select(func.count()).where(Game.id.in_(tables))) or 0,
        )


def all_games(db: Database) -> int:
    with db.session() as session:
        return session.scalar(select(func.count()).select_from(Game)) or 0


def test_a_process_killed_inside_the_rounds_transaction_loses_and_doubles_nothing(
    pg_url: str,
) -> None:
    store = Database(pg_url)
    public_id, _ = tournament_with(store, 9, smallest=4, largest=4, pace="days", rounds=2)
    context = multiprocessing.get_context("spawn")
    ready, out, go = context.Queue(), context.Queue(), context.Event()
    go.set()
    with store.session() as session:
        organiser = session.scalars(
            select(Tournament.organiser_id).where(Tournament.public_id == public_id)
        ).one()
    with store.engine.connect() as holder:
        holder.execute(
            text("SELECT id FROM user_account WHERE id = :id FOR UPDATE"), {"id": organiser}
        )
        victim = context.Process(target=run_due_in_own_process, args=(pg_url, ready, [go], out))
        victim.start()
        backend = eventually(
            lambda: waiting_backend(store, "INSERT INTO game_table"), "the victim's game to wait"
        )
        written = {"tournament_round", "tournament_table", "tournament_bye"}
        assert written <= written_by(store, backend)  # the round is half-way
        assert victim.pid is not None
        os.kill(victim.pid, signal.SIGKILL)
        victim.join(60)
        assert victim.exitcode == -signal.SIGKILL
        holder.rollback()  # the lock goes; the dead client's transaction rolls back
    eventually(lambda: not backend_alive(store, backend), "the victim's connection to end")
    assert stored(store, public_id) == (0, 0, 0, 0)
    games = all_games(store)

    survivor = context.Process(target=run_due_in_own_process, args=(pg_url, ready, [go], out))
    survivor.start()
    survivor.join(60)
    assert survivor.exitcode == 0
    ready.get(timeout=5)
    ready.get(timeout=5)
    started, dealt = out.get(timeout=5)
    assert started == [(public_id, 1)] and dealt == 2
    assert stored(store, public_id) == (1, 2, 1, 2)  # tables of four, one bye
    assert all_games(store) == games + 2
    with store.session() as session:
        again = run_due(session, FakeClock(NOW))
    assert (again.started, again.games) == ([], 0)
    assert stored(store, public_id) == (1, 2, 1, 2)
    store.dispose()
