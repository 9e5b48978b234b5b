"""The game websocket: origin check, parsing at the edge, limits, and the room's commands.

The socket is served by :class:`GameSockets`, a plain ASGI step just inside the
session middleware, not by a FastAPI route: a route's stack of exception handlers,
exit stacks and dependency machinery stays suspended, as coroutine frames, for as
long as its socket is open — about 11 KB per socket, for nothing a socket uses
(it has no dependencies, and its errors are messages, not HTTP responses). With
games left open for days, most sockets are idle and that memory was most of theirs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Callable
from datetime import timedelta
from typing import Any, cast

import orjson
from fastapi import WebSocket, WebSocketDisconnect, status
from sqlalchemy import select
from sqlalchemy.orm import load_only
from starlette.types import ASGIApp, Receive, Scope, Send

from chromino.core.errors import IllegalMoveError

from .. import metrics
from ..db import as_utc
from ..i18n import N_, Words, best_language, rule_refusal, say
from ..lobby import ID_SHAPE, NO_SPECTATORS, may_watch
from ..models import Game, Preference, User
from ..people import holder_in, user_of_session
from ..protocol import (
    PROTOCOL,
    AcceptEndCommand,
    ChatCommand,
    ChatReadMessage,
    CommandBase,
    DeclineEndCommand,
    OfferEndCommand,
    PingMessage,
    PlayBase,
    ProtocolError,
    SeenMessage,
    ShowHandMessage,
    SyncMessage,
    TakeSeatCommand,
    parse_inbound,
)
from ..settings import Settings
from ..talk import unheard_pairs
from .buckets import TokenBucket
from .core import Submission
from .hub import Hub
from .room import Room
from .viewers import Viewer

log = logging.getLogger(__name__)
POLICY_VIOLATION = status.WS_1008_POLICY_VIOLATION
OUTDATED_CLIENT = N_("this page is out of date: reload it to go on playing")


def _error(
    code: str, message: str | Words, command_id: str | None = None, language: str = "en"
) -> dict[str, Any]:
    metrics.refused(code)
    error: dict[str, Any] = {"type": "error", "code": code, "message": say(message, language)}
    if command_id is not None:
        error["id"] = command_id
    return error


def _viewer_for(
    game_id: str,
    cookie_session: dict[str, Any],
    hub: Hub,
    accept_language: str | None,
    token_user_id: int | None = None,
) -> Viewer | None:
    """Who is connecting (their seat, or a spectator), or None for no such game. A
    spectator of a game that lets nobody watch gets no seat either: ``watching`` says.
    A bot's socket is its token's account (``token_user_id``, the bearer gate let it
    through), seen exactly as that account's browser would be."""
    if not ID_SHAPE.fullmatch(game_id):
        return None
    with hub.db.session() as session:
        # Only who sits where and who may watch: not the deal, a JSON document as large
        # as the rest of the row (the room reads it once, if it is not loaded yet).
        game = session.get(Game, game_id, options=[load_only(Game.seats, Game.spectators)])
        if game is None:
            return None
        idle = timedelta(days=hub.settings.session_idle_days)
        if token_user_id is not None:
            user = session.get(User, token_user_id)
        else:
            user = user_of_session(cookie_session, session, idle)
        user_id = user.id if user is not None else None
        seat = None
        local: set[int] = set()
        for index, occupant in enumerate(game.seats):
            if user_id is not None and occupant["user_id"] == user_id:
                if occupant.get("local"):
                    local.add(index)  # shown only after "show my tiles", never at once
                else:
                    seat = index
        assistance, preferred = "beginner", None
        if user_id is not None:
            chosen = session.execute(
                select(Preference.assistance, Preference.language).where(
                    Preference.user_id == user_id
                )
            ).first()
            if chosen is not None:
                assistance, preferred = chosen[0] or assistance, chosen[1]
        language = best_language(preferred, accept_language)
        allowed = may_watch(game, user_id)
        unheard = {} if user_id is None else unheard_pairs(session, [user_id])
        return Viewer(
            user_id,
            seat,
            assistance,
            language,
            allowed=allowed,
            name="" if user is None else user.name,
            unheard=unheard.get(user_id or 0, frozenset()),
            muted_until=_muted_until(user),
            local_seats=frozenset(local),
        )


def _muted_until(user: User | None) -> float | None:
    """Until when the person is muted on the whole server (None: not muted)."""
    if user is None or user.muted_until is None:
        return None
    return as_utc(user.muted_until).timestamp()


SOCKET_PATH = re.compile(r"/ws/games/([^/]+)")
"""Where a game's socket is: ``/ws/games/{game_id}``."""


OriginCheck = Callable[[WebSocket], bool]
"""Whether a socket's ``Origin`` may open a game (the site's rule, handed in by the app:
browsers always send one, and it must be ours; other clients send none)."""


class GameSockets:
    """ASGI middleware: a websocket to ``/ws/games/{id}`` is served here, directly;
    everything else goes on to the app's routes."""

    def __init__(self, app: ASGIApp, origin_allowed: OriginCheck) -> None:
        self.app = app
        self.origin_allowed = origin_allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            found = SOCKET_PATH.fullmatch(scope["path"])
            if found is not None:
                websocket = WebSocket(scope, receive, send)
                await game_socket(websocket, found.group(1), self.origin_allowed)
                return
        await self.app(scope, receive, send)


async def game_socket(websocket: WebSocket, game_id: str, origin_allowed: OriginCheck) -> None:
    """One viewer of one game. ``?since=V`` asks for the events after version V."""
    settings: Settings = websocket.app.state.settings
    hub: Hub = websocket.app.state.hub
    if not origin_allowed(websocket):
        await websocket.close(code=POLICY_VIOLATION, reason="foreign origin")
        return
    cookie_session = dict(websocket.session) if "session" in websocket.scope else {}
    accept_language = websocket.headers.get("accept-language")
    holder = holder_in(websocket.scope)
    viewer = await asyncio.to_thread(
        _viewer_for,
        game_id,
        cookie_session,
        hub,
        accept_language,
        None if holder is None else holder.user_id,
    )
    room = await hub.room(game_id) if viewer is not None else None
    if viewer is None or room is None:
        language = best_language(None, accept_language)
        await _refuse(websocket, "no_such_game", Words(N_("no game has this id")), language)
        return
    if not viewer.allowed:
        await _refuse(websocket, "no_spectators", Words(NO_SPECTATORS), viewer.language)
        return
    if websocket.query_params.get("protocol") != str(PROTOCOL):
        # A page from before the protocol changed (a tab left open): it cannot read
        # what would be sent, and must load the new one.
        await _refuse(websocket, "reload", Words(OUTDATED_CLIENT), viewer.language)
        return
    await websocket.accept()
    since = _since(websocket.query_params.get("since"))
    viewer.chat_since = _since(websocket.query_params.get("chat_since"))
    sender = Sender(websocket, viewer)
    viewer.wake = sender.wake
    await room.join(viewer, since)
    try:
        await _receive_loop(websocket, room, viewer, settings)
    except WebSocketDisconnect:
        pass
    finally:
        room.leave(viewer)
        viewer.wake = None
        await sender.finish()


async def _refuse(websocket: WebSocket, code: str, message: Words, language: str) -> None:
    """Say why the socket cannot watch this game, then close it (1008)."""
    await websocket.accept()
    await websocket.send_json(_error(code, message, language=language))
    await websocket.close(code=POLICY_VIOLATION)


def _since(raw: str | None) -> int | None:
    if raw is None or not raw.isdigit():
        return None
    return int(raw)


class Sender:
    """Writes a viewer's outbox to its socket, in a task that lives only while there is
    something to write: an idle socket has no task waiting on a queue."""

    __slots__ = ("task", "viewer", "websocket")

    def __init__(self, websocket: WebSocket, viewer: Viewer) -> None:
        self.websocket = websocket
        self.viewer = viewer
        self.task: asyncio.Task[None] | None = None

    def wake(self) -> None:
        """The outbox has a first message: start writing (if not already)."""
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._drain())

    async def _drain(self) -> None:
        outbox = self.viewer.outbox
        while outbox:
            message = outbox.pop(0)
            if message is None:
                if self.viewer.overflowed:
                    with contextlib.suppress(Exception):
                        code = self.viewer.close_code or status.WS_1013_TRY_AGAIN_LATER
                        await self.websocket.close(code=code)
                outbox.clear()
                return
            try:
                await self.websocket.send_text(message)
            except Exception:
                outbox.clear()  # the socket is gone: nothing more can reach it
                return

    async def finish(self) -> None:
        """The socket closed: let a write under way end."""
        if self.task is not None:
            with contextlib.suppress(Exception):
                await self.task


async def _receive_loop(
    websocket: WebSocket, room: Room, viewer: Viewer, settings: Settings
) -> None:
    bucket = TokenBucket(settings.messages_per_second, settings.message_burst)
    while True:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        text = frame.get("text")
        size = len(text.encode()) if text is not None else len(frame.get("bytes") or b"")
        # Binary frames count too: they are held to the same size and rate limits.
        if size > settings.max_frame_bytes:
            await websocket.close(code=POLICY_VIOLATION, reason="frame too large")
            return
        if not bucket.take():
            await websocket.close(code=POLICY_VIOLATION, reason="too many messages")
            return
        if text is None:
            message = Words(N_("send JSON text frames"))
            answer(viewer, _error("binary_frame", message, language=viewer.language))
            continue
        try:
            await _handle(text, room, viewer)
        except ProtocolError as error:
            refusal = _error(error.code, error.message, error.command_id, viewer.language)
            answer(viewer, {**refusal, **error.details})


UNSENDABLE = N_("the answer to this message could not be sent")


def answer(viewer: Viewer, message: dict[str, Any]) -> None:
    """Queue one answer to what a viewer sent. One that cannot be encoded (a text no
    UTF-8 holds) is replaced by an error saying so: a bad answer must not end the
    receive loop, which would drop the socket without a close frame."""
    try:
        viewer.send(message)
    except orjson.JSONEncodeError as error:  # orjson's (a TypeError): text no UTF-8 holds
        # one line, no traceback: the cause is the client's input, not a fault here
        log.warning("an answer of type %s could not be encoded: %s", message.get("type"), error)
        viewer.send(_error("unsendable_answer", Words(UNSENDABLE), language=viewer.language))


async def _handle(text: str, room: Room, viewer: Viewer) -> None:
    play_model = cast(type[PlayBase], room.kind.play_model)
    message = parse_inbound(text, play_model)
    if not await _handle_talk_and_sight(message, room, viewer):
        assert isinstance(message, CommandBase)
        await _handle_command(message, room, viewer)


async def _handle_talk_and_sight(message: object, room: Room, viewer: Viewer) -> bool:
    """The messages that are no command of the game (a ping, a resync, what the page
    showed or read, a chat line, a hand shown): whether ``message`` was one."""
    if isinstance(message, PingMessage):
        answer(viewer, {"type": "pong", "version": room.version})
    elif isinstance(message, SyncMessage):
        async with room.lock:
            room.sync(viewer, message.version, snapshot="state")
    elif isinstance(message, SeenMessage):
        await room.marks.seen(viewer, message.version)
    elif isinstance(message, ChatCommand):
        seq = await room.talk.say(viewer, message)
        answer(viewer, {"type": "ack", "id": message.id, "seq": seq})
    elif isinstance(message, ChatReadMessage):
        await room.marks.chat_read_to(viewer, message.seq)
    elif isinstance(message, ShowHandMessage):
        await room.show_hand(viewer, message.seat)
    else:
        return False
    return True


async def _handle_command(message: CommandBase, room: Room, viewer: Viewer) -> None:
    """A command of a seat: an answer to an end offer, a seat taken back, a move."""
    if viewer.local_seats and isinstance(
        message, OfferEndCommand | AcceptEndCommand | DeclineEndCommand
    ):
        # the players of a device's seats answer together, hand shown or not
        seat = viewer.player_seat
        assert seat is not None
        version = await room.offers.agree(seat, message, together=viewer.local_seats)
        answer(viewer, {"type": "ack", "id": message.id, "version": version})
        return
    if viewer.seat is None and viewer.local_seats:
        hidden = Words(N_("pass the device to the player to move, who shows their tiles first"))
        raise ProtocolError("hand_hidden", hidden, message.id)
    if viewer.seat is None:
        raise ProtocolError("spectator", Words(N_("spectators cannot act")), message.id)
    if isinstance(message, TakeSeatCommand):
        version = await room.substitutes.take_back(viewer.seat, message.id)
        answer(viewer, {"type": "ack", "id": message.id, "version": version})
        return
    if isinstance(message, OfferEndCommand | AcceptEndCommand | DeclineEndCommand):
        version = await room.offers.agree(viewer.seat, message)
        answer(viewer, {"type": "ack", "id": message.id, "version": version})
        return
    try:
        version = await room.submit(
            Submission(
                seat=viewer.seat,
                action=room.kind.action_of(message),
                expected_version=message.version,
                user_id=viewer.user_id,
                command_id=message.id,
                assistance=viewer.assistance,
            )
        )
    except IllegalMoveError as error:  # the engine's refusal, its code as it is, to the wire
        words = rule_refusal(
            error.reason.value, error.message, viewer.language, room.kind.refusal_words
        )
        answer(viewer, _error(error.reason.value, words, message.id, viewer.language))
        return
    answer(viewer, {"type": "ack", "id": message.id, "version": version})
