"""The puzzles' API through the app, on a shelf stocked with puzzles the engine found:
a puzzle's document proves again; the solution is right and says why, another legal
placement is wrong and says what it leads to, an illegal one is refused and counts for
nothing; a person's first try moves both ratings, once; the next puzzle is one not tried;
the day's is everyone's; a streak ends at its first miss and a timed run at its end; bad
input is refused by name, with no trace."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, select
from support.api import expect
from support.live import make_settings

from chromino import GAMES
from chromino.core.puzzles import Puzzle, find_puzzles, read_puzzle, verify
from web.app import create_app
from web.clock import FakeClock
from web.db import Database
from web.models import PuzzleRow, PuzzleSkill, PuzzleTry
from web.puzzles import shelf as shelf_module
from web.puzzles import stock
from web.puzzles.skill import new_puzzle

BASE_URL = "http://127.0.0.1:8000"
NUMBERS = itertools.count(1)
KINDS = {
    "chromino.most_points.expert": ("chromino", "most_points", "expert", range(40)),
    "chromino.last_tile": ("chromino", "last_tile", None, [0, 1, 2, 38]),
    "triominos.most_points": ("triominos", "most_points", None, range(40)),
}
"""Each theme stocked here: its game, goal, scoring, and the deals its puzzles are found in."""


def found(theme: str, count: int) -> list[Puzzle]:
    name, goal, scoring, seeds = KINDS[theme]
    game = GAMES[name]
    options = game.table_options("standard", scoring or "none") if game.scorings else None
    return list(itertools.islice(find_puzzles(game, goal, scoring, options, seeds), count))


@pytest.fixture(scope="module")
def shelf() -> dict[str, list[Puzzle]]:
    return {theme: found(theme, 3) for theme in KINDS}


@pytest.fixture
def site(
    database_url: str, shelf: dict[str, list[Puzzle]]
) -> Iterator[tuple[TestClient, Database]]:
    database = Database(database_url)
    with database.session() as session:
        session.execute(delete(PuzzleRow))  # only the puzzles found here
        stock(session, [puzzle for puzzles in shelf.values() for puzzle in puzzles])
    settings = make_settings(database_url, fake_clock=True)
    with TestClient(create_app(settings), base_url=BASE_URL) as client:
        yield client, database
    database.dispose()


def refused(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    detail: dict[str, Any] = expect(response, status)["detail"]
    assert detail["code"] == code, detail
    assert detail["message"]
    return detail


def person(client: TestClient) -> TestClient:
    """A person in a browser of their own (a guest once they act)."""
    their = TestClient(client.app, base_url=BASE_URL)
    expect(their.put("/api/me/name", json={"name": f"Solver{next(NUMBERS)}"}), 200)
    return their


def other_legal(puzzle: dict[str, Any]) -> dict[str, Any]:
    """A legal placement of the puzzle's board that is not its solution."""
    game = GAMES[puzzle["game"]]
    solution = game.parse_placement(puzzle["document"]["solution"]).normalized()
    for move in puzzle["board"]["legal"]:
        fields = {k: v for k, v in move.items() if k not in ("points", "figure", "score")}
        if game.parse_placement(fields).normalized() != solution:
            return fields
    raise AssertionError("no other legal placement")


def tries_of(database: Database) -> list[tuple[int, str, str]]:
    with database.session() as session:
        rows = session.scalars(select(PuzzleTry).order_by(PuzzleTry.at))
        return [(row.user_id, row.puzzle_id, row.result) for row in rows]


def test_the_shelf_lists_its_themes_and_a_newcomer_starts_at_1500(
    site: tuple[TestClient, Database],
) -> None:
    client, _ = site
    shelf = expect(client.get("/api/puzzles"), 200)
    assert {theme["id"]: theme["count"] for theme in shelf["themes"]} == dict.fromkeys(KINDS, 3)
    assert (shelf["rating"], shelf["tries"], shelf["best"]) == (1500, 0, {"streak": 0, "timed": 0})
    titles = {theme["id"]: (theme["game_title"], theme["goal_title"]) for theme in shelf["themes"]}
    assert titles["chromino.last_tile"] == ("Chromino", "The last tile")
    assert titles["triominos.most_points"] == ("Triominos Challenge", "Most points")


def test_a_puzzles_document_proves_again_and_its_board_holds_its_hand(
    site: tuple[TestClient, Database], shelf: dict[str, list[Puzzle]]
) -> None:
    client, _ = site
    for theme, puzzles in shelf.items():
        answer = expect(client.get(f"/api/puzzles/{puzzles[0].id}"), 200)
        again = read_puzzle(answer["document"], GAMES)
        assert again == puzzles[0] and verify(again, GAMES) is None
        assert answer["theme"] == theme
        state = answer["board"]["state"]
        assert sorted(state["hands"][0]) == sorted(puzzles[0].position["hand"])  # type: ignore[call-overload]
        legal = answer["board"]["legal"]
        assert legal, "the position offers its placements"
        assert not any("points" in move for move in legal), "no placement's points tell"
    refused(client.get("/api/puzzles/000000000000"), 404, "no_puzzle")


def test_the_solution_is_right_once_rated_and_then_practice(
    site: tuple[TestClient, Database], shelf: dict[str, list[Puzzle]]
) -> None:
    client, database = site
    ana = person(client)
    puzzle = shelf["chromino.most_points.expert"][0]
    answer = expect(
        ana.post(f"/api/puzzles/{puzzle.id}/tries", json={"placement": puzzle.solution}), 200
    )
    assert answer["legal"] and answer["correct"]
    best, placements = puzzle.facts["best"], puzzle.facts["placements"]
    assert f"{best} points, the most of {placements} placements" in answer["explanation"]
    assert answer["rated"]["before"] == 1500 < answer["rated"]["after"]
    assert answer["solution_state"] is None
    with database.session() as session:
        row = session.get(PuzzleRow, puzzle.id)
        assert row is not None and (row.tries, row.solved) == (1, 1)
        before = row.mu
    again = expect(
        ana.post(f"/api/puzzles/{puzzle.id}/tries", json={"placement": puzzle.solution}), 200
    )
    assert again["correct"] and again["rated"] is None  # practice: nothing moves
    with database.session() as session:
        row = session.get(PuzzleRow, puzzle.id)
        assert row is not None and (row.tries, row.mu) == (1, before)
    shelf_now = expect(ana.get("/api/puzzles"), 200)
    assert shelf_now["rating"] == answer["rated"]["after"] and shelf_now["tries"] == 1


def test_a_wrong_placement_says_what_it_scores_and_shows_the_solution(
    site: tuple[TestClient, Database], shelf: dict[str, list[Puzzle]]
) -> None:
    client, database = site
    ben = person(client)
    puzzle = shelf["triominos.most_points"][0]
    shown = expect(ben.get(f"/api/puzzles/{puzzle.id}"), 200)
    wrong = other_legal(shown)
    points = next(
        int(str(m["score"]))
        for m in GAMES["triominos"].position_moves(puzzle.position, None)
        if GAMES["triominos"].parse_placement(m).normalized()
        == GAMES["triominos"].parse_placement(wrong).normalized()
    )
    answer = expect(ben.post(f"/api/puzzles/{puzzle.id}/tries", json={"placement": wrong}), 200)
    assert answer["legal"] and not answer["correct"]
    assert answer["explanation"] == (
        f"That placement scores {points} points. One scores {puzzle.facts['best']}."
    )
    assert answer["solution"] == puzzle.solution and answer["solution_state"]
    assert answer["rated"]["after"] < answer["rated"]["before"] == 1500
    with database.session() as session:
        row = session.get(PuzzleRow, puzzle.id)
        assert row is not None and (row.tries, row.solved) == (1, 0)
        assert row.mu > shelf_mu(puzzle)


def shelf_mu(puzzle: Puzzle) -> float:
    """Where the puzzle started on the shelf."""
    return new_puzzle(puzzle.facts).mu


def test_a_wrong_last_tile_says_the_other_tile_fits_nowhere(
    site: tuple[TestClient, Database], shelf: dict[str, list[Puzzle]]
) -> None:
    client, _ = site
    cleo = person(client)
    puzzle = shelf["chromino.last_tile"][0]
    shown = expect(cleo.get(f"/api/puzzles/{puzzle.id}"), 200)
    wrong = other_legal(shown)
    answer = expect(cleo.post(f"/api/puzzles/{puzzle.id}/tries", json={"placement": wrong}), 200)
    left = next(tile for tile in puzzle.position["hand"] if tile != wrong["tile"])  # type: ignore[attr-defined]
    assert answer["explanation"] == (
        f"After that, {left} fits nowhere on the board: you would have to draw."
    )
    right = expect(
        cleo.post(f"/api/puzzles/{puzzle.id}/tries", json={"placement": puzzle.solution}), 200
    )
    kept = next(tile for tile in puzzle.position["hand"] if tile != puzzle.solution["tile"])  # type: ignore[attr-defined]
    assert right["correct"] and f"only this one leaves {kept} a place" in right["explanation"]


def test_an_illegal_placement_or_bad_input_counts_for_nothing(
    site: tuple[TestClient, Database], shelf: dict[str, list[Puzzle]]
) -> None:
    client, database = site
    dan = person(client)
    puzzle = shelf["chromino.most_points.expert"][1]
    far = {**puzzle.solution, "x": 90, "y": 90}
    answer = expect(dan.post(f"/api/puzzles/{puzzle.id}/tries", json={"placement": far}), 200)
    assert answer["legal"] is False and answer["code"] and answer["message"]
    detail = refused(
        dan.post(f"/api/puzzles/{puzzle.id}/tries", json={"placement": {"tile": "nope"}}),
        422,
        expect(
            dan.post(f"/api/puzzles/{puzzle.id}/tries", json={"placement": {"tile": "nope"}}),
            422,
        )["detail"]["code"],
    )
    assert detail["field"] == "placement"
    unknown = expect(
        dan.post(f"/api/puzzles/{puzzle.id}/tries", json={"placement": {}, "cheat": 1}), 422
    )
    assert "cheat" in str(unknown)
    malformed = dan.post(
        f"/api/puzzles/{puzzle.id}/tries",
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert malformed.status_code == 422 and "Traceback" not in malformed.text
    refused(dan.post("/api/puzzles/000000000000/tries", json={"placement": {}}), 404, "no_puzzle")
    assert tries_of(database) == []


def test_a_refusal_is_said_as_the_lessons_say_it_in_every_language(
    site: tuple[TestClient, Database], shelf: dict[str, list[Puzzle]]
) -> None:
    """The page shows a refusal as it comes: a whole sentence, not the engine's own
    words (which name a tile by its letters), in English as in any other language."""
    client, _ = site
    kim = person(client)
    puzzle = shelf["chromino.most_points.expert"][2]
    far = {**puzzle.solution, "x": 90, "y": 90}
    said = {}
    for language in ("en", "fr"):
        answer = expect(
            kim.post(
                f"/api/puzzles/{puzzle.id}/tries",
                json={"placement": far},
                headers={"accept-language": language},
            ),
            200,
        )
        assert (answer["legal"], answer["code"]) == (False, "no_contact")
        said[language] = answer["message"]
    assert said["en"] == "The tile must touch the tiles on the board."
    assert said["fr"] == "La tuile doit toucher les tuiles du plateau."


def test_a_hint_names_the_tile_and_a_hinted_solve_is_half_a_win(
    site: tuple[TestClient, Database], shelf: dict[str, list[Puzzle]]
) -> None:
    client, database = site
    eve, fay = person(client), person(client)
    puzzle = shelf["triominos.most_points"][1]
    hint = expect(eve.post(f"/api/puzzles/{puzzle.id}/hint"), 200)
    assert hint["tile"] == puzzle.solution["tile"] and hint["tile"] in hint["message"]
    body = {"placement": puzzle.solution}
    hinted = expect(eve.post(f"/api/puzzles/{puzzle.id}/tries", json={**body, "hinted": True}), 200)
    alone = expect(fay.post(f"/api/puzzles/{puzzle.id}/tries", json=body), 200)
    gain_hinted = hinted["rated"]["after"] - hinted["rated"]["before"]
    gain_alone = alone["rated"]["after"] - alone["rated"]["before"]
    assert gain_alone > gain_hinted
    assert sorted(result for _, _, result in tries_of(database)) == ["hinted", "solved"]


def test_the_next_puzzle_is_one_not_tried_until_the_theme_runs_out(
    site: tuple[TestClient, Database], shelf: dict[str, list[Puzzle]]
) -> None:
    client, _ = site
    gus = person(client)
    theme = "chromino.last_tile"
    seen = set()
    for _ in range(3):
        offered = expect(gus.get("/api/puzzles/next", params={"theme": theme}), 200)
        assert offered["theme"] == theme and offered["id"] not in seen
        seen.add(offered["id"])
        solution = offered["document"]["solution"]
        expect(gus.post(f"/api/puzzles/{offered['id']}/tries", json={"placement": solution}), 200)
    assert seen == {puzzle.id for puzzle in shelf[theme]}
    refused(gus.get("/api/puzzles/next", params={"theme": theme}), 404, "no_puzzle_left")
    refused(gus.get("/api/puzzles/next", params={"theme": "chess.mate"}), 404, "no_theme")


def test_the_days_puzzle_is_everyones_and_changes_with_the_date(
    site: tuple[TestClient, Database],
) -> None:
    client, _ = site
    hal = person(client)
    today = expect(client.get("/api/puzzles/daily"), 200)["id"]
    assert expect(hal.get("/api/puzzles/daily"), 200)["id"] == today
    assert expect(hal.get("/api/puzzles"), 200)["daily"] == today
    clock: FakeClock = client.app.state.clock  # type: ignore[attr-defined]
    days = {today}
    for _ in range(6):
        clock.advance(86400)
        days.add(expect(client.get("/api/puzzles/daily"), 200)["id"])
    assert len(days) > 1, "the days' puzzles differ"


def test_a_streak_ends_at_its_first_miss_and_keeps_its_best(
    site: tuple[TestClient, Database],
) -> None:
    client, database = site
    ivy = person(client)
    run = expect(ivy.post("/api/puzzles/runs", json={"mode": "streak"}), 201)
    assert (run["score"], run["over"], run["ends_at"]) == (0, False, None)
    first = run["puzzle"]
    step = expect(
        ivy.post(
            f"/api/puzzles/{first['id']}/tries",
            json={"placement": first["document"]["solution"], "run": run["id"]},
        ),
        200,
    )
    assert step["rated"] is None and step["run"]["score"] == 1
    second = step["run"]["puzzle"]
    assert second["id"] != first["id"]
    refused(
        ivy.post(
            f"/api/puzzles/{first['id']}/tries",
            json={"placement": first["document"]["solution"], "run": run["id"]},
        ),
        409,
        "not_current",
    )
    missed = expect(
        ivy.post(
            f"/api/puzzles/{second['id']}/tries",
            json={"placement": other_legal(second), "run": run["id"]},
        ),
        200,
    )
    assert missed["run"]["over"] and missed["run"]["puzzle"] is None
    assert missed["run"]["score"] == 1 and missed["run"]["best"] == 1
    refused(
        ivy.post(
            f"/api/puzzles/{second['id']}/tries",
            json={"placement": second["document"]["solution"], "run": run["id"]},
        ),
        409,
        "run_over",
    )
    assert expect(ivy.get("/api/puzzles"), 200)["best"]["streak"] == 1
    assert tries_of(database) == []  # a run is not rated
    with database.session() as session:
        assert session.scalars(select(PuzzleSkill)).first() is None
    other = person(client)
    refused(
        other.post(
            f"/api/puzzles/{second['id']}/tries",
            json={"placement": second["document"]["solution"], "run": run["id"]},
        ),
        404,
        "no_run",
    )


def test_a_timed_run_counts_until_the_servers_clock_says_it_is_over(
    site: tuple[TestClient, Database],
) -> None:
    client, _ = site
    jo = person(client)
    run = expect(jo.post("/api/puzzles/runs", json={"mode": "timed"}), 201)
    assert run["ends_at"] is not None
    puzzle = run["puzzle"]
    wrong = expect(
        jo.post(
            f"/api/puzzles/{puzzle['id']}/tries",
            json={"placement": other_legal(puzzle), "run": run["id"]},
        ),
        200,
    )
    assert wrong["run"]["score"] == 0 and not wrong["run"]["over"]  # a miss costs time alone
    puzzle = wrong["run"]["puzzle"]
    right = expect(
        jo.post(
            f"/api/puzzles/{puzzle['id']}/tries",
            json={"placement": puzzle["document"]["solution"], "run": run["id"]},
        ),
        200,
    )
    assert right["run"]["score"] == 1
    puzzle = right["run"]["puzzle"]
    client.app.state.clock.advance(181)  # type: ignore[attr-defined]
    refused(
        jo.post(
            f"/api/puzzles/{puzzle['id']}/tries",
            json={"placement": puzzle["document"]["solution"], "run": run["id"]},
        ),
        409,
        "run_over",
    )
    assert expect(jo.get("/api/puzzles"), 200)["best"]["timed"] == 1
    problems = expect(jo.post("/api/puzzles/runs", json={"mode": "blitz"}), 422)["detail"]
    assert [problem["loc"] for problem in problems] == [["body", "mode"]]


def test_a_migrated_database_holds_every_shipped_puzzle_and_restocking_keeps_ratings(
    database_url: str,
) -> None:
    """``chromino db upgrade`` stocks the shelf with what the package ships; doing it
    again adds nothing and leaves what people's tries did to a puzzle's rating."""
    shipped = {puzzle.id: puzzle for puzzle in shelf_module.shipped()}
    database = Database(database_url)
    with database.session() as session:
        rows = {row.id: row.theme for row in session.scalars(select(PuzzleRow))}
        assert rows.keys() == shipped.keys()
        counts = Counter(rows.values())
        assert set(counts) == {
            "chromino.last_tile",
            "chromino.most_points.expert",
            "triominos.most_points",
        }
        assert min(counts.values()) >= 1000
        first = session.get(PuzzleRow, next(iter(shipped)))
        assert first is not None
        first.mu += 3.0
        moved = first.mu
        session.commit()
    assert shelf_module.stock_shipped(database_url) == 0
    with database.session() as session:
        again = session.get(PuzzleRow, next(iter(shipped)))
        assert again is not None and again.mu == moved
    database.dispose()
