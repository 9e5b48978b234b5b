"""Fuzzing a live game socket: random and malformed frames never crash the server, never
show a stack trace, never close the socket and never change the game."""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support import hypothesis_profiles
from support.fixtures import LiveServers
from support.live import GameSocket, LiveServer, Player
from support.wsplay import ERROR_CODES, FAST, start_game

from chromino.core.errors import IllegalMoveError
from chromino.games.chromino.actions import parse_placement
from chromino.games.chromino.board import Board
from chromino.games.chromino.placement import Placement
from chromino.games.chromino.tiles import ALL_NAMES

hypothesis_profiles.load()
FUZZ = settings(max_examples=150)
"""The loaded profile (derandomised in CI, no deadline), with this file's example count."""


class ErrorLog(logging.Handler):
    """Every ERROR the server logs (an exception in the ASGI app, a failed command)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class Fuzzed:
    """One game nobody has moved in: both seats and a spectator connected."""

    def __init__(self, server: LiveServer) -> None:
        self.people = [Player(server.url) for _ in range(3)]
        self.game_id, _ = start_game(self.people, ["human", "human"])
        self.sockets = [person.connect(self.game_id) for person in self.people]
        self.welcomes = [sock.recv_until("welcome") for sock in self.sockets]
        for sock in self.sockets:  # the presence news of the others' arrival
            assert ping_version(sock) == 0
        self.current: int = self.welcomes[0]["state"]["current"]
        state = self.welcomes[self.current]["state"]
        self.hand: list[str] = state["hands"][self.current]
        self.board = Board.from_placements(
            [Placement(p["tile"], p["x"], p["y"], p["dir"]) for p in state["board"]]
        )

    @property
    def mover(self) -> GameSocket:
        return self.sockets[self.current]

    @property
    def waiting(self) -> GameSocket:
        return self.sockets[1 - self.current]

    @property
    def spectator(self) -> GameSocket:
        return self.sockets[2]

    def would_be_legal(self, message: Any) -> bool:
        """Whether the seat to play could have this frame applied (the fuzz avoids those)."""
        if not isinstance(message, dict) or message.get("type") not in ("play", "draw", "pass"):
            return False
        if message.get("version") != 0 or message["type"] != "play":
            return message.get("version") == 0
        try:
            placement = parse_placement(message)
        except IllegalMoveError:
            return False
        return placement.tile in self.hand and self.board.is_legal(placement)


ERROR_LOGGERS = ("", "uvicorn", "uvicorn.error", "uvicorn.asgi")
"""The root logger (the app's own loggers propagate to it) and uvicorn's, which do not
propagate: "Exception in ASGI application" is logged on ``uvicorn.error``."""


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(max_frame_bytes=16_384, **FAST)


@pytest.fixture
def errors(server: LiveServer) -> Iterator[ErrorLog]:
    """Attached once the server has set up uvicorn's logging (which replaces handlers)."""
    handler = ErrorLog()
    loggers = {logging.getLogger(name) for name in ERROR_LOGGERS}
    for logger in loggers:
        logger.addHandler(handler)
    yield handler
    for logger in loggers:
        logger.removeHandler(handler)


@pytest.fixture
def game(server: LiveServer) -> Iterator[Fuzzed]:
    """A game of the test's own, shared by that test's examples: a frame wrongly applied
    fails the test that sent it."""
    fuzzed = Fuzzed(server)
    yield fuzzed
    for sock in fuzzed.sockets:
        sock.close()
    for person in fuzzed.people:
        person.close()


def never_moved(game: Fuzzed, errors: ErrorLog) -> None:
    """After all of a test's examples: version 0 on every socket, no stored move, no
    error logged by the server."""
    for sock in game.sockets:
        assert ping_version(sock) == 0
    state = game.people[0].http.get(f"/api/games/{game.game_id}").json()
    assert state["state"]["moves"] == 0
    assert state["game"]["status"] == "playing"
    assert errors.records == []


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(["ping", "play", "draw", "pass", "sync", "E", "N", *ALL_NAMES[:8]]),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = ["type", "id", "version", "tile", "x", "y", "dir", "seat", "player", "action"]
field_values = st.one_of(
    json_values,
    st.integers(min_value=-3, max_value=3),
    st.sampled_from(["E", "S", "W", "N", "e", "", "X"]),
    st.sampled_from(ALL_NAMES).map(lambda name: name[::-1]),
    st.text(alphabet="RYGBPX", min_size=0, max_size=4),
)
near_messages = st.builds(
    lambda kind, rest: {"type": kind, **rest},
    st.sampled_from(["play", "draw", "pass", "sync", "ping", "timeout", "Play", ""]),
    st.dictionaries(st.sampled_from(FIELDS[1:]), field_values, max_size=7),
)
frames = st.one_of(
    near_messages.map(json.dumps),
    json_values.map(json.dumps),
    st.text(max_size=300),
    st.text(alphabet='{}[]":,0123456789.-+eEtrufalsn \\"typeingv', max_size=120),
    st.binary(max_size=200),
    st.integers(min_value=1, max_value=3000).map(lambda n: "[" * n + "]" * n),
    st.integers(min_value=1, max_value=6000).map(
        lambda n: '{"type": "sync", "version": 1%s}' % ("0" * n)
    ),
)


def exchange(sock: GameSocket, frame: str | bytes) -> list[dict[str, Any]]:
    """Send one fuzzed frame and then a ping; the frames that came back before its pong."""
    sock.connection.send(frame)
    sock.send({"type": "ping"})
    pongs_expected = 1
    if isinstance(frame, str):
        with contextlib.suppress(ValueError, RecursionError):
            pongs_expected += json.loads(frame) == {"type": "ping"}
    replies: list[dict[str, Any]] = []
    while True:
        raw = sock.connection.recv(timeout=10)
        assert isinstance(raw, str)
        assert "Traceback" not in raw and 'File "' not in raw, raw
        message = json.loads(raw)
        if message["type"] == "presence":
            continue
        replies.append(message)
        if message["type"] == "pong":
            assert message["version"] == 0, message
            pongs_expected -= 1
            if pongs_expected == 0:
                return replies[:-1]


def check_replies(replies: list[dict[str, Any]], frame: str | bytes) -> None:
    """One answer per frame: an error with a documented code, a pong, or a snapshot."""
    assert len(replies) == 1, (frame, replies)
    reply = replies[0]
    assert reply["type"] in ("error", "pong", "state"), (frame, reply)
    if reply["type"] == "error":
        assert reply["code"] in ERROR_CODES, reply
        assert isinstance(reply["message"], str)
        assert set(reply) <= {"type", "code", "message", "id"}
    else:
        assert reply["version"] == 0


def test_fuzz_from_a_seat_out_of_turn_and_a_spectator(game: Fuzzed, errors: ErrorLog) -> None:
    @FUZZ
    @given(frame=frames, who=st.sampled_from(["waiting", "spectator"]))
    def fuzz(frame: str | bytes, who: str) -> None:
        sock = game.waiting if who == "waiting" else game.spectator
        check_replies(exchange(sock, frame), frame)
        assert errors.records == []

    fuzz()
    never_moved(game, errors)


def test_fuzz_from_the_seat_to_play(game: Fuzzed, errors: ErrorLog) -> None:
    @FUZZ
    @given(frame=frames)
    def fuzz(frame: str | bytes) -> None:
        if isinstance(frame, str):
            with contextlib.suppress(ValueError, RecursionError):
                assume(not game.would_be_legal(json.loads(frame)))
        check_replies(exchange(game.mover, frame), frame)
        assert errors.records == []

    fuzz()
    never_moved(game, errors)


plays = st.fixed_dictionaries(
    {
        "type": st.just("play"),
        "id": st.text(min_size=1, max_size=10),
        "version": st.sampled_from([0, 0, 0, 1, 5]),
        "tile": st.one_of(
            st.sampled_from(ALL_NAMES),
            st.sampled_from(ALL_NAMES).map(lambda name: name[::-1]),
            st.text(alphabet="RYGBPX", min_size=3, max_size=3),
        ),
        "x": st.integers(min_value=-6, max_value=6),
        "y": st.integers(min_value=-6, max_value=6),
        "dir": st.sampled_from("ESWN"),
    }
)


def test_fuzz_well_formed_plays_that_the_rules_refuse(game: Fuzzed, errors: ErrorLog) -> None:
    """Plays near the starting tile, in every spelling: any that the engine would accept is
    skipped; every other one gets one error with a rule code (or stale_version)."""

    @FUZZ
    @given(command=plays)
    def fuzz(command: dict[str, Any]) -> None:
        assume(not game.would_be_legal(command))
        replies = exchange(game.mover, json.dumps(command))
        check_replies(replies, json.dumps(command))
        assert replies[0]["type"] == "error"
        assert replies[0]["id"] == command["id"]
        assert errors.records == []

    fuzz()
    never_moved(game, errors)


def ping_version(sock: GameSocket) -> int:
    sock.send({"type": "ping"})
    while True:
        message = json.loads(sock.connection.recv(timeout=10))
        assert message["type"] in ("pong", "presence", "error", "state"), message
        if message["type"] == "pong":
            version: int = message["version"]
            return version
