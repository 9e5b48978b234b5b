"""People, bot accounts and tokens made through the API of a live server (docs/bots.md)."""

from __future__ import annotations

import random
from typing import Any

import httpx
from websockets.sync.client import connect

from support.api import next_state
from support.live import GameSocket, game_socket_url
from support.wsplay import choose

PASSWORD = "correct horse battery"


def registered(base_url: str, name: str) -> httpx.Client:
    """A browser of a person with a name and a password (their session in its cookies);
    its changes carry the server's own Origin, as the site's pages send them."""
    client = httpx.Client(base_url=base_url, timeout=10, headers={"Origin": base_url})
    assert client.post("/api/me").status_code == 200
    assert client.put("/api/me/name", json={"name": name}).status_code == 200
    assert client.put("/api/me/password", json={"password": PASSWORD}).status_code == 200
    return client


def made_token(owner: httpx.Client, name: str, scopes: list[str]) -> dict[str, Any]:
    """A new token of the owner's (the answer, its secret in ``token``)."""
    made = owner.post("/api/me/tokens", json={"name": name, "scopes": scopes})
    assert made.status_code == 201, made.text
    answer: dict[str, Any] = made.json()
    return answer


def made_bot(owner: httpx.Client, name: str) -> str:
    """A new bot account of the owner's, and the secret of a ``bot:play`` token for it."""
    bot = owner.post("/api/bots", json={"name": name})
    assert bot.status_code == 201, bot.text
    token = owner.post(f"/api/bots/{name}/tokens", json={"name": "main"})
    assert token.status_code == 201, token.text
    secret: str = token.json()["token"]
    return secret


def bearer(base_url: str, secret: str) -> httpx.Client:
    """A program's client: the token in every request, no cookie, no Origin."""
    return httpx.Client(
        base_url=base_url, timeout=10, headers={"Authorization": f"Bearer {secret}"}
    )


def bot_socket(base_url: str, secret: str, game_id: str) -> GameSocket:
    """A bot's game socket: its token at the handshake, no cookie, no Origin."""
    headers = {"Authorization": f"Bearer {secret}"}
    url = game_socket_url(base_url, game_id)
    return GameSocket(connect(url, additional_headers=headers, open_timeout=10, legacy=True))


def play_seat(socket: GameSocket, seat: int, rng: random.Random) -> None:
    """Play the seat (its first snapshot read already) until the game is over and each
    of its commands is acknowledged: a legal placement, or a draw, or a pass."""
    message = socket.received[-1]
    sent: set[str] = set()
    while not message["state"]["finished"]:
        if message["state"]["current"] == seat and message["legal"] is not None:
            command = choose(message, rng, 0.1)
            sent.add(f"c{message['version']}")
            socket.send({**command, "id": f"c{message['version']}", "version": message["version"]})
        message = next_state(socket)
    while sent - {frame["id"] for frame in socket.received if frame["type"] == "ack"}:
        socket.recv()


def bot_game(base_url: str, secret: str, game: str) -> str:
    """A whole game of ``game`` the bot plays against the house's Greedy bot: its id."""
    robo = bearer(base_url, secret)
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    made = robo.post("/api/tables", json={"game": game, "seats": seats})
    assert made.status_code == 201, made.text
    started = robo.post(f"/api/tables/{made.json()['invite_code']}/start")
    game_id: str = started.json()["game_id"]
    with bot_socket(base_url, secret, game_id) as socket:
        socket.recv_until("welcome")
        play_seat(socket, 0, random.Random(3))
    return game_id
