"""A first whole game through a real server: one person against a bot."""

from __future__ import annotations

from typing import Any

from support.live import GameSocket, Player


def test_a_person_plays_a_whole_game_against_a_bot(players: list[Player]) -> None:
    ana = players[0]
    table = ana.http.post(
        "/api/tables",
        json={"seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]},
    ).json()
    game_id = ana.http.post(f"/api/tables/{table['invite_code']}/start").json()["game_id"]
    with ana.connect(game_id) as socket:
        message = socket.recv_until("welcome")
        state = message
        for _ in range(500):
            if state["state"]["finished"]:
                break
            if state["state"]["current"] == 0 and state["legal"] is not None:
                version = state["version"]
                if state["legal"]:
                    move = state["legal"][0]
                    command = {"type": "play", **{k: move[k] for k in ("tile", "x", "y", "dir")}}
                else:
                    command = {"type": "draw" if state["state"]["can_draw"] else "pass"}
                socket.send({**command, "id": f"c{version}", "version": version})
            state = next_state(socket)
        assert state["state"]["finished"]
    record = ana.http.get(f"/api/games/{game_id}/record")
    assert record.status_code == 200
    assert record.json()["format"] == "chromino-game/1"


def next_state(socket: GameSocket) -> dict[str, Any]:
    while True:
        message = socket.recv()
        if message["type"] == "error":
            raise AssertionError(message)
        if "state" in message:
            return message
