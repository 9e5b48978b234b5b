"""A finished table on a tournament's page says what its game counts: the score where
the game counts points, the tiles left where it does not (Chromino's standard rules),
never a score the players never saw."""

from __future__ import annotations

from fastapi.testclient import TestClient
from support.tournaments import NOW, tournament_with

from web.db import Database
from web.tournaments import record_result, start_round

BASE_URL = "http://127.0.0.1:8000"


def one_table_ended(db: Database, scores: list[int], **choices: object) -> str:
    """A one-round duel, ended with entry 1 first and these seat scores."""
    public_id, _ = tournament_with(db, 2, smallest=2, largest=2, rounds=1, **choices)
    with db.session() as session:
        seats = start_round(session, public_id, NOW).tables[0]
        ranks = [entry - 1 for entry in seats]
        record_result(session, public_id, 1, 1, ranks=ranks, scores=scores, now=NOW)
    return public_id


def test_a_game_without_points_shows_the_tiles_left(site: tuple[TestClient, Database]) -> None:
    client, db = site
    public_id = one_table_ended(db, [0, -3])
    page = client.get(f"/tournaments/{public_id}", headers={"Accept-Language": "en"}).text
    assert "0 tiles left" in page and "3 tiles left" in page
    assert "score" not in page.split('data-testid="round-seat"', 1)[1].split("</ol>", 1)[0]


def test_a_game_with_points_shows_the_score(site: tuple[TestClient, Database]) -> None:
    client, db = site
    public_id = one_table_ended(db, [41, -5], options={"scoring": "expert"})
    page = client.get(f"/tournaments/{public_id}", headers={"Accept-Language": "en"}).text
    assert "score 41" in page and "score \u22125" in page and "tiles left" not in page
