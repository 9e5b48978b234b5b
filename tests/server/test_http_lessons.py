"""The "Learn to play" pages and their judge, POST /api/lessons/{game}/{lesson}
(web/site/lessons.py, docs/lessons.md): the page carries each lesson's position as the
live game sends one; a placement tried there is judged by the rules and the lesson's
goal; bad input gets a clear refusal, never a trace."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from web.games import GAMES
from web.i18n import LANGUAGES, gettext_in
from web.site.lessons import LESSON_WORDS

GOALS = {
    ("chromino", "two-contacts"): {"tile": "RYY", "x": 2, "y": 2, "dir": "E"},
    ("chromino", "chameleon"): {"tile": "PXR", "x": 0, "y": 2, "dir": "E"},
    ("chromino", "last-tile"): {"tile": "GXR", "x": 1, "y": -1, "dir": "E"},
    ("triominos", "corners"): {"tile": "455", "x": 0, "y": 1, "rot": 1},
    ("triominos", "bridge"): {"tile": "003", "x": 0, "y": 1, "rot": 2},
    ("triominos", "hexagon"): {"tile": "113", "x": -2, "y": 0, "rot": 2},
}
BOOT = re.compile(r'<script type="application/json" id="boot">(.*?)</script>', re.S)


def boot_of(html: str) -> dict[str, Any]:
    found = BOOT.search(html)
    assert found, "the page has its boot data"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def tried(client: TestClient, game: str, key: str, body: Any, language: str = "en") -> Any:
    return client.post(
        f"/api/lessons/{game}/{key}", json=body, headers={"Accept-Language": language}
    )


def test_every_lesson_of_every_game_has_its_words() -> None:
    keys = {(name, key) for name, kind in GAMES.items() for key in kind.lesson_keys}
    assert keys == set(GOALS)
    assert set(LESSON_WORDS) == keys


@pytest.mark.parametrize("game", ["chromino", "triominos"])
def test_the_page_carries_every_lesson_as_the_live_game_sends_a_position(
    refusing_client: TestClient, game: str
) -> None:
    page = refusing_client.get(f"/learn/{game}", headers={"Accept-Language": "fr"})
    assert page.status_code == 200
    boot = boot_of(page.text)["page"]
    assert boot["game"] == game
    kind = GAMES[game]
    assert [lesson["key"] for lesson in boot["lessons"]] == list(kind.lesson_keys)
    for lesson in boot["lessons"]:
        position = kind.lesson_position(lesson["key"])
        assert lesson["state"] == position["state"]
        assert lesson["legal"] == position["legal"]
        assert lesson["state"]["current"] == lesson["state"]["seat"] == 0
        words = LESSON_WORDS[(game, lesson["key"])]
        assert lesson["title"] == gettext_in("fr", words.title) != words.title
        assert lesson["hint"] == gettext_in("fr", words.hint)
    # The other game's lessons are a link away, and so are the rules.
    other = next(name for name in GAMES if name != game)
    assert f'href="/learn/{other}"' in page.text
    assert f'href="/rules#{game}"' in page.text


def test_learn_alone_leads_to_the_default_game_and_an_unknown_game_to_a_clear_page(
    refusing_client: TestClient,
) -> None:
    default = refusing_client.get("/learn", follow_redirects=False)
    assert default.status_code == 307
    assert default.headers["location"] == "/learn/chromino"
    missing = refusing_client.get("/learn/no-such-game")
    assert missing.status_code == 404
    assert 'data-testid="not-found"' in missing.text


@pytest.mark.parametrize(("game", "key"), list(GOALS))
def test_the_goal_placement_is_legal_scored_and_makes_the_point(
    refusing_client: TestClient, game: str, key: str
) -> None:
    answer = tried(refusing_client, game, key, GOALS[(game, key)])
    assert answer.status_code == 200
    data = answer.json()
    assert data["legal"] is True
    assert data["achieved"] is True
    words = LESSON_WORDS[(game, key)]
    assert data["message"] == gettext_in("en", words.success, points=data["points"])
    laid = {name: data["state"]["board"][-1][name] for name in GOALS[(game, key)]}
    assert laid == GOALS[(game, key)]
    assert GOALS[(game, key)]["tile"] not in data["state"]["hands"][0]
    # Stateless: the same request is judged the same way again.
    assert tried(refusing_client, game, key, GOALS[(game, key)]).json() == data


def test_points_and_figures_are_told(refusing_client: TestClient) -> None:
    bridge = tried(refusing_client, "triominos", "bridge", GOALS[("triominos", "bridge")])
    assert bridge.json()["points"] == 43
    assert bridge.json()["figure"] == "bridge"
    assert "43" in bridge.json()["message"]
    hexagon = tried(refusing_client, "triominos", "hexagon", GOALS[("triominos", "hexagon")])
    assert (hexagon.json()["points"], hexagon.json()["figure"]) == (55, "hexagon")


def test_a_legal_placement_that_misses_the_point_says_why_in_the_readers_language(
    refusing_client: TestClient,
) -> None:
    ordinary = {"tile": "PYY", "x": 4, "y": -1, "dir": "S"}
    words = LESSON_WORDS[("chromino", "last-tile")]
    for language in LANGUAGES:
        data = tried(refusing_client, "chromino", "last-tile", ordinary, language).json()
        assert data["legal"] is True
        assert data["achieved"] is False
        assert data["message"] == gettext_in(language, words.missed)
        assert data["state"]["hands"][0] == ["GXR"]
    bridge = tried(
        refusing_client, "triominos", "bridge", {"tile": "003", "x": -1, "y": 0, "rot": 1}
    )
    assert (bridge.json()["achieved"], bridge.json()["points"], bridge.json()["figure"]) == (
        False,
        3,
        None,
    )


@pytest.mark.parametrize(
    ("game", "key", "body", "code"),
    [
        (
            "chromino",
            "two-contacts",
            {"tile": "RYY", "x": 2, "y": 2, "dir": "S"},
            "too_few_contacts",
        ),
        ("chromino", "two-contacts", {"tile": "RYY", "x": 1, "y": 2, "dir": "E"}, "mismatch"),
        ("chromino", "two-contacts", {"tile": "RYY", "x": 0, "y": 0, "dir": "E"}, "overlap"),
        (
            "chromino",
            "two-contacts",
            {"tile": "BBB", "x": 0, "y": 1, "dir": "E"},
            "tile_not_in_hand",
        ),
        ("chromino", "two-contacts", {"tile": "RYY", "x": 9, "y": 9, "dir": "E"}, "no_contact"),
        ("triominos", "corners", {"tile": "455", "x": 0, "y": 1, "rot": 0}, "corner_mismatch"),
        ("triominos", "corners", {"tile": "455", "x": 5, "y": 5, "rot": 0}, "no_edge_contact"),
    ],
)
def test_a_placement_the_rules_refuse_is_answered_with_the_rule(
    refusing_client: TestClient, game: str, key: str, body: dict[str, Any], code: str
) -> None:
    answer = tried(refusing_client, game, key, body, "de")
    assert answer.status_code == 200
    data = answer.json()
    assert data == {"legal": False, "achieved": False, "code": code, "message": data["message"]}
    assert data["message"] and data["message"] != code
    assert data["message"] != tried(refusing_client, game, key, body).json()["message"]


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("/api/lessons/chromino/two-contacts", b"{not json", 400, "malformed_json"),
        ("/api/lessons/chromino/two-contacts", b"\xff\xfe", 400, "malformed_json"),
        ("/api/lessons/chromino/two-contacts", b"[1, 2]", 400, "malformed_json"),
        ("/api/lessons/chromino/two-contacts", b'"RYY"', 400, "malformed_json"),
        ("/api/lessons/chromino/no-such-lesson", b"{}", 404, "unknown_lesson"),
        ("/api/lessons/no-such-game/two-contacts", b"{}", 404, "unknown_lesson"),
        ("/api/lessons/triominos/two-contacts", b"{}", 404, "unknown_lesson"),
        ("/api/lessons/chromino/two-contacts", b'{"tile": "RYY"}', 422, "bad_placement"),
        (
            "/api/lessons/chromino/two-contacts",
            b'{"tile": "RYY", "x": true, "y": 2, "dir": "E"}',
            422,
            "bad_placement",
        ),
        (
            "/api/lessons/chromino/two-contacts",
            b'{"tile": "RYY", "x": 2, "y": 2, "dir": "Q"}',
            422,
            "bad_placement",
        ),
        (
            "/api/lessons/chromino/two-contacts",
            b'{"tile": "ZZZ", "x": 2, "y": 2, "dir": "E"}',
            422,
            "unknown_tile",
        ),
        (
            "/api/lessons/triominos/corners",
            b'{"tile": "455", "x": 0, "y": 1, "rot": 3}',
            422,
            "bad_placement",
        ),
        (
            "/api/lessons/triominos/corners",
            b'{"tile": "554", "x": 0, "y": 1, "rot": 1}',
            422,
            "unknown_tile",
        ),
    ],
)
def test_bad_input_gets_a_clear_refusal_and_no_trace(
    refusing_client: TestClient, path: str, body: bytes, status: int, code: str
) -> None:
    answer = refusing_client.post(path, content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == status
    detail = answer.json()["detail"]
    assert detail["code"] == code
    assert detail["message"]
    assert "Traceback" not in answer.text


def test_a_missing_field_is_named(refusing_client: TestClient) -> None:
    answer = tried(refusing_client, "chromino", "two-contacts", {"tile": "RYY", "y": 2, "dir": "E"})
    assert answer.status_code == 422
    assert "x" in answer.json()["detail"]["message"]


def test_only_post_judges(refusing_client: TestClient) -> None:
    answer = refusing_client.get("/api/lessons/chromino/two-contacts")
    assert answer.status_code == 405


def test_the_rules_page_has_each_games_article_in_the_registrys_order(
    refusing_client: TestClient,
) -> None:
    """Each game's rules are its own template part; the page lists and includes every
    registered game's, so a game added to the registry is on the page."""
    page = refusing_client.get("/rules", headers={"accept-language": "fr"})
    assert page.status_code == 200
    articles = re.findall(r'<article class="panel rules" id="([a-z]+)"', page.text)
    assert articles == list(GAMES)
    contents = re.findall(r'<a href="#([a-z]+)">([^<]+)</a>', page.text)
    assert contents == [(name, gettext_in("fr", kind.title)) for name, kind in GAMES.items()]
    for name in GAMES:
        assert f'href="/learn/{name}"' in page.text
