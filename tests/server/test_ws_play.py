"""Whole games through real websockets: people, bots and spectators play to the end, and
everything each viewer was sent agrees with the record replayed by the engine."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support.fixtures import LiveServers
from support.live import GameSocket, LiveServer, Player
from support.wsplay import (
    FAST,
    Driver,
    Timeline,
    check_game,
    check_outcome,
    check_viewer,
    fetch_record,
    legal_from_state,
    set_assistance,
    start_game,
    start_server,
)

from chromino.core.errors import IllegalMoveError
from chromino.games.chromino.board import Board
from chromino.games.chromino.placement import Placement
from chromino.games.chromino.tiles import ALL_NAMES


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(**FAST)


def play_through(
    people: list[Player],
    seats: list[str],
    options: dict[str, Any] | None = None,
    *,
    seed: int = 0,
    draw_rate: float = 0.0,
    assistance: str = "beginner",
    since: int | None = None,
) -> tuple[str, Timeline, dict[int, GameSocket], GameSocket]:
    """Deal, connect every human seat and a spectator, play to the end, check it all."""
    humans = sum(1 for kind in seats if kind == "human")
    for person in people[:humans]:
        set_assistance(person, assistance)
    game_id, seated = start_game(people, seats, options)
    watcher = people[-1]
    assert watcher not in seated.values()
    sockets = {seat: person.connect(game_id, since=since) for seat, person in seated.items()}
    spectator = watcher.connect(game_id, since=since)
    try:
        driver = Driver(sockets, [spectator], seed=seed, draw_rate=draw_rate)
        final = driver.run()
        assert driver.state()["finished"]
    finally:
        for sock in [*sockets.values(), spectator]:
            sock.close()
    timeline = check_game(watcher, game_id, sockets, spectator, assistance=assistance)
    assert final == timeline.final_version == len(timeline.record["moves"])
    return game_id, timeline, sockets, spectator


def first_snapshot(sock: GameSocket) -> dict[str, Any]:
    return next(f for f in sock.received if f["type"] in ("welcome", "state"))


@pytest.mark.parametrize("count", [2, 3, 4])
def test_people_play_a_standard_game_to_the_end(people: list[Player], count: int) -> None:
    game_id, timeline, sockets, spectator = play_through(people, ["human"] * count, seed=count)
    assert timeline.record["options"]["ruleset"] == "standard"
    for seat, sock in sockets.items():
        welcome = sock.received[0]
        assert welcome["type"] == "welcome"
        assert welcome["version"] == 0
        assert welcome["game_id"] == game_id
        assert welcome["seat"] == seat
        assert welcome["bots"] == [None] * count
        assert welcome["solo"] is False
        # every event reached every viewer, once and in order
        events = [f["version"] for f in sock.received if f["type"] == "event"]
        assert events == list(range(1, timeline.final_version + 1))
    spectator_events = [f["version"] for f in spectator.received if f["type"] == "event"]
    assert spectator_events == list(range(1, timeline.final_version + 1))
    assert spectator.received[0]["seat"] is None
    assert spectator.received[0]["legal"] is None


def test_a_junior_game(people: list[Player]) -> None:
    _, timeline, sockets, _ = play_through(
        people, ["human", "human"], {"ruleset": "junior"}, seed=7
    )
    plays = [s.event for s in timeline.steps[1:] if s.event and s.event.action.kind == "play"]
    assert len(plays) >= 5
    # every placement offered to a player in a junior game makes exactly one contact
    offered = [
        move
        for sock in sockets.values()
        for f in sock.received
        if f.get("legal")
        for move in f["legal"]
    ]
    assert offered
    assert {move["contacts"] for move in offered} == {1}
    assert all("points" not in move for move in offered)


@pytest.mark.parametrize("scoring", ["expert", "segments", "segments-multiply"])
def test_each_scoring_mode(people: list[Player], scoring: str) -> None:
    _, timeline, sockets, _ = play_through(
        people, ["human", "human", "human"], {"scoring": scoring}, seed=11
    )
    points = [
        s.event.points for s in timeline.steps[1:] if s.event and s.event.action.kind == "play"
    ]
    assert points and all(p > 0 for p in points)
    # the points each play was announced with in `legal` are the points it scored
    for sock in sockets.values():
        frames = sock.received
        for index, frame in enumerate(frames):
            if frame["type"] != "event" or frame["event"]["action"] != "play":
                continue
            event = frame["event"]
            before = [f for f in frames[:index] if "state" in f]
            offered = before[-1]["legal"]
            if offered is None:
                continue  # not this viewer's move
            match = [m for m in offered if all(m[k] == event[k] for k in ("tile", "x", "y", "dir"))]
            assert [m["points"] for m in match] == [event["points"]]


def test_solo_game(people: list[Player]) -> None:
    ana = people[0]
    response = ana.http.post("/api/solo", json={"options": {"hand_size": 6}})
    assert response.status_code == 201, response.text
    game_id = response.json()["game_id"]
    with ana.connect(game_id) as sock:
        welcome = sock.received[0] if sock.received else sock.recv()
        assert welcome["type"] == "welcome"
        assert welcome["solo"] is True
        assert welcome["players"] == [ana.me["name"]]
        driver = Driver({0: sock}, seed=3)
        driver.run()
    timeline = check_game(ana, game_id, {0: sock})
    game = timeline.game
    assert game is not None
    outcome = game.outcome()
    assert outcome is not None
    best = ana.http.get("/api/me/solo-best").json()
    if outcome.ended_by == "out":
        assert best == {
            "game": "chromino",
            "game_id": game_id,
            "turns": game.turns_taken[0],
            "draws": game.tiles_drawn[0],
            "score": game.scores[0],
        }
    else:  # a blocked game left tiles in hand: ana (a new guest) has no best yet
        assert outcome.ended_by == "blocked"
        assert best is None


def test_people_with_bots(people: list[Player]) -> None:
    seats = ["human", "random", "human", "greedy"]
    _, timeline, sockets, spectator = play_through(people, seats, seed=5, since=0)
    bot_events = [s.event for s in timeline.steps[1:] if s.event and s.event.seat in (1, 3)]
    assert len(bot_events) >= 8
    for sock in [*sockets.values(), spectator]:
        snapshot = first_snapshot(sock)
        assert snapshot["bots"] == [None, "random", None, "greedy"]
        assert snapshot["players"][1] == "Easy bot"
        assert snapshot["players"][3] == "Medium bot"
        replayed = [
            f["version"] for f in sock.received if f["type"] == "event" and "state" not in f
        ]
        live = [f["version"] for f in sock.received if f["type"] == "event" and "state" in f]
        assert replayed + live == list(range(1, timeline.final_version + 1))


def test_a_bots_only_game_watched_by_a_spectator(tmp_path: Path) -> None:
    live = start_server(tmp_path, bot_delay_seconds=0.01, **FAST)
    try:
        creator, late = Player(live.url), Player(live.url)
        game_id, seated = start_game(
            [creator], ["greedy", "random", "greedy"], {"scoring": "expert"}
        )
        assert seated == {}
        with creator.connect(game_id, since=0) as sock:
            driver = Driver({}, [sock])
            driver.run()
            assert driver.state()["finished"]
        with late.connect(game_id) as after:
            final = after.recv()
        record = fetch_record(creator, game_id)
        timeline = Timeline.of(record)
        seen = check_viewer(timeline, sock, None)
        assert seen.replayed_versions + seen.live_versions == list(
            range(1, timeline.final_version + 1)
        )
        assert seen.private_tiles == set()
        assert final["type"] == "welcome"
        assert final["version"] == timeline.final_version
        assert final["state"]["finished"] is True
        check_outcome(timeline, creator, game_id)
        creator.close()
        late.close()
    finally:
        live.stop()


def test_intermediate_players_who_draw_often(people: list[Player]) -> None:
    _, timeline, sockets, _ = play_through(
        people,
        ["human", "human", "human"],
        {"draws_per_turn": 3},
        seed=21,
        draw_rate=0.5,
        assistance="intermediate",
    )
    kinds = [s.event.action.kind for s in timeline.steps[1:] if s.event]
    assert kinds.count("draw") >= 5
    assert any(a == b == "draw" for a, b in itertools.pairwise(kinds)), "some turn drew twice"
    for seat, sock in sockets.items():
        drawn = [
            f["event"]["drawn"]
            for f in sock.received
            if f["type"] == "event"
            and f["event"]["action"] == "draw"
            and f["event"]["seat"] == seat
        ]
        others = [
            f["event"] for f in sock.received if f["type"] == "event" and f["event"]["seat"] != seat
        ]
        assert all("drawn" not in e for e in others)
        assert timeline.game is not None
        assert len(drawn) == timeline.game.tiles_drawn[seat]


def test_players_without_assistance_get_no_legal_list(people: list[Player]) -> None:
    _, _, sockets, _ = play_through(
        people, ["human", "human"], seed=4, assistance="none", draw_rate=0.1
    )
    for sock in sockets.values():
        assert all(f["legal"] is None for f in sock.received if "legal" in f)


# --- commands: at most once, versions, turns, seats, spectators, assistance -----------------


def ping(sock: GameSocket) -> int:
    """The game's version, as the server answers a ping."""
    sock.send({"type": "ping"})
    version: int = sock.recv_until("pong")["version"]
    return version


def snapshot_of(sock: GameSocket) -> dict[str, Any]:
    return [f for f in sock.received if "state" in f][-1]


def a_play(message: dict[str, Any], index: int = 0) -> dict[str, Any]:
    move = message["legal"][index]
    return {"type": "play", **{key: move[key] for key in ("tile", "x", "y", "dir")}}


def a_move(message: dict[str, Any]) -> dict[str, Any]:
    """A legal command for the viewer to play: a placement if one fits, else a draw or pass
    (later in a game, the seat to play may have no placement at all)."""
    legal = message["legal"]
    if legal is None:
        legal = legal_from_state(message["state"])
    if legal:
        return a_play({**message, "legal": legal})
    return {"type": "draw" if message["state"]["can_draw"] else "pass"}


def deal_with_a_play(
    people: list[Player],
    seats: list[str],
    options: dict[str, Any] | None = None,
    *,
    want: Callable[[list[dict[str, Any]]], bool] = bool,
) -> tuple[str, dict[int, GameSocket], int]:
    """A game whose first player can lay a tile at once (``want(legal)``, by default any
    placement at all); every human connected. Deals again until one does."""
    for _ in range(20):
        game_id, seated = start_game(people, seats, options)
        sockets = {seat: person.connect(game_id) for seat, person in seated.items()}
        welcomes = {seat: sock.recv_until("welcome") for seat, sock in sockets.items()}
        current = next(iter(welcomes.values()))["state"]["current"]
        if current in sockets:
            welcome = welcomes[current]
            legal = welcome["legal"]
            if legal is None:
                legal = legal_from_state(welcome["state"])
            if want(legal):
                return game_id, sockets, current
        for sock in sockets.values():
            sock.close()
    raise AssertionError("no deal in 20 gave the first player the play wanted")


def expect_error(sock: GameSocket, code: str, command_id: str | None = None) -> dict[str, Any]:
    error = sock.recv_until("error")
    assert error["code"] == code, error
    if command_id is not None:
        assert error["id"] == command_id, error
    else:
        assert "id" not in error, error
    assert isinstance(error["message"], str) and error["message"]
    return error


def no_events_since(sock: GameSocket, count: int) -> None:
    assert not [f for f in sock.received[count:] if f["type"] == "event"]


def test_a_command_sent_twice_is_applied_once(people: list[Player]) -> None:
    game_id, sockets, me = deal_with_a_play(people, ["human", "human"])
    other = 1 - me
    mine, theirs = sockets[me], sockets[other]
    command = {**a_play(snapshot_of(mine)), "id": "same-id", "version": 0}
    mine.send(command)
    event = mine.recv_until("event")
    assert event["version"] == 1
    assert mine.recv() == {"type": "ack", "id": "same-id", "version": 1}
    mine.send(command)
    assert mine.recv() == {"type": "ack", "id": "same-id", "version": 1}
    assert ping(mine) == 1
    assert ping(theirs) == 1
    assert [f["version"] for f in theirs.received if f["type"] == "event"] == [1]

    # the other player may use the same id for their own command
    theirs_command = {**a_move(snapshot_of(theirs)), "id": "same-id", "version": 1}
    theirs.send(theirs_command)
    assert theirs.recv_until("ack") == {"type": "ack", "id": "same-id", "version": 2}
    # a repeat after the game moved on is still the same ack, not a stale version
    mine.send(command)
    assert mine.recv_until("ack") == {"type": "ack", "id": "same-id", "version": 1}
    # ... and after a reconnect, even with other contents: nothing changes
    mine.close()
    with people[me].connect(game_id) as again:
        again.recv_until("welcome")
        again.send({"type": "draw", "id": "same-id", "version": 2})
        assert again.recv_until("ack") == {"type": "ack", "id": "same-id", "version": 1}
        assert ping(again) == 2
    assert ping(theirs) == 2
    state = people[me].http.get(f"/api/games/{game_id}").json()["state"]
    assert state["moves"] == 2
    theirs.close()


def test_the_same_command_from_two_tabs_at_once_is_applied_once(people: list[Player]) -> None:
    game_id, sockets, me = deal_with_a_play(people, ["human", "human"])
    tab = people[me].connect(game_id)
    tab.recv_until("welcome")
    command = {**a_play(snapshot_of(sockets[me])), "id": "both-tabs", "version": 0}
    sockets[me].send(command)
    tab.send(command)
    assert sockets[me].recv_until("ack") == {"type": "ack", "id": "both-tabs", "version": 1}
    assert tab.recv_until("ack") == {"type": "ack", "id": "both-tabs", "version": 1}
    for sock in [*sockets.values(), tab]:
        assert ping(sock) == 1
        assert [f["version"] for f in sock.received if f["type"] == "event"] == [1]
        sock.close()


def take_a_turn(sock: GameSocket, version: int, prefix: str) -> int:
    """The viewer whose turn it is ends it: a placement, or a draw then (the drawn tile
    laid or) a pass. Returns the version reached."""
    command = a_move(snapshot_of(sock))
    sock.send({**command, "id": f"{prefix}-{version}", "version": version})
    version = sock.recv_until("ack")["version"]
    if command["type"] == "draw":
        follow = a_move(snapshot_of(sock))
        if follow["type"] == "draw":  # drew from a bag it could not lay from: pass
            follow = {"type": "pass"}
        sock.send({**follow, "id": f"{prefix}-{version}", "version": version})
        version = sock.recv_until("ack")["version"]
    return version


def events_up_to(sock: GameSocket, version: int) -> None:
    while snapshot_of(sock)["version"] < version:
        sock.recv_until("event")


def test_stale_and_early_versions_are_refused(people: list[Player]) -> None:
    _, sockets, me = deal_with_a_play(people, ["human", "human"])
    mine, theirs = sockets[me], sockets[1 - me]
    play = a_play(snapshot_of(mine))
    mine.send({**play, "id": "v0", "version": 0})
    assert mine.recv_until("ack")["version"] == 1
    events_up_to(theirs, 1)
    now = take_a_turn(theirs, 1, "t")
    events_up_to(mine, now)
    assert snapshot_of(mine)["state"]["current"] == me
    before = len(theirs.received)
    for version in (0, 1, now + 1, 99):
        command = {**a_move(snapshot_of(mine)), "id": f"late-{version}", "version": version}
        mine.send(command)
        error = expect_error(mine, "stale_version", f"late-{version}")
        assert str(now) in error["message"]
    assert ping(mine) == now
    assert ping(theirs) == now
    no_events_since(theirs, before)
    # the refused id was not used up: sent again at the right version, it plays
    mine.send({**a_move(snapshot_of(mine)), "id": "late-0", "version": now})
    assert mine.recv_until("ack") == {"type": "ack", "id": "late-0", "version": now + 1}
    for sock in sockets.values():
        sock.close()


def test_only_the_seat_to_play_can_act_and_only_for_itself(people: list[Player]) -> None:
    game_id, sockets, me = deal_with_a_play(people, ["human", "human", "human"])
    waiting = (me + 1) % 3
    sock = sockets[waiting]
    hand = snapshot_of(sock)["state"]["hands"][waiting]
    start = snapshot_of(sock)["state"]["board"][0]
    before = len(sockets[me].received)
    commands = [
        {"type": "play", "tile": hand[0], "x": start["x"], "y": start["y"] + 1, "dir": "E"},
        {"type": "draw"},
        {"type": "pass"},
    ]
    for index, command in enumerate(commands):
        sock.send({**command, "id": f"early-{index}", "version": 0})
        error = expect_error(sock, "not_your_turn", f"early-{index}")
        assert error["message"] == f"it is seat {me}'s turn, not seat {waiting}'s"
    # there is no way to name another seat: the seat comes from the session
    sock.send({**a_play(snapshot_of(sockets[me])), "id": "as-other", "version": 0, "seat": me})
    error = expect_error(sock, "invalid_message", "as-other")
    assert "seat" in error["message"]
    assert ping(sock) == 0
    no_events_since(sockets[me], before)

    # a spectator (no seat, or no session at all) cannot act, but may ping and sync
    spectator = people[4].connect(game_id)
    assert spectator.recv_until("welcome")["seat"] is None
    for index, command in enumerate([a_play(snapshot_of(sockets[me])), {"type": "draw"}]):
        spectator.send({**command, "id": f"watch-{index}", "version": 0})
        expect_error(spectator, "spectator", f"watch-{index}")
    spectator.send({"type": "pass", "id": "watch-pass", "version": 0})
    expect_error(spectator, "spectator", "watch-pass")
    spectator.send({"type": "sync", "version": 0})
    assert spectator.recv_until("state")["version"] == 0
    assert ping(spectator) == 0
    anonymous = Player(people[0].base_url)
    anonymous.http.cookies.clear()
    with anonymous.connect(game_id) as stranger:
        assert stranger.recv_until("welcome")["seat"] is None
        stranger.send({"type": "draw", "id": "x", "version": 0})
        expect_error(stranger, "spectator", "x")
    anonymous.close()
    no_events_since(sockets[me], before)
    for each in [*sockets.values(), spectator]:
        each.close()


def test_beginner_assistance_refuses_a_draw_intermediate_allows_it(people: list[Player]) -> None:
    for person in people[:2]:
        set_assistance(person, "beginner")
    _, sockets, me = deal_with_a_play(people, ["human", "human"])
    person, mine, theirs = people[me], sockets[me], sockets[1 - me]
    welcome = snapshot_of(mine)
    assert welcome["legal"]
    assert welcome["state"]["can_draw"] is False
    assert snapshot_of(theirs)["legal"] is None
    mine.send({"type": "draw", "id": "d1", "version": 0})
    error = expect_error(mine, "assistance_draw_refused", "d1")
    assert "Beginner" in error["message"]
    assert ping(mine) == 0
    theirs_before = len(theirs.received)

    set_assistance(person, "intermediate")
    state = mine.recv_until("state")
    assert state["version"] == 0
    assert state["state"]["can_draw"] is True
    assert canonical(state["legal"]) == canonical(welcome["legal"])
    mine.send({"type": "draw", "id": "d1", "version": 0})
    drawn = mine.recv_until("event")
    assert mine.recv() == {"type": "ack", "id": "d1", "version": 1}
    tile = drawn["event"]["drawn"]
    assert drawn["state"]["drawn_tile"] == tile
    assert drawn["state"]["can_pass"] is True
    assert {move["tile"] for move in drawn["legal"]} <= {tile}

    set_assistance(person, "none")
    state = mine.recv_until("state")
    assert state["version"] == 1
    assert state["legal"] is None
    assert state["state"]["can_pass"] is True
    # the server still checks every move without assistance
    mine.send(
        {"type": "play", "id": "p1", "version": 1, "tile": tile, "x": 40, "y": 40, "dir": "E"}
    )
    expect_error(mine, "no_contact", "p1")
    # the level is kept: a new tab opens at the None level
    with person.connect(sockets_game_id(mine)) as tab:
        assert tab.recv_until("welcome")["legal"] is None
    set_assistance(person, "beginner")
    state = mine.recv_until("state")
    assert canonical(state["legal"]) == canonical(drawn["legal"])
    # the other player only heard of the draw, without the tile
    ping(theirs)
    ignored = ("presence", "pong", "assistance")
    events = [f for f in theirs.received[theirs_before:] if f["type"] not in ignored]
    assert [f["type"] for f in events] == ["event"]
    assert "drawn" not in events[0]["event"]
    assert not [f for f in theirs.received if f["type"] == "state"]
    for sock in sockets.values():
        sock.close()


def test_every_viewer_sees_each_seats_help_level_live(people: list[Player]) -> None:
    """Each snapshot names every seat's assistance level (None for a
    bot), and a player who changes theirs mid-game is heard of by everyone at once."""
    set_assistance(people[0], "beginner")
    set_assistance(people[1], "intermediate")
    game_id, seated = start_game(people, ["human", "human", "greedy"])
    sockets = {seat: person.connect(game_id) for seat, person in seated.items()}
    spectator = people[2].connect(game_id)
    try:
        for sock in [*sockets.values(), spectator]:
            assert sock.recv_until("welcome")["assistance"] == ["beginner", "intermediate", None]
        set_assistance(people[1], "none")
        changed = ["beginner", "none", None]
        assert sockets[1].recv_until("state")["assistance"] == changed
        for sock in (sockets[0], spectator):
            news = sock.recv_until("assistance")
            assert news["assistance"] == changed
            assert news["version"] == ping(sock)
        set_assistance(people[2], "intermediate")  # a spectator's level is no seat's
        ping(sockets[0])
        assert [f for f in sockets[0].received if f["type"] == "assistance"] == [news]
        with people[0].connect(game_id) as tab:
            assert tab.recv_until("welcome")["assistance"] == changed
    finally:
        for sock in [*sockets.values(), spectator]:
            sock.close()


def canonical(legal: Any) -> Any:
    return sorted(json.dumps(move, sort_keys=True) for move in legal)


def sockets_game_id(sock: GameSocket) -> str:
    game_id: str = next(f for f in sock.received if f["type"] == "welcome")["game_id"]
    return game_id


def illegal_examples(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """One placement of the viewer's own tiles for each reason the engine refuses one."""
    junior = state["options"]["ruleset"] == "junior"
    placed = [Placement(p["tile"], p["x"], p["y"], p["dir"]) for p in state["board"]]
    board = Board.from_placements(placed, junior=junior)
    xs = [x for p in placed for x, _, _ in p.cells()]
    ys = [y for p in placed for _, y, _ in p.cells()]
    found: dict[str, dict[str, Any]] = {}
    for tile in state["hands"][state["seat"]]:
        for x in range(min(xs) - 3, max(xs) + 4):
            for y in range(min(ys) - 3, max(ys) + 4):
                for direction in "ESWN":
                    placement = Placement(tile, x, y, direction)
                    try:
                        board.check(placement)
                    except IllegalMoveError as error:
                        found.setdefault(error.reason.value, placement.to_dict())
    return found


@pytest.mark.parametrize("ruleset", ["standard", "junior"])
def test_the_rules_refuse_what_the_engine_refuses(people: list[Player], ruleset: str) -> None:
    set_assistance(people[0], "intermediate")
    set_assistance(people[1], "intermediate")
    _, sockets, me = deal_with_a_play(people, ["human", "human"], {"ruleset": ruleset})
    mine, theirs = sockets[me], sockets[1 - me]
    state = snapshot_of(mine)["state"]
    examples = illegal_examples(state)
    expected = {"overlap", "no_contact", "mismatch"}
    expected |= {"junior_one_contact", "junior_not_domino"} if ruleset == "junior" else set()
    assert expected <= set(examples)
    hand = state["hands"][me]
    board_tiles = {p["tile"] for p in state["board"]}
    elsewhere = next(name for name in ALL_NAMES if name not in hand and name not in board_tiles)
    commands: list[tuple[str, dict[str, Any]]] = [
        (reason, {"type": "play", **placement}) for reason, placement in examples.items()
    ]
    commands += [
        ("tile_not_in_hand", {"type": "play", "tile": elsewhere, "x": 5, "y": 5, "dir": "E"}),
        ("unknown_tile", {"type": "play", "tile": "QQQ", "x": 5, "y": 5, "dir": "E"}),
        ("unknown_tile", {"type": "play", "tile": "RGX", "x": 5, "y": 5, "dir": "E"}),
        ("pass_not_allowed", {"type": "pass"}),
    ]
    before = len(theirs.received)
    for index, (reason, command) in enumerate(commands):
        mine.send({**command, "id": f"bad-{index}", "version": 0})
        expect_error(mine, reason, f"bad-{index}")
    assert ping(mine) == 0
    no_events_since(theirs, before)

    # after a draw: a second draw, or another tile than the one drawn, is refused
    mine.send({"type": "draw", "id": "draw", "version": 0})
    drawn = mine.recv_until("event")["event"]["drawn"]
    mine.recv_until("ack")
    other = next(name for name in hand if name != drawn)
    mine.send({"type": "draw", "id": "again", "version": 1})
    expect_error(mine, "draw_limit", "again")
    mine.send(
        {"type": "play", "id": "other", "version": 1, "tile": other, "x": 9, "y": 9, "dir": "E"}
    )
    expect_error(mine, "must_play_drawn_tile", "other")
    mine.send({"type": "pass", "id": "pass", "version": 1})
    assert mine.recv_until("ack") == {"type": "ack", "id": "pass", "version": 2}
    # and then it is the other seat's turn
    assert snapshot_of(mine)["state"]["current"] == 1 - me
    mine.send({"type": "draw", "id": "late", "version": 2})
    expect_error(mine, "not_your_turn", "late")
    for sock in sockets.values():
        sock.close()


def test_strict_draw_and_an_empty_bag(people: list[Player]) -> None:
    """Four hands of 19 leave 3 tiles in the bag: three draws empty it."""
    for person in people[:4]:
        set_assistance(person, "none")
    _, sockets, me = deal_with_a_play(people, ["human"] * 4, {"hand_size": 19, "strict_draw": True})
    first = snapshot_of(sockets[me])
    assert first["state"]["bag"] == 3
    mine = sockets[me]
    mine.send({"type": "draw", "id": "strict", "version": 0})
    expect_error(mine, "draw_while_playable", "strict")
    mine.close()
    # a plain game: every seat draws and passes until the bag is empty
    _, sockets, me = deal_with_a_play(people, ["human"] * 4, {"hand_size": 19})
    version = 0
    for turn in range(3):
        sock = sockets[(me + turn) % 4]
        sock.send({"type": "draw", "id": f"d{turn}", "version": version})
        assert sock.recv_until("ack")["version"] == version + 1
        sock.send({"type": "pass", "id": f"p{turn}", "version": version + 1})
        assert sock.recv_until("ack")["version"] == version + 2
        version += 2
    sock = sockets[(me + 3) % 4]
    state = sock.recv_until("event")
    while state["version"] < version:
        state = sock.recv_until("event")
    assert state["state"]["bag"] == 0
    assert state["state"]["can_draw"] is False
    sock.send({"type": "draw", "id": "empty", "version": version})
    expect_error(sock, "bag_empty", "empty")
    if legal_from_state(state["state"]):
        sock.send({"type": "pass", "id": "no-pass", "version": version})
        expect_error(sock, "pass_not_allowed", "no-pass")
    assert ping(sock) == version
    for each in sockets.values():
        each.close()


def test_a_tile_spelled_backwards_is_understood(people: list[Player]) -> None:
    """docs/rules-interpretations.md: either spelling is accepted on input; names go out."""
    _, sockets, me = deal_with_a_play(
        people,
        ["human", "human"],
        want=lambda legal: any(m["tile"] != m["tile"][::-1] for m in legal),
    )
    mine = sockets[me]
    legal = snapshot_of(mine)["legal"]
    move = next(m for m in legal if m["tile"] != m["tile"][::-1])
    other_end = Placement(move["tile"], move["x"], move["y"], move["dir"]).read_backwards()
    mine.send(
        {
            "type": "play",
            "id": "backwards",
            "version": 0,
            "tile": move["tile"][::-1],
            "x": other_end.x,
            "y": other_end.y,
            "dir": other_end.dir,
        }
    )
    event = mine.recv_until("event")["event"]
    assert {k: event[k] for k in ("tile", "x", "y", "dir")} == {
        k: move[k] for k in ("tile", "x", "y", "dir")
    }
    assert mine.recv() == {"type": "ack", "id": "backwards", "version": 1}
    for sock in sockets.values():
        sock.close()
