"""Turn timers run on the server: a player who does nothing times out, the turn passes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support import GameSocket, LiveServer, Player, wall_now
from wsplay import (
    FAST,
    Driver,
    Timeline,
    check_viewer,
    fetch_record,
    set_assistance,
    start_game,
    start_server,
)

from web.db import Database
from web.models import Game

TURN = 2
"""Seconds per turn in these games: long enough for a scripted exchange on a busy machine."""
LATE = 3.0
"""How long after its deadline a timeout may arrive on a busy machine."""
SLACK = 0.5
"""Margin for clocks read in two processes' threads and for delivery on a loaded machine."""
now = wall_now


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = start_server(tmp_path_factory.mktemp("ws_timers"), **FAST)
    yield live
    live.stop()


def next_event(sock: GameSocket, timeout: float = 10) -> tuple[dict[str, Any], float]:
    """The next event, and when it arrived."""
    event = sock.recv_until("event", timeout=timeout)
    return event, now()


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


def end_turn(sock: GameSocket, message: dict[str, Any]) -> tuple[dict[str, Any], float]:
    """Lay a tile if one fits, else draw and lay the drawn tile or pass; the event that
    ended the turn, and when its command was sent."""
    version = message["version"]
    legal = message["legal"]
    if not legal:
        sock.send({"type": "draw", "id": f"d{version}", "version": version})
        message, _ = next_event(sock)
        version, legal = message["version"], message["legal"]
    sent_at = now()
    if legal:
        move = {k: legal[0][k] for k in ("tile", "x", "y", "dir")}
        sock.send({"type": "play", "id": f"p{version}", "version": version, **move})
    else:
        sock.send({"type": "pass", "id": f"p{version}", "version": version})
    event, _ = next_event(sock)
    return event, sent_at


@pytest.mark.parametrize("scoring", ["expert", "none"])
def test_a_player_who_does_nothing_times_out(people: list[Player], scoring: str) -> None:
    before = now()
    game_id, seated = start_game(
        people, ["human", "human"], {"turn_seconds": TURN, "scoring": scoring}
    )
    after = now()
    sockets = {seat: person.connect(game_id) for seat, person in seated.items()}
    spectator = people[4].connect(game_id)
    welcomes = {seat: sock.recv_until("welcome") for seat, sock in sockets.items()}
    watched = spectator.recv_until("welcome")
    idle = welcomes[0]["state"]["current"]
    other = 1 - idle
    deadline = welcomes[0]["deadline"]
    assert isinstance(deadline, float)
    assert before + TURN - SLACK <= deadline <= after + TURN + SLACK
    assert {w["deadline"] for w in [*welcomes.values(), watched]} == {deadline}
    bag = welcomes[0]["state"]["bag"]

    # nobody moves: the server's timer does
    frames = {seat: next_event(sock) for seat, sock in sockets.items()}
    seen, arrived = frames[idle]
    assert deadline - SLACK <= arrived <= deadline + LATE
    penalty = welcomes[idle]["state"]["hands"][idle]
    event = dict(seen["event"])
    drawn = event.pop("drawn")
    assert drawn not in penalty
    assert event == {
        "seat": idle,
        "action": "timeout",
        "points": -15 if scoring == "expert" else 0,
        "penalty_tile": True,
        "went_out": False,
        "revealed": [],
        "finished": False,
    }
    assert seen["version"] == 1
    other_event = frames[other][0]["event"]
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
    assert frames[other][0]["legal"] is not None
    assert seen["legal"] is None
    # a fresh deadline for the next turn, the same for everyone
    new_deadline = seen["deadline"]
    assert arrived - LATE <= new_deadline - TURN <= arrived + SLACK
    assert new_deadline >= deadline + TURN - SLACK
    assert frames[other][0]["deadline"] == new_deadline
    assert not [f for sock in sockets.values() for f in sock.received if f["type"] == "ack"]

    # a command decided before the timeout is now stale
    sockets[idle].send({"type": "draw", "id": "too-late", "version": 0})
    error = sockets[idle].recv_until("error")
    assert (error["code"], error["id"]) == ("stale_version", "too-late")
    # a reconnect finds the same deadline
    with people[idle].connect(game_id) as again:
        assert again.recv_until("welcome")["deadline"] == new_deadline

    # the other player ends their turn in time: the deadline starts again from that move
    ended, sent_at = end_turn(sockets[other], frames[other][0])
    ended_at = now()
    assert ended["event"]["action"] in ("play", "pass")
    assert sent_at + TURN - SLACK <= ended["deadline"] <= ended_at + TURN + SLACK

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
    mine.send({"type": "draw", "id": "d", "version": 0})
    drew, _ = next_event(mine)
    assert drew["deadline"] == welcomes[me]["deadline"]
    first = drew["event"]["drawn"]
    timed_out, arrived = next_event(mine)
    assert arrived >= welcomes[me]["deadline"] - SLACK
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


def test_a_timeout_with_an_empty_bag_draws_nothing(people: list[Player]) -> None:
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
    while True:
        frame, _ = next_event(sock)
        if frame["event"]["action"] == "timeout":
            break
    assert frame["version"] == version + 1
    event = frame["event"]
    assert event == {
        "seat": idle,
        "action": "timeout",
        "points": -15,
        "penalty_tile": False,
        "went_out": False,
        "revealed": [],
        "finished": False,
    }
    assert frame["state"]["bag"] == 0
    assert frame["state"]["hand_counts"][idle] == 19
    assert frame["state"]["scores"][idle] == -15
    for each in sockets.values():
        each.close()
