"""Reconnecting and resyncing by version, and who is here (presence)."""

from __future__ import annotations

from typing import Any

import pytest
from support.fixtures import LiveServers
from support.live import GameSocket, LiveServer, Player
from support.wsplay import (
    FAST,
    Driver,
    Timeline,
    check_acks,
    check_viewer,
    fetch_record,
    set_assistance,
    start_game,
)

GAP = 8


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(replay_gap_limit=GAP, **FAST)


def live_events(sock: GameSocket) -> dict[int, dict[str, Any]]:
    """The events a socket received live, by version."""
    return {f["version"]: f for f in sock.received if f["type"] == "event" and "state" in f}


def latest_state(sock: GameSocket) -> dict[str, Any]:
    return [f for f in sock.received if "state" in f][-1]


def read_catch_up(sock: GameSocket) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Frames up to the first snapshot: the replayed events, and the snapshot."""
    events: list[dict[str, Any]] = []
    while True:
        frame = sock.recv()
        if frame["type"] in ("welcome", "state"):
            return events, frame
        assert frame["type"] == "event", frame
        events.append(frame)


def same_snapshot(frame: dict[str, Any], reference: dict[str, Any]) -> None:
    for key in ("version", "state", "legal", "deadline"):
        assert frame[key] == reference[key], key


def test_a_reconnecting_tab_gets_the_missed_events_then_one_state(
    people: list[Player],
) -> None:
    ana, ben, cleo, _, watcher = people
    for person in (ana, ben, cleo):
        set_assistance(person, "intermediate")
    game_id, _ = start_game(people, ["human", "human", "human"])
    a, b_stays, c = ana.connect(game_id), ben.connect(game_id), cleo.connect(game_id)
    b_leaves, spectator = ben.connect(game_id), watcher.connect(game_id)
    actors = {0: a, 1: b_stays, 2: c}
    driver = Driver(actors, [b_leaves, spectator], seed=8, draw_rate=0.5)
    gone = driver.run(max_events=5)
    b_leaves.close()
    # ben still has a tab open: his seat stays connected
    presence = a.recv_until("presence")
    assert presence == {
        "type": "presence",
        "version": gone,
        "connected": [True, True, True],
        "spectators": 1,
    }

    # everyone draws in this stretch (then lays the drawn tile or passes): whatever the
    # deal, three turns give ben's tab a draw of its own and others' draws to catch up on
    driver = Driver(actors, [spectator], seed=9, draw_rate=1.0)

    def missed_enough(_: dict[str, Any]) -> bool:
        missed = [live_events(spectator)[v]["event"] for v in range(gone + 1, driver.version + 1)]
        own_draw = any(e["seat"] == 1 and e["action"] == "draw" for e in missed)
        other_draw = any(e["seat"] != 1 and e["action"] == "draw" for e in missed)
        return own_draw and other_draw and len(missed) >= 6

    now = driver.run(max_events=GAP, until=missed_enough)
    assert missed_enough({}), "the game did not give the reconnect enough to catch up on"
    assert driver.state()["finished"] is False

    back = ben.connect(game_id, since=gone)
    events, snapshot = read_catch_up(back)
    assert [e["version"] for e in events] == list(range(gone + 1, now + 1))
    reference = live_events(b_stays)
    for frame in events:
        assert set(frame) == {"type", "version", "event"}
        assert frame["event"] == reference[frame["version"]]["event"]
        if frame["event"]["action"] == "draw":
            assert ("drawn" in frame["event"]) == (frame["event"]["seat"] == 1)
    assert any("drawn" in frame["event"] for frame in events)
    assert snapshot["type"] == "state"
    same_snapshot(snapshot, latest_state(b_stays))
    assert back.recv() == {
        "type": "presence",
        "version": now,
        "connected": [True, True, True],
        "spectators": 1,
    }

    # a spectator catching up sees the same events, without any drawn tile
    with watcher.connect(game_id, since=gone) as late:
        events, snapshot = read_catch_up(late)
    assert [f["event"] for f in events] == [
        live_events(spectator)[v]["event"] for v in range(gone + 1, now + 1)
    ]
    assert not any("drawn" in f["event"] for f in events)
    same_snapshot(snapshot, latest_state(spectator))

    # the reconnected tab plays on to the end
    b_stays.close()
    driver = Driver({0: a, 1: back, 2: c}, [spectator], seed=10)
    driver.run()
    for sock in (a, back, c, spectator):
        sock.close()
    timeline = Timeline.of(fetch_record(ana, game_id))
    check_viewer(timeline, back, 1, assistance="intermediate")
    check_viewer(timeline, a, 0, assistance="intermediate")
    check_viewer(timeline, spectator, None)
    check_acks(timeline, a, 0)


def test_sync_message_resends_what_was_missed(people: list[Player]) -> None:
    ana, ben = people[0], people[1]
    game_id, _ = start_game(people, ["human", "human"])
    a, b = ana.connect(game_id), ben.connect(game_id)
    driver = Driver({0: a, 1: b}, seed=2)
    now = driver.run(max_events=GAP + 4)
    assert now == GAP + 4
    reference = latest_state(a)

    a.send({"type": "sync", "version": now - 4})
    events, snapshot = read_catch_up(a)
    assert [f["version"] for f in events] == list(range(now - 3, now + 1))
    for frame in events:
        assert set(frame) == {"type", "version", "event"}
        assert frame["event"] == live_events(a)[frame["version"]]["event"]
    assert snapshot["type"] == "state"
    same_snapshot(snapshot, reference)

    # exactly at the limit: still the events
    a.send({"type": "sync", "version": now - GAP})
    events, snapshot = read_catch_up(a)
    assert len(events) == GAP
    same_snapshot(snapshot, reference)

    # nothing missed: just the state
    a.send({"type": "sync", "version": now})
    events, snapshot = read_catch_up(a)
    assert events == []
    assert snapshot["type"] == "state"
    same_snapshot(snapshot, reference)

    # no version, or one too old or ahead: a snapshot (a resync, so `state`, not `welcome`)
    for version in (None, now - GAP - 1, 0, now + 1, 10**6):
        a.send({"type": "sync", "version": version})
        events, snapshot = read_catch_up(a)
        assert events == [], version
        assert snapshot["type"] == "state", version
        same_snapshot(snapshot, reference)
        assert snapshot["game_id"] == game_id
        assert snapshot["presence"] == {"connected": [True, True], "spectators": 0}

    # the other player heard nothing of it, and the game carries on after the resyncs
    assert b.received[-1]["version"] == now
    driver = Driver({0: a, 1: b}, seed=3)
    driver.run(max_events=3)
    assert driver.version == now + 3
    assert not [f for f in b.received if f["type"] == "state"]
    a.close()
    b.close()


def test_a_gap_beyond_the_limit_gets_a_welcome_snapshot(people: list[Player]) -> None:
    ana, ben = people[0], people[1]
    game_id, _ = start_game(people, ["human", "human"])
    a, b = ana.connect(game_id), ben.connect(game_id)
    driver = Driver({0: a, 1: b}, seed=4)
    now = driver.run(max_events=GAP + 4)
    assert now == GAP + 4
    reference = latest_state(a)

    # exactly at the limit: the events
    with ana.connect(game_id, since=now - GAP) as sock:
        events, snapshot = read_catch_up(sock)
    assert [f["version"] for f in events] == list(range(now - GAP + 1, now + 1))
    assert snapshot["type"] == "state"
    same_snapshot(snapshot, reference)

    # beyond it, ahead of the server, or nonsense: a welcome snapshot first
    for since in (str(now - GAP - 1), "0", str(now + 1), "-1", "abc", ""):
        path = f"{game_id}?since={since}"
        with ana.connect(path) as sock:
            first = sock.recv()
        assert first["type"] == "welcome", since
        same_snapshot(first, reference)
        assert first["seat"] == 0
    a.close()
    b.close()


def test_presence_follows_sockets_coming_and_going(people: list[Player]) -> None:
    ana, ben, _, eve, fay = people
    game_id, _ = start_game(people, ["human", "human"])
    a = ana.connect(game_id)
    welcome = a.recv()
    assert welcome["presence"] == {"connected": [True, False], "spectators": 0}
    assert a.recv() == {
        "type": "presence",
        "version": 0,
        "connected": [True, False],
        "spectators": 0,
    }

    def next_presence(sock: GameSocket) -> tuple[list[bool], int]:
        frame = sock.recv()
        assert frame["type"] == "presence", frame
        assert frame["version"] == 0
        return frame["connected"], frame["spectators"]

    b = ben.connect(game_id)
    assert b.recv()["presence"] == {"connected": [True, True], "spectators": 0}
    assert next_presence(a) == ([True, True], 0)
    assert next_presence(b) == ([True, True], 0)
    e = eve.connect(game_id)
    assert e.recv()["presence"] == {"connected": [True, True], "spectators": 1}
    for sock in (a, b, e):
        assert next_presence(sock) == ([True, True], 1)
    f = fay.connect(game_id)
    f.recv()
    for sock in (a, b, e, f):
        assert next_presence(sock) == ([True, True], 2)
    # a second tab of a seated player is not a spectator
    a2 = ana.connect(game_id)
    assert a2.recv()["presence"] == {"connected": [True, True], "spectators": 2}
    for sock in (a, b, e, f, a2):
        assert next_presence(sock) == ([True, True], 2)
    e.close()
    for sock in (a, b, f, a2):
        assert next_presence(sock) == ([True, True], 1)
    a.close()  # ana still has her second tab
    for sock in (b, f, a2):
        assert next_presence(sock) == ([True, True], 1)
    b.close()
    for sock in (f, a2):
        assert next_presence(sock) == ([True, False], 1)
    a2.close()
    assert next_presence(f) == ([False, False], 1)
    f.close()
