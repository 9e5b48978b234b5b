"""The Redis fan-out between processes, against a real Redis server.

Each test has a channel of its own, so it hears no other test's servers.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from redis import asyncio as aioredis
from support.services import require_redis
from support.streams import run_alone

from web.live.fanout import LocalFanout, RedisFanout, make_fanout, tell_others


async def wait_until(condition: Callable[[], bool], what: str, seconds: float = 15.0) -> None:
    """Wait for ``condition`` (polling the loop), failing with ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.01)


def pair(url: str) -> tuple[RedisFanout, RedisFanout, list[dict[str, Any]]]:
    """Two processes' fan-outs on a fresh channel, and what the second one hears."""
    channel = f"chromino:test:{uuid.uuid4().hex}"
    return RedisFanout(url, channel), RedisFanout(url, channel), []


def test_a_burst_of_moves_reaches_the_other_process_whole_and_in_order() -> None:
    """A thousand messages published at once (more than Redis's connection pool holds)
    all arrive, in the order they were published, and none comes back to its sender."""
    url = require_redis()

    async def scenario() -> None:
        sender, receiver, heard = pair(url)
        echoed: list[dict[str, Any]] = []

        async def hear(message: dict[str, Any]) -> None:
            heard.append(message)

        async def echo(message: dict[str, Any]) -> None:
            echoed.append(message)

        await receiver.start(hear)
        await sender.start(echo)
        try:
            await asyncio.gather(
                *(sender.publish({"kind": "version", "version": n}) for n in range(1000))
            )
            await wait_until(lambda: len(heard) >= 1000, "the thousand messages")
            assert [message["version"] for message in heard] == list(range(1000))
            assert {message["origin"] for message in heard} == {sender.origin}
            assert echoed == []
        finally:
            await sender.stop()
            await receiver.stop()

    run_alone(scenario)


def test_a_lost_subscription_is_made_again_and_the_rooms_told_to_catch_up() -> None:
    """Redis drops the listener's connection: it subscribes again, hands the hub a
    ``resync`` (messages may have gone by meanwhile), and hears the next ones."""
    url = require_redis()

    async def scenario() -> None:
        sender, receiver, heard = pair(url)
        admin = aioredis.from_url(url)

        async def hear(message: dict[str, Any]) -> None:
            heard.append(message)

        async def ignore(message: dict[str, Any]) -> None:
            return None

        before = {client["id"] for client in await admin.client_list(_type="pubsub")}
        await receiver.start(hear)
        await sender.start(ignore)
        try:
            mine = [c for c in await admin.client_list(_type="pubsub") if c["id"] not in before]
            await sender.publish({"kind": "version", "version": 1})
            await wait_until(lambda: len(heard) == 1, "the first message")
            for client in mine:
                await admin.client_kill_filter(_id=client["id"])
            await wait_until(
                lambda: any(m["kind"] == "resync" for m in heard), "the listener's resync"
            )
            await sender.publish({"kind": "version", "version": 2})
            await wait_until(
                lambda: any(m.get("version") == 2 for m in heard), "a message after it"
            )
            assert [m["kind"] for m in heard] == ["version", "resync", "version"]
        finally:
            await sender.stop()
            await receiver.stop()
            await admin.aclose()

    run_alone(scenario)


def test_stopping_sends_what_is_still_queued() -> None:
    """A process stopping (SIGTERM) flushes its queued news before it closes."""
    url = require_redis()

    async def scenario() -> None:
        sender, receiver, heard = pair(url)

        async def hear(message: dict[str, Any]) -> None:
            heard.append(message)

        await receiver.start(hear)
        await sender.start(hear)
        try:
            for n in range(50):
                await sender.publish({"kind": "version", "version": n})
            await sender.stop()
            await wait_until(lambda: len(heard) >= 50, "the queued messages")
            assert [m["version"] for m in heard] == list(range(50))
        finally:
            await receiver.stop()

    run_alone(scenario)


def test_two_sites_on_one_redis_server_hear_only_their_own_channel() -> None:
    """Two sites share a Redis server, each with its channel setting: a site's news
    reaches its own other process and never the other site's (whose user 1 is someone
    else). Redis's database number in the URL would not part them: pub/sub ignores it."""
    url = require_redis()
    suffix = uuid.uuid4().hex

    async def scenario() -> None:
        names = ("a", "a", "b", "b")
        club_a, club_a_too, club_b, club_b_too = (
            make_fanout(url, f"chromino:test:{name}:{suffix}") for name in names
        )
        heard: dict[str, list[dict[str, Any]]] = {"a": [], "b": []}

        def hearing(name: str) -> Callable[[dict[str, Any]], Awaitable[None]]:
            async def hear(message: dict[str, Any]) -> None:
                heard[name].append(message)

            return hear

        for fanout, name in zip((club_a_too, club_b_too, club_a, club_b), "abab", strict=True):
            await fanout.start(hearing(name))
        try:
            await club_a.publish({"kind": "shut_out", "user": 1, "farewell": {}})
            await wait_until(lambda: len(heard["a"]) == 1, "club A's news at its other process")
            await club_b.publish({"kind": "lobby"})
            await wait_until(lambda: len(heard["b"]) == 1, "club B's news at its other process")
            # Redis has now sent B's message to every subscriber it was for; A's next
            # message comes after it on any connection, so A's processes have had it if
            # they were ever going to.
            await club_a.publish({"kind": "lobby"})
            await wait_until(lambda: len(heard["a"]) == 2, "club A's second message")
            assert [m["kind"] for m in heard["a"]] == ["shut_out", "lobby"]
            assert [m["origin"] for m in heard["a"]] == [club_a.origin] * 2
            assert [m["origin"] for m in heard["b"]] == [club_b.origin]
        finally:
            for fanout in (club_a, club_a_too, club_b, club_b_too):
                await fanout.stop()

    run_alone(scenario)


def test_what_is_told_without_waiting_reaches_the_other_process_and_a_lone_one_makes_no_task() -> (
    None
):
    """``tell_others``: across Redis the message arrives; a process alone (LocalFanout)
    starts no background task for it at all."""
    url = require_redis()

    async def scenario() -> None:
        speaker, listener, heard = pair(url)

        async def hear(message: dict[str, Any]) -> None:
            heard.append(message)

        await listener.start(hear)
        await speaker.start(hear)
        try:
            tell_others(speaker, {"kind": "lobby"})
            await wait_until(lambda: len(heard) == 1, "the lobby message")
            assert heard[0]["kind"] == "lobby"
        finally:
            await speaker.stop()
            await listener.stop()
        tasks_before = asyncio.all_tasks()
        tell_others(LocalFanout(), {"kind": "lobby"})
        assert asyncio.all_tasks() == tasks_before

    run_alone(scenario)
