"""The pytest plugin every test package loads (``tests/conftest.py`` names it): the one
way a test module gets real servers.

A module asks the ``serve`` fixture for each server it needs, with the settings it
needs, and gets it started on a fresh migrated database; every server it started stops
when the module's last test is done. Sharing one server per module keeps the suite
fast (starting one costs a second or two), and a module that must not share its
server with the next one never does.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import PasswordHasher

from support.live import LiveServer, make_settings, migrated_sqlite
from web.people import accounts


class LiveServers:
    """Starts live servers for one test module and stops them all when it ends.

    A fixture that asks for what its server uses (a mail catcher) before ``serve`` has
    the servers stop first: pytest ends a module's fixtures in the reverse order of
    their start."""

    def __init__(self, folders: pytest.TempPathFactory) -> None:
        self.folders = folders
        self.started: list[LiveServer] = []

    def __call__(self, **overrides: Any) -> LiveServer:
        """A started server with the test settings and these ``overrides``, on their
        ``database_url`` if given (else a fresh migrated SQLite file). ``own_origin=True``:
        only the server's own address may change things or open sockets, as a browser's
        pages reach it; ``own_url=True``: the links it sends (in email) lead to it. (One
        bag of keywords, so a module's settings dict passes whole.)"""
        own_origin = bool(overrides.pop("own_origin", False))
        own_url = bool(overrides.pop("own_url", False))
        url = overrides.pop("database_url", None) or migrated_sqlite(
            self.folders.mktemp("live") / "chromino.sqlite3"
        )
        live = LiveServer(make_settings(url, **overrides))
        if own_origin:
            live.settings.allowed_origins = [live.url]
        if own_url:
            live.settings.public_url = live.url
        self.started.append(live.start())
        return live

    def stop_all(self) -> None:
        while self.started:
            self.started.pop().stop()


@pytest.fixture(scope="module")
def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServers]:
    """Start servers for the module: ``serve(**settings)`` (see :class:`LiveServers`)."""
    servers = LiveServers(tmp_path_factory)
    yield servers
    servers.stop_all()


@pytest.fixture
def quick_hasher(monkeypatch: pytest.MonkeyPatch) -> None:
    """Argon2 at its smallest costs, for a test whose many sign-ins are about something
    else (limits, names): each one otherwise hashes for a good part of a second."""
    monkeypatch.setattr(
        accounts, "_hasher", PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    )
