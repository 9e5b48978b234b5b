"""Group commit (web.live.store): a commit waits a moment for company only while several
games' moves keep arriving. One game played alone on a host, however fast its moves
come, is committed at once each time; moves of several games share a batch."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from support.stores import bots_game, let_go
from support.streams import run_alone

from web.db import Database
from web.live.store import GATHER_SECONDS, EventStore, StoredEvent


class CountingStore(EventStore):
    """The store, keeping the size of each batch its writer commits."""

    def __init__(self, db: Database) -> None:
        super().__init__(db)
        self.batches: list[int] = []

    def commit_many(self, items: list[tuple[str, StoredEvent]]) -> list[BaseException | None]:
        self.batches.append(len(items))
        return super().commit_many(items)


@pytest.fixture
def store(db: Database) -> Iterator[CountingStore]:
    events = CountingStore(db)
    yield events
    let_go(events)


def a_pass(version: int) -> StoredEvent:
    return StoredEvent(version, 0, {"action": "pass"}, None, None, None, None, 1)


def test_a_game_played_alone_never_waits_for_company(db: Database, store: CountingStore) -> None:
    game = bots_game(db, "alone")

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        for version in range(1, 21):
            await store.write(game, a_pass(version))
            assert store.company_wait(loop.time()) == 0.0, f"after version {version}"

    run_alone(scenario)
    assert store.batches == [1] * 20


def test_several_games_moving_share_a_batch_and_wait_for_company(
    db: Database, store: CountingStore
) -> None:
    games = [bots_game(db, f"together-{index}") for index in range(4)]
    waits: list[float] = []

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        for version in range(1, 6):
            moves: list[Any] = [store.write(game, a_pass(version)) for game in games]
            await asyncio.gather(*moves)
            waits.append(store.company_wait(loop.time()))

    run_alone(scenario)
    assert sum(store.batches) == 20
    assert len(store.batches) < 20  # the four games' moves went in together
    assert waits[-1] == GATHER_SECONDS  # several games move: the next commit waits
