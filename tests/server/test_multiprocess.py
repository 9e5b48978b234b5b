"""Several server processes on one PostgreSQL database, with Redis fan-out between them.

Each module run gets a fresh database (dropped afterwards). The servers are real
``chromino serve`` subprocesses. Without PostgreSQL or Redis these tests skip,
or fail when CHROMINO_REQUIRE_SERVICES=1 (see tests/support/services.py).
"""

from __future__ import annotations

import json
import random
import secrets
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from sqlalchemy import select
from support.cluster import launch_all, two_player_game
from support.live import GameSocket, Player
from support.procs import GameClient, ServerProcess, server_env, stored_events
from support.services import require_redis

from chromino.games.chromino import GAME
from chromino.games.chromino.notation import replay
from web.db import Database
from web.games.tile_game import TileGameLive
from web.models import SeatSubstitute


@pytest.fixture(scope="module")
def fanned_out(
    pg_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[ServerProcess]]:
    """Two processes on the same database, told of each other's moves through Redis."""
    redis_url = require_redis()
    logs = tmp_path_factory.mktemp("fanned-out")
    servers = [
        ServerProcess(server_env(pg_url, redis_url=redis_url), logs / f"server-{name}.log")
        for name in "ab"
    ]
    yield launch_all(servers)
    for server in servers:
        server.kill()


@pytest.fixture(scope="module")
def alone(pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One process on PostgreSQL, no Redis."""
    server = ServerProcess(server_env(pg_url), tmp_path_factory.mktemp("alone") / "server.log")
    yield launch_all([server])[0]
    server.kill()


@pytest.fixture
def people() -> Iterator[list[Player]]:
    """Players are made by the tests, on whichever process; closed at the end."""
    made: list[Player] = []
    yield made
    for person in made:
        person.close()


@pytest.fixture
def clients() -> Iterator[list[GameClient]]:
    made: list[GameClient] = []
    yield made
    for client in made:
        client.close()


def shared_view(client: GameClient) -> dict[str, Any]:
    """The part of a state every viewer sees alike."""
    state = client.state
    return {key: state[key] for key in ("board", "scores", "current", "bag", "hand_counts")}


def test_moves_through_one_process_reach_viewers_on_the_other(
    fanned_out: list[ServerProcess],
    pg_url: str,
    people: list[Player],
    clients: list[GameClient],
) -> None:
    a, b = fanned_out
    game_id, ana, bob = two_player_game(people, a, b)
    watcher = Player(b.url)
    people.append(watcher)
    ana_on_a = GameClient(ana, game_id, name="ana@a")
    bob_on_b = GameClient(bob, game_id, name="bob@b")
    watcher_on_b = GameClient(watcher, game_id, name="watcher@b")
    watcher_on_a = GameClient(watcher, game_id, name="watcher@a")
    clients.extend([ana_on_a, bob_on_b, watcher_on_b, watcher_on_a])
    ana_on_a.connect(a.url)
    bob_on_b.connect(b.url)
    watcher_on_b.connect(b.url)
    watcher_on_a.connect(a.url)
    assert watcher_on_b.snapshot is not None and watcher_on_b.snapshot["seat"] is None
    seated = [ana_on_a, bob_on_b]
    rng = random.Random(11)
    moves = 0
    while not ana_on_a.state["finished"]:
        assert moves < 300, "the game does not end"
        version = ana_on_a.version
        actor = seated[ana_on_a.state["current"]]
        actor.wait_version(version)
        command_id = f"m{moves}"
        actor.send(actor.decide(rng), command_id, version)
        assert actor.wait_ack(command_id) == version + 1
        for client in clients:
            client.wait_version(version + 1)
            assert client.version == version + 1
            assert client.events[version + 1]["seat"] == ana_on_a.events[version + 1]["seat"]
        views = [shared_view(client) for client in clients]
        assert all(view == views[0] for view in views), "the processes disagree"
        moves += 1
    assert {tuple(client.events) for client in clients} == {tuple(range(1, moves + 1))}
    assert all(client.errors == [] for client in clients)
    rows = stored_events(pg_url, game_id)
    assert [row.seq for row in rows] == list(range(1, moves + 1))
    record_a = ana.http.get(f"/api/games/{game_id}/record")
    record_b = bob.http.get(f"/api/games/{game_id}/record")
    assert record_a.status_code == 200 and record_a.json() == record_b.json()
    final = TileGameLive(replay(record_a.json()), GAME)
    assert final.is_over
    assert ana_on_a.state == final.view(0) and bob_on_b.state == final.view(1)
    assert watcher_on_a.state == watcher_on_b.state == final.view(None)


def test_a_command_sent_to_both_processes_at_once_is_applied_once(
    fanned_out: list[ServerProcess],
    pg_url: str,
    people: list[Player],
    clients: list[GameClient],
) -> None:
    a, b = fanned_out
    game_id, ana, bob = two_player_game(people, a, b)
    # Each person has one socket on each process.
    sockets = {
        (seat, server.url): GameClient(person, game_id, name=f"seat{seat}@{name}")
        for seat, person in enumerate([ana, bob])
        for name, server in (("a", a), ("b", b))
    }
    clients.extend(sockets.values())
    for (_, url), client in sockets.items():
        client.connect(url)
    rng = random.Random(5)
    rounds = 8
    outcomes: list[str] = []
    for round_number in range(rounds):
        first = clients[0]
        version = first.version
        for client in clients:
            client.wait_version(version)
        if first.state["finished"]:
            break
        seat = first.state["current"]
        on_a, on_b = sockets[(seat, a.url)], sockets[(seat, b.url)]
        command = on_a.decide(rng)
        if round_number % 2 == 0:
            # The very same command (same id) through both processes.
            command_id = f"same-{round_number}"
            _send_together([(on_a, command, command_id), (on_b, command, command_id)], version)
            replies = [on_a.wait_reply(command_id), on_b.wait_reply(command_id)]
            assert [reply["type"] for reply in replies] == ["ack", "ack"], replies
            assert {reply["version"] for reply in replies} == {version + 1}
            outcomes.append("same id: both acked")
        else:
            # Two different moves for the same turn: one wins, the other is refused —
            # stale if its process heard of the winner first, a conflict if both
            # reached the database (the unique (game_id, seq) stops the second).
            other = _another_command(on_b, command, rng)
            ids = (f"x-{round_number}", f"y-{round_number}")
            _send_together([(on_a, command, ids[0]), (on_b, other, ids[1])], version)
            replies = [on_a.wait_reply(ids[0]), on_b.wait_reply(ids[1])]
            acked = [reply for reply in replies if reply["type"] == "ack"]
            refused = [reply for reply in replies if reply["type"] == "error"]
            assert len(acked) == len(refused) == 1, replies
            assert acked[0]["version"] == version + 1
            assert refused[0]["code"] in {"stale_version", "conflict"}, refused
            outcomes.append(f"different moves: one acked, one {refused[0]['code']}")
        for client in clients:
            client.wait_version(version + 1)
            assert client.ping() == version + 1, "a command was applied twice"
            # every viewer on every process gets every event, conflict or not
            assert version + 1 in client.events, f"{client.name} missed event {version + 1}"
        views = [shared_view(client) for client in clients]
        assert all(view == views[0] for view in views)
    assert outcomes, "no round was played"
    rows = stored_events(pg_url, game_id)
    assert [row.seq for row in rows] == list(range(1, len(rows) + 1))
    assert len(rows) == clients[0].version
    command_ids = [row.command_id for row in rows]
    assert len(command_ids) == len(set(command_ids))
    for client in clients:
        mine = {row.command_id: row.seq for row in rows if row.user_id == client.player.me["id"]}
        for command_id, version in client.acks.items():
            assert mine[command_id] == version

    # The game still plays to its end, each person on "their" process.
    play_to_the_end([sockets[(0, a.url)], sockets[(1, b.url)]], clients, rng)


def _another_command(
    client: GameClient, chosen: dict[str, Any], rng: random.Random
) -> dict[str, Any]:
    """A legal command other than ``chosen`` (another tile, or a draw when allowed)."""
    legal = client.snapshot["legal"] if client.snapshot else None
    for move in rng.sample(legal or [], len(legal or [])):
        command = {"type": "play", **{key: move[key] for key in ("tile", "x", "y", "dir")}}
        if command != chosen:
            return command
    if chosen["type"] != "draw" and client.state["can_draw"]:
        return {"type": "draw"}
    if chosen["type"] != "pass" and client.state["can_pass"]:
        return {"type": "pass"}
    return chosen


def _send_together(sends: list[tuple[GameClient, dict[str, Any], str]], version: int) -> None:
    """Send commands ``(client, command, id)`` from threads released at the same instant."""
    barrier = threading.Barrier(len(sends))

    def send(client: GameClient, command: dict[str, Any], command_id: str) -> None:
        barrier.wait(timeout=5)
        client.send(command, command_id, version)

    threads = [threading.Thread(target=send, args=args) for args in sends]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)


def play_to_the_end(
    seated: list[GameClient], watching: list[GameClient], rng: random.Random
) -> None:
    moves = 0
    while True:
        version = seated[0].version
        for client in watching:
            client.wait_version(version)
        if seated[0].state["finished"]:
            break
        assert moves < 300, "the game does not end"
        actor = seated[seated[0].state["current"]]
        command_id = f"end-{moves}"
        actor.send(actor.decide(rng), command_id, version)
        assert actor.wait_ack(command_id) == version + 1
        for client in watching:
            client.wait_version(version + 1)
        moves += 1
    assert all(client.state["finished"] for client in watching)


def test_a_second_writer_that_missed_the_news_fails_and_resyncs(
    alone: ServerProcess,
    pg_url: str,
    tmp_path: Path,
    people: list[Player],
    clients: list[GameClient],
) -> None:
    """No Redis: the second process never hears of the first one's move, so its memory
    is one version behind. Its write of the same version is refused by the unique
    (game_id, seq), it reloads from the database, and tells its viewers."""
    other = ServerProcess(server_env(pg_url), tmp_path / "other.log")
    try:
        launch_all([other])
        game_id, ana, bob = two_player_game(people, alone, other)
        watching = GameClient(ana, game_id, name="watching@alone")
        clients.append(watching)
        current = watching.connect(alone.url)["state"]["current"]
        mover, waiter = (ana, bob) if current == 0 else (bob, ana)
        first = GameClient(mover, game_id, name="mover@alone")
        second = GameClient(mover, game_id, name="mover@other")
        opponent = GameClient(waiter, game_id, name="opponent@other")
        clients.extend([first, second, opponent])
        first.connect(alone.url)
        second.connect(other.url)
        opponent.connect(other.url)
        assert first.version == second.version == opponent.version == 0
        version = first.version
        command = first.decide(random.Random(2))
        first.send(command, "through-alone", version)
        assert first.wait_ack("through-alone") == version + 1
        # The other process still believes the game is at ``version``.
        assert second.ping() == version
        second.send(command, "through-other", version)
        reply = second.wait_reply("through-other")
        assert reply["type"] == "error" and reply["code"] == "conflict", reply
        # It reloaded and sent its viewers the event they missed, then the state.
        second.wait_version(version + 1)
        opponent.wait_version(version + 1)
        assert second.ping() == version + 1
        assert second.state == first.state
        seen_by_all = {k: v for k, v in first.events[version + 1].items() if k != "drawn"}
        assert second.events[version + 1] == first.events[version + 1]  # the same seat
        assert opponent.events[version + 1] == seen_by_all
        rows = stored_events(pg_url, game_id)
        assert len(rows) == version + 1
        assert rows[-1].command_id == "through-alone"
        assert "through-other" not in {row.command_id for row in rows}
    finally:
        other.kill()


def test_a_version_whose_news_was_lost_is_read_when_presence_mentions_it(
    fanned_out: list[ServerProcess],
    alone: ServerProcess,
    people: list[Player],
    clients: list[GameClient],
) -> None:
    """A move is committed where nothing is published (``alone`` has no Redis), as if
    its ``version`` message had been lost. A process's presence names the game's
    version; the listening process sees it lacks that version, reads it from the
    database and passes it to its viewers: a lost message delays, never strands."""
    listening = fanned_out[0]
    game_id, ana, bob = two_player_game(people, alone, listening)
    watcher = GameClient(bob, game_id, name="bob@listening")
    mover_client = GameClient(ana, game_id, name="ana@alone")
    clients.extend([watcher, mover_client])
    current = watcher.connect(listening.url)["state"]["current"]
    mover = ana if current == 0 else bob
    if mover is bob:
        mover_client = GameClient(bob, game_id, name="bob@alone")
        clients.append(mover_client)
    mover_client.connect(alone.url)
    version = mover_client.version
    mover_client.send(mover_client.decide(random.Random(3)), "unheard", version)
    assert mover_client.wait_ack("unheard") == version + 1
    assert watcher.ping() == version  # nobody told the listening process

    news = {"kind": "presence", "game": game_id, "seats": [], "spectators": 0}
    channel = listening.env["CHROMINO_REDIS_CHANNEL"]
    with redis.Redis.from_url(require_redis()) as bus:
        bus.publish(channel, json.dumps({**news, "version": version + 1, "origin": "test"}))
    watcher.wait_version(version + 1)
    assert shared_view(watcher) == shared_view(mover_client)


def test_presence_is_the_same_on_every_process(
    fanned_out: list[ServerProcess], people: list[Player], clients: list[GameClient]
) -> None:
    """Seat 0 on one process, seat 1 and a spectator on the other: both processes say
    both seats are here and one person watches, and both hear when someone leaves."""
    a, b = fanned_out
    game_id, ana, bob = two_player_game(people, a, b)
    watcher = Player(b.url)
    people.append(watcher)
    ana_on_a = GameClient(ana, game_id, name="ana@a")
    bob_on_b = GameClient(bob, game_id, name="bob@b")
    clients.extend([ana_on_a, bob_on_b])
    ana_on_a.connect(a.url)
    bob_on_b.connect(b.url)
    for client in (ana_on_a, bob_on_b):
        client.wait_presence([True, True], 0)
    watching = GameClient(watcher, game_id, name="watcher@b")
    clients.append(watching)
    watching.connect(b.url)
    for client in (ana_on_a, bob_on_b, watching):
        client.wait_presence([True, True], 1)
    bob_on_b.close()
    for client in (ana_on_a, watching):
        client.wait_presence([True, False], 1)


def test_a_dead_process_drops_out_of_the_presence(
    pg_url: str, tmp_path: Path, people: list[Player], clients: list[GameClient]
) -> None:
    """A process that dies says nothing more: its viewers leave the others' presence
    once it has been silent for the presence lifetime."""
    redis_url = require_redis()
    quick = {"redis_url": redis_url, "presence_refresh_seconds": 0.3, "presence_ttl_seconds": 1.5}
    a, b = (
        ServerProcess(server_env(pg_url, **quick), tmp_path / f"server-{name}.log") for name in "ab"
    )
    launch_all([a, b])
    try:
        game_id, ana, bob = two_player_game(people, a, b)
        ana_on_a = GameClient(ana, game_id, name="ana@a")
        bob_on_b = GameClient(bob, game_id, name="bob@b")
        clients.extend([ana_on_a, bob_on_b])
        ana_on_a.connect(a.url)
        bob_on_b.connect(b.url)
        ana_on_a.wait_presence([True, True], 0)
        b.kill()  # no goodbye: the socket's end is never announced
        bob_on_b.close()
        ana_on_a.wait_presence([True, False], 0)
    finally:
        a.kill()
        b.kill()


def test_http_and_a_solo_game_on_postgresql_alone(
    alone: ServerProcess, pg_url: str, people: list[Player], clients: list[GameClient]
) -> None:
    solo = Player(alone.url)
    people.append(solo)
    assert solo.me["registered"] is False
    renamed = solo.http.put("/api/me/name", json={"name": f"Pg {secrets.token_hex(3)}"})
    assert renamed.status_code == 200, renamed.text
    assert solo.http.get("/api/me").json()["name"] == renamed.json()["name"]
    assert solo.http.patch("/api/me/preferences", json={"palette": "okabe-ito"}).status_code == 200
    assert solo.http.get("/api/me/preferences").json()["palette"] == "okabe-ito"
    table = solo.http.post("/api/tables", json={"seats": [{"kind": "human"}] * 2, "public": True})
    assert table.status_code == 201
    code = table.json()["invite_code"]
    assert code in {listed["invite_code"] for listed in solo.http.get("/api/tables").json()}
    assert solo.http.get(f"/api/tables/{code}").json()["status"] == "open"

    started = solo.http.post("/api/solo")
    assert started.status_code == 201, started.text
    game_id = started.json()["game_id"]
    client = GameClient(solo, game_id, name="solo")
    clients.append(client)
    client.connect()
    play_to_the_end([client], [client], random.Random(3))
    games = solo.http.get("/api/me/games").json()
    assert [(game["id"], game["status"]) for game in games] == [(game_id, "finished")]
    record = solo.http.get(f"/api/games/{game_id}/record")
    assert record.status_code == 200
    final = TileGameLive(replay(record.json()), GAME)
    assert final.is_over and client.state == final.view(0)
    assert len(stored_events(pg_url, game_id)) == client.version


def _wait_for(client: GameClient, kind: str, timeout: float = 10) -> dict[str, Any]:
    """The next message of ``kind`` the client receives."""
    while True:
        message = client.recv(timeout=timeout)
        if message["type"] == kind:
            return message


def test_an_offer_to_end_made_on_one_process_is_accepted_on_the_other(
    fanned_out: list[ServerProcess],
    people: list[Player],
    clients: list[GameClient],
) -> None:
    """The offer lives in the processes' memory, shared through the fan-out: Bob, on the
    other process, hears it and accepts it there; the game ends once, by agreement."""
    a, b = fanned_out
    game_id, ana, bob = two_player_game(people, a, b)
    ana_on_a = GameClient(ana, game_id, name="ana@a")
    bob_on_b = GameClient(bob, game_id, name="bob@b")
    clients.extend([ana_on_a, bob_on_b])
    ana_on_a.connect(a.url)
    bob_on_b.connect(b.url)
    ana_on_a.send({"type": "offer_end"}, "offer", 0)
    assert ana_on_a.wait_ack("offer") == 0
    heard = _wait_for(bob_on_b, "end_offer")
    assert heard["offer"]["by"] == 0 and heard["offer"]["waiting"] == [1]
    bob_on_b.send({"type": "accept_end"}, "accept", 0)
    assert bob_on_b.wait_ack("accept") == 1
    for client in clients:
        client.wait_version(1)
        assert client.events[1]["action"] == "end_agreed"
        assert client.state["ended_by"] == "agreed"
    assert all(client.errors == [] for client in clients)


def wait_presence(sock: GameSocket, wanted: dict[str, Any]) -> None:
    """Read until the socket has been told this presence (by a snapshot or a message)."""

    def told(frame: dict[str, Any]) -> dict[str, Any] | None:
        if frame["type"] == "presence":
            return {key: frame[key] for key in ("connected", "spectators")}
        return frame.get("presence")

    latest = next((told(f) for f in reversed(sock.received) if told(f) is not None), None)
    while latest != wanted:
        latest = told(sock.recv_until("presence"))


def test_a_bot_takes_an_absent_players_seat_once_with_two_processes(
    pg_url: str, tmp_path: Path, people: list[Player]
) -> None:
    """Both processes serve the game and both see Bob away for the whole grace; when it
    ends on both clocks at once, both try to have a bot play for him: the database lets
    one, and every viewer, on either process, hears of it once."""
    start = str(int(time.time()))
    env = {"redis_url": require_redis(), "fake_clock": "true", "fake_clock_start": start}
    a, b = (
        ServerProcess(server_env(pg_url, **env), tmp_path / f"server-{name}.log") for name in "ab"
    )
    launch_all([a, b])
    sockets: list[GameSocket] = []
    try:
        ana, bob = Player(a.url), Player(b.url)
        watcher = Player(b.url)
        people.extend([ana, bob, watcher])
        body = {"seats": [{"kind": "human"}] * 2, "substitute_minutes": 1}
        code = ana.http.post("/api/tables", json=body).json()["invite_code"]
        assert bob.http.post(f"/api/tables/{code}/join").status_code == 200
        game_id = ana.http.post(f"/api/tables/{code}/start").json()["game_id"]
        on_a, on_b = ana.connect(game_id), watcher.connect(game_id)
        sockets.extend([on_a, on_b])
        welcome = on_a.recv_until("welcome")
        on_b.recv_until("welcome")
        for sock in (on_a, on_b):  # both processes know Ana is here and Bob is not
            wait_presence(sock, {"connected": [True, False], "spectators": 1})
        for server in (a, b):
            moved = httpx.post(f"{server.url}/test/clock", json={"advance": 60})
            assert moved.status_code == 200, moved.text
        for sock in (on_a, on_b):
            assert sock.recv_until("away")["seat"] == 1
        if welcome["state"]["current"] == 0:
            legal = welcome["legal"]
            command = (
                {"type": "play", **{k: legal[0][k] for k in ("tile", "x", "y", "dir")}}
                if legal
                else {"type": "draw"}
            )
            on_a.send({**command, "id": "ana-1", "version": 0})
        for sock in (on_a, on_b):  # the bot plays Bob's turn, once
            while True:
                event = sock.recv_until("event")
                if event["event"]["seat"] == 1:
                    break
        for sock in (on_a, on_b):
            sock.send({"type": "ping"})
            sock.recv_until("pong")
            assert [f["seat"] for f in sock.received if f["type"] == "away"] == [1]
        rows = stored_events(pg_url, game_id)
        assert [row.seq for row in rows] == list(range(1, len(rows) + 1))
        database = Database(pg_url)
        try:
            with database.session() as session:
                taken = session.execute(select(SeatSubstitute.game_id, SeatSubstitute.seat)).all()
        finally:
            database.dispose()
        assert [tuple(row) for row in taken] == [(game_id, 1)]
    finally:
        for sock in sockets:
            sock.close()
        a.kill()
        b.kill()


def test_a_help_level_changed_on_one_process_reaches_the_game_open_on_the_other(
    fanned_out: list[ServerProcess],
    people: list[Player],
    clients: list[GameClient],
) -> None:
    """The player whose turn it is has the game open on process b
    and changes the help level through process a (another device): b resends their
    state at once, without the places (level None), and their header's stream on b
    hears the new preferences."""
    a, b = fanned_out
    game_id, ana, bob = two_player_game(people, a, b)
    mover_on_b = GameClient(ana, game_id, name="ana@b")
    clients.append(mover_on_b)
    welcome = mover_on_b.connect(b.url)
    if welcome["state"]["current"] != welcome["seat"]:
        mover_on_b.close()
        mover_on_b = GameClient(bob, game_id, name="bob@b")
        clients.append(mover_on_b)
        welcome = mover_on_b.connect(b.url)
    assert welcome["legal"] is not None
    mover = mover_on_b.player
    elsewhere = httpx.Client(base_url=a.url, cookies=mover.http.cookies, timeout=10)
    timeout = httpx.Timeout(20, read=20)
    try:
        with mover.http.stream("GET", "/api/me/events", timeout=timeout) as stream:
            lines = stream.iter_lines()
            assert _next_me(lines)["preferences"]["assistance"] == "beginner"
            changed = elsewhere.patch("/api/me/preferences", json={"assistance": "none"})
            assert changed.status_code == 200, changed.text
            resent = _wait_for(mover_on_b, "state")
            assert resent["legal"] is None and resent["version"] == welcome["version"]
            while _next_me(lines)["preferences"]["assistance"] != "none":
                pass
    finally:
        elsewhere.close()


def _next_me(lines: Iterator[str]) -> dict[str, Any]:
    """The next ``me`` event's data of a ``/api/me/events`` stream."""
    event = None
    for line in lines:
        if line.startswith("event:"):
            event = line.split(":", 1)[1].strip()
        elif line.startswith("data:") and event == "me":
            data: dict[str, Any] = json.loads(line.split(":", 1)[1])
            return data
    raise AssertionError("the stream ended")
