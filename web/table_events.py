"""The live table page: a table's seats and status pushed as they change.

``GET /api/tables/{invite_code}/events`` is a server-sent event stream (``event:
table``, data: the table as ``GET /api/tables/{invite_code}`` gives it), sent at once
and again whenever it changes. Whatever changes a table (a seat taken or given up,
the table closed, the game dealt) already wakes the lobby's streams
(:class:`web.lobby.LobbyBus`, here and on the other processes); a table stream wakes
with them and reads its table again, at most once per :data:`web.lobby.REFRESH_GAP`,
sending it only when it differs from what it sent last. A table that does not exist
is a 404 before the stream starts. No account is made for a visitor without one.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.sse import EventSourceResponse, ServerSentEvent

from . import tables
from .db import Database
from .deps import SessionDep
from .hub import Hub
from .lobby import KEEP_ALIVE, REFRESH_GAP

router = APIRouter(prefix="/api")


def _existing(invite_code: str, session: SessionDep) -> str:
    """The invite code of a table that exists (404 ``no_such_table`` before the stream)."""
    tables.table_by_invite(session, invite_code)
    return invite_code


@router.get("/tables/{invite_code}/events", response_class=EventSourceResponse)
async def table_events(
    request: Request, invite_code: Annotated[str, Depends(_existing)]
) -> AsyncIterator[ServerSentEvent]:
    """The table now, then again whenever it changes; a comment every 25 s keeps
    proxies from closing the stream."""
    hub: Hub = request.app.state.hub
    async with hub.lobby.listen() as changed:
        last = await asyncio.to_thread(_table, hub.db, invite_code)
        yield ServerSentEvent(event="table", data=last)
        while True:
            try:
                await asyncio.wait_for(changed.wait(), timeout=KEEP_ALIVE)
            except TimeoutError:
                yield ServerSentEvent(comment="still here")
                continue
            await asyncio.sleep(REFRESH_GAP)  # a burst of changes makes one reading
            changed.clear()
            table = await asyncio.to_thread(_table, hub.db, invite_code)
            if table != last:
                yield ServerSentEvent(event="table", data=table)
                last = table


def _table(db: Database, invite_code: str) -> dict[str, Any]:
    with db.session() as session:
        return tables.table_public(tables.table_by_invite(session, invite_code)).model_dump()
