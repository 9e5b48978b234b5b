"""The database: one engine and session factory per app, SQLite or PostgreSQL by URL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import cache
from typing import Any

import orjson
from sqlalchemy import Connection, Engine, MetaData, Table, create_engine, event, select, text
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker
from sqlalchemy.sql import Executable

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base with a constraint naming convention, so migrations are stable."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def utcnow() -> datetime:
    """Now, timezone-aware in UTC."""
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything stored is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL keeps readers off the writer's back; NORMAL sync survives a killed process."""
    dbapi_connection.isolation_level = None  # transactions begin in _begin_immediately
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _begin_immediately(connection: Connection) -> None:
    """Take SQLite's write lock when a transaction begins, not halfway through it.

    A transaction that reads and then writes (a guest account: look up, then
    insert) cannot wait for the lock once another writer has committed since it
    read: SQLite fails it at once with "database is locked". Beginning with the
    lock makes it wait its turn (busy_timeout) instead; WAL readers are not
    blocked by it.

    The statement goes to the driver's connection directly: it returns nothing and
    needs none of SQLAlchemy's execution (a context, its events, a result), which
    cost more than SQLite's own work in the short transactions of a move's commit.
    """
    driver = connection.connection.driver_connection
    assert driver is not None  # a connection beginning a transaction holds its driver's
    driver.execute("BEGIN IMMEDIATE")


def json_column_text(value: Any) -> str:
    """The text of a JSON column's value, written by orjson: every move's commit writes
    its action as JSON, and the standard library's encoder took about five times as
    long. What orjson refuses to write (a lone surrogate in a string, an integer past
    64 bits) is written as the standard library always wrote it."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson's JSONEncodeError
        return json.dumps(value)


def dialect_insert(dialect: str, table: Table) -> postgresql.Insert | sqlite.Insert:
    """An INSERT in the database's own words, for the ON CONFLICT clauses SQLite and
    PostgreSQL both speak (``dialect``: a connection's ``dialect.name``)."""
    return postgresql.insert(table) if dialect == "postgresql" else sqlite.insert(table)


@cache
def insert_skipping_known(dialect: str, table: Table, key: tuple[str, ...]) -> Executable:
    """An INSERT that leaves a row whose ``key`` is there already as it is, built once
    per table and dialect (SQLAlchemy then compiles it once too)."""
    return dialect_insert(dialect, table).on_conflict_do_nothing(index_elements=list(key))


def make_engine(url: str) -> Engine:
    """An engine for the URL, tuned for SQLite when it is SQLite."""
    if url.startswith("sqlite"):
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 10},
            pool_size=8,
            json_serializer=json_column_text,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _begin_immediately)
        return engine
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return create_engine(
        url,
        pool_size=10,
        max_overflow=10,
        pool_pre_ping=True,
        json_serializer=json_column_text,
    )


class Database:
    """An engine and its sessions; the app holds one, tests make their own."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session committed on success and rolled back on error."""
        with self.sessions() as session:
            try:
                yield session
                session.commit()
            except BaseException:
                session.rollback()
                raise

    def is_reachable(self) -> bool:
        """Whether a trivial query succeeds."""
        try:
            with self.engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        except Exception:
            return False
        return True

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()


def due_and_free(
    what: Any, due_at: Any, lease_until: Any, *, now: datetime, held_until: datetime, limit: int
) -> Any:
    """The rows due by ``now`` (the games' clock) that no live process holds (a lease
    that ends after ``held_until``, the real clock), soonest first, at most ``limit``,
    locked for this transaction and skipping those another one has locked (PostgreSQL;
    SQLite lets one writer in at a time anyway): what the sweep and the outbox claim."""
    return (
        select(what)
        .where(due_at <= now)
        .where(lease_until.is_(None) | (lease_until < held_until))
        .order_by(due_at)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
