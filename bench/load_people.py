"""People, tables and games made over HTTP, as a browser makes them: guests with their
own cookie jars, the tables they sit at, dealt. The load run and the table-talk bench
both seat their players this way before any socket opens.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from .load_plan import SEATS


class People:
    """Guests made over HTTP, each with their own cookie jar, on one shared connection pool."""

    def __init__(self, base_url: str, concurrency: int = 16) -> None:
        self.base_url = base_url
        self.transport = httpx.AsyncHTTPTransport(
            limits=httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
        )
        self.limit = asyncio.Semaphore(concurrency)

    def client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(
            base_url=self.base_url, transport=self.transport, timeout=60, trust_env=False
        )

    async def call(
        self, client: httpx.AsyncClient, method: str, path: str, **kwargs: Any
    ) -> dict[str, Any]:
        for attempt in range(5):
            async with self.limit:
                try:
                    response = await client.request(method, path, **kwargs)
                except httpx.RemoteProtocolError:
                    # A kept-alive connection the server closed (after 5 idle seconds)
                    # just as the request went out: it never reached the app. Every
                    # request here may be sent again (a rematch asked twice is one).
                    if attempt == 4:
                        raise
                    continue
            if response.status_code < 500:
                break
            await asyncio.sleep(0.05 * (attempt + 1))  # a rare clash of guest names
        response.raise_for_status()
        data: dict[str, Any] = response.json()
        return data

    async def guest(self) -> httpx.AsyncClient:
        client = self.client()
        await self.call(client, "GET", "/api/me")
        return client

    async def game(self) -> tuple[str, list[httpx.AsyncClient]]:
        """Four guests at a new table, dealt."""
        seats = await asyncio.gather(*(self.guest() for _ in range(SEATS)))
        table = await self.call(
            seats[0], "POST", "/api/tables", json={"seats": [{"kind": "human"}] * SEATS}
        )
        for person in seats[1:]:  # one after another: each takes the next free seat
            await self.call(person, "POST", f"/api/tables/{table['invite_code']}/join")
        started = await self.call(seats[0], "POST", f"/api/tables/{table['invite_code']}/start")
        return started["game_id"], list(seats)

    async def table_of(self, seats: list[httpx.AsyncClient]) -> str:
        """A new table of these four, dealt (the same people may sit at many)."""
        table = await self.call(
            seats[0], "POST", "/api/tables", json={"seats": [{"kind": "human"}] * SEATS}
        )
        for person in seats[1:]:
            await self.call(person, "POST", f"/api/tables/{table['invite_code']}/join")
        started = await self.call(seats[0], "POST", f"/api/tables/{table['invite_code']}/start")
        return str(started["game_id"])

    async def bot_game(self, bot: str) -> str:
        """A table of two bots, dealt: they play on the server by themselves (at a second's
        search and the bot pause a move, a game lasts a couple of minutes: the run)."""
        creator = await self.guest()
        seats = [{"kind": "bot", "bot": bot}] * 2
        table = await self.call(creator, "POST", "/api/tables", json={"seats": seats})
        started = await self.call(creator, "POST", f"/api/tables/{table['invite_code']}/start")
        return str(started["game_id"])

    async def close(self) -> None:
        await self.transport.aclose()


def cookie(client: httpx.AsyncClient) -> str:
    return "; ".join(f"{name}={value}" for name, value in client.cookies.items())
