"""The game sockets' wire: uvicorn's sans-I/O websocket protocol for the handshake, then
a connection of our own that keeps only what an open game socket needs.

An ASGI websocket is a call that lasts as long as its socket: every middleware's frame,
the scope, the handshake's request and response with their headers, a queue and an event
stay in memory, and each frame received wakes a task through that whole stack. A game
socket needs none of it once it is accepted. :class:`HeldSocketProtocol` offers the app
the ASGI extension :data:`TAKE_OVER`, ``{"take_over": f}``: after ``websocket.accept``
the app calls ``f(reader)``, gets the connection to write to, and returns; the socket
stays open. From then on the transport belongs to a :class:`TakenSocket`: websockets'
own sans-I/O protocol (the same that parsed the handshake) reads the frames, each text
message goes to ``reader.text()`` as soon as it is whole, the close to
``reader.closed()``, and the app writes with :meth:`TakenSocket.send_text` — no task, no
queue, no timer of its own (one :class:`_Keepalive` pings every quiet socket of the
process in turn). Any other ASGI server simply lacks the extension, and the app serves
the socket the plain way (:mod:`web.live.sockets`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import contextvars
import math
import weakref
from typing import Any, Protocol

from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame, Opcode
from websockets.server import ServerProtocol

TAKE_OVER = "chromino.websocket.take_over"
"""The ASGI extension by which the app takes an accepted socket over."""

WRITE_BACKLOG_LIMIT = 1 << 20
"""Bytes waiting in a socket's write buffer past which its reader is too slow to keep."""
CLOSE_TIMEOUT = 10.0
"""Seconds the other side has to answer our close frame before the connection is cut."""
_NO_CONTEXT = contextvars.Context()
"""The context the shared timers run in: not the handshake's (its request id and game)."""


class SocketReader(Protocol):
    """What reads a socket that was taken over."""

    def text(self, text: str) -> None:
        """A text message arrived (called from the event loop's reading: it must not block)."""

    def binary(self, size: int) -> None:
        """A binary message of ``size`` bytes arrived: the game speaks JSON text only."""

    def closed(self, code: int) -> None:
        """The socket closed, from either side; called once."""


class HeldSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O websocket protocol with the :data:`TAKE_OVER` extension."""

    taken: TakenSocket | None = None

    async def run_asgi(self) -> None:
        self.scope["extensions"][TAKE_OVER] = {"take_over": self._take_over}
        try:
            result = await self.app(self.scope, self.receive, self.send)
        except ClientDisconnected:
            pass
        except BaseException:
            self.logger.exception("Exception in ASGI application\n")
            self.send_500_response()
        else:
            if self.taken is not None:
                return  # the socket is the taken-over connection's now: it stays open
            if not self.handshake_complete:
                self.logger.error("ASGI callable returned without completing handshake.")
                self.send_500_response()
            elif result is not None:
                self.logger.error("ASGI callable should return None, but returned '%s'.", result)
        if self.close_timer is None:
            self.transport.close()

    def _take_over(self, reader: SocketReader) -> TakenSocket:
        """Hand the transport to a :class:`TakenSocket` reading for ``reader``, with what
        arrived meanwhile; this protocol object, and all the handshake kept, is let go."""
        if not self.handshake_complete or self.initial_response is not None:
            raise RuntimeError("only an accepted websocket can be taken over")
        self.stop_keepalive()
        # The handshake's request stays referenced by the parser's generator for the
        # connection's life: its headers, by far its largest part, are emptied.
        self.request.headers.clear()
        self.response.headers.clear()
        taken = self.taken = TakenSocket(self.conn, self.transport, reader, self.ping_interval)
        self.connections.discard(self)
        if self.disconnected or self.close_sent:
            taken.lost()
            return taken
        connections: set[Any] = self.connections  # uvicorn's set: anything with shutdown()
        connections.add(taken)
        taken.known_as(connections)
        self.transport.set_protocol(taken)
        waiting: asyncio.Queue[Any] = self.queue
        while not waiting.empty():
            taken.deliver(waiting.get_nowait())
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()
        return taken


class TakenSocket(asyncio.Protocol):
    """An accepted game socket, after the handshake: websockets' sans-I/O protocol over
    the transport, its messages handed to the reader, its writes made once per turn of
    the event loop whatever was sent in it (a move's event and the mover's ``ack`` go out
    in one write)."""

    __slots__ = (
        "close_timer", "closing", "conn", "connections", "flush_due", "flushes", "heard",
        "keepalive", "kind", "parts", "pinged", "reader", "transport",
    )  # fmt: skip

    def __init__(
        self,
        conn: ServerProtocol,
        transport: asyncio.Transport,
        reader: SocketReader,
        ping_interval: float | None,
    ) -> None:
        self.conn = conn
        self.transport = transport
        self.reader: SocketReader | None = reader
        loop = asyncio.get_running_loop()
        self.flushes = _per_loop(_FLUSHES, loop, _Flushes)
        self.flush_due = False
        self.closing = False
        """Our close frame is sent (or the connection failed): nothing more is written."""
        self.close_timer: asyncio.TimerHandle | None = None
        self.connections: set[Any] | None = None
        self.kind: Opcode | None = None
        self.parts: list[bytes] | None = None
        """The frames of a message sent in several, until its last."""
        self.heard = True
        self.pinged = False
        self.keepalive: _Keepalive | None = None
        if ping_interval:
            self.keepalive = _per_loop(_KEEPALIVES, loop, _Keepalive)
            self.keepalive.add(self, ping_interval)

    def known_as(self, connections: set[Any]) -> None:
        """The server's set of open connections (a graceful stop closes each with 1012)."""
        self.connections = connections

    # --- reading ----------------------------------------------------------------

    def data_received(self, data: bytes) -> None:
        conn = self.conn
        conn.receive_data(data)
        self.heard = True
        for event in conn.events_received():
            if isinstance(event, Frame) and event.opcode in _MESSAGE_OPCODES:
                self._frame(event)
            elif isinstance(event, Frame) and event.opcode is Opcode.PONG:
                self.pinged = False
        self._write_pending()  # a pong, the echo of a close, a close for a bad frame
        if conn.close_rcvd is not None or conn.parser_exc is not None:
            self._tell_closed()

    def deliver(self, message: dict[str, Any]) -> None:
        """A message uvicorn queued for the app before the take-over."""
        if message.get("type") == "websocket.receive" and self.reader is not None:
            text = message.get("text")
            if text is not None:
                self.reader.text(text)
            else:
                self.reader.binary(len(message.get("bytes") or b""))
        elif message.get("type") == "websocket.disconnect":
            self._tell_closed()

    def _frame(self, frame: Frame) -> None:
        if frame.opcode is not Opcode.CONT:
            self.kind, self.parts = frame.opcode, []
        if self.parts is None:
            return  # a continuation of nothing: the protocol refuses it
        self.parts.append(bytes(frame.data))
        if not frame.fin:
            return
        data = self.parts[0] if len(self.parts) == 1 else b"".join(self.parts)
        kind, self.parts = self.kind, None
        reader = self.reader
        if reader is None or self.closing:
            return
        if kind is not Opcode.TEXT:
            reader.binary(len(data))
            return
        try:
            text = data.decode()
        except UnicodeDecodeError:
            self._fail(1007, "invalid UTF-8")
            return
        reader.text(text)

    def pause_writing(self) -> None:
        """The write buffer is watched by :meth:`send_text` itself."""

    def resume_writing(self) -> None:
        """See :meth:`pause_writing`."""

    def eof_received(self) -> bool | None:
        return None  # the transport closes itself

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost()

    def lost(self) -> None:
        """The connection is gone: forget it everywhere, and tell the reader."""
        self.closing = True
        if self.connections is not None:
            self.connections.discard(self)
            self.connections = None
        if self.keepalive is not None:
            self.keepalive = None  # its round drops sockets that are closing
        if self.close_timer is not None:
            self.close_timer.cancel()
            self.close_timer = None
        self._tell_closed()

    def _tell_closed(self) -> None:
        reader, self.reader = self.reader, None
        if reader is not None:
            received = self.conn.close_rcvd
            reader.closed(1006 if received is None else int(received.code))

    # --- writing ----------------------------------------------------------------

    def send_text(self, text: str) -> bool:
        """Send one text message (at this turn's end); False once the socket is closing or
        too far behind."""
        if self.closing or self.transport.is_closing():
            return False
        if self.transport.get_write_buffer_size() > WRITE_BACKLOG_LIMIT:
            return False
        self.conn.send_text(text.encode())
        if not self.flush_due:
            self.flush_due = True
            self.flushes.add(self)
        return True

    def flush(self) -> None:
        """Write what was sent since the last write, in one go."""
        self.flush_due = False
        self._write_pending()

    def close(self, code: int, reason: str = "") -> None:
        """Start the closing handshake, after what was sent; the connection is cut if the
        other side does not answer it in time."""
        if self.closing or self.transport.is_closing():
            return
        self.closing = True
        with contextlib.suppress(Exception):  # the protocol already closing: nothing to say
            self.conn.send_close(code, reason)
        self._write_pending()
        loop = asyncio.get_running_loop()
        self.close_timer = loop.call_later(CLOSE_TIMEOUT, self.transport.close, context=_NO_CONTEXT)

    def shutdown(self) -> None:
        """The server is stopping (uvicorn calls this): close with 1012, service restart."""
        self._tell_closed()
        self.close(1012)
        self.transport.close()

    def ping(self) -> None:
        """Ping a socket that said nothing since the last round; one that did not answer
        the last ping either is gone (1011)."""
        if self.closing:
            return
        if self.heard:
            self.heard = False
        elif self.pinged:
            self._fail(1011, "keepalive ping timeout")
        else:
            self.pinged = True
            self.conn.send_ping(b"")
            self._write_pending()

    def _fail(self, code: int, reason: str) -> None:
        self.closing = True
        self.conn.fail(code, reason)
        self._write_pending()
        self._tell_closed()

    def _write_pending(self) -> None:
        """Write what the protocol has for the other side; an empty chunk asks to end the
        connection (websockets' sans-I/O convention)."""
        chunks = self.conn.data_to_send()
        if not chunks:
            return
        transport = self.transport
        if not transport.is_closing():
            transport.write(b"".join(chunks))
        if chunks[-1] == b"":
            transport.close()


_MESSAGE_OPCODES = frozenset({Opcode.TEXT, Opcode.BINARY, Opcode.CONT})


class _Flushes:
    """The taken-over sockets of one event loop given something to send in this turn of
    it: each is written once, at the turn's end."""

    __slots__ = ("loop", "sockets")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.sockets: list[TakenSocket] = []

    def add(self, socket: TakenSocket) -> None:
        if not self.sockets:
            self.loop.call_soon(self.flush, context=_NO_CONTEXT)
        self.sockets.append(socket)

    def flush(self) -> None:
        sockets, self.sockets = self.sockets, []
        for socket in sockets:
            socket.flush()


class _Keepalive:
    """One timer for every taken-over socket of an event loop: each second it visits its
    share of them, so that each is visited once per ping interval (:meth:`TakenSocket.ping`);
    a timer per socket cost each an idle timer handle and the handshake's context."""

    TICK = 1.0

    __slots__ = ("interval", "loop", "sockets", "timer")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.sockets: collections.deque[TakenSocket] = collections.deque()
        self.interval = 60.0
        self.timer: asyncio.TimerHandle | None = None

    def add(self, socket: TakenSocket, interval: float) -> None:
        self.interval = interval
        self.sockets.append(socket)
        if self.timer is None:
            self.timer = self.loop.call_later(self.TICK, self.tick, context=_NO_CONTEXT)

    def tick(self) -> None:
        sockets = self.sockets
        for _ in range(min(len(sockets), math.ceil(len(sockets) * self.TICK / self.interval))):
            socket = sockets.popleft()
            if socket.keepalive is self:
                socket.ping()
                sockets.append(socket)
        self.timer = None
        if sockets:
            self.timer = self.loop.call_later(self.TICK, self.tick, context=_NO_CONTEXT)


_FLUSHES: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Flushes] = (
    weakref.WeakKeyDictionary()
)
_KEEPALIVES: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Keepalive] = (
    weakref.WeakKeyDictionary()
)


def _per_loop(kept: weakref.WeakKeyDictionary[Any, Any], loop: Any, make: Any) -> Any:
    """The one ``make(loop)`` of this event loop (a test may run servers on several)."""
    found = kept.get(loop)
    if found is None:
        found = kept[loop] = make(loop)
    return found
