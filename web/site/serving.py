"""How uvicorn serves the app: one configuration for ``chromino serve`` and the tests.

Two limits belong to the HTTP server rather than the app, because the app only
sees a request once its head has been read in full: the size of a request head
(refused with 431 while it is still arriving, so an 8 MB header costs neither
memory nor seconds), and the size of a websocket frame. Proxy headers are left
to the app's own middleware, which believes only ``CHROMINO_TRUSTED_PROXIES``.

On SIGTERM uvicorn stops accepting, closes every game socket with 1012 (service
restart: the page reconnects and catches up by version), waits up to
``shutdown_seconds`` for the requests and commands in flight, then runs the app's
shutdown, which lets the event store finish its last commits.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from ..live import HeldSocketProtocol
from ..settings import Settings
from .security import SECURITY_HEADERS


class BoundedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, refusing a request head longer than ``max_head_bytes``
    as soon as that many bytes have arrived without the blank line that ends it."""

    max_head_bytes: ClassVar[int] = 16_384

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._reading_head = True
        self._head_bytes = 0

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._reading_head = True
        self._head_bytes = 0

    def on_headers_complete(self) -> None:
        self._reading_head = False
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._reading_head = True
        self._head_bytes = 0

    def data_received(self, data: bytes) -> None:
        if self._reading_head:
            end = data.find(b"\r\n\r\n")
            self._head_bytes += len(data) if end < 0 else end
            if self._head_bytes > self.max_head_bytes:
                self._refuse_head()
                return
        super().data_received(data)

    def _refuse_head(self) -> None:
        body = json.dumps(
            {
                "detail": {
                    "code": "headers_too_large",
                    "message": "the request's headers are too large",
                }
            }
        ).encode()
        head = [
            b"HTTP/1.1 431 Request Header Fields Too Large",
            b"content-type: application/json",
            b"content-length: " + str(len(body)).encode(),
            b"connection: close",
            *(name + b": " + value for name, value in SECURITY_HEADERS),
        ]
        self.transport.write(b"\r\n".join(head) + b"\r\n\r\n" + body)
        self.transport.close()
        self._reading_head = False


def bounded_protocol(max_head_bytes: int) -> type[BoundedHttpToolsProtocol]:
    """The protocol class with this limit (uvicorn builds one per connection)."""
    return type("BoundedHttpTools", (BoundedHttpToolsProtocol,), {"max_head_bytes": max_head_bytes})


def server_config(app: Any, settings: Settings, **overrides: Any) -> uvicorn.Config:
    """uvicorn's configuration for this app: limits from the settings, no proxy headers
    of its own (``web.app`` applies the trusted ones)."""
    options: dict[str, Any] = {
        "host": settings.host,
        "port": settings.port,
        "http": bounded_protocol(settings.max_header_bytes),
        "ws": HeldSocketProtocol,
        "ws_max_size": settings.max_frame_bytes * 4,
        "ws_per_message_deflate": settings.websocket_compression,
        "ws_ping_interval": settings.websocket_ping_seconds,
        "timeout_graceful_shutdown": settings.shutdown_seconds,
        "proxy_headers": False,
        "server_header": False,
    }
    options.update(overrides)
    return uvicorn.Config(app, **options)
