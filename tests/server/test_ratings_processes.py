"""Rated exactly once with two server processes on one PostgreSQL database (Redis
between them): rounds of games between the same four people, half on each process,
all ending at the same moment. In most rounds each game ends on its own process, so
both processes rate games of the same people at once; in the last ones each
resignation is sent through both processes at once, so both try to end the same
game. Every game is rated once (one ``rated_game`` row), and the stored ratings are
what replaying the games in their order gives (the rebuild finds them identical):
the processes took turns on the rating rows they share, and none was lost."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from sqlalchemy import func, select
from support.cluster import launch_all
from support.live import Player
from support.procs import GameClient, ServerProcess, all_at_once, server_env
from support.services import require_redis

from web.db import Database
from web.models import Game, RatedGame, Rating
from web.ratings import rebuild

ROUNDS = 8
TWICE_FROM = 6
"""From this round on, each resignation goes through both processes at once."""
PAIRS = [(0, 1, "a"), (2, 3, "a"), (0, 2, "b"), (1, 3, "b")]
"""Each round's games: two people, and the process whose lobby deals the game. Everyone
plays one game on each process at once."""
REFUSED_TWICE = {"stale_version", "conflict", "game_over", "seat_resigned"}
"""What the second copy of a command may be told, when the first took the version."""


@pytest.fixture(scope="module")
def servers(
    pg_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, ServerProcess]]:
    redis_url = require_redis()
    logs = tmp_path_factory.mktemp("ratings-processes")
    env = server_env(pg_url, redis_url=redis_url)
    processes = {name: ServerProcess(env, logs / f"server-{name}.log") for name in "ab"}
    launch_all(list(processes.values()))
    yield processes
    for process in processes.values():
        process.kill()


@pytest.fixture
def people(servers: dict[str, ServerProcess]) -> Iterator[list[Player]]:
    crowd = [Player(servers["a"].url) for _ in range(4)]
    yield crowd
    for person in crowd:
        person.close()


def deal(people: list[Player], first: int, second: int, server: ServerProcess) -> str:
    """A rated two-seat table made and dealt through ``server``."""
    creator, joiner = people[first], people[second]
    for person in (creator, joiner):
        person.http.base_url = server.url  # the same session cookie, on this process
    made = creator.http.post("/api/tables", json={"seats": [{"kind": "human"}] * 2})
    assert made.status_code == 201, made.text
    assert made.json()["rated"] is True
    code = made.json()["invite_code"]
    assert joiner.http.post(f"/api/tables/{code}/join").status_code == 200
    started = creator.http.post(f"/api/tables/{code}/start")
    assert started.status_code == 200, started.text
    return str(started.json()["game_id"])


class Ending:
    """One game's loser, connected through ``servers`` (the game's own process, or
    both), resigning through each at once when the round's barrier lets everyone go."""

    def __init__(self, person: Player, game_id: str, servers: list[ServerProcess]) -> None:
        self.game_id = game_id
        self.clients = [GameClient(person, game_id, name=f"{game_id}@{s.url}") for s in servers]
        for client, server in zip(self.clients, servers, strict=True):
            client.connect(server.url)
        self.replies: list[dict[str, object]] = []
        self.failure: BaseException | None = None

    def resign(self, barrier: threading.Barrier) -> None:
        try:
            barrier.wait(timeout=30)
            for client in self.clients:
                client.send({"type": "resign"}, f"resign-{self.game_id}", 0)
            self.replies = [client.wait_reply(f"resign-{self.game_id}") for client in self.clients]
        except BaseException as failure:  # reported by the test's thread
            self.failure = failure

    def close(self) -> None:
        for client in self.clients:
            client.close()


def play_round(
    people: list[Player], servers: dict[str, ServerProcess], *, twice: bool
) -> list[str]:
    """One game per pair, dealt on its process; all end together, each through its own
    process (``twice``: through both). Their ids."""
    games = [deal(people, first, second, servers[name]) for first, second, name in PAIRS]
    endings = [
        Ending(people[second], game_id, list(servers.values()) if twice else [servers[name]])
        for (_, second, name), game_id in zip(PAIRS, games, strict=True)
    ]
    all_at_once([ending.resign for ending in endings])
    for ending in endings:
        ending.close()
        assert ending.failure is None, ending.failure
        acked = [reply for reply in ending.replies if reply["type"] == "ack"]
        assert acked and all(reply["version"] == 1 for reply in acked), ending.replies
        refused = [reply for reply in ending.replies if reply["type"] == "error"]
        assert all(reply["code"] in REFUSED_TWICE for reply in refused), ending.replies
    return games


def test_games_ending_at_once_on_two_processes_are_each_rated_once(
    servers: dict[str, ServerProcess], pg_url: str, people: list[Player]
) -> None:
    games = [
        game_id
        for number in range(ROUNDS)
        for game_id in play_round(people, servers, twice=number >= TWICE_FROM)
    ]
    database = Database(pg_url)
    try:
        with database.session() as session:
            finished = session.scalars(select(Game.status).where(Game.id.in_(games)))
            assert set(finished) == {"finished"}
            counts = dict(
                session.execute(
                    select(RatedGame.game_id, func.count()).group_by(RatedGame.game_id)
                ).all()
            )
            assert counts == dict.fromkeys(games, 1)
            held = {
                row.user_id: (row.games, row.wins)
                for row in session.scalars(select(Rating).where(Rating.pool == "chromino"))
            }
        # each person played two games a round and lost the one where they resigned
        losses = {person.me["id"]: 0 for person in people}
        for _, second, _ in PAIRS:
            losses[people[second].me["id"]] += ROUNDS
        assert held == {person: (2 * ROUNDS, 2 * ROUNDS - lost) for person, lost in losses.items()}
        report = rebuild(database)
        assert report.identical, report.lines()
        assert report.games == len(games) == ROUNDS * len(PAIRS)
    finally:
        database.dispose()
