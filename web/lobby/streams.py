"""The lobby's live streams: the home page's lists and a table page's table, pushed
as they change (server-sent events).

``GET /api/lobby/events`` (``event: lobby``) carries the open public tables and my
games; ``GET /api/me/events`` (``event: me``) what every page's header shows of me:
my name, my preferences, how many games wait for my move, my invitations to tables
and how many friend requests wait for my answer (the lobby stream sends ``me``
events too, so the home page needs one stream; while either is open, its person is
marked online for their friends every minute, web.friends.presence);
``GET /api/tables/{invite_code}/events`` (``event: table``) one table as
``GET /api/tables/{invite_code}`` gives it (a table that does not exist is a 404
before the stream starts). Whatever changes a table or a game wakes every stream
(:class:`web.lobby.bus.LobbyBus`, here and on the other processes); a stream then
reads what it shows again, at most once per :data:`~web.lobby.bus.REFRESH_GAP`,
and sends it only when it differs from what it sent last. A comment every 25 s
keeps proxies from closing a quiet stream. No account is made for a visitor
without one.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from datetime import timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.sse import EventSourceResponse, ServerSentEvent

from ..db import Database
from ..friends import Beat, incoming_count, open_invitations
from ..i18n import best_language
from ..models import User
from ..people import SessionDep, farewell_words, public_user, user_of_session
from . import listings, tables
from .bus import KEEP_ALIVE, REFRESH_GAP, LobbyBus
from .host import live_games

router = APIRouter(prefix="/api")


@router.get("/lobby/events", response_class=EventSourceResponse)
async def lobby_events(request: Request) -> AsyncIterator[ServerSentEvent]:
    """The open public tables and my games, sent at once and again whenever they change
    (server-sent events, ``event: lobby``; a comment every 25 s keeps proxies from
    closing the stream). No account is made for a visitor without one."""
    database: Database = request.app.state.db
    idle = timedelta(days=request.app.state.settings.session_idle_days)
    cookie = dict(request.session)
    user_id = await asyncio.to_thread(_user_id_of, database, cookie, idle)
    stream = _changes(
        live_games(request).lobby,
        {"lobby": lambda: _lobby_lists(database, user_id), "me": lambda: _me(database, user_id)},
        beat=_beat(request, user_id),
        user_id=user_id,
        language=_language(request),
    )
    async for message in stream:
        yield message


@router.get("/me/events", response_class=EventSourceResponse)
async def me_events(request: Request) -> AsyncIterator[ServerSentEvent]:
    """What the header shows of me (``event: me``): my name, my preferences and the count
    of games waiting for my move, at once and whenever they change — a move in any game,
    a preference changed in another tab or on another device, here or on another
    process. No account is made for a visitor without one (nothing is sent then)."""
    database: Database = request.app.state.db
    idle = timedelta(days=request.app.state.settings.session_idle_days)
    cookie = dict(request.session)
    user_id = await asyncio.to_thread(_user_id_of, database, cookie, idle)
    stream = _changes(
        live_games(request).lobby,
        {"me": lambda: _me(database, user_id)},
        beat=_beat(request, user_id),
        user_id=user_id,
        language=_language(request),
    )
    async for message in stream:
        yield message


def _existing(invite_code: str, session: SessionDep) -> str:
    """The invite code of a table that exists (404 ``no_such_table`` before the stream)."""
    tables.table_by_invite(session, invite_code)
    return invite_code


@router.get("/tables/{invite_code}/events", response_class=EventSourceResponse)
async def table_events(
    request: Request, invite_code: Annotated[str, Depends(_existing)]
) -> AsyncIterator[ServerSentEvent]:
    """The table now, then again whenever it changes (each seat's rating as the
    stream's person may see it); a comment every 25 s keeps proxies from closing the
    stream."""
    database: Database = request.app.state.db
    idle = timedelta(days=request.app.state.settings.session_idle_days)
    viewer = await asyncio.to_thread(_user_id_of, database, dict(request.session), idle)
    stream = _changes(
        live_games(request).lobby, {"table": lambda: _table(database, invite_code, viewer)}
    )
    async for message in stream:
        yield message


def _beat(request: Request, user_id: int | None) -> Beat | None:
    """What marks the stream's person online (none for a visitor without an account)."""
    if user_id is None:
        return None
    return Beat(request.app.state.db, live_games(request).clock, user_id)


def _language(request: Request) -> str:
    """The language a stream's farewell to a banned person is worded in (the page's
    requests carry its language in Accept-Language)."""
    return best_language(None, request.headers.get("accept-language"))


async def _changes(
    bus: LobbyBus,
    reads: dict[str, Callable[[], dict[str, Any] | None]],
    *,
    beat: Beat | None = None,
    user_id: int | None = None,
    language: str = "en",
) -> AsyncIterator[ServerSentEvent]:
    """What each of ``reads`` gives (in a thread), sent as the event it is named by at
    once and again each time the bus wakes and it differs (None: nothing to send); a
    burst of changes makes one reading. The ``beat``, when due, marks the person online
    (the loop comes round at least every keep-alive). When ``user_id`` is banned the
    stream says so (``event: signed_out``: why and until when) and ends."""
    last: dict[str, dict[str, Any] | None] = {}
    async with bus.listen(user_id) as changed:
        while True:
            farewell = bus.farewells.get(changed)
            if farewell is not None:
                yield ServerSentEvent(event="signed_out", data=farewell_words(farewell, language))
                return
            if beat is not None and beat.due():
                await asyncio.to_thread(beat.mark)
            changed.clear()
            for event, read in reads.items():
                now = await asyncio.to_thread(read)
                if now is not None and (event not in last or now != last[event]):
                    yield ServerSentEvent(event=event, data=now)
                last[event] = now
            try:
                await asyncio.wait_for(changed.wait(), timeout=KEEP_ALIVE)
            except TimeoutError:
                yield ServerSentEvent(comment="still here")
                continue
            await asyncio.sleep(REFRESH_GAP)


def _user_id_of(db: Database, cookie: dict[str, Any], idle: timedelta) -> int | None:
    with db.session() as session:
        user = user_of_session(cookie, session, idle)
        return None if user is None else user.id


def _lobby_lists(db: Database, user_id: int | None) -> dict[str, Any]:
    with db.session() as session:
        listed = [
            t.model_dump() for t in listings.tables_public(listings.public_tables(session), user_id)
        ]
        mine: list[dict[str, Any]] = []
        user = None if user_id is None else session.get(User, user_id)
        if user is not None:
            mine = [line.model_dump() for line in listings.my_game_lines(session, user)]
        return {"tables": listed, "my_games": mine}


def _me(db: Database, user_id: int | None) -> dict[str, Any] | None:
    """My name, my preferences, ``waiting``: my games in progress whose turn is mine,
    solo games left out (nobody waits on them), ``invitations`` as
    ``GET /api/invitations`` lists them and ``friend_requests``: how many people
    added me that I have not added back."""
    if user_id is None:
        return None
    with db.session() as session:
        user = session.get(User, user_id)
        if user is None:
            return None
        waiting = sum(
            1
            for game in listings.my_games(session, user)
            if not game.solo and listings.game_summary(game, user.id).my_turn
        )
        me = public_user(user)
        return {
            "name": me.name,
            "registered": me.registered,
            "preferences": me.preferences.model_dump(),
            "waiting": waiting,
            "invitations": [
                invitation.model_dump(by_alias=True)
                for invitation in open_invitations(session, user.id)
            ],
            "friend_requests": incoming_count(session, user.id),
        }


def _table(db: Database, invite_code: str, viewer_id: int | None) -> dict[str, Any]:
    with db.session() as session:
        table = tables.table_by_invite(session, invite_code)
        return listings.table_public(table, viewer_id).model_dump()
