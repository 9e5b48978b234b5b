"""Triominos Challenge over real websockets: a whole game with a timeout, bonuses, a
spectator and bots; every frame every viewer received is held to the record replayed
by the Triominos engine, hidden tiles included."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from support import GameSocket, LiveServer, Player, wall_now
from wsplay import FAST, Driver, fetch_record, set_assistance, start_game, start_server

from chromino.games import triominos
from chromino.games.triominos.game import Game
from chromino.games.triominos.notation import parse_move, setup_from_record
from chromino.games.triominos.tiles import TILES

HOURGLASS = 15  # the shortest the rules allow
BONUS = {"hexagon": 50, "double_hexagon": 60, "triple_hexagon": 70, "bridge": 40}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = start_server(tmp_path_factory.mktemp("ws_triominos"), **FAST)
    yield live
    live.stop()


# --- what each viewer should have been sent ------------------------------------------------


@dataclass
class TriStep:
    """The game at one version: the event that made it, each viewer's view and the tiles
    each viewer may see."""

    event: triominos.Event | None
    views: dict[int | None, dict[str, Any]]
    legal: list[dict[str, Any]] | None
    allowed: dict[int | None, set[str]]


@dataclass
class TriTimeline:
    record: dict[str, Any]
    steps: list[TriStep] = field(default_factory=list)
    game: Game | None = None

    @classmethod
    def of(cls, record: dict[str, Any]) -> TriTimeline:
        setup, moves = setup_from_record(record)
        game = Game(setup)
        timeline = cls(record)
        viewers: list[int | None] = [None, *range(len(setup.players))]
        timeline.steps.append(_step(game, None, viewers))
        for raw in moves:
            seat, action = parse_move(raw)
            timeline.steps.append(_step(game, game.apply(seat, action), viewers))
        timeline.game = game
        assert triominos.replay(record).snapshot() == game.snapshot()
        return timeline


def _step(game: Game, event: triominos.Event | None, viewers: list[int | None]) -> TriStep:
    views: dict[int | None, dict[str, Any]] = {}
    allowed: dict[int | None, set[str]] = {}
    board = {placement.tile for placement in game.board.placements}
    for seat in viewers:
        view = game.view_for(seat)
        data = view.to_dict()
        data["can_draw"] = view.can_draw()
        data["can_pass"] = view.can_pass()
        views[seat] = json.loads(json.dumps(data))
        visible = set(board)
        for hand in view.hands:
            visible.update(hand or ())
        allowed[seat] = visible
    legal = None
    if not game.is_over:
        legal = [play.to_dict() for play in game.view_for(game.current).legal_plays()]
    return TriStep(event, views, legal, allowed)


def tile_names(value: Any) -> set[str]:
    """Every Triominos tile name a frame mentions (names are three digits)."""
    if isinstance(value, dict):
        return set().union(*(tile_names(item) for item in value.values()), set())
    if isinstance(value, list):
        return set().union(*(tile_names(item) for item in value), set())
    if isinstance(value, str) and value in TILES:
        return {value}
    return set()


def check_frames(
    timeline: TriTimeline, sock: GameSocket, seat: int | None, assistance: str = "beginner"
) -> set[str]:
    """Every frame of a socket against the record: states, legal lists, events, and no
    tile the viewer may not see; returns the tiles drawn that this viewer was told of."""
    drawn: set[str] = set()
    last = None
    for index, frame in enumerate(sock.received):
        where = f"frame {index} ({frame['type']}) of seat {seat}"
        if frame["type"] in ("ack", "pong", "presence", "error"):
            assert frame["type"] != "error" or frame["code"] == "stale_version", frame
            continue
        version = frame["version"]
        step = timeline.steps[version]
        leaked = tile_names(frame) - step.allowed[seat]
        if frame["type"] == "event":
            event = step.event
            assert event is not None
            expected = event.to_dict(private=seat == event.seat)
            if expected.get("drawn", "") is None:
                del expected["drawn"]  # nothing was drawn: the wire says nothing
            assert frame["event"] == expected, where
            if "drawn" in frame["event"]:
                drawn.add(frame["event"]["drawn"])
                leaked -= {frame["event"]["drawn"]}  # the drawer's own new tile
            assert last is None or version == last + 1, f"{where}: {last} then {version}"
        else:
            assert frame["game"] == "triominos", where
        assert not leaked, f"{where} shows {sorted(leaked)}"
        if "state" in frame:
            my_turn = (
                seat is not None and step.legal is not None and step.views[seat]["current"] == seat
            )
            expected_legal = step.legal if my_turn else None
            expected_state = dict(step.views[seat])
            if assistance == "beginner" and expected_legal:
                expected_state["can_draw"] = False  # no paying for a draw while a tile fits
            assert frame["state"] == expected_state, where
            key = lambda move: json.dumps(move, sort_keys=True)  # noqa: E731
            assert sorted(frame["legal"] or [], key=key) == sorted(expected_legal or [], key=key), (
                where
            )
        last = version
    assert last == len(timeline.steps) - 1, f"seat {seat} stopped at {last}"
    return drawn


# --- the games ----------------------------------------------------------------------------------


def test_a_whole_triominos_game_with_a_timeout_and_a_spectator(
    people: list[Player], server: LiveServer
) -> None:
    ana, ben, _, _, watcher = people
    for person in (ana, ben):
        set_assistance(person, "intermediate")
    game_id, seated = start_game(
        people, ["human", "human"], {"turn_seconds": HOURGLASS}, game="triominos"
    )
    sockets = {seat: person.connect(game_id) for seat, person in seated.items()}
    spectator = watcher.connect(game_id)
    welcome = sockets[0].recv_until("welcome")
    assert welcome["game"] == "triominos"
    assert welcome["state"]["options"]["turn_seconds"] == HOURGLASS
    assert len(welcome["state"]["hands"][0]) == 9  # two players: nine tiles each
    idle_seat = welcome["state"]["current"]

    # The first player lets the hourglass run out: the server takes a tile for them.
    before = wall_now()
    timed_out = sockets[idle_seat].recv_until("event", timeout=HOURGLASS + 10)
    assert timed_out["event"]["action"] == "timeout"
    assert timed_out["event"]["points"] == -15
    assert timed_out["event"]["took_tile"] is True
    assert "drawn" in timed_out["event"]
    assert wall_now() >= before - 0.5  # the hourglass, not a command, ended the turn
    assert timed_out["state"]["scores"][idle_seat] == -15

    # Then both play to the end, each taking the move that scores most (bonuses too).
    driver = Driver(sockets, [spectator], seed=4, timed=True, best=True)
    driver.run(max_events=500)
    for sock in [*sockets.values(), spectator]:
        sock.close()

    record = fetch_record(ana, game_id)
    assert record["format"] == "triominos-game/1"
    assert record["moves"][0] == {"player": idle_seat, "action": "timeout"}
    timeline = TriTimeline.of(record)
    for seat, sock in sockets.items():
        check_frames(timeline, sock, seat, "intermediate")
    assert check_frames(timeline, spectator, None) == set()

    game = timeline.game
    assert game is not None
    outcome = game.outcome()
    assert outcome is not None
    summary = ana.http.get(f"/api/games/{game_id}").json()["game"]
    assert summary["game"] == "triominos"
    assert summary["result"]["ended_by"] == outcome.ended_by.value
    assert summary["result"]["scores"] == list(outcome.scores)
    for step in timeline.steps[1:]:
        event = step.event
        if event is not None and event.figure is not None:
            placement = event.action.placement
            assert placement is not None
            value = TILES[placement.tile].value
            assert event.points == value + BONUS[event.figure.value]


def test_triominos_against_bots_with_a_spectator(people: list[Player]) -> None:
    ana, *_, watcher = people
    game_id, seated = start_game(people, ["human", "greedy", "random"], game="triominos")
    mine = seated[0].connect(game_id)
    spectator = watcher.connect(game_id)
    assert mine.recv_until("welcome")["game"] == "triominos"
    Driver({0: mine}, [spectator], seed=2, timed=True, best=True).run(max_events=800)
    mine.close()
    spectator.close()
    record = fetch_record(ana, game_id)
    assert [len(hand) for hand in record["hands"]] == [7, 7, 7]  # three players: seven each
    timeline = TriTimeline.of(record)
    check_frames(timeline, mine, 0)
    check_frames(timeline, spectator, None)
    bots = {event.seat for step in timeline.steps if (event := step.event) is not None}
    assert {1, 2} <= bots


def test_a_triominos_command_is_parsed_as_triominos(people: list[Player]) -> None:
    """``rot``, not ``dir``; digits, not colours; the engine's own refusal codes."""
    game_id, seated = start_game(people, ["human", "human"], game="triominos")
    sockets = {seat: person.connect(game_id) for seat, person in seated.items()}
    welcome = sockets[0].recv_until("welcome")
    sockets[1].recv_until("welcome")
    mover = sockets[welcome["state"]["current"]]
    hand = [f["state"] for f in mover.received if "state" in f][-1]["hands"]
    tile = next(h for h in hand if h is not None)[0]
    cases = [
        ({"tile": tile, "x": 0, "y": 0, "dir": "E"}, "invalid_message"),
        ({"tile": tile, "x": 0, "y": 0, "rot": 3}, "invalid_message"),
        ({"tile": "210", "x": 0, "y": 0, "rot": 0}, "unknown_tile"),
        ({"tile": tile, "x": 2, "y": 0, "rot": 0}, "first_tile_not_origin"),
    ]
    for index, (fields, code) in enumerate(cases):
        mover.send({"type": "play", "id": f"t{index}", "version": 0, **fields})
        error = mover.recv_until("error")
        assert (error["code"], error["id"]) == (code, f"t{index}"), error
    mover.send({"type": "ping"})
    assert mover.recv_until("pong")["version"] == 0
    for sock in sockets.values():
        sock.close()


def test_triominos_tables_take_their_own_options(people: list[Player]) -> None:
    creator = people[0]
    seats = [{"kind": "human"}] * 2
    made = creator.http.post(
        "/api/tables", json={"game": "triominos", "seats": seats, "options": {"target": 200}}
    )
    assert made.status_code == 201, made.text
    assert made.json()["game"] == "triominos"
    assert made.json()["options"] == {
        "hand_size": None,
        "turn_seconds": 60,
        "target": 200,
        "open_hands": False,
    }
    for options, field_name in [
        ({"turn_seconds": 5}, "turn_seconds"),
        ({"target": 10}, "target"),
        ({"hand_size": 4}, "hand_size"),
        ({"ruleset": "junior"}, "ruleset"),  # a Chromino option
    ]:
        refused = creator.http.post(
            "/api/tables", json={"game": "triominos", "seats": seats, "options": options}
        )
        assert refused.status_code == 422, refused.text
        assert any(field_name in problem["loc"] for problem in refused.json()["detail"])
    five = creator.http.post(
        "/api/tables", json={"game": "triominos", "seats": [{"kind": "human"}] * 5}
    )
    assert five.status_code == 422
    assert "1 to 4" in five.json()["detail"]["message"]
    unknown = creator.http.post("/api/tables", json={"game": "chess", "seats": seats})
    assert unknown.status_code == 422


def test_a_triominos_solo_best_is_the_highest_score(server: LiveServer) -> None:
    solo = Player(server.url)
    made = solo.http.post("/api/solo", json={"game": "triominos", "options": {"turn_seconds": 0}})
    assert made.status_code == 201, made.text
    game_id = made.json()["game_id"]
    with solo.connect(game_id) as sock:
        Driver({0: sock}, seed=1, best=True).run(max_events=500)
    result = solo.http.get(f"/api/games/{game_id}").json()["game"]["result"]
    best = solo.http.get("/api/me/solo-best", params={"game": "triominos"}).json()
    assert best == {
        "game": "triominos",
        "game_id": game_id,
        "turns": result["turns"][0],
        "draws": result["draws"][0],
        "score": result["scores"][0],
    }
    assert solo.http.get("/api/me/solo-best").json() is None  # no Chromino game yet
    record = solo.http.get(f"/api/games/{game_id}/record")
    assert record.headers["content-disposition"].endswith(f'"triominos-{game_id}.json"')
    solo.close()
