"""Work started in the background and not awaited runs to its end: the event loop
holds its tasks only weakly, so a task parked on a future nobody else holds would be
collected half done if nothing kept it."""

from __future__ import annotations

import asyncio
import gc
import weakref

from support.live import run_apart

from web.live.background import in_background


def test_a_background_task_parked_on_its_own_future_survives_a_collection() -> None:
    async def scenario() -> list[str]:
        done: list[str] = []
        parked_on: list[weakref.ref[asyncio.Future[None]]] = []

        async def parked() -> None:
            future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            parked_on.append(weakref.ref(future))  # only the task itself holds it
            await future
            done.append("ended")

        in_background(parked(), "the parked work failed")
        await asyncio.sleep(0)  # it runs up to its future
        gc.collect()
        future = parked_on[0]()
        assert future is not None, "the parked task was collected with its future"
        future.set_result(None)
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        return done

    assert run_apart(scenario()) == ["ended"]
