"""A duplicate table's end told once to each of its people with two server processes on
one PostgreSQL database (Redis between them): rounds of two-person duplicate tables
whose two boards end at the same moment, one on each process. Each process sees only
its own board finished until the other commits; the table's row, locked before the
boards are read (web.duplicate.ending), makes the second wait for the first and see
both boards finished. No table goes untold, nor is anyone told twice."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from sqlalchemy import select
from support.cluster import launch_all
from support.live import Player
from support.procs import GameClient, ServerProcess, all_at_once, server_env
from support.services import require_redis

from web.db import Database
from web.models import Game, Notice

ROUNDS = 8


@pytest.fixture(scope="module")
def servers(pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProcess]]:
    redis_url = require_redis()
    logs = tmp_path_factory.mktemp("duplicate-processes")
    env = server_env(pg_url, redis_url=redis_url)
    processes = [ServerProcess(env, logs / f"server-{name}.log") for name in "ab"]
    launch_all(processes)
    yield processes
    for process in processes:
        process.kill()


@pytest.fixture
def pair(servers: list[ServerProcess]) -> Iterator[list[Player]]:
    people = [Player(servers[0].url) for _ in range(2)]
    yield people
    for person in people:
        person.close()


def deal(people: list[Player]) -> tuple[str, list[str]]:
    """A two-seat duplicate table, started: its invite code and each person's board."""
    creator, joiner = people
    made = creator.http.post(
        "/api/tables", json={"seats": [{"kind": "human"}] * 2, "duplicate": True}
    )
    assert made.status_code == 201, made.text
    code = made.json()["invite_code"]
    assert joiner.http.post(f"/api/tables/{code}/join").status_code == 200
    assert creator.http.post(f"/api/tables/{code}/start").status_code == 200
    boards = []
    for person in people:
        lines = person.http.get(f"/api/duplicate/{code}").json()["boards"]
        boards.append(next(line["game_id"] for line in lines if line["mine"]))
    return code, boards


class Resigning:
    """One person giving up their board through one process, when the barrier opens."""

    def __init__(self, person: Player, game_id: str, server: ServerProcess) -> None:
        self.client = GameClient(person, game_id, name=f"{game_id}@{server.url}")
        self.client.connect(server.url)
        self.game_id = game_id
        self.reply: dict[str, object] = {}
        self.failure: BaseException | None = None

    def resign(self, barrier: threading.Barrier) -> None:
        try:
            barrier.wait(timeout=30)
            self.client.send({"type": "resign"}, f"resign-{self.game_id}", 0)
            self.reply = self.client.wait_reply(f"resign-{self.game_id}")
        except BaseException as failure:  # reported by the test's thread
            self.failure = failure
        finally:
            self.client.close()


def end_both_at_once(pair: list[Player], boards: list[str], servers: list[ServerProcess]) -> None:
    resigning = [
        Resigning(person, board, server)
        for person, board, server in zip(pair, boards, servers, strict=True)
    ]
    all_at_once([one.resign for one in resigning])
    for one in resigning:
        assert one.failure is None, one.failure
        assert one.reply.get("type") == "ack", one.reply


def test_boards_ending_at_once_on_two_processes_tell_everyone_once(
    servers: list[ServerProcess], pg_url: str, pair: list[Player]
) -> None:
    tables = {}
    for _ in range(ROUNDS):
        code, boards = deal(pair)
        end_both_at_once(pair, boards, servers)
        tables[code] = boards
    database = Database(pg_url)
    try:
        with database.session() as session:
            every_board = [board for boards in tables.values() for board in boards]
            statuses = session.scalars(select(Game.status).where(Game.id.in_(every_board)))
            assert set(statuses) == {"finished"}
            told = session.execute(
                select(Notice.details, Notice.user_id).where(Notice.kind == "duplicate_over")
            ).all()
    finally:
        database.dispose()
    people = sorted(person.me["id"] for person in pair)
    for code in tables:
        heard = sorted(user_id for details, user_id in told if details["duplicate"] == code)
        assert heard == people, f"table {code}: told {heard}"
