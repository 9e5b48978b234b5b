"""A game's end is recorded as pending for the coach in the transaction that stores it
(``web.live.coach.mark_pending``, one of the event store's hooks): there with the end,
on SQLite and on PostgreSQL, and never over an analysis already made."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select
from support.stores import bots_game, let_go

from web.db import Database, utcnow
from web.live.coach import mark_pending
from web.live.store import EventStore, StoredEvent
from web.models import Game, GameAnalysis


@pytest.fixture(params=["sqlite", "postgresql"])
def both_databases(
    request: pytest.FixtureRequest, tmp_path: Path, database_url: str
) -> Iterator[Database]:
    url = database_url if request.param == "sqlite" else request.getfixturevalue("pg_url")
    database = Database(url)
    yield database
    database.dispose()


def the_end(version: int) -> StoredEvent:
    """An event that ends its game (its result is all the hook reads)."""
    result = {"places": [1, 2], "scores": [0, 0], "hand_sizes": [0, 3]}
    return StoredEvent(version, 0, {"action": "pass"}, None, None, None, result, None)


def analysis_of(db: Database, game_id: str) -> str | None:
    with db.session() as session:
        query = select(GameAnalysis.status).where(GameAnalysis.game_id == game_id)
        return session.scalar(query)


def test_a_games_end_is_pending_for_the_coach_with_the_end_itself(
    both_databases: Database,
) -> None:
    db = both_databases
    store = EventStore(db, endings=(mark_pending,))
    try:
        ending, going_on = bots_game(db, "pending-1"), bots_game(db, "pending-2")
        going = StoredEvent(1, 0, {"action": "pass"}, None, None, None, None, 1)
        assert store.commit_many([(ending, the_end(1)), (going_on, going)]) == [None, None]
        assert analysis_of(db, ending) == "pending"
        assert analysis_of(db, going_on) is None  # still played: nothing for the coach
        with db.session() as session:
            game = session.get(Game, ending)
            assert game is not None and game.status == "finished"
    finally:
        let_go(store)


def test_an_analysis_already_made_is_left_as_it_is(both_databases: Database) -> None:
    db = both_databases
    game_id = bots_game(db, "pending-3")
    with db.session() as session:
        session.add(GameAnalysis(game_id=game_id, status="done", notes=[]))
    with db.engine.begin() as connection:
        assert mark_pending(connection, [(game_id, {"places": [1, 2]})], utcnow()) == 1
    assert analysis_of(db, game_id) == "done"
