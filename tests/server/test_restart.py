"""Kill the server (SIGKILL) mid-game and restart it on the same SQLite file.

Every acknowledged move survives, nothing is applied twice, reconnecting
clients get exactly what they missed, timers and bots pick up where they were,
and the game then plays to its end. The server is a real ``chromino serve``
subprocess, so a kill is a kill: no shutdown hook runs.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from datetime import UTC
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from support.live import Player, migrated_sqlite
from support.procs import GameClient, ServerProcess, server_env, stored_events

from chromino.games.chromino import GAME
from chromino.games.chromino.notation import replay
from web.db import Database
from web.games.tile_game import TileGameLive
from web.models import GameEvent

BOT_SEAT = 2


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    return migrated_sqlite(tmp_path / "restart.sqlite3")


@pytest.fixture
def cleanup() -> Iterator[list[Any]]:
    """Things with a ``close`` or ``kill`` to call at the end, whatever happens."""
    things: list[Any] = []
    yield things
    for thing in reversed(things):
        (getattr(thing, "kill", None) or thing.close)()


def start_server(
    tmp_path: Path, database_url: str, cleanup: list[Any], **env: Any
) -> ServerProcess:
    server = ServerProcess(server_env(database_url, **env), tmp_path / "server.log")
    cleanup.append(server)
    return server.start()


def new_game(
    server: ServerProcess, cleanup: list[Any], *, bot: bool = False, **options: Any
) -> tuple[str, list[GameClient]]:
    """Two people (and maybe a bot) at a table, dealt; both people connected."""
    people = [Player(server.url) for _ in range(2)]
    cleanup.extend(people)
    seats: list[dict[str, Any]] = [{"kind": "human"}, {"kind": "human"}]
    if bot:
        seats.append({"kind": "bot", "bot": "greedy"})
    created = people[0].http.post("/api/tables", json={"seats": seats, "options": options})
    assert created.status_code == 201, created.text
    code = created.json()["invite_code"]
    assert people[1].http.post(f"/api/tables/{code}/join").status_code == 200
    started = people[0].http.post(f"/api/tables/{code}/start")
    assert started.status_code == 200, started.text
    game_id = started.json()["game_id"]
    clients = [GameClient(person, game_id, name=f"seat {i}") for i, person in enumerate(people)]
    cleanup.extend(clients)
    for seat, client in enumerate(clients):
        welcome = client.connect()
        assert welcome["type"] == "welcome"
        assert welcome["seat"] == seat
    return game_id, clients


def kill_and_restart(
    server: ServerProcess, clients: list[GameClient], *, seen: list[int] | None = None
) -> list[GameClient]:
    """SIGKILL, take in what each client had been sent, restart, and reconnect each
    client with ``?since=`` its last version. A client that missed nothing must find
    the very state it saw before the kill; those clients are returned. ``seen``, when
    given, receives each client's version as the server died."""
    server.kill()
    before = []
    for client in clients:
        client.drain()
        assert client.snapshot is not None
        before.append((client.version, client.snapshot))
    if seen is not None:
        seen.extend(version for version, _ in before)
    server.start()
    unchanged = []
    for client, (version, snapshot) in zip(clients, before, strict=True):
        resumed = client.connect()
        assert resumed["type"] == "state", "a short gap is replayed, not a new welcome"
        if resumed["version"] == version and snapshot["version"] == version:
            for key in ("state", "legal", "deadline"):
                assert resumed[key] == snapshot[key], f"{client.name}: {key} changed by a restart"
            unchanged.append(client)
    return unchanged


def sync_all(clients: list[GameClient], version: int) -> None:
    for client in clients:
        client.wait_version(version)


def check_resend(
    actor: GameClient,
    command: dict[str, Any],
    command_id: str,
    version: int,
    *,
    bot_may_move: bool = False,
) -> None:
    """Sending an acknowledged command again gets the same ack and changes nothing. With
    ``bot_may_move``, a bot may take its turn meanwhile: then no event after the resend
    may be the command's own action."""
    acked = actor.acks[command_id]
    before = actor.version
    actor.send(command, command_id, version)
    assert actor.wait_reply(command_id)["type"] == "ack"
    assert actor.acks[command_id] == acked
    now = actor.ping()
    if not bot_may_move:
        assert now == before, "the resent command made a new event"
        assert actor.version == before
    later = [actor.events[number]["action"] for number in range(before + 1, now + 1)]
    assert command["type"] not in later, "the resent command made a new event"


def check_stored_game(
    database_url: str, game_id: str, clients: list[GameClient], bot: bool
) -> list[GameEvent]:
    """The stored events: versions 1..N with no gap, each person's command ids exactly
    the ones acknowledged to them, at the versions acknowledged."""
    rows = stored_events(database_url, game_id)
    assert [row.seq for row in rows] == list(range(1, len(rows) + 1))
    for client in clients:
        mine = {row.command_id: row.seq for row in rows if row.user_id == client.player.me["id"]}
        assert mine == client.acks, f"{client.name}: stored commands differ from the acks"
        assert len(client.events) == len(rows) == client.version
    by_bot = [row for row in rows if row.user_id is None]
    assert all(row.seat == BOT_SEAT and row.command_id is None for row in by_bot)
    assert bool(by_bot) == bot
    return rows


def check_final_state(server: ServerProcess, game_id: str, clients: list[GameClient]) -> None:
    """The record replays to exactly what every player was last shown."""
    record = clients[0].player.http.get(f"/api/games/{game_id}/record")
    assert record.status_code == 200, record.text
    assert len(record.json()["moves"]) == clients[0].version
    final = TileGameLive(replay(record.json()), GAME)
    assert final.is_over
    for seat, client in enumerate(clients):
        assert client.state == final.view(seat)
        assert client.state["finished"]


@pytest.mark.parametrize("bot", [False, True], ids=["two-people", "two-people-and-a-bot"])
def test_kills_at_any_moment_lose_no_acknowledged_move(
    tmp_path: Path, database_url: str, cleanup: list[Any], bot: bool
) -> None:
    server = start_server(tmp_path, database_url, cleanup, bot_delay_seconds=0.25 if bot else 0)
    game_id, clients = new_game(server, cleanup, bot=bot)
    rng = random.Random(7)
    # Which kill happens at which of the people's moves; with a bot, one more kill
    # while the bot is about to move.
    plan = {2: "after_ack", 5: "in_flight", 8: "in_flight_late", 12: "after_ack"}
    kills: list[str] = []
    bot_kill_pending = bot
    moves = 0
    while not clients[0].state["finished"]:
        assert moves < 300, "the game does not end"
        current = clients[0].state["current"]
        version = clients[0].version
        if bot and current == BOT_SEAT:
            sync_all(clients, version + 1)
            assert clients[0].events[version + 1]["seat"] == BOT_SEAT
            continue
        actor = clients[current]
        actor.wait_version(version)
        assert actor.version == version and actor.state["current"] == current
        command = actor.decide(rng)
        command_id = f"m{moves}"
        kind = plan.get(moves)
        actor.send(command, command_id, version)
        if kind in ("in_flight", "in_flight_late"):
            # The command is on its way (or being committed) when the server dies.
            time.sleep(0.0 if kind == "in_flight" else 0.003)
            kill_and_restart(server, clients)
            kills.append(kind)
            # Whether or not it landed, sending it again applies it exactly once.
            actor.send(command, command_id, version)
            assert actor.wait_ack(command_id) == version + 1
        else:
            assert actor.wait_ack(command_id) == version + 1
            hands_to_bot = bot and actor.state["current"] == BOT_SEAT
            if kind == "after_ack" and not hands_to_bot:
                assert actor in kill_and_restart(server, clients), "the actor missed nothing"
                kills.append(kind)
                check_resend(actor, command, command_id, version)
            elif kind == "after_ack":
                # The bot would move during the resend check: kill at a later move.
                later = moves + 1
                while later in plan:
                    later += 1
                plan[later] = kind
            if hands_to_bot and bot_kill_pending and moves >= 3:
                # The bot waits 0.25 s before moving: it dies before it moves and
                # must move by itself once the server is back (it may do so before
                # every client has reconnected, so they may resume past it).
                seen: list[int] = []
                kill_and_restart(server, clients, seen=seen)
                sync_all(clients, version + 2)
                assert clients[0].events[version + 2]["seat"] == BOT_SEAT
                if seen == [version + 1] * len(clients):
                    kills.append("bot_pending")
                    bot_kill_pending = False
                else:
                    # A slow machine let the bot move before the kill: a kill all the
                    # same, and the kill before its move is tried at its next turn.
                    kills.append("bot_moved_first")
        sync_all(clients, version + 1)
        assert clients[0].events[version + 1]["seat"] == current
        assert clients[0].events[version + 1]["action"] == command["type"]
        moves += 1
    expected = ["after_ack", "in_flight", "in_flight_late", "after_ack"]
    if bot:
        expected.append("bot_pending")
    planned = [kind for kind in kills if kind != "bot_moved_first"]
    assert sorted(planned) == sorted(expected), "the game ended before every planned kill"
    for client in clients:
        assert client.errors == []
    rows = check_stored_game(database_url, game_id, clients, bot)
    assert len(rows) == clients[0].version
    check_final_state(server, game_id, clients)
    assert server.starts == len(kills) + 1


def test_a_turn_deadline_that_passes_while_the_server_is_down(
    tmp_path: Path, database_url: str, cleanup: list[Any]
) -> None:
    """The server keeps a fake clock (web.clock): it stands still while the game is
    played, and the restarted server's clock starts past the stored deadline, as a real
    one would after the downtime."""
    turn_seconds = 15
    server = start_server(tmp_path, database_url, cleanup, fake_clock=True)
    game_id, clients = new_game(server, cleanup, turn_seconds=turn_seconds)
    current = clients[0].state["current"]
    actor = clients[current]
    # One move, so the game is under way; the deadline is then the next turn's.
    actor.send(actor.decide(random.Random(1)), "first", 0)
    assert actor.wait_ack("first") == 1
    sync_all(clients, 1)
    current = clients[0].state["current"]
    deadline = clients[0].snapshot["deadline"] if clients[0].snapshot else None
    assert deadline is not None

    server.kill()
    for client in clients:
        client.drain()
        assert client.version == 1
    # the deadline passed while nobody served the game
    restarted_at = deadline + 2.5
    server.env["CHROMINO_FAKE_CLOCK_START"] = str(restarted_at)
    server.start()
    for client in clients:
        client.connect()
    sync_all(clients, 2)
    timeout = clients[0].events[2]
    assert timeout["action"] == "timeout"
    assert timeout["seat"] == current

    database = Database(database_url)
    try:
        with database.session() as session:
            stored = session.scalars(
                select(GameEvent.created_at).where(GameEvent.game_id == game_id, GameEvent.seq == 2)
            ).one()
    finally:
        database.dispose()
    happened = stored.replace(tzinfo=stored.tzinfo or UTC).timestamp()
    # the restarted server timed the turn out itself, as it started
    assert happened == restarted_at
    for client in clients:
        assert client.events[2]["action"] == "timeout"
        assert client.state["current"] != current
        new_deadline = client.snapshot["deadline"] if client.snapshot else None
        assert new_deadline == restarted_at + turn_seconds

    # And the game goes on: the next player moves.
    mover = clients[clients[0].state["current"]]
    mover.send(mover.decide(random.Random(2)), "after-restart", 2)
    assert mover.wait_ack("after-restart") == 3
    sync_all(clients, 3)
    assert all(client.errors == [] for client in clients)


def test_many_games_moving_at_once_survive_a_kill(
    tmp_path: Path, database_url: str, cleanup: list[Any]
) -> None:
    """Moves of many games arrive together, so the server commits them together; an
    acknowledged one survives a kill all the same, and one in flight lands at most once."""
    server = start_server(tmp_path, database_url, cleanup)
    games = [new_game(server, cleanup) for _ in range(12)]
    everyone = [client for _, clients in games for client in clients]
    rng = random.Random(3)
    for round_number in range(4):
        command_id = f"r{round_number}"
        moves = []
        for _, clients in games:
            if clients[0].state["finished"]:
                continue
            actor = clients[clients[0].state["current"]]
            moves.append((actor, clients, actor.decide(rng), actor.version))
        assert moves
        for actor, _, command, version in moves:
            actor.send(command, command_id, version)
        if round_number == 3:
            # The last round is in flight when the server dies.
            kill_and_restart(server, everyone)
            for actor, _, command, version in moves:
                actor.send(command, command_id, version)
        for actor, clients, _, version in moves:
            assert actor.wait_ack(command_id) == version + 1
            sync_all(clients, version + 1)
    for game_id, clients in games:
        check_stored_game(database_url, game_id, clients, bot=False)
        assert all(client.errors == [] for client in clients)


def test_a_graceful_stop_under_load_loses_nothing_and_doubles_nothing(
    tmp_path: Path, database_url: str, cleanup: list[Any]
) -> None:
    """SIGTERM while many games' moves are in flight: the server stops accepting, tells
    every socket to reconnect (1012), finishes the commits it has, and exits in time.
    Restarted, every acknowledged move is there once, and the games play on."""
    server = start_server(tmp_path, database_url, cleanup, shutdown_seconds=5)
    games = [new_game(server, cleanup) for _ in range(10)]
    everyone = [client for _, clients in games for client in clients]
    rng = random.Random(12)
    for round_number in range(5):
        command_id = f"r{round_number}"
        moves = []
        for _, clients in games:
            if clients[0].state["finished"]:
                continue
            actor = clients[clients[0].state["current"]]
            moves.append((actor, clients, actor.decide(rng), actor.version))
        for actor, _, command, version in moves:
            actor.send(command, command_id, version)
        if round_number == 3:
            # This round is in flight when the stop comes.
            started = time.monotonic()
            server.stop(timeout=30)
            assert server.process is not None
            # uvicorn re-raises the signal once it has shut down cleanly
            assert server.process.returncode in (0, -15), server.log()
            assert "Application shutdown complete" in server.log()
            assert time.monotonic() - started < 5 + 5, "the stop took longer than it may"
            for client in everyone:
                client.drain()
                assert client.close_code == 1012, f"{client.name}: closed with {client.close_code}"
            server.start()
            for client in everyone:
                client.connect()
            for actor, _, command, version in moves:
                actor.send(command, command_id, version)  # applied once, landed or not
        for actor, clients, _, version in moves:
            assert actor.wait_ack(command_id) == version + 1
            sync_all(clients, version + 1)
    for game_id, clients in games:
        check_stored_game(database_url, game_id, clients, bot=False)
        assert all(client.errors == [] for client in clients)


def test_a_resignation_and_an_agreed_end_survive_a_kill(
    tmp_path: Path, database_url: str, cleanup: list[Any]
) -> None:
    """A resignation is a stored move: after a SIGKILL the seat is still gone, its tiles
    still out of play; the game then ends by agreement (the bot accepts), and the
    record replays to what everyone was shown."""
    server = start_server(tmp_path, database_url, cleanup, bot_delay_seconds=0.25)
    game_id, clients = new_game(server, cleanup, bot=True)
    leaver, stayer = clients[1], clients[0]

    def settled() -> int:
        """The version once the bot is not to move (the people can act without a race)."""
        while stayer.state["current"] == BOT_SEAT:
            stayer.wait_version(stayer.version + 1)
        leaver.wait_version(stayer.version)
        return stayer.version

    version = settled()
    leaver.send({"type": "resign"}, "leave", version)
    assert leaver.wait_ack("leave") == version + 1
    stayer.wait_version(version + 1)
    kill_and_restart(server, clients)
    for client in clients:
        assert client.state["resigned"] == [1]
        assert client.state["hand_counts"][1] == 0
    # The seat after the one that left may be the bot's: it moves when it will.
    check_resend(leaver, {"type": "resign"}, "leave", version, bot_may_move=True)
    for attempt in range(20):
        version = settled()
        stayer.send({"type": "offer_end"}, f"offer{attempt}", version)
        reply = stayer.wait_reply(f"offer{attempt}")
        if reply["type"] == "ack":
            break
        assert reply["code"] == "stale_version", reply  # the bot moved meanwhile
    sync_all(clients, version + 1)
    assert stayer.events[version + 1]["action"] == "end_agreed"
    assert stayer.state["ended_by"] == "agreed"
    check_final_state(server, game_id, clients)


def test_a_rematch_moved_on_its_sockets_survives_a_kill(
    tmp_path: Path, database_url: str, cleanup: list[Any]
) -> None:
    """A game ends (a resignation), one player asks for the rematch on their socket and
    both move their sockets on to it (no new connection). The rematch is stored before
    the asker's socket moves on: a SIGKILL then finds it. Each move acknowledged there
    is stored: a SIGKILL right after an ack keeps it, the clients reconnect to the
    rematch with ``?since=`` and get exactly what they missed, and the rematch plays on
    to its end."""
    server = start_server(tmp_path, database_url, cleanup)
    first, clients = new_game(server, cleanup)
    clients[1].send({"type": "resign"}, "leave", clients[1].version)
    clients[1].wait_ack("leave")
    for seat, client in enumerate(clients):
        welcome = client.join_rematch(ask=seat == 0)
        assert client.game_id == clients[0].game_id != first and welcome["version"] == 0
        assert welcome["seat"] is not None and welcome["seat"] == seat
    second = clients[0].game_id
    kill_and_restart(server, clients)
    assert all(client.game_id == second and client.version == 0 for client in clients)
    rng = random.Random(7)
    for step in range(200):
        mover = clients[clients[0].state["current"]]
        command, command_id, version = mover.decide(rng), f"r{step}", mover.version
        mover.send(command, command_id, version)
        assert mover.wait_ack(command_id) == version + 1
        if step % 5 == 2:  # killed right after the ack: the move is kept all the same
            kill_and_restart(server, clients)
            assert all(client.version == version + 1 for client in clients)
            assert stored_events(database_url, second)[-1].command_id == command_id
        else:
            sync_all(clients, version + 1)
        if clients[0].state["finished"]:
            break
    assert clients[0].state["finished"], "the rematch did not end in 200 moves"
    check_stored_game(database_url, second, clients, bot=False)
    check_final_state(server, second, clients)
    assert [row.command_id for row in stored_events(database_url, first)] == ["leave"]
