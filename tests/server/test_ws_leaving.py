"""Leaving a game and ending it by agreement over real websockets: ``resign``,
``offer_end``, ``accept_end`` and ``decline_end`` (docs/protocol.md), for every game."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from support.fixtures import LiveServers
from support.live import GameSocket, LiveServer, Player
from support.wsplay import FAST, fetch_record, start_game

from chromino import GAMES as ENGINES
from web.games import GAMES


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(**FAST)


class Table:
    """Three people (or two and a bot) at a dealt game, every person connected, and a
    spectator."""

    def __init__(self, server: LiveServer, seats: list[str], game: str = "chromino") -> None:
        humans = seats.count("human")
        self.people = [Player(server.url) for _ in range(humans + 1)]
        self.game_id, self.seated = start_game(self.people, seats, game=game)
        self.sockets = {seat: person.connect(self.game_id) for seat, person in self.seated.items()}
        self.spectator = self.people[-1].connect(self.game_id)
        welcome = self.spectator.recv_until("welcome")
        for sock in self.sockets.values():
            sock.recv_until("welcome")
        self.version: int = welcome["version"]
        self.current: int = welcome["state"]["current"]
        self.ids = 0

    def send(self, seat: int | None, kind: str) -> dict[str, Any]:
        """A command from a seat (None: the spectator); its ack or its error."""
        self.ids += 1
        sock = self.spectator if seat is None else self.sockets[seat]
        command = {"type": kind, "id": f"{kind}-{self.ids}", "version": self.version}
        sock.send(command)
        while True:
            reply = sock.recv()
            if reply["type"] in ("ack", "error") and reply.get("id") == command["id"]:
                if reply["type"] == "ack":
                    self.version = reply["version"]
                return reply

    def everyone(self) -> list[GameSocket]:
        return [*self.sockets.values(), self.spectator]

    def close(self) -> None:
        for sock in self.everyone():
            sock.close()
        for person in self.people:
            person.close()


@pytest.fixture
def tables(server: LiveServer) -> Iterator[list[Table]]:
    made: list[Table] = []
    yield made
    for table in made:
        table.close()


def last_event(sock: GameSocket, version: int) -> dict[str, Any]:
    """The event of ``version`` (perhaps read already, while waiting for an ack)."""
    for frame in sock.received:
        if frame["type"] == "event" and frame["version"] == version:
            return frame
    while True:
        frame = sock.recv_until("event")
        if frame["version"] == version:
            return frame


def seen(
    sock: GameSocket, kind: str, wanted: Callable[[dict[str, Any]], bool] = lambda _: True
) -> dict[str, Any]:
    """The first frame of ``kind`` that is ``wanted``, read already or coming."""
    for frame in sock.received:
        if frame["type"] == kind and wanted(frame):
            return frame
    while True:
        frame = sock.recv_until(kind)
        if wanted(frame):
            return frame


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_player_resigns_out_of_turn_and_everyone_hears_it(
    server: LiveServer, tables: list[Table], game: str
) -> None:
    table = Table(server, ["human", "human", "human"], game)
    tables.append(table)
    leaver = (table.current + 1) % 3
    reply = table.send(leaver, "resign")
    assert reply["type"] == "ack", reply
    for sock in table.everyone():
        frame = last_event(sock, table.version)
        assert frame["event"]["action"] == "resign"
        assert frame["event"]["seat"] == leaver
        assert frame["state"]["resigned"] == [leaver]
        assert frame["state"]["hand_counts"][leaver] == 0
        assert frame["state"]["current"] == table.current
    assert table.send(table.current, "offer_end")["type"] == "ack"
    stayer = next(seat for seat in range(3) if seat not in (leaver, table.current))
    assert table.send(stayer, "accept_end")["type"] == "ack"
    record = fetch_record(table.people[0], table.game_id)
    assert record["moves"] == [
        {"player": leaver, "action": "resign"},
        {"player": table.current, "action": "end_agreed"},
    ]
    assert ENGINES[game].replay(record).outcome().ended_by == "agreed"


def test_the_last_player_left_wins(server: LiveServer, tables: list[Table]) -> None:
    table = Table(server, ["human", "human"])
    tables.append(table)
    stayer = table.current
    reply = table.send(1 - stayer, "resign")
    assert reply["type"] == "ack"
    frame = last_event(table.spectator, table.version)
    assert frame["state"]["finished"]
    assert frame["state"]["ended_by"] == "resigned"
    assert frame["state"]["winners"] == [stayer]


def test_a_resigned_seat_can_do_nothing_more(server: LiveServer, tables: list[Table]) -> None:
    table = Table(server, ["human", "human", "human"])
    tables.append(table)
    leaver = table.current
    assert table.send(leaver, "resign")["type"] == "ack"
    for kind in ("resign", "draw", "pass", "offer_end"):
        reply = table.send(leaver, kind)
        assert reply["type"] == "error", (kind, reply)
        assert reply["code"] == "seat_resigned", (kind, reply)


def test_a_spectator_cannot_resign_or_offer(server: LiveServer, tables: list[Table]) -> None:
    table = Table(server, ["human", "human"])
    tables.append(table)
    for kind in ("resign", "offer_end", "accept_end", "decline_end"):
        reply = table.send(None, kind)
        assert reply["code"] == "spectator", reply
    assert table.version == 0


def test_an_offer_accepted_by_everyone_ends_the_game_by_agreement(
    server: LiveServer, tables: list[Table]
) -> None:
    table = Table(server, ["human", "human", "human"])
    tables.append(table)
    offerer = 1
    assert table.send(offerer, "offer_end")["type"] == "ack"
    for sock in table.everyone():
        told = seen(sock, "end_offer")
        assert told["offer"] == {"by": 1, "version": 0, "accepted": [1], "waiting": [0, 2]}
    assert table.send(0, "accept_end")["type"] == "ack"
    assert table.version == 0
    assert table.spectator.recv_until("end_offer")["offer"]["waiting"] == [2]
    assert table.send(2, "accept_end")["type"] == "ack"
    assert table.version == 1
    frame = last_event(table.spectator, 1)
    assert frame["event"]["action"] == "end_agreed"
    assert frame["state"]["ended_by"] == "agreed"
    record = fetch_record(table.people[0], table.game_id)
    assert record["moves"] == [{"player": offerer, "action": "end_agreed"}]


def test_a_bot_always_accepts_an_offer_to_end(server: LiveServer, tables: list[Table]) -> None:
    table = Table(server, ["human", "human", "greedy"])
    tables.append(table)
    while table.current == 2:  # the bot moves at once; then two people play before it
        table.version += 1
        table.current = last_event(table.spectator, table.version)["state"]["current"]
    assert table.send(0, "offer_end")["type"] == "ack"
    assert table.spectator.recv_until("end_offer")["offer"]["accepted"] == [0, 2]
    assert table.send(1, "accept_end")["type"] == "ack"
    assert last_event(table.spectator, table.version)["state"]["ended_by"] == "agreed"


def test_a_decline_makes_the_offer_lapse_for_everyone(
    server: LiveServer, tables: list[Table]
) -> None:
    table = Table(server, ["human", "human", "human"])
    tables.append(table)
    assert table.send(0, "offer_end")["type"] == "ack"
    assert table.send(2, "decline_end")["type"] == "ack"
    for sock in table.everyone():
        lapsed = seen(sock, "end_offer", lambda frame: frame["offer"] is None)
        assert lapsed["lapsed"] == "declined" and lapsed["seat"] == 2
    assert table.send(1, "accept_end")["code"] == "no_offer"
    assert table.version == 0


def test_a_move_makes_the_offer_lapse(server: LiveServer, tables: list[Table]) -> None:
    table = Table(server, ["human", "human", "human"])
    tables.append(table)
    other = (table.current + 1) % 3
    assert table.send(other, "offer_end")["type"] == "ack"
    assert table.send(table.current, "pass")["type"] in ("ack", "error")
    # A pass is not always allowed: a timeout-free move that always is, is a resign.
    if table.version == 0:
        assert table.send(table.current, "resign")["type"] == "ack"
    lapsed = table.spectator.recv_until("end_offer")
    while lapsed["offer"] is not None:
        lapsed = table.spectator.recv_until("end_offer")
    assert lapsed["lapsed"] == "moved"
    reply = table.send(other, "accept_end")
    assert reply["code"] in ("no_offer", "seat_resigned"), reply


def test_bad_agreement_commands_get_their_own_codes_and_change_nothing(
    server: LiveServer, tables: list[Table]
) -> None:
    table = Table(server, ["human", "human"])
    tables.append(table)
    assert table.send(0, "accept_end")["code"] == "no_offer"
    assert table.send(0, "decline_end")["code"] == "no_offer"
    assert table.send(0, "offer_end")["type"] == "ack"
    assert table.send(1, "offer_end")["code"] == "offer_pending"
    assert table.send(0, "accept_end")["code"] == "already_accepted"
    table.version = 5
    assert table.send(1, "accept_end")["code"] == "stale_version"
    table.version = 0
    state = table.people[0].http.get(f"/api/games/{table.game_id}").json()
    assert state["state"]["moves"] == 0
    assert state["game"]["status"] == "playing"


def test_a_reconnecting_player_is_told_of_the_standing_offer(
    server: LiveServer, tables: list[Table]
) -> None:
    table = Table(server, ["human", "human"])
    tables.append(table)
    assert table.send(0, "offer_end")["type"] == "ack"
    with table.seated[1].connect(table.game_id) as again:
        welcome = again.recv_until("welcome")
        assert welcome["end_offer"]["by"] == 0
        assert welcome["end_offer"]["waiting"] == [1]
