"""Who may watch a game: anyone with its link, unless its table lets nobody watch
(``spectators``: on for friends' tables, off for solo games). A game closed to
spectators is its players' alone — its socket, its state, its replay and its record,
while it is played and once it is over."""

from __future__ import annotations

import httpx
import pytest
from support.live import LiveServer, Player
from support.streams import POLICY_VIOLATION, closed_code
from support.wsplay import start_game

from web.db import Database
from web.ops.admin import end_game

REFUSAL = {"code": "no_spectators", "message": "only its players can watch this game"}


def private_game(people: list[Player]) -> str:
    """A two-person table that lets nobody watch, dealt."""
    creator, guest = people[:2]
    body = {"seats": [{"kind": "human"}, {"kind": "human"}], "spectators": False}
    created = creator.http.post("/api/tables", json=body)
    assert created.status_code == 201, created.text
    assert created.json()["spectators"] is False
    invite = created.json()["invite_code"]
    assert guest.http.post(f"/api/tables/{invite}/join").status_code == 200
    started = creator.http.post(f"/api/tables/{invite}/start")
    assert started.status_code == 200, started.text
    return str(started.json()["game_id"])


def assert_watch_refused(person: Player, game_id: str) -> None:
    """The socket says why and closes (1008); the game's state says the same."""
    sock = person.connect(game_id)
    error = sock.recv()
    assert error == {"type": "error", **REFUSAL}
    assert closed_code(sock) == POLICY_VIOLATION
    answer = person.http.get(f"/api/games/{game_id}")
    assert answer.status_code == 403
    assert answer.json()["detail"] == REFUSAL


def assert_private_after_the_end(
    players: list[Player], outsiders: list[httpx.Client], game_id: str
) -> None:
    for path in (f"/api/games/{game_id}/replay", f"/api/games/{game_id}/record"):
        for outsider in outsiders:
            refused = outsider.get(path)
            assert refused.status_code == 403, path
            assert refused.json()["detail"] == REFUSAL
        for player in players:
            assert player.http.get(path).status_code == 200, path


def test_a_friends_table_lets_anyone_with_the_link_watch(players: list[Player]) -> None:
    game_id, _ = start_game(players, ["human", "human"])
    with players[3].connect(game_id) as sock:
        welcome = sock.recv_until("welcome")
        assert welcome["seat"] is None
        assert "hands" in welcome["state"]
    assert players[3].http.get(f"/api/games/{game_id}").status_code == 200


def test_a_table_that_lets_nobody_watch_is_its_players_alone(
    players: list[Player], live_server: LiveServer, database_url: str
) -> None:
    game_id = private_game(players)
    for seat, player in enumerate(players[:2]):
        with player.connect(game_id) as sock:
            assert sock.recv_until("welcome")["seat"] == seat
        assert player.http.get(f"/api/games/{game_id}").status_code == 200
    assert_watch_refused(players[3], game_id)
    with httpx.Client(base_url=live_server.url) as nobody:  # no session at all
        refused = nobody.get(f"/api/games/{game_id}")
        assert (refused.status_code, refused.json()["detail"]) == (403, REFUSAL)

        database = Database(database_url)
        try:
            end_game(database, game_id)
        finally:
            database.dispose()
        # a private game stays private once it is over: its replay and its record too
        assert_watch_refused(players[3], game_id)
        assert_private_after_the_end(players[:2], [players[3].http, nobody], game_id)

    # and so does its rematch
    rematch = players[0].http.post(f"/api/games/{game_id}/rematch")
    assert rematch.status_code == 200, rematch.text
    assert_watch_refused(players[3], rematch.json()["game_id"])


def test_a_solo_game_is_private(players: list[Player], database_url: str) -> None:
    me, other = players[:2]
    game_id = me.http.post("/api/solo").json()["game_id"]
    with me.connect(game_id) as sock:
        assert sock.recv_until("welcome")["seat"] == 0
    assert_watch_refused(other, game_id)
    database = Database(database_url)
    try:
        end_game(database, game_id)
    finally:
        database.dispose()
    assert_private_after_the_end([me], [other.http], game_id)


@pytest.mark.parametrize("value", ["no", 0, None])
def test_spectators_is_true_or_false(refusing_client: httpx.Client, value: object) -> None:
    body = {"seats": [{"kind": "human"}], "spectators": value}
    refused = refusing_client.post("/api/tables", json=body)
    assert refused.status_code == 422
    assert ["body", "spectators"] in [problem["loc"] for problem in refused.json()["detail"]]
