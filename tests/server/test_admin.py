"""A host's tools: online backup and restore, guest pruning, stuck games, ending a game,
``last_seen_at``, and migration 0003 up and down on SQLite and PostgreSQL.

The backup test runs a real ``chromino serve`` subprocess while a player's moves go
on in another thread; the commands are run as a host runs them (``python -m web``).
"""

from __future__ import annotations

import random
import secrets
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import create_engine, inspect, make_url, select, text, update
from support.live import LiveServer, Player, migrated_sqlite
from support.procs import GameClient, ServerProcess, server_env, stored_events
from support.services import require_postgres

from web import ops as admin
from web.db import Database, as_utc, utcnow
from web.models import Game, GameEvent, GameTable, User
from web.ops.migrate import downgrade, upgrade
from web.people.names import FORMER_PLAYER


def cli(*args: str | Path, check: bool = True) -> subprocess.CompletedProcess[str]:
    """``chromino …`` as a host runs it (without any CHROMINO_ variable of ours)."""
    result = subprocess.run(
        [sys.executable, "-m", "web", *(str(arg) for arg in args)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=server_env("sqlite:///unused.sqlite3"),
    )
    if check:
        assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    return result


@pytest.fixture
def cleanup() -> Iterator[list[Any]]:
    things: list[Any] = []
    yield things
    for thing in reversed(things):
        (getattr(thing, "kill", None) or thing.close)()


# --- backup and restore ------------------------------------------------------------


class Mover(threading.Thread):
    """Plays a solo game move after move until told to stop (or the game ends),
    keeping every version the server acknowledged."""

    def __init__(self, client: GameClient) -> None:
        super().__init__(daemon=True)
        self.client = client
        self.acked: list[int] = []
        self.stop = threading.Event()
        self.moved = threading.Condition()
        self.error: BaseException | None = None

    def run(self) -> None:
        rng = random.Random(11)
        try:
            while not self.stop.is_set() and not self.client.state["finished"]:
                version = self.client.version
                command_id = f"move-{version}"
                self.client.send(self.client.decide(rng), command_id, version)
                acked = self.client.wait_ack(command_id)
                self.client.wait_version(acked)
                with self.moved:
                    self.acked.append(acked)
                    self.moved.notify_all()
        except BaseException as error:
            self.error = error
        finally:
            with self.moved:
                self.stop.set()
                self.moved.notify_all()

    def wait_for(self, count: int, timeout: float = 30) -> None:
        with self.moved:
            reached = self.moved.wait_for(
                lambda: len(self.acked) >= count or self.stop.is_set(), timeout
            )
        assert reached and self.error is None, self.error
        assert len(self.acked) >= count, "the game ended too soon"


def test_a_backup_taken_while_moves_go_on_restores_every_acknowledged_move(
    tmp_path: Path, cleanup: list[Any]
) -> None:
    live_url = migrated_sqlite(tmp_path / "live.sqlite3")
    server = ServerProcess(server_env(live_url), tmp_path / "live.log")
    cleanup.append(server)
    server.start()
    person = Player(server.url)
    cleanup.append(person)
    game_id = person.http.post("/api/solo").json()["game_id"]
    client = GameClient(person, game_id)
    cleanup.append(client)
    client.connect()
    mover = Mover(client)
    mover.start()
    mover.wait_for(5)

    with mover.moved:
        acknowledged = list(mover.acked)  # every move acknowledged before the backup began
    backup = tmp_path / "backups" / "during-play.sqlite3"
    backup.parent.mkdir()
    made = cli("db", "backup", backup, "--database-url", live_url)
    assert "backed up" in made.stdout
    mover.wait_for(len(acknowledged) + 2)  # the game went on during and after the backup
    mover.stop.set()
    mover.join(timeout=30)
    assert mover.error is None, mover.error
    assert not (tmp_path / "backups" / ".during-play.sqlite3.partial").exists()

    restored_url = f"sqlite:///{tmp_path / 'restored' / 'chromino.sqlite3'}"
    cli("db", "restore", backup, "--database-url", restored_url)
    events = stored_events(restored_url, game_id)
    versions = [event.seq for event in events]
    assert versions == list(range(1, len(versions) + 1)), "the backup is one consistent moment"
    assert set(acknowledged) <= set(versions)
    live_events = stored_events(live_url, game_id)[: len(events)]
    assert [(e.seq, e.action) for e in events] == [(e.seq, e.action) for e in live_events]
    restored = Database(restored_url)
    try:
        with restored.session() as session:
            game = session.get(Game, game_id)
            assert game is not None
            assert game.version == len(events)
    finally:
        restored.dispose()

    # A server started on the restored database takes the game up where the backup was.
    again = ServerProcess(server_env(restored_url), tmp_path / "restored.log")
    cleanup.append(again)
    again.start()
    resumed = GameClient(Player(again.url), game_id)
    resumed.player.http.cookies.update(person.http.cookies)  # the same person, signed in
    cleanup.append(resumed)
    welcome = resumed.connect()
    assert welcome["version"] == len(events)
    assert welcome["seat"] == 0
    if not resumed.state["finished"]:
        resumed.send(resumed.decide(random.Random(3)), "after-restore", len(events))
        assert resumed.wait_ack("after-restore") == len(events) + 1


def test_restore_refuses_a_database_that_holds_data_unless_forced(tmp_path: Path) -> None:
    source = migrated_sqlite(tmp_path / "source.sqlite3")
    backup = tmp_path / "backup.sqlite3"
    admin.backup(source, backup)
    with pytest.raises(admin.AdminError, match="already exists"):
        admin.backup(source, backup)

    occupied = migrated_sqlite(tmp_path / "occupied.sqlite3")
    refused = cli("db", "restore", backup, "--database-url", occupied, check=False)
    assert refused.returncode == 1
    assert "is not empty" in refused.stderr and "--force" in refused.stderr
    assert "restored" in cli("db", "restore", backup, "--database-url", occupied, "--force").stdout

    empty_file = tmp_path / "empty.sqlite3"
    empty_file.touch()  # an empty file is a fresh database
    cli("db", "restore", backup, "--database-url", f"sqlite:///{empty_file}")

    stranger = tmp_path / "stranger.sqlite3"
    with sqlite3.connect(stranger) as connection:
        connection.execute("CREATE TABLE notes (body TEXT)")
    connection.close()
    with pytest.raises(admin.AdminError, match="not a chromino database"):
        admin.restore(stranger, f"sqlite:///{tmp_path / 'new.sqlite3'}")
    not_sqlite = tmp_path / "notes.txt"
    not_sqlite.write_text("hello")
    with pytest.raises(admin.AdminError, match="not a readable SQLite database"):
        admin.restore(not_sqlite, f"sqlite:///{tmp_path / 'new.sqlite3'}")
    missing = cli("db", "restore", tmp_path / "nope.sqlite3", check=False)
    assert missing.returncode == 1
    assert "there is no backup" in missing.stderr


def test_postgresql_backups_are_pg_dump_s_work(tmp_path: Path) -> None:
    url = "postgresql://chromino:secret@db.internal:5432/chromino"
    result = cli("db", "backup", tmp_path / "x.dump", "--database-url", url, check=False)
    assert result.returncode == 1
    assert "pg_dump --format=custom" in result.stderr
    assert "postgresql://chromino:secret@db.internal:5432/chromino" in result.stderr
    restore = cli("db", "restore", tmp_path / "x.dump", "--database-url", url, check=False)
    assert "pg_restore" in restore.stderr


# --- guests -----------------------------------------------------------------------------


def age(database: Database, user_id: int, days: float) -> None:
    """Pretend the user was last seen ``days`` ago."""
    with database.session() as session:
        moment = utcnow() - timedelta(days=days)
        session.execute(update(User).where(User.id == user_id).values(last_seen_at=moment))


def play_moves(person: Player, game_id: str, count: int) -> None:
    client = GameClient(person, game_id)
    client.connect()
    rng = random.Random(5)
    for index in range(count):
        version = client.version
        client.send(client.decide(rng), f"m{index}", version)
        client.wait_version(client.wait_ack(f"m{index}"))
    client.close()


def test_pruning_keeps_finished_games_readable_and_active_guests(
    live_server: LiveServer, players: list[Player], db: Database
) -> None:
    gone, at_table, in_game, recent = players
    member = Player(live_server.url)
    try:
        assert member.http.put("/api/me/password", json={"password": "long enough pw"}).is_success
        # A finished two-person game of the guest who will go (and of the member).
        table = gone.http.post(
            "/api/tables", json={"seats": [{"kind": "human"}, {"kind": "human"}]}
        ).json()
        assert member.http.post(f"/api/tables/{table['invite_code']}/join").is_success
        finished_id = gone.http.post(f"/api/tables/{table['invite_code']}/start").json()["game_id"]
        first = GameClient(gone, finished_id)
        current = first.connect()["state"]["current"]
        first.close()
        play_moves([gone, member][current], finished_id, 1)
        admin.end_game(db, finished_id, "test over")
        # Guests that stay: one seated at an open table, one in a game in progress.
        open_table = at_table.http.post("/api/tables", json={"seats": [{"kind": "human"}] * 2})
        assert open_table.status_code == 201
        playing_id = in_game.http.post("/api/solo").json()["game_id"]
        play_moves(in_game, playing_id, 1)
        for person in (gone, at_table, in_game, member):
            age(db, person.me["id"], 40)
        age(db, recent.me["id"], 3)

        assert admin.prune_guests(db, 30, dry_run=True) == [gone.me["id"]]
        assert admin.prune_guests(db, 30) == [gone.me["id"]]
        assert admin.prune_guests(db, 30) == []

        with db.session() as session:
            remaining = set(session.scalars(select(User.id)))
            finished = session.get(Game, finished_id)
            assert finished is not None
            creator = session.scalar(
                select(GameTable.creator_id).where(GameTable.id == finished.table_id)
            )
        assert gone.me["id"] not in remaining
        assert {at_table.me["id"], in_game.me["id"], recent.me["id"], member.me["id"]} <= remaining
        assert creator is None
        assert [seat["name"] for seat in finished.seats] == [
            FORMER_PLAYER,
            member.me["name"],
        ]

        # Everyone can still read the game, its record and its table.
        summary = recent.http.get(f"/api/games/{finished_id}").json()["game"]
        assert summary["players"] == [FORMER_PLAYER, member.me["name"]]
        assert summary["status"] == "finished"
        record = recent.http.get(f"/api/games/{finished_id}/record").json()
        assert record["players"] == [FORMER_PLAYER, member.me["name"]]
        assert len(record["moves"]) == 1
        assert recent.http.get(f"/g/{finished_id}/replay").status_code == 200
        shown = recent.http.get(f"/api/tables/{table['invite_code']}").json()
        assert shown["creator_id"] is None
        member_games = member.http.get("/api/me/games").json()
        assert [game["players"] for game in member_games] == [[FORMER_PLAYER, member.me["name"]]]

        # The pruned guest's old cookie names nobody: they come back as a visitor, and
        # their first action makes a new guest with an id never used before (SQLite
        # would otherwise reuse the highest one).
        highest = max(remaining | {gone.me["id"]})
        assert gone.http.get("/api/me").json()["visitor"] is True
        comeback = gone.http.post("/api/me").json()
        assert comeback["id"] > highest
        assert comeback["registered"] is False
    finally:
        member.close()


def test_last_seen_is_written_at_most_once_an_hour(players: list[Player], db: Database) -> None:
    person = players[0]

    def last_seen() -> Any:
        with db.session() as session:
            return session.scalar(select(User.last_seen_at).where(User.id == person.me["id"]))

    age(db, person.me["id"], 2)
    old = as_utc(last_seen())
    person.http.get("/api/me")
    fresh = as_utc(last_seen())
    assert utcnow() - fresh < timedelta(minutes=5) < fresh - old
    person.http.get("/api/me")
    person.http.get("/")
    assert as_utc(last_seen()) == fresh


def test_prune_guests_refuses_bad_input(tmp_path: Path) -> None:
    for days in ("0", "-3", "many"):
        result = cli("admin", "prune-guests", "--days", days, check=False)
        assert result.returncode == 2
        assert "--days" in result.stderr
    url = migrated_sqlite(tmp_path / "empty.sqlite3")
    result = cli("admin", "prune-guests", "--days", "30", "--database-url", url)
    assert "pruned 0 guest account(s)" in result.stdout


# --- stuck games ------------------------------------------------------------------------


def test_a_stuck_game_is_listed_and_ended_and_the_running_server_notices(
    live_server: LiveServer, players: list[Player], db: Database
) -> None:
    person = players[0]
    game_id = person.http.post("/api/solo").json()["game_id"]
    play_moves(person, game_id, 2)
    assert admin.stuck_games(db, 1) == []
    with db.session() as session:
        long_ago = utcnow() - timedelta(hours=30)
        session.execute(
            update(GameEvent).where(GameEvent.game_id == game_id).values(created_at=long_ago)
        )
        session.execute(update(Game).where(Game.id == game_id).values(created_at=long_ago))
    [stuck] = admin.stuck_games(db, 24)
    assert (stuck.game_id, stuck.version, stuck.players) == (game_id, 2, [person.me["name"]])
    assert stuck.idle > timedelta(hours=29)
    assert admin.stuck_games(db, 31) == []
    listed = cli("admin", "stuck-games", "--hours", "24", "--database-url", db.url)
    assert game_id in listed.stdout

    # The room is live in the server (the player just moved); the host ends the game.
    ended = cli("admin", "end-game", game_id, "--reason", "abandoned", "--database-url", db.url)
    assert "ended" in ended.stdout
    again = cli("admin", "end-game", game_id, "--database-url", db.url, check=False)
    assert again.returncode == 1 and "already finished" in again.stderr
    missing = cli("admin", "end-game", "no-such-game", "--database-url", db.url, check=False)
    assert missing.returncode == 1 and "no game has the id" in missing.stderr

    client = GameClient(person, game_id)
    client.connect()
    rng = random.Random(9)
    codes = []
    for attempt in range(2):
        client.send(client.decide(rng), f"late-{attempt}", client.version)
        reply = client.wait_reply(f"late-{attempt}")
        assert reply["type"] == "error"
        codes.append(reply["code"])
    assert codes[-1] == "game_over"
    assert set(codes) <= {"conflict", "game_over"}
    client.close()
    assert [event.seq for event in stored_events(db.url, game_id)] == [1, 2]
    with db.session() as session:
        game = session.get(Game, game_id)
        assert game is not None and game.status == "finished"
        assert game.result is not None
        assert (game.result["ended_by"], game.result["reason"]) == ("host", "abandoned")
        assert game.result["winners"] == []
    summary = person.http.get(f"/api/games/{game_id}").json()["game"]
    assert summary["result"]["ended_by"] == "host"
    assert admin.stuck_games(db, 1) == []


# --- migration 0003 ---------------------------------------------------------------------


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'migrations.sqlite3'}"
        return
    admin_url = require_postgres()
    name = f"chromino_test_{secrets.token_hex(6)}"
    with psycopg.connect(admin_url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin_url, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_migration_0003_goes_up_and_down_with_data(empty_database: str) -> None:
    url = empty_database
    upgrade(url, "0001")
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    created = "2026-01-02 03:04:05"
    try:
        with engine.begin() as connection:
            insert_user = text(
                "INSERT INTO user_account (name, name_key, session_epoch, created_at)"
                " VALUES (:name, :key, 0, :at) RETURNING id"
            )
            connection.execute(insert_user, {"name": "Ana", "key": "ana", "at": created})
            guest = connection.execute(
                insert_user, {"name": "Guest 1", "key": "guest 1", "at": created}
            ).scalar_one()
            connection.execute(
                text(
                    "INSERT INTO preference (user_id, assistance, palette, symbols,"
                    " reversed_arrows, sound, language, updated_at)"
                    " VALUES (:guest, 'beginner', 'classic', false, false, true, 'en', :at)"
                ),
                {"guest": guest, "at": created},
            )
            connection.execute(
                text(
                    "INSERT INTO game_table (invite_code, creator_id, options, public, solo,"
                    " status, created_at)"
                    " VALUES ('abc', :guest, '{}', false, true, 'finished', :at)"
                ),
                {"guest": guest, "at": created},
            )
        upgrade(url, "0003")
        columns = {column["name"]: column for column in inspect(engine).get_columns("game_table")}
        assert columns["creator_id"]["nullable"] is True
        with engine.begin() as connection:
            seen = connection.execute(
                text("SELECT last_seen_at, created_at FROM user_account ORDER BY id")
            ).all()
            assert all(last_seen == created_at for last_seen, created_at in seen)
            # A guest pruned: their table stays without its creator.
            connection.execute(text("UPDATE game_table SET creator_id = NULL"))
            connection.execute(text("DELETE FROM preference WHERE user_id = :id"), {"id": guest})
            connection.execute(text("DELETE FROM user_account WHERE id = :id"), {"id": guest})
            fresh = connection.execute(
                text(
                    "INSERT INTO user_account (name, name_key, created_at)"
                    " VALUES ('New', 'new', :at) RETURNING id, last_seen_at"
                ),
                {"at": created},
            ).one()
            assert fresh.last_seen_at is not None  # the server default fills it in
            assert fresh.id > guest, "a pruned id is never handed out again"

        downgrade(url, "0001")
        assert "last_seen_at" not in {
            c["name"] for c in inspect(engine).get_columns("user_account")
        }
        with engine.begin() as connection:
            creator = connection.execute(text("SELECT creator_id FROM game_table")).scalar_one()
            stand_in = connection.execute(
                text("SELECT name FROM user_account WHERE id = :id"), {"id": creator}
            ).scalar_one()
        assert stand_in == "Former guest"
        upgrade(url)
        downgrade(url, "base")
        assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    finally:
        engine.dispose()


def test_processes_starting_together_migrate_one_after_the_other() -> None:
    """Several ``chromino db upgrade`` at once on a new PostgreSQL database: the
    advisory lock lets one migrate while the others wait, then find it done."""
    admin_url = require_postgres()
    name = f"chromino_test_{secrets.token_hex(6)}"
    with psycopg.connect(admin_url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    url = make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    try:
        command = [sys.executable, "-m", "web", "db", "upgrade", "--database-url", url]
        env = server_env(url)
        runs = [
            subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            for _ in range(3)
        ]
        outcomes = [(run.wait(timeout=120), run.communicate()) for run in runs]
        for status, (_, stderr) in outcomes:
            assert status == 0, stderr.decode()
    finally:
        with psycopg.connect(admin_url, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
