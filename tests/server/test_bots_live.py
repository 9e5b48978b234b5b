"""The Hard bot on the server: it thinks in worker processes (never on the event loop),
falls back to Medium for a move when its worker dies, and the coach annotates finished
games in the background."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from support.fixtures import LiveServers
from support.live import SPARE_CYCLES_SECONDS, LiveServer, Player, run_apart
from support.wsplay import FAST, Driver, start_game

from web.games import game_kind
from web.live.thinkers import Thinkers
from web.settings import Settings

THINK = 0.6
"""The Hard bot's thinking time in these games: long against a move's round trip."""
GRACE = 4.0
"""How long past its thinking time a move waits for a starved worker before Medium
plays it: a test run keeps both cores busy, and the workers live on spare cycles."""

SETTINGS = {
    "bot_seconds": THINK,
    "bot_grace_seconds": GRACE,
    "bot_workers": 2,
    "coach_iterations": 20,
    **FAST,
}


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(**SETTINGS)


def bot_move_times(sock: Any, count: int, timeout: float = 30) -> list[float]:
    """Seconds between a bot's turn starting and its move arriving, ``count`` times."""
    times: list[float] = []
    began = time.monotonic()
    while len(times) < count:
        frame = sock.recv_until("event", timeout=timeout)
        now = time.monotonic()
        if frame["event"]["seat"] != 0:
            times.append(now - began)
        began = now
        if frame["state"]["finished"]:
            break
    return times


def test_a_game_against_hard_bots_plays_to_its_end_in_bounded_time(people: list[Player]) -> None:
    ana = people[0]
    game_id, seated = start_game(people, ["human", "strong", "strong"])
    sock = seated[0].connect(game_id)
    moves: list[float] = []
    driver = Driver({0: sock}, seed=3)
    last = time.monotonic()
    while driver.step():
        now = time.monotonic()
        if driver.latest[id(sock)]["event"]["seat"] != 0:
            moves.append(now - last)
        last = now
    sock.close()
    summary = ana.http.get(f"/api/games/{game_id}").json()["game"]
    assert summary["status"] == "finished"
    assert summary["players"][1:] == ["Hard bot", "Hard bot"]
    assert moves, "the bots never moved"
    # each bot move: its thinking time and at most its grace (then Medium moves at once),
    # plus room for a busy machine to send it: never unbounded
    assert max(moves) < THINK + GRACE + 6, moves


def test_a_human_game_keeps_its_pace_beside_busy_hard_games(serve: LiveServers) -> None:
    """On a server of its own, stopped at the end: its ten busy games would otherwise go
    on for the rest of the module, keeping the other tests' bots waiting for a worker."""
    busy_server = serve(**SETTINGS)
    people = [Player(busy_server.url) for _ in range(3)]
    try:
        _keeps_its_pace(people)
    finally:
        for person in people:
            person.close()
        busy_server.stop()


def _keeps_its_pace(people: list[Player]) -> None:
    creator = people[0]
    busy = []
    for _ in range(10):
        made = creator.http.post(
            "/api/tables", json={"seats": [{"kind": "bot", "bot": "strong"}] * 2}
        )
        assert made.status_code == 201, made.text
        started = creator.http.post(f"/api/tables/{made.json()['invite_code']}/start")
        busy.append(started.json()["game_id"])

    def busy_moves() -> int:
        return sum(creator.http.get(f"/api/games/{gid}").json()["state"]["moves"] for gid in busy)

    # Wait until the workers are up and thinking: from then on twenty Hard bots, each
    # searching in turn with no pause, keep both workers busy for the rest of the test.
    deadline = time.monotonic() + 60
    while busy_moves() < 2:
        assert time.monotonic() < deadline, "the busy games never moved"
        time.sleep(0.1)
    # two people play while the bots of ten games queue for the workers
    game_id, seated = start_game(people[1:], ["human", "human"])
    sockets = {seat: person.connect(game_id) for seat, person in seated.items()}
    driver = Driver(sockets, seed=5)
    round_trips = []
    for _ in range(16):
        began = time.monotonic()
        if not driver.step():
            break
        round_trips.append(time.monotonic() - began)
    for sock in sockets.values():
        sock.close()
    assert len(round_trips) >= 8
    # a move made and seen by both, while ten bots think a while each: if the thinking
    # ran on the event loop, each of these would wait out a bot's whole search
    assert max(round_trips) < THINK, round_trips


def test_a_dead_worker_costs_one_move_played_by_medium(
    people: list[Player], server: LiveServer, caplog: pytest.LogCaptureFixture
) -> None:
    thinkers = server.app_state().hub.thinkers
    game_id, seated = start_game(people, ["human", "strong"])
    sock = seated[0].connect(game_id)
    driver = Driver({0: sock}, seed=8)
    driver.run(max_events=4)  # the pool is up and has played
    assert thinkers.bots.processes()
    with caplog.at_level(logging.WARNING):
        for pid in thinkers.bots.processes():
            os.kill(pid, signal.SIGKILL)
        driver.run(max_events=6)
    assert "Medium plays this move instead" in caplog.text
    driver.run()  # and the game goes on to its end, the pool made again
    assert driver.state()["finished"]
    assert thinkers.bots.processes(), "the pool was not made again"
    sock.close()


def test_the_coach_notes_each_human_move_of_a_finished_game(people: list[Player]) -> None:
    ana = people[0]
    game_id, seated = start_game(people, ["human", "greedy"], {"hand_size": 4})
    sock = seated[0].connect(game_id)
    Driver({0: sock}, seed=2).run()
    sock.close()
    deadline = time.monotonic() + SPARE_CYCLES_SECONDS
    while True:
        replay = ana.http.get(f"/api/games/{game_id}/replay").json()
        if replay["coach"]["status"] == "done":
            break
        assert replay["coach"]["status"] in ("pending", "running"), replay["coach"]
        assert time.monotonic() < deadline, "the coach never finished"
        time.sleep(0.2)
    coach = replay["coach"]
    record = ana.http.get(f"/api/games/{game_id}/record").json()
    mine = [
        index + 1
        for index, move in enumerate(record["moves"])
        if move["player"] == 0 and move["action"] != "timeout"
    ]
    assert [note["version"] for note in coach["notes"]] == mine
    for note in coach["notes"]:
        assert note["seat"] == 0
        assert 0 <= note["loss"] <= 1
        assert note["played"] == {
            k: v for k, v in record["moves"][note["version"] - 1].items() if k != "player"
        }
        assert "action" in note["preferred"]
        # Chromino without scores, two players: the values are chances of winning.
        assert note["meaning"] == "win"
        assert "played_points" in note and "preferred_points" in note
        if note["loss"] > 0:
            assert note["preferred"] != note["played"]
    summary = coach["summary"]
    assert [entry["seat"] for entry in summary] == [0, 1]
    assert summary[0]["moves"] == len(mine)
    assert summary[1]["moves"] == 0  # the bot is not coached


ORPHAN_SCRIPT = """
import os
from web.live.thinkers import Workers
workers = Workers(1, "test", niceness=5)
print(workers.pool().submit(os.getpid).result(), flush=True)
print(workers.pool().submit(os.nice, 0).result(), flush=True)
print(workers.pool().submit(os.sched_getscheduler, 0).result(), flush=True)
os._exit(0)  # no shutdown of the pool, as after a SIGKILL
"""


def running(pid: int) -> bool:
    """Whether the process exists and is not a zombie waiting to be reaped."""
    try:
        stat = open(f"/proc/{pid}/stat").read()  # noqa: SIM115
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_workers_think_below_the_server_and_end_with_it() -> None:
    """A server killed outright cannot shut its pool down: its workers notice and end
    (they would otherwise wait for work forever). They run below the server: lower
    niceness, and Linux's idle scheduling class."""
    done = subprocess.run(
        [sys.executable, "-c", ORPHAN_SCRIPT],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    pid, niceness, policy = (int(line) for line in done.stdout.split())
    assert niceness == min(19, os.nice(0) + 5)
    assert policy == os.SCHED_IDLE  # it runs on the time the server leaves over
    deadline = time.monotonic() + 20
    while running(pid):
        assert time.monotonic() < deadline, f"worker {pid} outlived its server"
        time.sleep(0.05)


def test_a_worker_past_its_time_and_grace_costs_one_move_played_by_medium(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The workers run on spare cycles, which a busy machine may not have: a search that
    has not answered within its time and its grace is given up, and the caller plays
    Medium. (No grace here: a worker that must first start can never answer within
    the bare thinking time.)"""
    kind = game_kind("chromino")
    live = kind.restore(kind.deal(["Ann", "Ben"], "grace", kind.normalize_options({})))
    thinkers = Thinkers(Settings(bot_seconds=0.05, bot_grace_seconds=0))

    try:
        with caplog.at_level(logging.WARNING):
            thought = run_apart(thinkers.think(kind.name, live.view(0), "strong", "grace"))
        assert thought is None
    finally:
        thinkers.close()
    assert "did not answer in time: Medium plays this move" in caplog.text
