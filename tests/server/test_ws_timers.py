"""Turn timers run on the server: a player who does nothing times out, the turn passes.

The server keeps a fake clock (web.clock) that stands still until a test moves it on:
a deadline is exactly "now + the turn" on it, nothing times out a moment before its
deadline, and the timer fires as soon as the clock reaches it — with no test waiting
through real turns."""

from __future__ import annotations

from typing import Any

import pytest
from support.fixtures import LiveServers
from support.live import GameSocket, LiveServer, Player, clock_time, run_out
from support.wsplay import (
    FAST,
    Driver,
    Timeline,
    check_viewer,
    fetch_record,
    set_assistance,
    start_game,
)

from web.db import Database
from web.models import Game

TURN = 20
"""Seconds per turn in these games (Chromino's shortest turn is 15 seconds)."""


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(fake_clock=True, **FAST)


def next_event(sock: GameSocket, timeout: float = 10) -> dict[str, Any]:
    """The next event."""
    return sock.recv_until("event", timeout=timeout)


def no_event_yet(sock: GameSocket, version: int) -> None:
    """Nothing happened to the game: a ping, answered after everything sent before it,
    finds it still at ``version`` and no event came first."""
    sock.send({"type": "ping"})
    pong = sock.recv_until("pong")
    assert pong["version"] == version
    assert not [f for f in sock.received if f["type"] == "event" and f["version"] > version]


def bag_of(server: LiveServer, game_id: str) -> list[str]:
    """The game's bag as dealt, in drawing order (server-side data)."""
    database = Database(server.settings.database_url)
    try:
        with database.sessions() as session:
            game = session.get(Game, game_id)
            assert game is not None
            return list(game.setup["bag"])
    finally:
        database.dispose()


def end_turn(sock: GameSocket, message: dict[str, Any]) -> dict[str, Any]:
    """Lay a tile if one fits, else draw and lay the drawn tile or pass; the event that
    ended the turn."""
    version = message["version"]
    legal = message["legal"]
    if not legal:
        sock.send({"type": "draw", "id": f"d{version}", "version": version})
        message = next_event(sock)
        version, legal = message["version"], message["legal"]
    if legal:
        move = {k: legal[0][k] for k in ("tile", "x", "y", "dir")}
        sock.send({"type": "play", "id": f"p{version}", "version": version, **move})
    else:
        sock.send({"type": "pass", "id": f"p{version}", "version": version})
    return next_event(sock)


@pytest.mark.parametrize("scoring", ["expert", "none"])
def test_a_player_who_does_nothing_times_out(
    people: list[Player], server: LiveServer, scoring: str
) -> None:
    clock = server.clock
    dealt_at = clock_time(clock)
    game_id, seated = start_game(
        people, ["human", "human"], {"turn_seconds": TURN, "scoring": scoring}
    )
    sockets = {seat: person.connect(game_id) for seat, person in seated.items()}
    spectator = people[4].connect(game_id)
    welcomes = {seat: sock.recv_until("welcome") for seat, sock in sockets.items()}
    watched = spectator.recv_until("welcome")
    idle = welcomes[0]["state"]["current"]
    other = 1 - idle
    deadline = welcomes[0]["deadline"]
    # the first turn's deadline counts from the deal, on the game's clock
    assert deadline == dealt_at + TURN
    assert {w["deadline"] for w in [*welcomes.values(), watched]} == {deadline}
    bag = welcomes[0]["state"]["bag"]

    # a second before the deadline, nothing has happened
    clock.advance(TURN - 1)
    no_event_yet(sockets[idle], 0)

    # nobody moves: at the deadline the server's timer does
    clock.advance(1)
    frames = {seat: next_event(sock) for seat, sock in sockets.items()}
    seen = frames[idle]
    penalty = welcomes[idle]["state"]["hands"][idle]
    event = dict(seen["event"])
    drawn = event.pop("drawn")
    assert drawn not in penalty
    assert event == {
        "seat": idle,
        "action": "timeout",
        "points": -15 if scoring == "expert" else 0,
        "penalty_tile": True,
    }  # nobody went out, no hand was revealed, the game goes on: said by leaving them out
    assert seen["version"] == 1
    other_event = frames[other]["event"]
    assert "drawn" not in other_event
    assert other_event == event
    spectator_event = spectator.recv_until("event")["event"]
    assert spectator_event == event
    state = seen["state"]
    assert state["current"] == other
    assert state["hands"][idle] == [*penalty, drawn]
    assert state["hand_counts"][idle] == len(penalty) + 1
    assert state["bag"] == bag - 1
    assert state["scores"] == (
        [-15 if seat == idle else 0 for seat in range(2)] if scoring == "expert" else [0, 0]
    )
    assert state["tiles_drawn"][idle] == 1
    assert state["turns_taken"][idle] == 1
    assert frames[other]["legal"] is not None
    assert seen["legal"] is None
    # a fresh deadline for the next turn, counted from the timeout, the same for everyone
    new_deadline = seen["deadline"]
    assert new_deadline == deadline + TURN
    assert frames[other]["deadline"] == new_deadline
    assert not [f for sock in sockets.values() for f in sock.received if f["type"] == "ack"]

    # a command decided before the timeout is now stale
    sockets[idle].send({"type": "draw", "id": "too-late", "version": 0})
    error = sockets[idle].recv_until("error")
    assert (error["code"], error["id"]) == ("stale_version", "too-late")
    # a reconnect finds the same deadline
    with people[idle].connect(game_id) as again:
        assert again.recv_until("welcome")["deadline"] == new_deadline

    # the other player ends their turn in time: the deadline starts again from that move
    clock.advance(TURN / 2)
    moved_at = clock_time(clock)
    ended = end_turn(sockets[other], frames[other])
    assert ended["event"]["action"] in ("play", "pass")
    assert ended["deadline"] == moved_at + TURN

    # and the rest of the game goes as the record says, deadlines included
    driver = Driver(sockets, [spectator], seed=1, timed=True)
    driver.run()
    for sock in [*sockets.values(), spectator]:
        sock.close()
    timeline = Timeline.of(fetch_record(people[0], game_id))
    stale = frozenset({"stale_version"})
    for seat, sock in sockets.items():
        check_viewer(timeline, sock, seat, timed=True, allowed_errors=stale)
    check_viewer(timeline, spectator, None, timed=True)
    assert timeline.record["moves"][0] == {"player": idle, "action": "timeout"}


def test_a_draw_keeps_the_deadline_and_a_timeout_then_draws_again(
    people: list[Player], server: LiveServer
) -> None:
    for person in people[:2]:
        set_assistance(person, "intermediate")
    game_id, seated = start_game(people, ["human", "human"], {"turn_seconds": TURN})
    sockets = {seat: person.connect(game_id) for seat, person in seated.items()}
    welcomes = {seat: sock.recv_until("welcome") for seat, sock in sockets.items()}
    me = welcomes[0]["state"]["current"]
    mine = sockets[me]
    server.clock.advance(TURN / 2)
    mine.send({"type": "draw", "id": "d", "version": 0})
    drew = next_event(mine)
    assert drew["deadline"] == welcomes[me]["deadline"]
    first = drew["event"]["drawn"]
    run_out(server.clock, drew["deadline"])
    timed_out = next_event(mine)
    event = timed_out["event"]
    assert event["action"] == "timeout"
    assert event["penalty_tile"] is True
    second = event["drawn"]
    # the draw took the bag's first tile, the timeout's penalty the next one
    assert [first, second] == bag_of(server, game_id)[:2]
    assert timed_out["state"]["hands"][me][-2:] == [first, second]
    assert timed_out["state"]["tiles_drawn"][me] == 2
    assert timed_out["state"]["current"] == 1 - me
    for sock in sockets.values():
        sock.close()


def test_a_timeout_with_an_empty_bag_draws_nothing(
    people: list[Player], server: LiveServer
) -> None:
    """Four hands of 19 leave three tiles: three quick draws empty the bag."""
    for person in people[:4]:
        set_assistance(person, "none")
    game_id, seated = start_game(
        people, ["human"] * 4, {"hand_size": 19, "turn_seconds": TURN, "scoring": "segments"}
    )
    sockets = {seat: person.connect(game_id) for seat, person in seated.items()}
    welcomes = {seat: sock.recv_until("welcome") for seat, sock in sockets.items()}
    first = welcomes[0]["state"]["current"]
    version = 0
    for turn in range(3):
        sock = sockets[(first + turn) % 4]
        sock.send({"type": "draw", "id": f"d{turn}", "version": version})
        sock.send({"type": "pass", "id": f"p{turn}", "version": version + 1})
        assert sock.recv_until("ack")["version"] == version + 1
        assert sock.recv_until("ack")["version"] == version + 2
        version += 2
    idle = (first + 3) % 4
    sock = sockets[idle]
    passed = next_event(sock)
    while passed["version"] < version:
        passed = next_event(sock)
    run_out(server.clock, passed["deadline"])
    frame = next_event(sock)
    assert frame["version"] == version + 1
    event = frame["event"]
    assert event == {
        "seat": idle,
        "action": "timeout",
        "points": -15,  # and no penalty tile: ``penalty_tile`` false, so left out
    }
    assert frame["state"]["bag"] == 0
    assert frame["state"]["hand_counts"][idle] == 19
    assert frame["state"]["scores"][idle] == -15
    for each in sockets.values():
        each.close()
