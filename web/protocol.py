"""The websocket protocol's inbound messages, parsed once at the edge (docs/protocol.md).

``sync``, ``ping``, ``draw``, ``pass``, ``resign`` and the agreement's ``offer_end``,
``accept_end`` and ``decline_end`` are the same for every game; the
``play`` command is the game's own (its kind's ``play_model``, built on
:class:`PlayBase`). A message becomes a typed model here and an engine action
in the game kind (``GameKind.action_of``), never a loose dict in between.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from .i18n import N_, Words, field_problem

PROTOCOL = 2
"""The protocol's version. 2: a live ``event`` carries a delta, not the whole state. A
client says which it speaks (``?protocol=2``); one that does not is told to reload."""

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


class SeenMessage(_Message):
    """The page showed me the game at ``version`` in a visible tab: a notice of what I
    have seen is not sent (web.notify). No answer."""

    type: Literal["seen"]
    version: Version


class ShowHandMessage(_Message):
    """Pass-and-play: the player of a local seat took the device and asks to see their
    tiles. Only for a seat of this device whose turn it is; answered by a ``state``
    with that seat's hand (docs/pass-and-play.md)."""

    type: Literal["show_hand"]
    seat: Annotated[int, Field(ge=0, le=16)]


class JoinRematchMessage(_Message):
    """Move this socket on to the game's rematch, once one was dealt: answered by ``moved``
    naming it, then the rematch's ``welcome``. A table plays on without a new connection."""

    type: Literal["join_rematch"]


class RematchMessage(_Message):
    """Ask for the finished game's rematch (a player), as ``POST /api/games/{id}/rematch``
    does: every socket of the game hears ``rematch``, and this one moves on to it at once
    (``moved``, then the rematch's ``welcome``). Asked twice, it is the same game."""

    type: Literal["rematch"]


class CommandBase(_Message):
    """What every command carries: an id (applied at most once) and the version it
    was decided at (a game that moved since refuses it)."""

    id: CommandId
    version: Version


class PlayBase(CommandBase):
    """A game's ``play`` command adds its placement fields to this."""

    type: Literal["play"]


class DrawCommand(CommandBase):
    type: Literal["draw"]


class PassCommand(CommandBase):
    type: Literal["pass"]


class ResignCommand(CommandBase):
    """Leave the game, on one's turn or not (docs/rules-interpretations.md)."""

    type: Literal["resign"]


class OfferEndCommand(CommandBase):
    """Offer everyone still in the game to stop here, scored as it stands."""

    type: Literal["offer_end"]


class AcceptEndCommand(CommandBase):
    """Accept the standing offer to end (``version`` is the game's, as for any command)."""

    type: Literal["accept_end"]


class DeclineEndCommand(CommandBase):
    """Decline the standing offer to end: it lapses for everyone."""

    type: Literal["decline_end"]


class TakeSeatCommand(CommandBase):
    """Take my seat back from the bot that played for me while I was away."""

    type: Literal["take_seat"]


PresetCode = Literal[
    "hello",
    "good_game",
    "well_played",
    "oops",
    "thinking",
    "hurry",
    "thanks",
    "nice_move",
    "good_luck",
    "rematch",
    "bye",
    "sorry",
]
"""The preset reactions' codes (web.talk.presets words them)."""


class ChatCommand(_Message):
    """Say something at the table: a preset reaction or free text, never both. Not a
    game command: it carries no game version (talk does not wait for the moves)."""

    type: Literal["chat"]
    id: CommandId
    preset: PresetCode | None = None
    text: Annotated[str, Field(min_length=1, max_length=300)] | None = None

    @model_validator(mode="after")
    def _one_of(self) -> ChatCommand:
        if (self.preset is None) == (self.text is None):
            raise ValueError(N_("a preset or a text, not both or neither"))
        return self


class ChatReadMessage(_Message):
    """A player read the chat up to line ``seq``. No answer."""

    type: Literal["chat_read"]
    seq: Version


AgreementCommand = OfferEndCommand | AcceptEndCommand | DeclineEndCommand
"""The commands of ending by agreement: the room's business, not a move until agreed."""
Command = CommandBase
MESSAGE_TYPES = (
    "sync",
    "ping",
    "seen",
    "play",
    "draw",
    "pass",
    "resign",
    "offer_end",
    "accept_end",
    "decline_end",
    "take_seat",
    "chat",
    "chat_read",
    "show_hand",
    "rematch",
    "join_rematch",
)


def encode(message: dict[str, Any]) -> str:
    """An outbound message as the text sent on the socket. orjson, not the standard
    library: a move's event took 4.6 µs to encode, now 0.3 µs, and a move is encoded
    once per kind of viewer (five or so texts a move)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class ProtocolError(Exception):
    """A message the server will not act on; sent back as an ``error`` message."""

    def __init__(
        self,
        code: str,
        message: str | Words,
        command_id: str | None = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(str(message))
        self.code = code
        self.message = message
        self.command_id = command_id
        self.details = details or {}
        """Fields the ``error`` message carries besides its words (``retry_after``)."""


@cache
def _inbound(play_model: type[PlayBase]) -> TypeAdapter[Any]:
    """The union of every inbound message, with this game's ``play``."""
    union = Annotated[
        SyncMessage
        | PingMessage
        | SeenMessage
        | play_model  # type: ignore[valid-type]
        | DrawCommand
        | PassCommand
        | ResignCommand
        | OfferEndCommand
        | AcceptEndCommand
        | DeclineEndCommand
        | TakeSeatCommand
        | ChatCommand
        | ChatReadMessage
        | ShowHandMessage
        | RematchMessage
        | JoinRematchMessage,
        Field(discriminator="type"),
    ]
    return TypeAdapter(union)


def parse_inbound(text: str, play_model: type[PlayBase]) -> BaseModel:
    """One typed message, or ProtocolError naming what was wrong."""
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as error:
        raise ProtocolError(
            "bad_json", Words(N_("not JSON: {problem}"), problem=error.msg)
        ) from None
    except (ValueError, RecursionError):
        # Valid JSON Python will not read: nested too deep, or an integer of > 4300 digits.
        raise ProtocolError("bad_json", Words(N_("not JSON this server can read"))) from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", Words(N_("a message must be a JSON object")))
    command_id = data.get("id") if is_text(data.get("id")) else None
    kind = data.get("type")
    if kind not in MESSAGE_TYPES:
        unknown = Words(
            N_("unknown message type {kind}; expected one of {kinds}"),
            kind=repr(kind),
            kinds=", ".join(MESSAGE_TYPES),
        )
        raise ProtocolError("unknown_type", unknown, command_id)
    try:
        message: BaseModel = _inbound(play_model).validate_python(data)
    except ValidationError as error:
        raise ProtocolError("invalid_message", Problems(error.errors()[:5]), command_id) from None
    return message


def is_text(value: Any) -> bool:
    """Whether a value is a string that can be sent back: JSON's ``\\ud800`` escape
    reads as a lone UTF-16 surrogate, which no UTF-8 text (a websocket's frame) holds.
    An id that is not such text is refused without being echoed."""
    if not isinstance(value, str):
        return False
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True


class Problems(Words):
    """pydantic's problems with a message, each named by its field, in the reader's words."""

    def __init__(self, problems: list[Any]) -> None:
        super().__init__("")
        self.problems = problems

    def to(self, language: str) -> str:
        parts = []
        for problem in self.problems:
            location = ".".join(str(p) for p in problem["loc"][1:]) or "message"
            parts.append(f"{location}: {field_problem(problem, language)}")
        return "; ".join(parts)
