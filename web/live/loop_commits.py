"""Committing a batch of moves on the event loop itself, when the database is a SQLite
file and its write lock is free at that instant.

Handing a batch to the writer thread and back wakes a thread on the other core twice,
and on a virtual machine each wake-up costs more than the commit it carries. A SQLite
commit in WAL mode is a few writes into the page cache: no network round trip, and no
sync (``synchronous=NORMAL`` syncs at checkpoints only). So the loop commits itself,
provided it never waits:

- its connection's busy timeout is zero: a lock another connection holds (a route's
  transaction, the writer thread's) fails the attempt at once, and the batch goes to
  the writer thread, which waits its turn. The loop never waits on a lock whose holder
  may be waiting on the loop;
- it never checkpoints the WAL (a checkpoint syncs the files): :meth:`checkpoint_due`
  tells the store when to have the writer thread do it.

Any failure here (the lock taken, a version another writer took, a dropped file) rolls
the attempt back and says so; the store then commits the batch the usual way, which
knows how to tell whose fault it was.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from sqlalchemy import Connection, Engine

CHECKPOINT_EVERY = 256
"""Commits made here between two checkpoints on the writer thread: a batch writes a few
pages, so the WAL stays near SQLite's own threshold of 1,000 pages."""


class LoopCommits:
    """A connection of the loop's own, kept from one commit to the next, that never
    waits for SQLite's lock."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._connection: Connection | None = None
        self._since_checkpoint = 0

    @staticmethod
    def suits(engine: Engine) -> bool:
        """Whether commits can be made on the loop: a database in a local file."""
        return engine.dialect.name == "sqlite"

    def attempt(self, work: Callable[[Connection], object]) -> bool:
        """Run ``work`` in one transaction here: True once it is committed, False when it
        was not (rolled back: the caller commits it another way)."""
        try:
            connection = self._connection or self._connect()
            with connection.begin():
                work(connection)
        except Exception:
            if self._connection is not None and self._connection.invalidated:
                self.close()
            return False
        self._since_checkpoint += 1
        return True

    def checkpoint_due(self) -> bool:
        """Whether enough was committed here since the last checkpoint; asking resets
        the count (the store then hands a checkpoint to the writer thread)."""
        if self._since_checkpoint < CHECKPOINT_EVERY:
            return False
        self._since_checkpoint = 0
        return True

    def close(self) -> None:
        """Let the connection go (it is never handed back to the pool: its settings
        are the loop's alone)."""
        if self._connection is not None:
            connection, self._connection = self._connection, None
            with contextlib.suppress(Exception):
                connection.close()

    def _connect(self) -> Connection:
        connection = self._engine.connect()
        driver = connection.connection.driver_connection
        assert driver is not None
        connection.detach()  # closed when let go, not pooled with a zero busy timeout
        driver.execute("PRAGMA busy_timeout=0")
        driver.execute("PRAGMA wal_autocheckpoint=0")
        self._connection = connection
        return connection


def checkpoint(connection: Connection) -> tuple[int, int]:
    """Copy the WAL's committed pages into the database file, waiting for nobody
    (PASSIVE): called on the writer thread, outside any transaction. Returns the WAL's
    frames and how many of them are now in the file."""
    driver = connection.connection.driver_connection
    assert driver is not None
    _, frames, copied = driver.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    return int(frames), int(copied)
