"""The game websocket: origin check, parsing at the edge, limits, and the room's commands.

The socket is served by :class:`GameSockets`, a plain ASGI step just inside the
session middleware, not by a FastAPI route: a route's stack of exception handlers,
exit stacks and dependency machinery stays suspended, as coroutine frames, for as
long as its socket is open — about 11 KB per socket, for nothing a socket uses
(it has no dependencies, and its errors are messages, not HTTP responses). With
games left open for days, most sockets are idle and that memory was most of theirs.
Under ``chromino serve`` an accepted socket leaves ASGI altogether (web.live.wire): its
:class:`GameSocket` reads each message as the connection hands it over, and moves on
with its table to the rematch (``rematch``, ``join_rematch``) without a new connection.
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
from fastapi import WebSocket, status
from sqlalchemy import select
from sqlalchemy.orm import Session, load_only
from starlette.types import ASGIApp, Receive, Scope, Send

from chromino.core.errors import IllegalMoveError

from .. import metrics
from ..db import as_utc
from ..i18n import N_, Words, best_language, rule_refusal, say
from ..lobby import ID_SHAPE, NO_SPECTATORS, NOT_A_PLAYER, may_watch
from ..models import Game, Preference, User
from ..people import holder_in, user_of_session
from ..protocol import (
    PROTOCOL,
    AcceptEndCommand,
    ChatCommand,
    ChatReadMessage,
    CommandBase,
    DeclineEndCommand,
    JoinRematchMessage,
    OfferEndCommand,
    PingMessage,
    PlayBase,
    ProtocolError,
    RematchMessage,
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
from .rematches import deal_rematch
from .room import Room
from .viewers import Outbox, Viewer, Wire
from .wire import TAKE_OVER

log = logging.getLogger(__name__)
POLICY_VIOLATION = status.WS_1008_POLICY_VIOLATION
OUTDATED_CLIENT = N_("this page is out of date: reload it to go on playing")
NO_SUCH_GAME = N_("no game has this id")
NO_SEATS: frozenset[int] = frozenset()
"""Shared by every viewer with no local seat (nearly all): an empty frozenset is 216 bytes."""


def _error(
    code: str, message: str | Words, command_id: str | None = None, language: str = "en"
) -> dict[str, Any]:
    metrics.refused(code)
    error: dict[str, Any] = {"type": "error", "code": code, "message": say(message, language)}
    if command_id is not None:
        error["id"] = command_id
    return error


def _arriving(
    game_id: str,
    cookie_session: dict[str, Any],
    hub: Hub,
    accept_language: str | None,
    token_user_id: int | None = None,
) -> Viewer | None:
    """Who is connecting, as a viewer of the game (None: no such game). A bot's socket is
    its token's account (``token_user_id``, the bearer gate let it through), seen exactly
    as that account's browser would be."""
    if not ID_SHAPE.fullmatch(game_id):
        return None
    with hub.db.session() as session:
        if token_user_id is not None:
            user = session.get(User, token_user_id)
        else:
            idle = timedelta(days=hub.settings.session_idle_days)
            user = user_of_session(cookie_session, session, idle)
        return _viewer_for(session, game_id, user, accept_language)


def _moving_on(game_id: str, user_id: int | None, hub: Hub, language: str) -> Viewer | None:
    """The same person, as a viewer of another game (a socket moving on to a rematch)."""
    with hub.db.session() as session:
        user = None if user_id is None else session.get(User, user_id)
        return _viewer_for(session, game_id, user, language)


def _seated_again(old: Viewer, seats: list[dict[str, Any]]) -> Viewer | None:
    """A player of the rematch as they are: the same person, with the same preferences
    and mutes, at their new seat (None: they have no seat there)."""
    seat, local = _seats_of(seats, old.user_id)
    if seat is None and not local:
        return None
    return Viewer(
        old.user_id,
        seat,
        old.assistance,
        old.language,
        name=old.name,
        unheard=old.unheard,
        muted_until=old.muted_until,
        local_seats=local,
    )


def _viewer_for(
    session: Session, game_id: str, user: User | None, accept_language: str | None
) -> Viewer | None:
    """How this person sees a game (their seat, or a spectator), or None for no such game.
    A spectator of a game that lets nobody watch gets no seat either: ``allowed`` says."""
    # Only who sits where and who may watch: not the deal, a JSON document as large as
    # the rest of the row (the room reads it once, if it is not loaded yet).
    game = session.get(Game, game_id, options=[load_only(Game.seats, Game.spectators)])
    if game is None:
        return None
    user_id = None if user is None else user.id
    seat, local = _seats_of(game.seats, user_id)
    assistance, preferred = "beginner", None
    if user_id is not None:
        chosen = session.execute(
            select(Preference.assistance, Preference.language).where(Preference.user_id == user_id)
        ).first()
        if chosen is not None:
            assistance, preferred = chosen[0] or assistance, chosen[1]
    unheard = {} if user_id is None else unheard_pairs(session, [user_id])
    return Viewer(
        user_id,
        seat,
        assistance,
        best_language(preferred, accept_language),
        allowed=may_watch(game, user_id),
        name="" if user is None else user.name,
        unheard=unheard.get(user_id or 0, frozenset()),
        muted_until=_muted_until(user),
        local_seats=local,
    )


def _seats_of(
    seats: list[dict[str, Any]], user_id: int | None
) -> tuple[int | None, frozenset[int]]:
    """A person's seat at a table, and the seats of their device (pass-and-play: shown
    only after "show my tiles", never at once)."""
    seat, local = None, set()
    for index, occupant in enumerate(seats):
        if user_id is not None and occupant.get("user_id") == user_id:
            if occupant.get("local"):
                local.add(index)
            else:
                seat = index
    return seat, frozenset(local) if local else NO_SEATS


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
    hub: Hub = websocket.app.state.hub
    if not origin_allowed(websocket):
        await websocket.close(code=POLICY_VIOLATION, reason="foreign origin")
        return
    cookie_session = dict(websocket.session) if "session" in websocket.scope else {}
    accept_language = websocket.headers.get("accept-language")
    holder = holder_in(websocket.scope)
    token_user = None if holder is None else holder.user_id
    viewer = await asyncio.to_thread(
        _arriving, game_id, cookie_session, hub, accept_language, token_user
    )
    room = await hub.room(game_id) if viewer is not None else None
    if viewer is None or room is None:
        language = best_language(None, accept_language)
        await _refuse(websocket, "no_such_game", Words(NO_SUCH_GAME), language)
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
    socket = GameSocket(hub, room, viewer, websocket.app.state.settings)
    held = websocket.scope.get("extensions", {}).get(TAKE_OVER)
    if held is not None:
        # From here on the socket is read by ``socket`` and written directly; this ASGI
        # call ends, and everything the handshake kept with it.
        await socket.start(held["take_over"](socket), since)
        return
    await _serve_plainly(websocket, socket, since)


async def _refuse(websocket: WebSocket, code: str, message: Words, language: str) -> None:
    """Say why the socket cannot watch this game, then close it (1008)."""
    await websocket.accept()
    await websocket.send_json(_error(code, message, language=language))
    await websocket.close(code=POLICY_VIOLATION)


def _since(raw: str | None) -> int | None:
    if raw is None or not raw.isdigit():
        return None
    return int(raw)


async def _serve_plainly(websocket: WebSocket, socket: GameSocket, since: int | None) -> None:
    """A server without :data:`~web.live.wire.TAKE_OVER`: this call reads the socket for
    as long as it is open, and a sender writes what its outbox gets."""
    sender = Sender(websocket)
    code = 1005
    await socket.start(sender.outbox, since)
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                code = int(frame.get("code", 1005))
                return
            text = frame.get("text")
            if text is not None:
                socket.text(text)
            else:
                socket.binary(len(frame.get("bytes") or b""))
    finally:
        socket.closed(code)
        await sender.finish()


class Sender:
    """Writes an outbox to a socket served the plain ASGI way, in a task that lives only
    while there is something to write."""

    __slots__ = ("outbox", "task", "websocket")

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.outbox = Outbox(self.wake)
        self.task: asyncio.Task[None] | None = None

    def wake(self) -> None:
        """The outbox has a first message: start writing (if not already)."""
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._drain())

    async def _drain(self) -> None:
        messages = self.outbox.messages
        while messages:
            message = messages.pop(0)
            if message is None:
                with contextlib.suppress(Exception):
                    code = self.outbox.closing or status.WS_1013_TRY_AGAIN_LATER
                    await self.websocket.close(code=code)
                messages.clear()
                return
            try:
                await self.websocket.send_text(message)
            except Exception:
                messages.clear()  # the socket is gone: nothing more can reach it
                return

    async def finish(self) -> None:
        """The socket closed: let a write under way end."""
        if self.task is not None:
            with contextlib.suppress(Exception):
                await self.task


BinaryFrame = int
"""A binary frame in a socket's inbox, by its size: refused in its turn."""


class GameSocket:
    """One accepted game socket: its messages handled one at a time, in order, each
    answered — by a task that lives only while there is one to handle — and the viewer
    it is in its room. It moves on with its table from a game to the game's rematch."""

    __slots__ = (
        "bucket", "hub", "inbox", "joined", "open", "room", "settings", "task", "viewer", "wire",
    )  # fmt: skip

    def __init__(self, hub: Hub, room: Room, viewer: Viewer, settings: Settings) -> None:
        self.hub = hub
        self.room = room
        self.viewer = viewer
        self.settings = settings
        self.bucket = TokenBucket(settings.messages_per_second, settings.message_burst)
        self.inbox: list[str | BinaryFrame] = []
        self.task: asyncio.Task[None] | None = None
        self.open = True
        """Until the socket closed, from either side."""
        self.joined = False
        """Whether the viewer is in the room (not while it arrives or moves on)."""
        self.wire: Wire | None = None

    async def start(self, wire: Wire, since: int | None) -> None:
        """Join the room; what arrived meanwhile is handled after the welcome."""
        self.wire = self.viewer.wire = wire
        await self._join(since)

    async def _join(self, since: int | None) -> None:
        await self.room.join(self.viewer, since)
        self.joined = True
        if not self.open:  # it closed while joining
            self.room.leave(self.viewer)
        elif self.inbox:
            self._work_soon()

    # --- what the socket hears ----------------------------------------------------

    def text(self, text: str) -> None:
        """A text frame: kept in turn, within the size and rate limits."""
        size = len(text) if text.isascii() else len(text.encode())
        if self._admitted(size):
            self.inbox.append(text)
            if self.joined:
                self._work_soon()

    def binary(self, size: int) -> None:
        """A binary frame: held to the same limits, then refused in its turn."""
        if self._admitted(size):
            self.inbox.append(size)
            if self.joined:
                self._work_soon()

    def closed(self, code: int) -> None:
        """The socket closed: the viewer leaves its room."""
        if not self.open:
            return
        self.open = False
        self.inbox.clear()
        if self.joined:
            self.joined = False
            self.room.leave(self.viewer)

    def _admitted(self, size: int) -> bool:
        if not self.open or self.viewer.hung_up:
            return False
        if size > self.settings.max_frame_bytes:
            self._hang_up(POLICY_VIOLATION, "frame too large")
            return False
        if not self.bucket.take():
            self._hang_up(POLICY_VIOLATION, "too many messages")
            return False
        return True

    def _hang_up(self, code: int, reason: str) -> None:
        self.inbox.clear()
        self.viewer.hung_up = True
        if self.wire is not None:
            self.wire.close(code, reason)

    # --- handling, in order -------------------------------------------------------

    def _work_soon(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._work())

    async def _work(self) -> None:
        while self.inbox and self.open and self.joined:
            item = self.inbox.pop(0)
            try:
                await self._handle(item)
            except ProtocolError as error:
                refusal = _error(error.code, error.message, error.command_id, self.viewer.language)
                answer(self.viewer, {**refusal, **error.details})
            except Exception:
                log.exception("a message on the socket of game %s failed", self.room.game_id)
                self._hang_up(status.WS_1011_INTERNAL_ERROR, "internal error")
        self.task = None

    async def _handle(self, item: str | BinaryFrame) -> None:
        if isinstance(item, BinaryFrame):
            raise ProtocolError("binary_frame", Words(N_("send JSON text frames")))
        room, viewer = self.room, self.viewer
        message = parse_inbound(item, cast(type[PlayBase], room.kind.play_model))
        if isinstance(message, JoinRematchMessage):
            await self._move_on()
        elif isinstance(message, RematchMessage):
            await self._ask_rematch()
        elif not await _handle_talk_and_sight(message, room, viewer):
            assert isinstance(message, CommandBase)
            await _handle_command(message, room, viewer)

    async def _ask_rematch(self) -> None:
        """A player asks for the rematch here: it is dealt (web.live.rematches), every
        viewer of the game hears of it, and this socket moves on to it at once."""
        if self.viewer.user_id is None:
            raise ProtocolError("not_a_player", Words(NOT_A_PLAYER))
        game_id = self.room.game_id
        next_game, opening = await asyncio.to_thread(
            deal_rematch, self.hub, game_id, self.viewer.user_id
        )
        if opening is not None:
            await opening
        await self.hub.announce_rematch(game_id, next_game)
        if self.open and self.room.game_id == game_id:
            await self._move_on()

    async def _move_on(self) -> None:
        """To the rematch: the viewer leaves this room and joins that one, on this socket
        (``moved``, then the rematch's ``welcome``)."""
        old, next_game = self.viewer, self.room.next_game
        if next_game is None:  # dealt a moment ago, or on another process: not heard yet
            next_game = await asyncio.to_thread(self.hub.store.read_next_game, self.room.game_id)
        if next_game is None:
            raise ProtocolError("no_rematch", Words(N_("this game has no rematch yet")))
        room = await self.hub.room(next_game)
        viewer = None if room is None else _seated_again(old, room.seats)
        if room is not None and viewer is None:  # not a player there: read who may watch
            viewer = await asyncio.to_thread(
                _moving_on, next_game, old.user_id, self.hub, old.language
            )
        if viewer is None or room is None:
            raise ProtocolError("no_such_game", Words(NO_SUCH_GAME))
        if not viewer.allowed:
            raise ProtocolError("no_spectators", Words(NO_SPECTATORS))
        if not self.open:
            return
        self.joined = False
        self.room.leave(old)
        assert self.wire is not None
        viewer.wire = self.wire
        self.room, self.viewer = room, viewer
        viewer.send({"type": "moved", "game_id": next_game})
        await self._join(None)


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
