"""Logs as text or as JSON lines, each naming the request (and game) it came from.

``CHROMINO_LOG_FORMAT=json`` writes one JSON object per line (for a log
shipper); ``text`` (the default) is for people. Either way every record made
while a request or websocket is being handled carries its request id, and its
game id when the path names a game. The id comes from the ``X-Request-ID``
header when a proxy sent a sane one, else it is made here; responses echo it.
uvicorn's own loggers (``uvicorn.error``, ``uvicorn.access``) go through the
same formatter: ``chromino serve`` hands uvicorn :func:`log_config`.
"""

from __future__ import annotations

import json
import logging
import re
import uuid
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

REQUEST_ID: ContextVar[str | None] = ContextVar("chromino_request_id", default=None)
GAME_ID: ContextVar[str | None] = ContextVar("chromino_game_id", default=None)

_SAFE_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
_GAME_PATH = re.compile(r"/(?:ws/games|api/games|g)/([A-Za-z0-9_-]{1,40})(?:/|$)")
_ACCESS_FIELDS = ("client", "method", "path", "http_version", "status")


def _context() -> dict[str, str]:
    found = {"request_id": REQUEST_ID.get(), "game_id": GAME_ID.get()}
    return {name: value for name, value in found.items() if value}


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time, level, logger, message, ids, exception."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            **_context(),
        }
        if record.name == "uvicorn.access" and isinstance(record.args, tuple):
            entry.update(zip(_ACCESS_FIELDS, record.args, strict=False))
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """``time level logger: message [request=… game=…]``."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)-7s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        context = _context()
        if not context:
            return text
        tags = " ".join(f"{name.removesuffix('_id')}={value}" for name, value in context.items())
        first, newline, rest = text.partition("\n")
        return f"{first} [{tags}]{newline}{rest}"


def log_config(log_format: str, level: str) -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for the server, uvicorn's loggers included."""
    formatter = JsonFormatter if log_format == "json" else TextFormatter
    level = level.upper()
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"chromino": {"()": f"{__name__}.{formatter.__name__}"}},
        "handlers": {
            "default": {
                "class": "logging.StreamHandler",
                "formatter": "chromino",
                "stream": "ext://sys.stderr",
            }
        },
        "root": {"handlers": ["default"], "level": level},
        "loggers": {
            name: {"handlers": [], "level": level, "propagate": True}
            for name in ("uvicorn", "uvicorn.error", "uvicorn.access")
        },
    }


class RequestContext:
    """ASGI middleware: sets the request id (and game id) for everything a request
    or websocket logs, and answers with ``X-Request-ID``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        request_id = _incoming_id(scope) or uuid.uuid4().hex
        game = _GAME_PATH.match(scope["path"])
        request_token = REQUEST_ID.set(request_id)
        game_token = GAME_ID.set(game.group(1) if game else None)
        header = (b"x-request-id", request_id.encode())

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), header]}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            GAME_ID.reset(game_token)
            REQUEST_ID.reset(request_token)


def _incoming_id(scope: Scope) -> str | None:
    for name, value in scope.get("headers", []):
        if name == b"x-request-id":
            text = value.decode("latin-1")
            return text if _SAFE_ID.fullmatch(text) else None
    return None
