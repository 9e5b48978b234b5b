"""My practice (``GET /api/me/practice`` and ``/practice``): my rated tries counted by
theme and result, my puzzle rating after each, my best runs; the page says the same in
the reader's language, and a visitor is asked to practise first. (The coach's part is
counted against real notes in tests/server/test_coach_notes.py.)"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete
from support.api import expect
from support.live import make_settings
from support.puzzles import expert_puzzles

from chromino import GAMES
from chromino.core.puzzles import Puzzle
from web.app import create_app
from web.db import Database
from web.models import PuzzleRow
from web.puzzles import stock
from web.puzzles.rating_line import MIN_SPAN, line_points

BASE_URL = "http://127.0.0.1:8000"
NUMBERS = itertools.count(1)
THEME = "chromino.most_points.expert"


@pytest.fixture(scope="module")
def puzzles() -> list[Puzzle]:
    return expert_puzzles(3)


@pytest.fixture
def client(database_url: str, puzzles: list[Puzzle]) -> Iterator[TestClient]:
    database = Database(database_url)
    with database.session() as session:
        session.execute(delete(PuzzleRow))
        stock(session, puzzles)
    database.dispose()
    with TestClient(create_app(make_settings(database_url)), base_url=BASE_URL) as site:
        yield site


def person(client: TestClient) -> TestClient:
    their = TestClient(client.app, base_url=BASE_URL)
    expect(their.put("/api/me/name", json={"name": f"Practiser{next(NUMBERS)}"}), 200)
    return their


def wrong_placement(puzzle: Puzzle) -> dict[str, Any]:
    game = GAMES[puzzle.game]
    answer = game.parse_placement(puzzle.solution).normalized()
    for move in game.position_moves(puzzle.position, puzzle.scoring):
        if game.parse_placement(move).normalized() != answer:
            return {k: v for k, v in move.items() if k not in ("score", "contacts", "figure")}
    raise AssertionError("no other placement")


def test_my_tries_are_counted_by_theme_and_result_with_my_rating_after_each(
    client: TestClient, puzzles: list[Puzzle]
) -> None:
    ana = person(client)
    rated = []
    bodies = [
        {"placement": puzzles[0].solution},
        {"placement": puzzles[1].solution, "hinted": True},
        {"placement": wrong_placement(puzzles[2])},
    ]
    for puzzle, body in zip(puzzles, bodies, strict=True):
        answer = expect(ana.post(f"/api/puzzles/{puzzle.id}/tries", json=body), 200)
        rated.append(answer["rated"]["after"])
    mine = expect(ana.get("/api/me/practice"), 200)
    assert [
        (t["theme"], t["tries"], t["solved"], t["hinted"], t["missed"]) for t in mine["puzzles"]
    ] == [(THEME, 3, 1, 1, 1)]
    assert [point["rating"] for point in mine["history"]] == rated
    assert mine["rating"] == rated[-1]
    assert mine["coach"]["games"] == 0 and mine["best"] == {"streak": 0, "timed": 0}

    page = ana.get("/practice")
    assert page.status_code == 200
    assert f"Your puzzle rating: {rated[-1]}" in page.text
    assert 'data-testid="practice-line"' in page.text
    assert f'data-theme="{THEME}"' in page.text
    assert "Finish a game and the coach looks at each of your moves." in page.text
    french = ana.get("/practice", headers={"accept-language": "fr"})
    assert "Chromino · Le plus de points" in french.text


def test_a_visitor_is_asked_to_practise_first(client: TestClient) -> None:
    page = client.get("/practice")
    assert page.status_code == 200 and 'data-testid="practice-empty"' in page.text
    nothing = expect(client.get("/api/me/practice"), 200)  # asking makes no guest
    assert (nothing["rating"], nothing["puzzles"], nothing["coach"]["games"]) == (1500, [], 0)
    assert client.get("/api/me").json().get("id") is None


def test_the_rating_line_spans_the_box_and_stays_flat_when_flat() -> None:
    assert line_points([1500]) == ""
    rising = line_points([1400, 1500, 1600])
    points = [tuple(map(float, pair.split(","))) for pair in rising.split()]
    assert [x for x, _ in points] == [0.0, 50.0, 100.0]
    assert points[0][1] == 100.0 and points[-1][1] == 0.0  # the highest at the top
    flat = [float(pair.split(",")[1]) for pair in line_points([1500, 1510]).split()]
    assert flat[0] - flat[1] == pytest.approx(10 / MIN_SPAN * 100)
