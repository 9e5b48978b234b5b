"""Helpers for the friends' tests: people with their own browsers on one app, and a
recorder standing in for the live games' ``mutes_changed``."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from support.api import device, expect


def person(client: TestClient, name: str) -> tuple[TestClient, int]:
    """Another browser on the same app, named ``name``: it and its person's id."""
    browser = device(client)
    me = expect(browser.put("/api/me/name", json={"name": name}), 200)
    return browser, int(me["id"])


def own_id(client: TestClient, name: str) -> int:
    """Name this browser's person; their id."""
    return int(expect(client.put("/api/me/name", json={"name": name}), 200)["id"])


def befriend(one: TestClient, one_id: int, other: TestClient, other_id: int) -> None:
    """A mutual friendship, each adding the other."""
    assert expect(one.post("/api/friends", json={"user": other_id}), 200) == {"status": "requested"}
    assert expect(other.post("/api/friends", json={"user": one_id}), 200) == {"status": "friends"}


def friends_of(client: TestClient) -> Any:
    return expect(client.get("/api/friends"), 200)


def ids(people: list[dict[str, Any]]) -> list[int]:
    return [entry["id"] for entry in people]


def eventually(check: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait until ``check()`` holds (something the event loop does soon after)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.02)


class Recorder:
    """Stands in for ``Hub.mutes_changed``: who was said to have muted or unmuted."""

    def __init__(self) -> None:
        self.calls: list[int] = []

    async def __call__(self, user_id: int) -> None:
        self.calls.append(user_id)
