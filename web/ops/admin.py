"""A host's tools: backups, restores, pruning guests, stuck games (``chromino db|admin``).

Each function works on a database URL or a :class:`~web.db.Database` and raises
:class:`AdminError` with a message for people when it cannot do what is asked;
``web.ops.cli`` prints it. Nothing here needs the server to be stopped except a
restore (the server must not be using the database it replaces).
"""

from __future__ import annotations

import contextlib
import os
import shlex
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import Session

from ..db import Database, as_utc, utcnow
from ..games import game_kind
from ..models import (
    ChatMessage,
    ChatReport,
    Game,
    GameEvent,
    GamePlayer,
    GameTable,
    Preference,
    TableSeat,
    User,
)
from ..people import FORMER_PLAYER, without_a_way_in

PRUNE_BATCH = 200


class AdminError(Exception):
    """A host's command that cannot be carried out; the message says why."""


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


# --- guests -------------------------------------------------------------------------


def prune_guests(
    database: Database, days: int, *, now: datetime | None = None, dry_run: bool = False
) -> list[int]:
    """Delete guest accounts (no password) unseen for ``days`` days; returns their ids.

    A guest seated at a game in progress, or at a table that is open or playing,
    stays whatever the date. The finished games a pruned guest played stay,
    readable by everyone, the seat named "a former player" as a deleted person's; so
    do the finished tables they created.
    """
    if days < 1:
        raise AdminError("--days must be at least 1")
    cutoff = (now or utcnow()) - timedelta(days=days)
    pruned: list[int] = []
    while True:
        with database.session() as session:
            seen = pruned if dry_run else []  # (pruned ones are gone)
            ids = _idle_guests(session, cutoff, exclude=seen, limit=PRUNE_BATCH)
            if not ids:
                return pruned
            if dry_run:
                pruned.extend(ids)
                session.rollback()
                continue
            _forget(session, ids)
            pruned.extend(ids)


def _idle_guests(session: Session, cutoff: datetime, exclude: list[int], limit: int) -> list[int]:
    in_game = (
        select(GamePlayer.user_id)
        .join(Game, Game.id == GamePlayer.game_id)
        .where(Game.status == "playing", GamePlayer.user_id.is_not(None))
    )
    at_table = (
        select(TableSeat.user_id)
        .join(GameTable, GameTable.id == TableSeat.table_id)
        .where(GameTable.status.in_(("open", "playing")), TableSeat.user_id.is_not(None))
    )
    created_table = select(GameTable.creator_id).where(
        GameTable.status.in_(("open", "playing")), GameTable.creator_id.is_not(None)
    )
    query = (
        select(User.id)
        .where(
            without_a_way_in(),  # no password, no passkey
            User.last_seen_at < cutoff,
            User.id.not_in(in_game),
            User.id.not_in(at_table),
            User.id.not_in(created_table),
        )
        .order_by(User.id)
        .limit(limit)
        .with_for_update()  # PostgreSQL: a guest coming back waits until we are done
    )
    if exclude:
        query = query.where(User.id.not_in(exclude))
    return list(session.scalars(query))


def _forget(session: Session, ids: list[int]) -> None:
    """Detach the guests from what they leave behind, then delete them."""
    games = session.scalars(
        select(Game).where(
            Game.id.in_(select(GamePlayer.game_id).where(GamePlayer.user_id.in_(ids)))
        )
    )
    for game in games:
        seats = [dict(seat) for seat in game.seats]
        players = list(game.setup.get("players", []))
        for index, seat in enumerate(seats):
            if seat.get("user_id") in ids:
                seats[index] = {"user_id": None, "bot": None, "name": FORMER_PLAYER}
                if index < len(players):
                    players[index] = FORMER_PLAYER
        game.seats = seats  # new objects: JSON columns do not see changes in place
        game.setup = {**game.setup, "players": players}
    session.execute(update(GamePlayer).where(GamePlayer.user_id.in_(ids)).values(user_id=None))
    session.execute(update(GameEvent).where(GameEvent.user_id.in_(ids)).values(user_id=None))
    session.execute(update(TableSeat).where(TableSeat.user_id.in_(ids)).values(user_id=None))
    session.execute(update(GameTable).where(GameTable.creator_id.in_(ids)).values(creator_id=None))
    session.flush()
    session.execute(delete(Preference).where(Preference.user_id.in_(ids)))
    session.execute(delete(User).where(User.id.in_(ids)))


# --- games ----------------------------------------------------------------------------


@dataclass(frozen=True)
class StuckGame:
    """A game in progress with no event for a while."""

    game_id: str
    version: int
    players: list[str]
    last_activity: datetime
    idle: timedelta


def stuck_games(
    database: Database, hours: float, *, now: datetime | None = None
) -> list[StuckGame]:
    """Games in progress whose last event (or start) is more than ``hours`` old."""
    if hours <= 0:
        raise AdminError("--hours must be more than 0")
    now = now or utcnow()
    last_event = (
        select(GameEvent.game_id, func.max(GameEvent.created_at).label("at"))
        .group_by(GameEvent.game_id)
        .subquery()
    )
    with database.session() as session:
        rows = session.execute(
            select(Game, last_event.c.at)
            .outerjoin(last_event, last_event.c.game_id == Game.id)
            .where(Game.status == "playing")
            .order_by(Game.created_at)
        ).all()
        stuck = []
        for game, at in rows:
            moment = as_utc(at or game.created_at)
            if now - moment > timedelta(hours=hours):
                names = [str(seat.get("name")) for seat in game.seats]
                stuck.append(StuckGame(game.id, game.version, names, moment, now - moment))
        return stuck


@dataclass(frozen=True)
class ReportedLine:
    """A chat line someone reported, as the host reads it."""

    report_id: int
    game_id: str
    seq: int
    author: str
    said: str
    reporter: str
    reason: str
    at: datetime


def chat_reports(database: Database, *, handled: bool = False) -> list[ReportedLine]:
    """The reports of chat lines not yet handled (all of them with ``handled``), oldest first."""
    with database.session() as session:
        query = (
            select(ChatReport, ChatMessage, User.name)
            .join(ChatMessage, ChatMessage.id == ChatReport.message_id)
            .outerjoin(User, User.id == ChatReport.reporter_id)
            .order_by(ChatReport.created_at)
        )
        if not handled:
            query = query.where(ChatReport.handled.is_(False))
        return [
            ReportedLine(
                report.id,
                line.game_id,
                line.seq,
                line.name,
                line.text if line.text is not None else f"[{line.preset}]",
                reporter or "(gone)",
                report.reason,
                as_utc(report.created_at),
            )
            for report, line, reporter in session.execute(query)
        ]


def handle_report(database: Database, report_id: int) -> None:
    """Mark a report as dealt with (it stays, with its line)."""
    with database.session() as session, session.begin():
        report = session.get(ChatReport, report_id)
        if report is None:
            raise AdminError(f"no report has the id {report_id}")
        report.handled = True


def end_game(database: Database, game_id: str, reason: str = "ended by the host") -> dict[str, Any]:
    """Mark a game in progress finished, with a result that says the host ended it.

    Its scores are those it had; nobody wins. A running server notices at the
    game's next move (its commit finds the game no longer playing) and refuses
    every move after that; a server started later never takes it up again.
    """
    with database.session() as session:
        return end_game_in(session, game_id, reason)


def end_game_in(session: Session, game_id: str, reason: str) -> dict[str, Any]:
    """:func:`end_game` in the caller's transaction (the admin page writes its audit
    entry in the same one)."""
    game = session.get(Game, game_id, with_for_update=True)
    if game is None:
        raise AdminError(f"no game has the id {game_id!r}")
    if game.status != "playing":
        raise AdminError(f"the game {game_id} is already {game.status}")
    events = session.scalars(
        select(GameEvent).where(GameEvent.game_id == game_id).order_by(GameEvent.seq)
    )
    kind = game_kind(game.kind)
    live = kind.restore(game.setup)
    for event in events:
        live.apply(event.seat, kind.stored_action(event.action))
    standing = live.view(None)  # what everyone may see: scores, turns, hand counts
    result: dict[str, Any] = {
        "ended_by": "host",
        "reason": reason,
        "winners": [],
        "scores": list(standing["scores"]),
        "turns": list(standing["turns_taken"]),
        "draws": list(standing["tiles_drawn"]),
        "hand_sizes": list(standing["hand_counts"]),
    }
    game.status = "finished"
    game.result = result
    game.finished_at = utcnow()
    game.turn_deadline_at = None
    session.execute(update(GameTable).where(GameTable.game_id == game_id).values(status="finished"))
    return result
