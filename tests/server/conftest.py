"""Fixtures for server tests: a migrated database, the app, a real server, players."""

from __future__ import annotations

import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import make_url
from support.live import LiveServer, Player, make_settings, migrated_sqlite
from support.services import require_postgres

from web.app import create_app
from web.db import Database
from web.ops.migrate import upgrade
from web.settings import Settings


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One migrated database file, copied for each test (migrating takes time)."""
    path = tmp_path_factory.mktemp("template") / "chromino.sqlite3"
    migrated_sqlite(path)
    return path


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    """A fresh, migrated PostgreSQL database for the test module, dropped at the end."""
    admin_url = require_postgres()
    name = f"chromino_test_{secrets.token_hex(6)}"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    try:
        upgrade(url)
        yield url
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def racing_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveServer]:
    """A live server on SQLite (where every writer waits its turn) and on PostgreSQL
    (where concurrent transactions really interleave, so only row locks and unique keys
    keep a race honest)."""
    if request.param == "sqlite":
        url = migrated_sqlite(tmp_path / "chromino.sqlite3")
    else:
        url = request.getfixturevalue("pg_url")
    server = LiveServer(make_settings(url)).start()
    yield server
    server.stop()


@pytest.fixture
def database_url(tmp_path: Path, migrated_template: Path) -> str:
    """A freshly migrated database of the test's own."""
    path = tmp_path / "chromino.sqlite3"
    shutil.copyfile(migrated_template, path)
    return f"sqlite:///{path}"


@pytest.fixture
def database(server: LiveServer) -> Iterator[Database]:
    """The database of the test module's own live ``server``, to read what it stored."""
    db = Database(server.settings.database_url)
    yield db
    db.dispose()


@pytest.fixture
def db(database_url: str) -> Iterator[Database]:
    """The test's database, for looking at what the server stored."""
    database = Database(database_url)
    yield database
    database.dispose()


@pytest.fixture(scope="module")
def refusing_url(migrated_template: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("refusing") / "chromino.sqlite3"
    shutil.copyfile(migrated_template, path)
    return f"sqlite:///{path}"


@pytest.fixture(scope="module")
def refusing_client(refusing_url: str) -> Iterator[TestClient]:
    """One app for the tests whose every request is refused (they change nothing), so the
    many cases of bad input do not each start a server."""
    settings = make_settings(refusing_url)
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as client:
        yield client


@pytest.fixture(scope="module")
def refusing_db(refusing_url: str) -> Iterator[Database]:
    database = Database(refusing_url)
    yield database
    database.dispose()


@pytest.fixture
def settings(database_url: str) -> Settings:
    return make_settings(database_url)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    """The app in-process, its lifespan running, for HTTP tests."""
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as test_client:
        yield test_client


@pytest.fixture
def site(client: TestClient, db: Database) -> tuple[TestClient, Database]:
    """The app and its database, for a test that looks at what a call stored."""
    return client, db


@pytest.fixture
def live_server(settings: Settings) -> Iterator[LiveServer]:
    server = LiveServer(settings).start()
    yield server
    server.stop()


@pytest.fixture
def players(live_server: LiveServer) -> Iterator[list[Player]]:
    """Four people with their own sessions on the live server."""
    people = [Player(live_server.url) for _ in range(4)]
    yield people
    for person in people:
        person.close()


@pytest.fixture
def people(server: LiveServer) -> Iterator[list[Player]]:
    """Five people on the test module's own ``server`` fixture: enough for four seats
    and someone who only watches."""
    crowd = [Player(server.url) for _ in range(5)]
    yield crowd
    for person in crowd:
        person.close()
