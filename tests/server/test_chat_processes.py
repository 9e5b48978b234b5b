"""Table talk with two server processes on one PostgreSQL database and Redis between
them: a line said through either reaches every viewer on both, in number order,
exactly once — even when both say lines at the same moment, and when a process
missed the news of one (it reads the gap from the database)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from support.cluster import launch_all, two_player_game
from support.live import GameSocket, Player
from support.procs import ServerProcess, server_env
from support.services import require_redis

LINES_EACH = 8


@pytest.fixture(scope="module")
def talking(pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProcess]]:
    redis_url = require_redis()
    logs = tmp_path_factory.mktemp("talking")
    env = server_env(pg_url, redis_url=redis_url, chat_burst=100, chat_per_minute=600)
    servers = [ServerProcess(env, logs / f"server-{name}.log") for name in "ab"]
    yield launch_all(servers)
    for server in servers:
        server.kill()


@pytest.fixture
def people() -> Iterator[list[Player]]:
    made: list[Player] = []
    yield made
    for person in made:
        person.close()


def chat_lines(sock: GameSocket, count: int) -> list[dict[str, Any]]:
    """The next ``count`` chat lines this socket receives (then nothing more is owed)."""
    lines: list[dict[str, Any]] = []
    while len(lines) < count:
        message = sock.recv(timeout=15)
        if message["type"] == "chat":
            lines.append(message)
    return lines


def say_many(sock: GameSocket, prefix: str, presets: list[str]) -> None:
    for index, preset in enumerate(presets):
        sock.send({"type": "chat", "id": f"{prefix}-{index}", "preset": preset})


def test_lines_said_on_both_processes_at_once_reach_everyone_in_order_once(
    talking: list[ServerProcess], people: list[Player]
) -> None:
    a, b = talking
    game_id, ana, bob = two_player_game(people, a, b)
    watcher = Player(b.url)
    people.append(watcher)
    sockets = {
        "ana@a": ana.connect(game_id),
        "bob@b": bob.connect(game_id),
        "watcher@a": Player(a.url).connect(game_id),
        "watcher@b": watcher.connect(game_id),
    }
    try:
        for sock in sockets.values():
            sock.recv_until("welcome")
        ana_presets = ["hello", "good_luck", "thinking", "oops"] * (LINES_EACH // 4)
        bob_presets = ["thanks", "nice_move", "sorry", "bye"] * (LINES_EACH // 4)
        talkers = [
            threading.Thread(target=say_many, args=(sockets["ana@a"], "ana", ana_presets)),
            threading.Thread(target=say_many, args=(sockets["bob@b"], "bob", bob_presets)),
        ]
        for thread in talkers:
            thread.start()
        for thread in talkers:
            thread.join()
        heard = {name: chat_lines(sock, 2 * LINES_EACH) for name, sock in sockets.items()}
    finally:
        for sock in sockets.values():
            sock.close()
    expected = list(range(1, 2 * LINES_EACH + 1))
    for name, lines in heard.items():
        assert [line["seq"] for line in lines] == expected, name
    # Everyone heard the same lines under the same numbers, each speaker's in their order.
    reference = [(line["seq"], line["user"], line["preset"]) for line in heard["ana@a"]]
    for name, lines in heard.items():
        assert [(line["seq"], line["user"], line["preset"]) for line in lines] == reference, name
    by_ana = [line["preset"] for line in heard["watcher@b"] if line["user"] == ana.me["id"]]
    assert by_ana == ana_presets


def test_a_reconnect_to_the_other_process_recovers_the_lines_missed(
    talking: list[ServerProcess], people: list[Player]
) -> None:
    a, b = talking
    game_id, ana, bob = two_player_game(people, a, b)
    with ana.connect(game_id) as ana_sock:
        ana_sock.recv_until("welcome")
        with bob.connect(game_id) as bob_sock:
            bob_sock.recv_until("welcome")
            say_many(ana_sock, "first", ["hello"])
            (first,) = chat_lines(bob_sock, 1)
        say_many(ana_sock, "while-away", ["thinking", "hurry"])
        chat_lines(ana_sock, 3)
    bob_on_a = Player(a.url)
    bob_on_a.http.cookies.update(bob.http.cookies)  # Bob, now served by the other process
    people.append(bob_on_a)
    with bob_on_a.connect(f"{game_id}?chat_since={first['seq']}") as again:
        snapshot = again.recv_until("welcome")
        assert snapshot["seat"] == 1
        assert [line["preset"] for line in snapshot["chat"]["lines"]] == ["thinking", "hurry"]
