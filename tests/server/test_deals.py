"""Deals: random in production, reproducible in tests (``deal_seed``)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError
from support.api import finished_rematch
from support.live import TEST_SECRET, make_settings, migrated_sqlite

from web.app import create_app
from web.db import Database
from web.models import Game
from web.settings import Settings

BASE_URL = "http://127.0.0.1:8000"
TWO_HUMANS = {"seats": [{"kind": "human"}, {"kind": "human"}]}


def deal_of(db: Database, game_id: str) -> dict[str, Any]:
    """What the shuffle decided (the players' names are the guests' own)."""
    with db.sessions() as session:
        game = session.get(Game, game_id)
        assert game is not None
        return {key: game.setup[key] for key in ("start", "hands", "bag", "first")}


def dealt_solo_games(database_url: str, deal_seed: str | None, count: int) -> list[str]:
    """The game ids of ``count`` solo games, each at a new table, on a fresh app."""
    settings = make_settings(database_url, deal_seed=deal_seed)
    with TestClient(create_app(settings), base_url=BASE_URL) as client:
        return [client.post("/api/solo").json()["game_id"] for _ in range(count)]


def test_production_refuses_a_fixed_deal_seed() -> None:
    with pytest.raises(ValidationError, match="CHROMINO_DEAL_SEED is for tests"):
        Settings(environment="production", secret_key=TEST_SECRET, deal_seed="fixed")


def test_a_deal_seed_deals_the_same_games_again(
    database_url: str, db: Database, tmp_path_factory: pytest.TempPathFactory
) -> None:
    first_run = dealt_solo_games(database_url, "same", 3)
    deals = [deal_of(db, game_id) for game_id in first_run]
    # a different table of the same run gets a different deal
    assert deals[0]["hands"] != deals[1]["hands"]
    # the same tables on a second database with the same seed: the same deals
    other_url = migrated_sqlite(tmp_path_factory.mktemp("again") / "chromino.sqlite3")
    second_run = dealt_solo_games(other_url, "same", 3)
    other = Database(other_url)
    try:
        assert [deal_of(other, game_id) for game_id in second_run] == deals
    finally:
        other.dispose()


def test_without_a_deal_seed_deals_are_random(
    database_url: str, db: Database, tmp_path_factory: pytest.TempPathFactory
) -> None:
    mine = dealt_solo_games(database_url, None, 1)
    other_url = migrated_sqlite(tmp_path_factory.mktemp("random") / "chromino.sqlite3")
    theirs = dealt_solo_games(other_url, None, 1)
    other = Database(other_url)
    try:
        # the same table id on two databases: with a fixed seed these would be equal
        assert deal_of(db, mine[0]) != deal_of(other, theirs[0])
    finally:
        other.dispose()


def test_a_rematch_is_a_new_deal(database_url: str, db: Database) -> None:
    settings = make_settings(database_url, deal_seed="rematch")
    with TestClient(create_app(settings), base_url=BASE_URL) as client:
        first, second = finished_rematch(client, db)
    assert first != second
    assert deal_of(db, first)["hands"] != deal_of(db, second)["hands"]
