"""The websocket protocol's inbound messages, parsed once at the edge (docs/protocol.md)."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

CommandId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[^\x00-\x1f\x7f]+$")]
"""Any printable text: no NUL or other control character reaches the database."""
Version = Annotated[int, Field(ge=0, le=1_000_000)]
Coordinate = Annotated[int, Field(ge=-1000, le=1000)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SyncMessage(_Message):
    """Resend what I missed since ``version`` (or a snapshot when ``version`` is null)."""

    type: Literal["sync"]
    version: Version | None = None


class PingMessage(_Message):
    type: Literal["ping"]


class PlayCommand(_Message):
    type: Literal["play"]
    id: CommandId
    version: Version
    tile: Annotated[str, Field(min_length=3, max_length=3)]
    x: Coordinate
    y: Coordinate
    dir: Literal["E", "S", "W", "N"]


class DrawCommand(_Message):
    type: Literal["draw"]
    id: CommandId
    version: Version


class PassCommand(_Message):
    type: Literal["pass"]
    id: CommandId
    version: Version


Command = PlayCommand | DrawCommand | PassCommand
Inbound = Annotated[
    SyncMessage | PingMessage | PlayCommand | DrawCommand | PassCommand,
    Field(discriminator="type"),
]
_inbound: TypeAdapter[Inbound] = TypeAdapter(Inbound)
MESSAGE_TYPES = ("sync", "ping", "play", "draw", "pass")


class ProtocolError(Exception):
    """A message the server will not act on; sent back as an ``error`` message."""

    def __init__(self, code: str, message: str, command_id: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.command_id = command_id


def parse_inbound(text: str) -> Inbound:
    """One typed message, or ProtocolError naming what was wrong."""
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as error:
        raise ProtocolError("bad_json", f"not JSON: {error.msg}") from None
    except (ValueError, RecursionError):
        # Valid JSON Python will not read: nested too deep, or an integer of > 4300 digits.
        raise ProtocolError("bad_json", "not JSON this server can read") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object")
    command_id = data.get("id") if isinstance(data.get("id"), str) else None
    kind = data.get("type")
    if kind not in MESSAGE_TYPES:
        raise ProtocolError(
            "unknown_type",
            f"unknown message type {kind!r}; expected one of {', '.join(MESSAGE_TYPES)}",
            command_id,
        )
    try:
        return _inbound.validate_python(data)
    except ValidationError as error:
        raise ProtocolError("invalid_message", _describe(error), command_id) from None


def _describe(error: ValidationError) -> str:
    parts = []
    for problem in error.errors()[:5]:
        location = ".".join(str(p) for p in problem["loc"][1:]) or "message"
        parts.append(f"{location}: {problem['msg']}")
    return "; ".join(parts)


def action_of(command: Command) -> dict[str, Any]:
    """The engine action a command asks for."""
    if isinstance(command, PlayCommand):
        return {
            "action": "play",
            "tile": command.tile,
            "x": command.x,
            "y": command.y,
            "dir": command.dir,
        }
    return {"action": command.type}
