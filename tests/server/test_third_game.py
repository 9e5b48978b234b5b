"""A third game needs only its own engine package and its adapter.

Number Line (``toy_line.py``, ``toy_line_kind.py``) is defined inside the tests
and added to the server's registry here: the lobby offers it, a table deals
it, two people play it over websockets through the unchanged hub, the Easy bot
plays it, bad commands are refused by its own play model, and its record
replays to what the players were shown. No file of the server or the engine
was changed to add it.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.live import Player, migrated_sqlite
from support.procs import ServerProcess, server_env
from support.toy_line import RECORDS, TILES
from support.toy_line_kind import NUMBER_LINE
from support.wsplay import Driver, fetch_record, start_game

from web.games import GAMES
from web.games.tile_game import TileGameLive

LAUNCHER = Path(__file__).resolve().parents[1] / "support" / "serve_number_line.py"


class NumberLineServer(ServerProcess):
    """A server process whose registry holds Number Line besides the real games."""

    def _command(self) -> list[str]:
        return [sys.executable, str(LAUNCHER), *super()._command()[3:]]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[NumberLineServer]:
    folder = tmp_path_factory.mktemp("third_game")
    url = migrated_sqlite(folder / "chromino.sqlite3")
    live = NumberLineServer(server_env(url), folder / "server.log")
    live.start()
    try:
        yield live
    finally:
        live.stop()


def _final_views(record: dict[str, Any]) -> TileGameLive:
    return TileGameLive(RECORDS.replay(record), NUMBER_LINE.descriptor)


def test_the_lobby_offers_a_game_the_server_s_code_never_names(server: NumberLineServer) -> None:
    person = Player(server.url)
    page = person.http.get("/").text
    boot = re.search(r'<script type="application/json" id="boot">(.*?)</script>', page, re.S)
    assert boot is not None
    offered = {game["name"]: game for game in json.loads(boot.group(1))["page"]["games"]}
    assert offered["numberline"]["title"] == "Number Line"
    assert offered["numberline"]["bots"] == {"random": "Easy bot"}
    assert set(offered["numberline"]["options"]["properties"]) == {"open_hands", "turn_seconds"}


def test_two_people_play_it_to_the_end_over_websockets(server: NumberLineServer) -> None:
    people = [Player(server.url) for _ in range(2)]
    game_id, seated = start_game(people, ["human", "human"], game="numberline")
    sockets = {seat: person.connect(game_id) for seat, person in seated.items()}
    welcome = sockets[0].recv_until("welcome")
    assert welcome["state"]["board"] == []
    assert len(welcome["state"]["hands"][0]) == 3
    assert welcome["state"]["hands"][1] is None  # the other hand stays hidden
    version = Driver(sockets, seed=3, draw_rate=0.3).run()
    record = fetch_record(people[0], game_id)
    assert record["format"] == "numberline-game/1"
    assert len(record["moves"]) == version
    final = _final_views(record)
    assert final.is_over
    for seat, sock in sockets.items():
        last = [m for m in sock.received if "state" in m][-1]["state"]
        assert last == final.view(seat)
    laid = [p["tile"] for p in final.view(None)["board"]]
    assert set(laid) <= set(TILES) and len(laid) == len(set(laid))
    stored = people[0].http.get(f"/api/games/{game_id}").json()
    assert stored["game"]["status"] == "finished"


def test_the_easy_bot_plays_it(server: NumberLineServer) -> None:
    person = Player(server.url)
    game_id, seated = start_game([person], ["human", "random"], game="numberline")
    sock = seated[0].connect(game_id)
    Driver({0: sock}, seed=5).run()
    final = _final_views(fetch_record(person, game_id))
    assert final.is_over
    assert final.game.turns_taken[1] > 0


def test_its_own_play_model_and_rules_refuse_bad_commands(server: NumberLineServer) -> None:
    people = [Player(server.url) for _ in range(2)]
    game_id, seated = start_game(people, ["human", "human"], game="numberline")
    sock = seated[0].connect(game_id)
    welcome = sock.recv_until("welcome")
    tile = welcome["state"]["hands"][0][0]
    refused = {
        "a chromino field": ({"tile": tile, "x": 0, "dir": "E"}, "invalid_message"),
        "x of the wrong type": ({"tile": tile, "x": 0.0}, "invalid_message"),
        "not at the origin": ({"tile": tile, "x": 5}, "bad_placement"),
        "an unknown tile": ({"tile": "n0", "x": 0}, "unknown_tile"),
    }
    for number, (fields, code) in enumerate(refused.values()):
        sock.send({"type": "play", "id": f"bad{number}", "version": 0, **fields})
        error = sock.recv_until("error")
        assert error["code"] == code, (fields, error)
    sock.send({"type": "play", "id": "good", "version": 0, "tile": tile, "x": 0})
    assert sock.recv_until("ack")["version"] == 1
    [event] = [message for message in sock.received if message["type"] == "event"]
    assert [p["tile"] for p in event["state"]["board"]] == [tile]


def test_a_random_deal_is_the_seed_s(server: NumberLineServer) -> None:
    """The engine's deal, reached through the adapter, is fixed by its seed."""
    one = NUMBER_LINE.deal(["a", "b"], "seed", {})
    assert one == NUMBER_LINE.deal(["a", "b"], "seed", {})
    hands = [tile for hand in one["hands"] for tile in hand]
    assert sorted(hands + one["bag"]) == sorted(TILES)
    assert NUMBER_LINE.deal(["a", "b"], "other seed", {}) != one


def test_this_process_s_registry_never_heard_of_it() -> None:
    """Number Line lives in the server process the tests start; the server's own
    registry, as imported here, holds only the real games."""
    assert NUMBER_LINE.name not in GAMES
