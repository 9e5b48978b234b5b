"""The games' clock (web.clock): the system's in every real server, a fake one that a
test moves on, and the test-only way to move it in a server of its own process."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError
from support.live import TEST_SECRET, make_settings

from web.app import create_app
from web.clock import FakeClock, SystemClock
from web.db import Database
from web.models import Game
from web.settings import Settings

T = TypeVar("T")

BASE_URL = "http://127.0.0.1:8000"
START = datetime(2030, 5, 1, 12, 0, tzinfo=UTC)


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine on its own thread's event loop: a browser test run earlier in this
    process may leave a loop running on the main thread (Playwright's sync API)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_a_fake_clock_releases_a_wait_only_when_moved_to_its_moment() -> None:
    clock = FakeClock(START)

    async def scenario() -> list[str]:
        happened: list[str] = []

        async def wait(name: str, seconds: float) -> None:
            await clock.wait_until(START + timedelta(seconds=seconds))
            happened.append(name)

        tasks = [asyncio.create_task(wait("later", 30)), asyncio.create_task(wait("soon", 10))]
        await asyncio.sleep(0)  # both are waiting
        clock.advance(9)
        await asyncio.sleep(0)
        assert happened == []
        clock.advance(1)
        await tasks[1]
        assert happened == ["soon"]
        clock.set(START)  # a moment already past: the clock stays where it is
        assert clock.now() == START + timedelta(seconds=10)
        clock.set(START + timedelta(seconds=45))
        await tasks[0]
        await clock.wait_until(START)  # a moment already past returns at once
        return happened

    assert run_apart(scenario()) == ["soon", "later"]
    with pytest.raises(ValueError, match="cannot go back"):
        clock.advance(-1)


def test_the_system_clock_is_the_time_of_day() -> None:
    clock = SystemClock()
    before = datetime.now(UTC)
    now = clock.now()
    assert before <= now <= datetime.now(UTC)
    run_apart(clock.wait_until(now - timedelta(seconds=5)))  # past: no wait at all


def test_production_refuses_a_fake_clock() -> None:
    with pytest.raises(ValidationError, match="CHROMINO_FAKE_CLOCK is for tests"):
        Settings(environment="production", secret_key=TEST_SECRET, fake_clock=True)


def test_a_real_server_has_no_clock_to_move(database_url: str) -> None:
    with TestClient(create_app(make_settings(database_url)), base_url=BASE_URL) as client:
        assert client.app.state.clock.__class__ is SystemClock  # type: ignore[attr-defined]
        assert client.post("/test/clock", json={"advance": 60}).status_code == 404


def test_a_test_server_moves_its_clock_and_deals_by_it(database_url: str, db: Database) -> None:
    settings = make_settings(database_url, fake_clock=True, fake_clock_start=START)
    with TestClient(create_app(settings), base_url=BASE_URL) as client:
        moved = client.post("/test/clock", json={"advance": 90})
        assert moved.status_code == 200, moved.text
        assert moved.json() == {"now": (START + timedelta(seconds=90)).timestamp()}
        ahead = (START + timedelta(hours=1)).timestamp()
        assert client.post("/test/clock", json={"to": ahead}).json() == {"now": ahead}
        assert client.post("/test/clock", json={"to": 0}).json() == {"now": ahead}
        for body, problem in (
            ({}, "give one of advance or to"),
            ({"advance": 1, "to": ahead}, "give one of advance or to"),
        ):
            refused = client.post("/test/clock", json=body)
            assert refused.status_code == 422
            assert refused.json()["detail"]["message"] == problem
        assert client.post("/test/clock", json={"advance": -5}).status_code == 422
        timed = {"options": {"turn_seconds": 30}}
        game_id = client.post("/api/solo", json=timed).json()["game_id"]
    with db.sessions() as session:
        game = session.get(Game, game_id)
        assert game is not None and game.turn_deadline_at is not None
        deadline = game.turn_deadline_at.replace(tzinfo=game.turn_deadline_at.tzinfo or UTC)
        assert deadline == START + timedelta(hours=1, seconds=30)
