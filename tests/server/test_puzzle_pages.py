"""The puzzles' pages through the app, on a shelf stocked with puzzles the engine found:
the home (my rating, the day's puzzle, each theme's way to its next puzzle, the runs),
a puzzle's board page, the day's, the runs' pages, in English and in another language;
an unknown puzzle is the not-found page; a page's boot data holds its puzzle but never
its solution, nor does its text."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from support.live import make_settings
from support.pages import TextCollector
from support.puzzle_shelf import THEMES, found, stock_shelf

from chromino.core.puzzles import Puzzle
from web.app import create_app

BASE_URL = "http://127.0.0.1:8000"
BOOT = re.compile(r'<script type="application/json" id="boot">(.*?)</script>', re.S)


@pytest.fixture(scope="module")
def shelf() -> list[Puzzle]:
    return [puzzle for theme in THEMES for puzzle in found(theme, 2)]


@pytest.fixture
def site(database_url: str, shelf: list[Puzzle]) -> Iterator[TestClient]:
    stock_shelf(database_url, shelf)
    with TestClient(create_app(make_settings(database_url)), base_url=BASE_URL) as client:
        yield client


def boot_of(html: str) -> dict[str, Any]:
    found = BOOT.search(html)
    assert found, "the page carries its boot data"
    page: dict[str, Any] = json.loads(found.group(1))["page"]
    return page


def texts_of(html: str) -> list[str]:
    collector = TextCollector()
    collector.feed(html)
    return collector.texts


def page(client: TestClient, path: str, language: str = "en") -> str:
    response = client.get(path, headers={"accept-language": language})
    assert response.status_code == 200, response.text
    assert f'<html lang="{language}">' in response.text
    html: str = response.text
    assert "Traceback" not in html
    return html


GIVEAWAYS = ('"solution"', '"facts"', '"next_best"', "most of", "Right:")
"""How a page could give the answer away: the document's solution or the proof's facts
in its boot data (a legal placement's fields are not: the solution is one of them), an
answer's words in its text (the script catalog holds every text, and tells nothing)."""


def test_the_home_lists_my_rating_the_days_puzzle_the_themes_and_the_runs(
    site: TestClient,
) -> None:
    html = page(site, "/puzzles")
    assert 'data-testid="my-puzzle-rating" data-rating="1500"' in html
    assert 'href="/puzzles/daily"' in html
    for theme in THEMES:
        assert f'href="/puzzles/next?theme={theme}"' in html
    assert html.count('data-testid="puzzle-theme-count">2 puzzles<') == len(THEMES)
    assert 'href="/puzzles/streak"' in html and 'href="/puzzles/timed"' in html
    assert "Timed (3 minutes)" in html
    french = " ".join(texts_of(page(site, "/puzzles", "fr")))
    assert "Problèmes" in french and "Timed (3 minutes)" not in french
    # The menu of every page leads here.
    assert re.search(r'<a href="/puzzles"[^>]*data-testid="nav-puzzles"', page(site, "/rules"))


def test_a_puzzles_page_holds_its_puzzle_but_not_its_solution(
    site: TestClient, shelf: list[Puzzle]
) -> None:
    for puzzle in shelf:
        for language in ("en", "de"):
            html = page(site, f"/puzzles/{puzzle.id}", language)
            boot = boot_of(html)
            assert boot["mode"] == "puzzle" and boot["puzzle"]["id"] == puzzle.id
            assert boot["puzzle"]["board"]["legal"] and boot["puzzle"]["board"]["state"]
            assert "document" not in boot["puzzle"]
            shown = " ".join(texts_of(html))
            data = json.dumps(boot)
            assert not [words for words in GIVEAWAYS if words in shown or words in data]
            assert boot["puzzle"]["goal_title"] in shown
            assert boot["puzzle"]["question"] in shown
    german = boot_of(page(site, f"/puzzles/{shelf[0].id}", "de"))["puzzle"]
    english = boot_of(page(site, f"/puzzles/{shelf[0].id}"))["puzzle"]
    assert german["question"] != english["question"]


def test_the_days_puzzle_is_the_apis(site: TestClient) -> None:
    today = site.get("/api/puzzles/daily").json()
    for language in ("en", "ja"):
        boot = boot_of(page(site, "/puzzles/daily", language))
        assert (boot["mode"], boot["puzzle"]["id"]) == ("daily", today["id"])
        assert boot["now"], "the server's time, for the clocks"


def test_the_runs_pages_start_nothing_and_show_my_best(site: TestClient) -> None:
    for mode in ("streak", "timed"):
        for language in ("en", "ru"):
            html = page(site, f"/puzzles/{mode}", language)
            boot = boot_of(html)
            assert (boot["mode"], boot["puzzle"], boot["best"], boot["empty"]) == (
                mode,
                None,
                0,
                False,
            )
            assert 'data-testid="run-start"' in html
    assert 'data-testid="run-clock"' in page(site, "/puzzles/timed")
    assert 'data-testid="run-clock"' not in page(site, "/puzzles/streak")


def test_every_games_controls_wait_in_the_page_for_a_run_that_changes_game(
    site: TestClient, shelf: list[Puzzle]
) -> None:
    html = page(site, "/puzzles/streak")
    games = {puzzle.game for puzzle in shelf}
    for game in games:
        assert f'<template class="game-parts" data-game="{game}">' in html
    assert html.count(' id="rotate"') == len(games) + 1  # the slots', and each template's


def test_the_next_puzzle_of_a_theme_is_one_not_tried_then_the_home_says_so(
    site: TestClient, shelf: list[Puzzle]
) -> None:
    theme = "chromino.last_tile"
    site.put("/api/me/name", json={"name": "Ada Solver"})
    offered = set()
    for _ in range(2):
        moved = site.get(f"/puzzles/next?theme={theme}", follow_redirects=False)
        assert moved.status_code == 303
        address = moved.headers["location"]
        puzzle_id = address.rsplit("/", 1)[1]
        assert address == f"/puzzles/{puzzle_id}" and puzzle_id not in offered
        offered.add(puzzle_id)
        solution = next(puzzle.solution for puzzle in shelf if puzzle.id == puzzle_id)
        body = {"placement": solution}
        assert site.post(f"/api/puzzles/{puzzle_id}/tries", json=body).json()["correct"]
    home = site.get(f"/puzzles/next?theme={theme}")
    assert home.status_code == 200
    assert 'data-testid="puzzles-all-tried"' in home.text
    assert 'data-testid="my-puzzle-tries">2 puzzles tried<' in home.text


@pytest.mark.parametrize(
    "path", ["/puzzles/000000000000", "/puzzles/no-such-puzzle", "/puzzles/next?theme=chess.mate"]
)
def test_a_puzzle_link_that_leads_nowhere_says_so(site: TestClient, path: str) -> None:
    for language in ("en", "es"):
        response = site.get(path, headers={"accept-language": language})
        assert response.status_code == 404
        assert 'data-testid="not-found"' in response.text
        assert 'href="/puzzles"' in response.text
    assert "No such puzzle" in site.get(path).text


def test_an_empty_shelf_has_no_days_puzzle_and_says_so(database_url: str) -> None:
    stock_shelf(database_url, [])
    with TestClient(create_app(make_settings(database_url)), base_url=BASE_URL) as client:
        assert client.get("/puzzles/daily").status_code == 404
        assert 'data-testid="puzzles-empty"' in page(client, "/puzzles")
        run = page(client, "/puzzles/timed")
        assert boot_of(run)["empty"] is True and 'data-testid="run-start"' not in run
