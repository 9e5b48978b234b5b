"""A socket moved on to a game's rematch (``join_rematch``) against a real server, for every
game in the registry: each player's and a spectator's socket gets ``moved`` and then
exactly the welcome a new socket of the same person gets (their own seat's view, nobody
else's hand), the finished game's presence lets them go and the rematch's counts them,
and a move made there reaches every moved socket. Asked for before any rematch, it is
refused by name and the socket stays where it was.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.live import GameSocket, LiveServer, Player
from support.wsplay import FAST, play_command, start_game, start_server

from web.games import GAMES

SEATS = ("human", "human")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = start_server(Path(tmp_path_factory.mktemp("rematch_sockets")), coach=False, **FAST)
    yield live
    live.stop()


def until(socket: GameSocket, kind: str, **fields: Any) -> dict[str, Any]:
    """Read until a message of ``kind`` (with these field values) arrives."""
    for _ in range(200):
        message = socket.recv()
        if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
            return message
    raise AssertionError(f"no {kind} {fields}")


def welcome_of(person: Player, game_id: str) -> dict[str, Any]:
    socket = person.connect(game_id)
    try:
        return until(socket, "welcome")
    finally:
        socket.connection.close()


def finished_with_rematch(people: list[Player], game: str) -> tuple[str, str, list[GameSocket]]:
    """A two-player game ended by a resignation, its players and a spectator on its
    sockets, and its rematch dealt (each socket heard of it)."""
    first, sockets = finished_game(people, game)
    asked = people[0].http.post(f"/api/games/{first}/rematch")
    assert asked.status_code == 200, asked.text
    second = str(asked.json()["game_id"])
    for socket in sockets:
        until(socket, "rematch", game_id=second)
    return first, second, sockets


def comparable(welcome: dict[str, Any]) -> dict[str, Any]:
    """A welcome without what differs between two sockets of one person (who is here)."""
    return {key: value for key, value in welcome.items() if key not in ("presence", "chat")}


@pytest.mark.parametrize("game", list(GAMES))
def test_moved_sockets_see_what_a_new_socket_of_theirs_sees(
    people: list[Player], game: str
) -> None:
    first, second, sockets = finished_with_rematch(people, game)
    moved = []
    for socket in sockets:
        socket.send({"type": "join_rematch"})
        assert until(socket, "moved") == {"type": "moved", "game_id": second}
        moved.append(until(socket, "welcome"))
    for person, welcome in zip(people[:3], moved, strict=True):
        assert comparable(welcome) == comparable(welcome_of(person, second))
    assert [welcome["seat"] for welcome in moved] == [0, 1, None]
    assert moved[2]["state"]["hands"] == [None, None], "a spectator sees no hand"
    for index, welcome in enumerate(moved[:2]):
        hands = welcome["state"]["hands"]
        assert hands[index] is not None and hands[1 - index] is None
    here = welcome_of(people[3], second)["presence"]
    assert here == {"connected": [True, True], "spectators": 2}
    watcher = people[3].connect(first)  # the finished game: everyone went on
    assert until(watcher, "welcome")["presence"] == {"connected": [False, False], "spectators": 1}
    watcher.connection.close()

    to_play = moved[0]["state"]["current"]
    legal = moved[to_play]["legal"]
    command = play_command(legal[0]) if legal else {"type": "draw"}
    sockets[to_play].send({**command, "id": "first", "version": 0})
    until(sockets[to_play], "ack", id="first")
    for socket in sockets:  # the mover's came before its ack
        while socket.version != 1:
            socket.recv()
        assert socket.state is not None and socket.state["moves"] == 1
        socket.connection.close()


def test_joining_a_rematch_nobody_asked_for_is_refused_and_the_socket_stays(
    people: list[Player],
) -> None:
    """Before the game's end (and so before any rematch), ``join_rematch`` is refused."""
    game_id, _ = start_game(people[:2], SEATS)
    socket = people[0].connect(game_id)
    until(socket, "welcome")
    socket.send({"type": "join_rematch"})
    refusal = until(socket, "error")
    assert refusal["code"] == "no_rematch" and "rematch" in refusal["message"]
    socket.send({"type": "ping"})
    assert until(socket, "pong")["version"] == 0, "still on its game"
    socket.connection.close()


def on_the_loop(server: LiveServer) -> None:
    """Return once the server's event loop has run everything handed to it before."""

    async def nothing() -> None:
        return None

    asyncio.run_coroutine_threadsafe(nothing(), server.app_state().loop).result(timeout=10)


def test_a_rematch_asked_again_keeps_the_room_its_players_are_in(
    people: list[Player], server: LiveServer
) -> None:
    """A room is woken from what the dealing route read; asked again once the rematch is
    under way, the rematch route answers with the same game, and its room (the sockets
    in it, the move made there) is kept, not built again from the database."""
    first, second, sockets = finished_with_rematch(people, "chromino")
    welcomes = []
    for socket in sockets[:2]:
        socket.send({"type": "join_rematch"})
        welcomes.append(until(socket, "welcome"))
    room = server.app_state().hub.rooms[second]
    to_play = welcomes[0]["state"]["current"]
    legal = welcomes[to_play]["legal"]
    command = play_command(legal[0]) if legal else {"type": "draw"}
    sockets[to_play].send({**command, "id": "on", "version": 0})
    until(sockets[to_play], "ack", id="on")

    again = people[1].http.post(f"/api/games/{first}/rematch")
    assert again.status_code == 200 and again.json()["game_id"] == second
    on_the_loop(server)
    assert server.app_state().hub.rooms[second] is room
    assert room.version == 1 and len(room.viewers) == 2
    sockets[1 - to_play].send({"type": "ping"})
    assert until(sockets[1 - to_play], "pong")["version"] == 1
    for socket in sockets:
        socket.connection.close()


def finished_game(people: list[Player], game: str) -> tuple[str, list[GameSocket]]:
    """A two-player game ended by a resignation, its players and a spectator on its
    sockets (no rematch asked yet)."""
    first, _ = start_game(people[:2], SEATS, game=game)
    sockets = [person.connect(first) for person in people[:3]]
    for socket in sockets:
        until(socket, "welcome")
    sockets[1].send({"type": "resign", "id": "bye", "version": sockets[1].version})
    until(sockets[1], "ack", id="bye")
    return first, sockets


@pytest.mark.parametrize("game", list(GAMES))
def test_a_rematch_asked_on_the_socket_moves_it_on_and_the_others_follow(
    people: list[Player], game: str
) -> None:
    """``rematch`` deals the game and moves the asker's socket on at once; the others
    hear of it, join with ``join_rematch``, and get what a new socket of theirs gets.
    Asked again (by the other player, over HTTP) it is the same game."""
    first, sockets = finished_game(people, game)
    sockets[0].send({"type": "rematch"})
    moved = until(sockets[0], "moved")
    second = moved["game_id"]
    assert second != first
    welcomes = [until(sockets[0], "welcome")]
    for socket in sockets[1:]:
        until(socket, "rematch", game_id=second)
        socket.send({"type": "join_rematch"})
        assert until(socket, "moved") == {"type": "moved", "game_id": second}
        welcomes.append(until(socket, "welcome"))
    for person, welcome in zip(people[:3], welcomes, strict=True):
        assert comparable(welcome) == comparable(welcome_of(person, second))
    assert [welcome["seat"] for welcome in welcomes] == [0, 1, None]
    again = people[1].http.post(f"/api/games/{first}/rematch")
    assert again.status_code == 200 and again.json()["game_id"] == second
    for socket in sockets:
        socket.connection.close()


def test_a_rematch_is_refused_by_name_to_a_spectator_and_before_the_end(
    people: list[Player], server: LiveServer
) -> None:
    """Only a player of a finished game may ask: a spectator is refused, and so is a
    player whose game goes on; nothing is dealt and each socket stays where it was."""
    game_id, _ = start_game(people[:2], SEATS)
    player, spectator = people[0].connect(game_id), people[2].connect(game_id)
    for socket in (player, spectator):
        until(socket, "welcome")
    player.send({"type": "rematch"})
    refusal = until(player, "error")
    assert refusal["code"] == "game_not_finished" and "finished" in refusal["message"]
    player.send({"type": "resign", "id": "bye", "version": player.version})
    until(player, "ack", id="bye")
    spectator.send({"type": "rematch"})
    refusal = until(spectator, "error")
    assert refusal["code"] == "not_a_player" and "players" in refusal["message"]
    for socket in (player, spectator):
        socket.send({"type": "ping"})
        assert until(socket, "pong")["version"] == 1, "still on its game"
        socket.connection.close()
    assert server.app_state().hub.store.read_next_game(game_id) is None, "nothing dealt"
