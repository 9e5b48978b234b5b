"""Fixtures for server tests: a migrated database, the app, a real server, players."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from support import LiveServer, Player, make_settings, migrated_sqlite

from web.app import create_app
from web.settings import Settings


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    return migrated_sqlite(tmp_path / "chromino.sqlite3")


@pytest.fixture
def settings(database_url: str) -> Settings:
    return make_settings(database_url)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    """The app in-process, its lifespan running, for HTTP tests."""
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as test_client:
        yield test_client


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
