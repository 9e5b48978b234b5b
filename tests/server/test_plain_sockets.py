"""The game socket served the plain ASGI way, as any server without ``chromino serve``'s
take-over (web.live.wire) serves it — here uvicorn's own sans-I/O websockets: the same
welcome, moves and acks, refusals that leave the socket open, a flood closed with 1008,
and a socket moving on to the rematch. ``chromino serve`` itself is tested everywhere
else, and its connection's keep-alive below, in memory."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.live import LiveServer, Player, make_settings, migrated_sqlite
from support.streams import POLICY_VIOLATION, closed_code, run_alone
from support.wsplay import play_command, start_game
from websockets.client import ClientProtocol
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame, Opcode
from websockets.server import ServerProtocol
from websockets.uri import parse_uri

from web.live.wire import TakenSocket


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    url = migrated_sqlite(Path(tmp_path_factory.mktemp("plain_sockets")) / "db.sqlite3")
    settings = make_settings(url, coach=False, messages_per_second=2.0, message_burst=5)
    live = LiveServer(settings, ws="websockets-sansio").start()
    yield live
    live.stop()


def test_a_plainly_served_socket_plays_refuses_and_moves_on(people: list[Player]) -> None:
    first, _ = start_game(people[:2], ("human", "human"))
    ana, ben = (person.connect(first) for person in people[:2])
    welcomes = [sock.recv_until("welcome") for sock in (ana, ben)]
    mover = (ana, ben)[welcomes[0]["state"]["current"]]
    legal = welcomes[welcomes[0]["state"]["current"]]["legal"]
    mover.send({**play_command(legal[0]), "id": "m1", "version": 0})
    assert mover.recv_until("ack") == {"type": "ack", "id": "m1", "version": 1}
    other = ben if mover is ana else ana
    assert other.recv_until("event")["version"] == 1
    other.connection.send(b"\x00")
    assert other.recv_until("error")["code"] == "binary_frame"
    other.send({"type": "play", "id": "m2", "version": 1})
    assert other.recv_until("error")["code"] == "invalid_message"
    ben.send({"type": "resign", "id": "bye", "version": 1})
    ben.recv_until("ack")
    asked = people[0].http.post(f"/api/games/{first}/rematch")
    assert asked.status_code == 200, asked.text
    ana.recv_until("rematch")
    ana.send({"type": "join_rematch"})
    assert ana.recv_until("moved")["game_id"] == asked.json()["game_id"]
    assert ana.recv_until("welcome")["version"] == 0
    with contextlib.suppress(ConnectionClosed):
        for _ in range(30):
            ana.connection.send(json.dumps({"type": "ping"}))
    assert closed_code(ana) == POLICY_VIOLATION
    ben.close()


class Transport(asyncio.Transport):
    """What a taken-over socket writes to, in memory."""

    def __init__(self) -> None:
        super().__init__()
        self.written = bytearray()
        self.closed = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written += data

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def get_write_buffer_size(self) -> int:
        return 0


class Reader:
    def __init__(self) -> None:
        self.texts: list[str] = []
        self.codes: list[int] = []

    def text(self, text: str) -> None:
        self.texts.append(text)

    def binary(self, size: int) -> None:
        self.texts.append(f"<{size} bytes>")

    def closed(self, code: int) -> None:
        self.codes.append(code)


def opened() -> tuple[ClientProtocol, ServerProtocol]:
    """A client and a server protocol past the handshake, wired by hand."""
    client, server = ClientProtocol(parse_uri("ws://test/ws")), ServerProtocol()
    client.send_request(client.connect())
    server.receive_data(b"".join(client.data_to_send()))
    server.send_response(server.accept(server.events_received()[0]))  # type: ignore[arg-type]
    client.receive_data(b"".join(server.data_to_send()))
    assert client.events_received()
    return client, server


def test_a_taken_socket_pings_only_when_silent_and_lets_go_of_one_that_never_answers() -> None:
    closes: list[Any] = []

    async def scenario() -> None:
        client, server = opened()
        transport, reader = Transport(), Reader()
        taken = TakenSocket(server, transport, reader, ping_interval=None)
        taken.ping()  # it spoke at the handshake: no ping this round
        assert not transport.written
        client.send_text(b'{"type": "ping"}')
        taken.data_received(b"".join(client.data_to_send()))
        taken.ping()  # it spoke since the last round: still none
        assert reader.texts == ['{"type": "ping"}'] and not transport.written
        taken.ping()  # silent for a round: pinged
        client.receive_data(bytes(transport.written))
        pings = [e for e in client.events_received() if isinstance(e, Frame)]
        assert [frame.opcode for frame in pings] == [Opcode.PING]
        taken.data_received(b"".join(client.data_to_send()))  # its pong
        taken.ping()
        taken.ping()  # pinged again, and this time it never answers…
        taken.ping()  # …so it is let go: 1011, told to the reader once
        assert transport.closed and reader.codes == [1006]
        closes.append(server.close_sent)

    run_alone(scenario)
    (close,) = closes
    assert close is not None and close.code == 1011
