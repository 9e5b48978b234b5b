"""Reading what the server pushes: a table's and a person's event streams, a game
socket's closing code, and an asyncio scenario run apart from the browser tests' loop."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from support.live import GameSocket


def run_alone(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run ``scenario`` on an event loop of its own, in a thread of its own: the browser
    tests' sync API keeps a loop running on the main thread once it has started."""
    failures: list[BaseException] = []

    def main() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as failure:  # handed to the test's thread
            failures.append(failure)

    thread = threading.Thread(target=main, name="fanout-scenario")
    thread.start()
    thread.join()
    if failures:
        raise failures[0]


class EventStream:
    """One open server-sent event stream, read event by event."""

    def __init__(self, lines: Iterator[str]) -> None:
        self.lines = lines

    def next(self, wanted_event: str) -> dict[str, Any]:
        """The next ``wanted_event`` event's data (others, comments and blank lines skipped)."""
        event = None
        for line in self.lines:
            if line.startswith("event:"):
                event = line.split(":", 1)[1].strip()
            elif line.startswith("data:") and event == wanted_event:
                data: dict[str, Any] = json.loads(line.split(":", 1)[1])
                return data
        raise AssertionError("the stream ended")

    def until(self, wanted: Any, event: str = "me", timeout: float = 15) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            data = self.next(event)
            if wanted(data):
                return data
        raise AssertionError("the stream never showed it")


@contextmanager
def stream_of(client: httpx.Client, path: str = "/api/me/events") -> Iterator[EventStream]:
    timeout = httpx.Timeout(20, read=20)
    with client.stream("GET", path, timeout=timeout) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        yield EventStream(response.iter_lines())


class TableStream:
    def __init__(self, lines: Iterator[str]) -> None:
        self.lines = lines

    def next_table(self) -> dict[str, Any]:
        event = None
        for line in self.lines:
            if line.startswith("event:"):
                event = line.split(":", 1)[1].strip()
            elif line.startswith("data:") and event == "table":
                data: dict[str, Any] = json.loads(line.split(":", 1)[1])
                return data
        raise AssertionError("the stream ended")

    def until(
        self, wanted: Callable[[dict[str, Any]], bool], timeout: float = 15
    ) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            table = self.next_table()
            if wanted(table):
                return table
        raise AssertionError("the table never showed it")


@contextmanager
def watching(client: httpx.Client, code: str) -> Iterator[TableStream]:
    timeout = httpx.Timeout(20, read=20)
    with client.stream("GET", f"/api/tables/{code}/events", timeout=timeout) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        yield TableStream(response.iter_lines())


POLICY_VIOLATION = 1008


def closed_code(sock: GameSocket, timeout: float = 5) -> int:
    """Read until the server closes the socket; the close code it sent."""
    deadline = time.monotonic() + timeout
    with pytest.raises(ConnectionClosed) as closed:
        while time.monotonic() < deadline:
            sock.recv(timeout=max(0.01, deadline - time.monotonic()))
    assert closed.value.rcvd is not None, "closed without a close frame"
    return closed.value.rcvd.code
