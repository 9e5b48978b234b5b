"""The live lobby: open tables and "my games" pushed as they change (server-sent events),
and a rematch announced to everyone still looking at the finished game."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from support.fixtures import LiveServers
from support.live import LiveServer, Player
from support.wsplay import FAST, Driver, start_game

HUMAN = {"kind": "human"}


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(**FAST)


class LobbyStream:
    """One open ``/api/lobby/events`` stream, read event by event."""

    def __init__(self, lines: Iterator[str]) -> None:
        self.lines = lines

    def next_lists(self) -> dict[str, Any]:
        """The next ``lobby`` event's data (comments and blank lines skipped)."""
        event = None
        for line in self.lines:
            if line.startswith("event:"):
                event = line.split(":", 1)[1].strip()
            elif line.startswith("data:") and event == "lobby":
                data: dict[str, Any] = json.loads(line.split(":", 1)[1])
                return data
        raise AssertionError("the stream ended")

    def until(self, wanted: Any, timeout: float = 15) -> dict[str, Any]:
        """Read lobby events until one satisfies ``wanted(lists)``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            lists = self.next_lists()
            if wanted(lists):
                return lists
        raise AssertionError("the lobby never showed it")


@contextmanager
def lobby(person: Player) -> Iterator[LobbyStream]:
    timeout = httpx.Timeout(20, read=20)
    with person.http.stream("GET", "/api/lobby/events", timeout=timeout) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        yield LobbyStream(response.iter_lines())


def test_the_lobby_shows_new_tables_and_my_games_without_a_reload(people: list[Player]) -> None:
    ana, ben = people[0], people[1]
    with lobby(ana) as stream:
        first = stream.next_lists()
        assert set(first) == {"tables", "my_games"}
        made = ben.http.post("/api/tables", json={"seats": [HUMAN, HUMAN], "public": True})
        code = made.json()["invite_code"]
        listed = stream.until(lambda lists: code in {t["invite_code"] for t in lists["tables"]})
        assert listed["my_games"] == []
        # Ana joins, Ben starts: the table leaves the list, the game arrives in hers
        assert ana.http.post(f"/api/tables/{code}/join").status_code == 200
        started = ben.http.post(f"/api/tables/{code}/start").json()["game_id"]
        lists = stream.until(
            lambda lists: (
                started in {game["id"] for game in lists["my_games"]}
                and code not in {t["invite_code"] for t in lists["tables"]}
            )
        )
        mine = next(game for game in lists["my_games"] if game["id"] == started)
        assert mine["status"] == "playing"
        assert mine["my_seat"] == 1
        assert mine["current_seat"] in (0, 1)
        assert mine["my_turn"] is (mine["current_seat"] == 1)


def test_a_visitor_without_an_account_gets_the_open_tables(server: LiveServer) -> None:
    stranger = httpx.Client(base_url=server.url)
    try:
        timeout = httpx.Timeout(20, read=20)
        with stranger.stream("GET", "/api/lobby/events", timeout=timeout) as response:
            lists = LobbyStream(response.iter_lines()).next_lists()
        assert lists["my_games"] == []
        assert "chromino_session" not in stranger.cookies  # no guest made for looking
    finally:
        stranger.close()


def test_a_rematch_is_announced_to_everyone_at_the_end_screen(people: list[Player]) -> None:
    ana, ben = people[0], people[1]
    game_id, _ = start_game(people, ["human", "human"], {"hand_size": 1})
    sockets = [ana.connect(game_id), ben.connect(game_id)]
    welcome = sockets[0].recv_until("welcome")
    sockets[1].recv_until("welcome")
    # one tile each: whoever starts lays it (or draws/passes) until the game is over
    Driver({0: sockets[0], 1: sockets[1]}, seed=1).run()
    assert welcome["next_game"] is None
    again = ana.http.post(f"/api/games/{game_id}/rematch")
    assert again.status_code == 200
    new_game = again.json()["game_id"]
    for sock in sockets:
        notice = sock.recv_until("rematch")
        assert notice["game_id"] == new_game
    # Someone arriving later at the old game is told too
    with ben.connect(game_id) as late:
        assert late.recv_until("welcome")["next_game"] == new_game
    for sock in sockets:
        sock.close()
