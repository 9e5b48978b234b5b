"""A ban with two server processes on one PostgreSQL database and Redis between them:
the admin bans through one process, and the banned person's game socket and header
stream on the other process close at once (the stream saying why and until when),
and the other process no longer takes their cookie."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import update
from support.cluster import launch_all, two_player_game
from support.live import GameSocket, Player
from support.procs import ServerProcess, server_env
from support.services import require_redis
from support.streams import stream_of
from websockets.exceptions import ConnectionClosed

from web.db import Database, utcnow
from web.models import User

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def servers(pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProcess]]:
    redis_url = require_redis()
    logs = tmp_path_factory.mktemp("admin-processes")
    env = server_env(pg_url, redis_url=redis_url, chat_burst=100, chat_per_minute=600)
    processes = [ServerProcess(env, logs / f"server-{name}.log") for name in "ab"]
    yield launch_all(processes)
    for process in processes:
        process.kill()


@pytest.fixture
def people() -> Iterator[list[Player]]:
    made: list[Player] = []
    yield made
    for person in made:
        person.close()


def make_admin(pg_url: str, server: ServerProcess, people: list[Player]) -> Player:
    """A person signed in just now through ``server``, made an admin."""
    admin = Player(server.url)
    people.append(admin)
    assert admin.http.put("/api/me/password", json={"password": PASSWORD}).status_code == 200
    database = Database(pg_url)
    try:
        with database.session() as session, session.begin():
            session.execute(update(User).where(User.id == admin.me["id"]).values(role="admin"))
    finally:
        database.dispose()
    return admin


def answer_to(sock: GameSocket, command_id: str) -> dict[str, Any]:
    while True:
        message = sock.recv(timeout=10)
        if message["type"] in ("ack", "error") and message.get("id") == command_id:
            return message


def test_a_mute_through_one_process_silences_the_person_on_the_other(
    servers: list[ServerProcess], pg_url: str, people: list[Player]
) -> None:
    a, b = servers
    game_id, _ana, bob = two_player_game(people, a, b)
    admin = make_admin(pg_url, a, people)
    with bob.connect(game_id) as sock:  # through b
        sock.recv_until("welcome")
        sock.send({"type": "chat", "id": "before", "preset": "hello"})
        assert answer_to(sock, "before")["type"] == "ack"
        until = (utcnow() + timedelta(hours=1)).replace(microsecond=0)
        muted = admin.http.post(
            f"/api/admin/people/{bob.me['id']}/mute", json={"until": until.isoformat()}
        )
        assert muted.status_code == 204, muted.text
        # b hears of the mute through Redis within moments; the wait is long only so a
        # machine busy with other tests cannot fail it
        # (each try is a new line: a line sent again under its id is answered as before)
        deadline = time.monotonic() + 30
        for attempt in itertools.count():
            sock.send({"type": "chat", "id": f"try-{attempt}", "preset": "hello"})
            answer = answer_to(sock, f"try-{attempt}")
            if answer["type"] == "error" or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert answer["type"] == "error", f"process b still takes Bob's lines: {answer}"
        assert (answer["code"], answer["until"]) == ("muted", until.isoformat())
        assert "until" in answer["message"]
        unmuted = admin.http.post(f"/api/admin/people/{bob.me['id']}/unmute")
        assert unmuted.status_code == 204
        deadline = time.monotonic() + 10
        for attempt in itertools.count():
            sock.send({"type": "chat", "id": f"after-{attempt}", "preset": "good_game"})
            answer = answer_to(sock, f"after-{attempt}")
            if answer["type"] == "ack" or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert answer["type"] == "ack"


def test_a_ban_through_one_process_closes_the_sockets_on_the_other(
    servers: list[ServerProcess], pg_url: str, people: list[Player]
) -> None:
    a, b = servers
    game_id, _ana, bob = two_player_game(people, a, b)
    admin = make_admin(pg_url, a, people)
    until = (utcnow() + timedelta(days=2)).replace(microsecond=0)
    sock = bob.connect(game_id)  # through b
    assert sock.recv_until("welcome")["seat"] is not None
    with stream_of(bob.http) as stream:  # b's header stream of Bob
        assert stream.next("me")["name"] == bob.me["name"]
        banned = admin.http.post(
            f"/api/admin/people/{bob.me['id']}/ban",
            json={"reason": "rude", "until": until.isoformat()},
        )
        assert banned.status_code == 204, banned.text
        told = stream.next("signed_out")
        assert (told["code"], told["reason"], told["until"]) == (
            "banned",
            "rude",
            until.isoformat(),
        )
        assert "rude" in told["message"]
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                sock.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    me_on_b = bob.http.get("/api/me").json()
    assert me_on_b.get("id") != bob.me["id"]  # b takes Bob's cookie no more
    again = bob.connect(game_id)
    welcome = again.recv_until("welcome")
    assert welcome["seat"] is None  # a spectator now, not Bob in his seat
    again.close()
