"""Helpers of the HTTP tests: answers checked, other browsers, calls made at once,
whole games played over a socket, and an app with a join policy of its own."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from fastapi.testclient import TestClient

from support.live import GameSocket, Player, make_settings
from web.app import create_app
from web.db import Database
from web.models import Game
from web.people import accounts

BASE_URL = "http://127.0.0.1:8000"


def expect(response: httpx.Response, status: int) -> Any:
    """The JSON body of a response with this status, which never shows a trace."""
    assert response.status_code == status, response.text
    assert "Traceback" not in response.text
    return response.json() if response.content else None


def error_locations(body: Any) -> list[list[Any]]:
    """The ``loc`` of every validation error in a 422 body."""
    assert isinstance(body["detail"], list), body
    return [error["loc"] for error in body["detail"]]


def names_field(body: Any, field: str) -> bool:
    """Whether some validation error is about ``field``."""
    return any(loc and loc[-1] == field for loc in error_locations(body))


def device(client: TestClient) -> TestClient:
    """Another browser on the same server: the same app, its own (empty) cookie jar."""
    return TestClient(client.app, base_url=BASE_URL)


def at_once(calls: list[Callable[[], httpx.Response]]) -> list[httpx.Response]:
    """Make the calls from as many threads, released together; their answers in order."""
    barrier = threading.Barrier(len(calls))
    answers: list[httpx.Response | None] = [None] * len(calls)

    def run(index: int) -> None:
        barrier.wait()
        answers[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert all(answer is not None for answer in answers)
    return [answer for answer in answers if answer is not None]


HUMAN = {"kind": "human"}


GREEDY = {"kind": "bot", "bot": "greedy"}


STATE_WAIT_SECONDS = 30
"""How long the next state may take: a bot's seat (the Hard bot thinks) on a machine
busy with other tests can take more than a socket's usual ten seconds."""


def next_state(socket: GameSocket) -> dict[str, Any]:
    """The next message that carries the game's state; an error fails the test."""
    while True:
        message = socket.recv(timeout=STATE_WAIT_SECONDS)
        assert message["type"] != "error", message
        if "state" in message:
            return message


def command_for(message: dict[str, Any]) -> dict[str, Any]:
    """The first legal placement, else a draw, else a pass."""
    version = message["version"]
    if message["legal"]:
        move = message["legal"][0]
        command = {"type": "play", **{key: move[key] for key in ("tile", "x", "y", "dir")}}
    elif message["state"]["can_draw"]:
        command = {"type": "draw"}
    else:
        assert message["state"]["can_pass"], message
        command = {"type": "pass"}
    return {**command, "id": f"c{version}", "version": version}


def play_out(sockets: dict[int, GameSocket]) -> dict[str, Any]:
    """Play the given seats (bots play the others on the server) until the game ends.
    Returns the last state seen."""
    latest = {seat: socket.recv_until("welcome") for seat, socket in sockets.items()}
    for _ in range(3000):
        newest = max(latest.values(), key=lambda message: message["version"])
        if newest["state"]["finished"]:
            return newest
        current = newest["state"]["current"]
        seat = current if current in sockets else next(iter(sockets))
        while latest[seat]["version"] < newest["version"]:
            latest[seat] = next_state(sockets[seat])
        if current in sockets:
            sockets[seat].send(command_for(latest[seat]))
        latest[seat] = next_state(sockets[seat])
    raise AssertionError("the game did not end")


def play_solo(player: Player, game_id: str) -> dict[str, Any]:
    with player.connect(game_id) as socket:
        return play_out({0: socket})


def create(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> Any:
    return expect(client.post("/api/tables", json={"seats": seats, **extra}), 201)


PASSWORD = "correct horse battery"


@contextmanager
def server(database_url: str, **settings: Any) -> Iterator[TestClient]:
    """The app with these settings (join, guests, ...), its lifespan running."""
    app = create_app(make_settings(database_url, fake_clock=True, **settings))
    with TestClient(app, base_url=BASE_URL) as client:
        yield client


def make_admin(db: Database, name: str = "Ada") -> None:
    """An admin with a password, made straight in the database."""
    with db.sessions() as session:
        admin = accounts.guest(session)
        accounts.rename(session, admin, name)
        admin.password_hash = accounts._hasher.hash(PASSWORD)
        admin.role = "admin"
        session.commit()


def signed_in(client: TestClient, name: str) -> TestClient:
    expect(client.post("/api/login", json={"name": name, "password": PASSWORD}), 200)
    return client


def refusal(response: httpx.Response, status: int, code: str) -> str:
    """The refusal's message, after checking its status and code."""
    body = expect(response, status)
    assert body["detail"]["code"] == code, body
    message: str = body["detail"]["message"]
    assert message
    return message


def finished_rematch(client: TestClient, db: Database, game: str | None = None) -> tuple[str, str]:
    """A solo game (of ``game``, else the default one) ended by hand in the database,
    and its rematch."""
    first = client.post("/api/solo", json=None if game is None else {"game": game}).json()
    with db.sessions() as session:
        finished = session.get(Game, first["game_id"])
        assert finished is not None
        finished.status = "finished"
        session.commit()
    second = client.post(f"/api/games/{first['game_id']}/rematch").json()["game_id"]
    return first["game_id"], second
