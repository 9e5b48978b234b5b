"""The game sockets' wire: uvicorn's sans-I/O websocket protocol, able to hand an accepted
socket over to the room's own reader.

An ASGI websocket is a call that lasts as long as its socket: every middleware's frame,
the scope, the handshake's request and response with their headers, a queue and an event
stay in memory, and each frame received wakes a task through that whole stack. A game
socket needs none of it once it is accepted. :class:`HeldSocketProtocol` offers the app
the ASGI extension :data:`TAKE_OVER`, ``{"take_over": f}``: after ``websocket.accept``
the app calls ``f(reader)``, gets the connection to write to, and returns; the
connection stays open. From then on each text frame is handed to ``reader.text()`` as
it is parsed, the close to ``reader.closed()``, and the app writes with
:meth:`HeldSocketProtocol.send_text` — no task, no queue, and nothing of the handshake
kept. Any other ASGI server simply lacks the extension, and the
app serves the socket the plain way (:mod:`web.live.sockets`).
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any, Protocol

from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

TAKE_OVER = "chromino.websocket.take_over"
"""The ASGI extension (and message type) by which the app takes an accepted socket over."""

WRITE_BACKLOG_LIMIT = 1 << 20
"""Bytes waiting in a socket's write buffer past which its reader is too slow to keep."""


class SocketReader(Protocol):
    """What reads a socket that was taken over."""

    def text(self, text: str) -> None:
        """A text message arrived (called from the event loop's reading: it must not block)."""

    def binary(self, size: int) -> None:
        """A binary message of ``size`` bytes arrived: the game speaks JSON text only."""

    def closed(self, code: int) -> None:
        """The socket closed, from either side; called once."""


class HeldSocket(Protocol):
    """What the reader writes to: the connection itself."""

    def send_text(self, text: str) -> bool:
        """Send one text message now; False once the socket is closing or too far behind."""

    def close(self, code: int, reason: str = "") -> None:
        """Start the closing handshake."""


class _Disconnects:
    """Stands in for the ASGI receive queue once the socket is taken over: the base class
    announces every way a socket ends by queueing ``websocket.disconnect``; the reader
    hears it, once."""

    __slots__ = ("reader",)

    def __init__(self, reader: SocketReader) -> None:
        self.reader: SocketReader | None = reader

    def put_nowait(self, message: dict[str, Any]) -> None:
        reader, self.reader = self.reader, None
        if reader is not None and message.get("type") == "websocket.disconnect":
            reader.closed(int(message.get("code", 1005)))

    def empty(self) -> bool:
        return True


class _Flushes:
    """The held sockets of one event loop given something to send in this turn of it: each
    is written once, at the turn's end, whatever it was given (a move's event and the
    mover's ``ack`` go out in one write)."""

    __slots__ = ("loop", "sockets")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.sockets: list[HeldSocketProtocol] = []

    def add(self, socket: HeldSocketProtocol) -> None:
        if not self.sockets:
            self.loop.call_soon(self.flush)
        self.sockets.append(socket)

    def flush(self) -> None:
        sockets, self.sockets = self.sockets, []
        for socket in sockets:
            socket.flush()


_FLUSHES: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Flushes] = (
    weakref.WeakKeyDictionary()
)


def _flushes_of(loop: asyncio.AbstractEventLoop) -> _Flushes:
    flushes = _FLUSHES.get(loop)
    if flushes is None:
        flushes = _FLUSHES[loop] = _Flushes(loop)
    return flushes


_ALWAYS_WRITABLE = asyncio.Event()
"""Shared by every taken-over socket in place of an event of its own, which nothing waits on."""
_ALWAYS_WRITABLE.set()


class HeldSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O websocket protocol with the :data:`TAKE_OVER` extension."""

    reader: SocketReader | None = None
    _flushes: _Flushes
    _flush_due = False

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
            if self.reader is not None:
                return  # the reader holds the socket now: it stays open
            if not self.handshake_complete:
                self.logger.error("ASGI callable returned without completing handshake.")
                self.send_500_response()
            elif result is not None:
                self.logger.error("ASGI callable should return None, but returned '%s'.", result)
        if self.close_timer is None:
            self.transport.close()

    def _take_over(self, reader: SocketReader) -> HeldSocket:
        """Hand the socket to ``reader``; let go of everything the handshake needed."""
        if not self.handshake_complete or self.initial_response is not None:
            raise RuntimeError("only an accepted websocket can be taken over")
        self.reader = reader
        self.queue = _Disconnects(reader)  # type: ignore[assignment]
        if self.disconnected or self.close_sent:
            self.queue.put_nowait({"type": "websocket.disconnect", "code": 1006})
        # The handshake's request stays referenced by the parser's generator for the
        # connection's life: its headers, by far its largest part, are emptied instead.
        self.request.headers.clear()
        self.response.headers.clear()
        del self.scope, self.request, self.response
        self.writable = _ALWAYS_WRITABLE  # the write buffer is watched directly
        self._flushes = _flushes_of(self.loop)
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()
        return self

    def pause_writing(self) -> None:
        if self.reader is None:
            super().pause_writing()

    def resume_writing(self) -> None:
        if self.reader is None:
            super().resume_writing()

    def send_receive_event_to_app(self) -> None:
        reader = self.reader
        if reader is None:
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        if self.close_sent:
            return
        if self.curr_msg_data_type != "text":
            reader.binary(len(data))
            return
        try:
            text = data.decode()
        except UnicodeDecodeError:
            self.conn.send_close(1007)
            self.handle_parser_exception()
            return
        reader.text(text)

    # --- what the reader writes with ----------------------------------------------

    def send_text(self, text: str) -> bool:
        if self.close_sent or self.disconnected or self.transport.is_closing():
            return False
        if self.transport.get_write_buffer_size() > WRITE_BACKLOG_LIMIT:
            return False
        self.conn.send_text(text.encode())
        if not self._flush_due:
            self._flush_due = True
            self._flushes.add(self)
        return True

    def flush(self) -> None:
        """Write what was sent since the last write, in one go."""
        self._flush_due = False
        data = self.conn.data_to_send()
        if data and not self.transport.is_closing():
            self.transport.write(b"".join(data))

    def close(self, code: int, reason: str = "") -> None:
        if self.close_sent or self.disconnected or self.transport.is_closing():
            return
        self.conn.send_close(code, reason)
        self.flush()
        self.close_sent = True
        self.close_timer = self.loop.call_later(self.close_timeout, self.transport.close)
