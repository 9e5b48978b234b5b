"""A host's backups: where a database lives, a backup of it, and a restore from one
(``chromino db backup|restore``, and the admin page's backups).

A SQLite database is copied by SQLite's own online backup, so the server may keep
running; a PostgreSQL one is dumped by ``pg_dump``. A restore is refused over a
database that is not Chromino's unless forced, and must not run while a server uses
the database it replaces. Refusals are :class:`~web.ops.admin.AdminError`, whose
message ``web.ops.cli`` prints.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from .admin import AdminError

# --- where a database lives -------------------------------------------------------


def sqlite_path(database_url: str) -> Path | None:
    """The file of a SQLite URL, None for another database; an in-memory or
    malformed URL is an AdminError."""
    try:
        url = make_url(database_url)
    except ArgumentError:
        raise AdminError(f"not a database URL: {database_url!r}") from None
    if url.get_backend_name() != "sqlite":
        return None
    if not url.database or url.database == ":memory:":
        raise AdminError("an in-memory SQLite database has nothing to back up or restore")
    return Path(url.database)


def _postgres_target(database_url: str) -> str:
    """A libpq URL for pg_dump/pg_restore (without SQLAlchemy's ``+driver``)."""
    url = make_url(database_url)
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


# --- backup and restore -----------------------------------------------------------


@dataclass(frozen=True)
class BackupReport:
    """What was copied: the file, its size, its schema revision and what it holds."""

    path: Path
    size: int
    revision: str | None
    users: int
    games: int
    events: int


def backup(database_url: str, target: Path, *, force: bool = False) -> BackupReport:
    """Copy a SQLite database to ``target`` while the server goes on using it.

    SQLite's online backup API copies every page in one step, within one read
    transaction: the copy is the database as of one commit, and in WAL mode the
    server's writers are not held up meanwhile. The copy is written beside the
    target, checked, then renamed into place (a half-written backup never has
    the target's name).
    """
    source_path = sqlite_path(database_url)
    if source_path is None:
        target_url = shlex.quote(_postgres_target(database_url))
        raise AdminError(
            "PostgreSQL databases are backed up with PostgreSQL's own tool, also while the "
            "server runs:\n"
            f"  pg_dump --format=custom --file {shlex.quote(str(target))} {target_url}\n"
            "(restore into a new, empty database with pg_restore; see docs/hosting.md)"
        )
    if not source_path.is_file():
        raise AdminError(f"there is no database at {source_path}")
    if target.exists() and not force:
        raise AdminError(f"{target} already exists; pick a new name or add --force")
    if target.resolve() == source_path.resolve():
        raise AdminError("the backup cannot be the database itself")
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        with contextlib.closing(sqlite3.connect(source_path, timeout=30)) as source:
            _require_chromino(source, source_path)
            with contextlib.closing(sqlite3.connect(partial)) as copy:
                source.backup(copy)  # every page at once: one consistent snapshot
                _check_integrity(copy, partial)
        os.replace(partial, target)
    except sqlite3.Error as error:
        raise AdminError(f"the backup failed: {error}") from None
    finally:
        partial.unlink(missing_ok=True)
    return describe_backup(target)


def describe_backup(path: Path) -> BackupReport:
    """What a backup file holds (it must be a chromino SQLite database)."""
    try:
        with contextlib.closing(
            sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        ) as db:
            revision = _require_chromino(db, path)

            def count(table: str) -> int:
                row = db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
                return int(row[0])

            return BackupReport(
                path,
                path.stat().st_size,
                revision,
                count("user_account"),
                count("game"),
                count("game_event"),
            )
    except sqlite3.Error as error:
        raise AdminError(f"{path} is not a readable SQLite database: {error}") from None


def restore(backup_file: Path, database_url: str, *, force: bool = False) -> BackupReport:
    """Copy a backup into the database of ``database_url`` (stop the server first).

    The database must be new or empty; ``force`` replaces one that holds data.
    The caller then applies the migrations (the backup may be of an older schema).
    """
    target_path = sqlite_path(database_url)
    if target_path is None:
        target_url = shlex.quote(_postgres_target(database_url))
        raise AdminError(
            "PostgreSQL databases are restored with PostgreSQL's own tool, into a new, "
            "empty database, with the server stopped:\n"
            f"  pg_restore --no-owner --dbname {target_url} {shlex.quote(str(backup_file))}"
        )
    if not backup_file.is_file():
        raise AdminError(f"there is no backup at {backup_file}")
    report = describe_backup(backup_file)
    if target_path.exists() and target_path.resolve() == backup_file.resolve():
        raise AdminError("the backup and the database are the same file")
    if target_path.exists() and _has_tables(target_path) and not force:
        raise AdminError(
            f"the database {target_path} is not empty; restore into a new file, "
            "or add --force to replace what it holds (stop the server first)"
        )
    target_path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with (
            contextlib.closing(sqlite3.connect(backup_file)) as source,
            contextlib.closing(sqlite3.connect(target_path, timeout=30)) as target,
        ):
            source.backup(target)
            _check_integrity(target, target_path)
    except sqlite3.Error as error:
        raise AdminError(f"the restore failed: {error}") from None
    return report


def _require_chromino(connection: sqlite3.Connection, path: Path) -> str | None:
    """The schema revision of a chromino database; anything else is refused."""
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    if "alembic_version" not in tables or "game_event" not in tables:
        raise AdminError(f"{path} is not a chromino database")
    row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    return None if row is None else str(row[0])


def _check_integrity(connection: sqlite3.Connection, path: Path) -> None:
    verdict = connection.execute("PRAGMA integrity_check").fetchone()
    if verdict is None or verdict[0] != "ok":
        raise AdminError(f"the copy at {path} failed SQLite's integrity check: {verdict}")


def _has_tables(path: Path) -> bool:
    try:
        with contextlib.closing(sqlite3.connect(path)) as connection:
            row = connection.execute(
                "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'"
            ).fetchone()
            return bool(row[0])
    except sqlite3.DatabaseError as error:
        raise AdminError(f"{path} is not a SQLite database ({error}); add --force") from None
