"""Triominos Challenge over real websockets: a whole game with a timeout, bonuses, a
spectator and bots; every frame every viewer received is held to the record replayed
by the Triominos engine, hidden tiles included."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support.live import LiveServer, Player, run_out, solo_best_of
from support.wsplay import (
    FAST,
    Driver,
    Timeline,
    check_game,
    leaks,
    set_assistance,
    start_game,
    start_server,
)

from chromino import GAMES
from chromino.core.notation import record_of
from chromino.games import triominos
from chromino.games.triominos.tiles import TILES

HOURGLASS = 15  # the shortest the rules allow
BONUS = {"hexagon": 50, "double_hexagon": 60, "triple_hexagon": 70, "bridge": 40}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = start_server(tmp_path_factory.mktemp("ws_triominos"), fake_clock=True, **FAST)
    # The hourglass runs on a fake clock that the test moves on (web.clock).
    yield live
    live.stop()


def check_bonuses(timeline: Timeline) -> None:
    """Every play that made a figure scored its tile's value and the figure's bonus."""
    for step in timeline.steps[1:]:
        event = step.event
        assert isinstance(event, triominos.Event)
        if event.figure is not None:
            placement = event.action.placement
            assert placement is not None
            value = TILES[placement.tile].value
            assert event.points == value + BONUS[event.figure.value]


def test_the_leak_detector_knows_triominos_names() -> None:
    """The leak check reads Triominos names: a hidden tile as a value or in a message's
    text is caught, the viewer's own tiles are not, and digits naming no tile are none."""
    game = GAMES["triominos"].new_game(2, "leaks")
    timeline = Timeline.of(record_of(game))
    hidden, mine = game.bag[0], game.hands[0]
    cases: list[tuple[int | None, dict[str, Any], set[str]]] = [
        (0, {"type": "state", "x": [hidden]}, {hidden}),
        (0, {"type": "error", "message": f"no {hidden}!"}, {hidden}),
        (0, {"hands": [mine]}, set()),
        (None, {"hands": [mine]}, set(mine)),
        (0, {"tile": "210", "message": "210 or 1234 points"}, set()),
    ]
    for seat, frame, expected in cases:
        assert leaks(timeline, seat, frame, 0) == expected, frame


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
    assert welcome["deadline"] == server.clock.now().timestamp() + HOURGLASS
    run_out(server.clock, welcome["deadline"])
    timed_out = sockets[idle_seat].recv_until("event")
    assert timed_out["event"]["action"] == "timeout"
    assert timed_out["event"]["points"] == -15
    assert timed_out["event"]["took_tile"] is True
    assert "drawn" in timed_out["event"]
    assert timed_out["state"]["scores"][idle_seat] == -15

    # Then both play to the end, each taking the move that scores most (bonuses too).
    driver = Driver(sockets, [spectator], seed=4, timed=True, best=True)
    driver.run(max_events=500)
    for sock in [*sockets.values(), spectator]:
        sock.close()

    timeline = check_game(
        ana,
        game_id,
        sockets,
        spectator,
        assistance="intermediate",
        timed=True,
    )
    assert timeline.record["format"] == "triominos-game/1"
    assert timeline.record["moves"][0] == {"player": idle_seat, "action": "timeout"}
    check_bonuses(timeline)


def test_triominos_against_bots_with_a_spectator(people: list[Player]) -> None:
    ana, *_, watcher = people
    game_id, seated = start_game(people, ["human", "greedy", "random"], game="triominos")
    mine = seated[0].connect(game_id)
    spectator = watcher.connect(game_id)
    assert mine.recv_until("welcome")["game"] == "triominos"
    Driver({0: mine}, [spectator], seed=2, timed=True, best=True).run(max_events=800)
    mine.close()
    spectator.close()
    timeline = check_game(ana, game_id, {0: mine}, spectator, timed=True)
    hands = timeline.record["hands"]
    assert [len(hand) for hand in hands] == [7, 7, 7]  # three players: seven each
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
    assert best == solo_best_of("triominos", game_id, result)
    assert solo.http.get("/api/me/solo-best").json() is None  # no Chromino game yet
    record = solo.http.get(f"/api/games/{game_id}/record")
    assert record.headers["content-disposition"].endswith(f'"triominos-{game_id}.json"')
    solo.close()
