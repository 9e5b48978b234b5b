"""Every field of every inbound command refuses a value of the wrong JSON type.

Commands are parsed once, strictly, at the edge: a JSON ``true`` is not the
rotation 1, ``1.0`` is not the coordinate 1 and ``"3"`` is not the version 3.
The fields are read from each game's own ``play`` model in the registry, so a
new game's command is held to the same rule without a line here.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel

from web.games import GAMES
from web.i18n import say
from web.protocol import (
    MESSAGE_TYPES,
    AcceptEndCommand,
    ChatCommand,
    ChatReadMessage,
    DeclineEndCommand,
    DrawCommand,
    JoinRematchMessage,
    OfferEndCommand,
    PassCommand,
    PingMessage,
    PlayBase,
    ProtocolError,
    RematchMessage,
    ResignCommand,
    SeenMessage,
    ShowHandMessage,
    SyncMessage,
    TakeSeatCommand,
)
from web.protocol import parse_inbound as parse

WRONG_FOR: dict[str, list[Any]] = {
    "integer": [True, False, 1.0, 0.0, 2.5, "1", None, [1], {"n": 1}],
    "string": [1, 0, True, None, ["RGB"], {"tile": "RGB"}],
    "boolean": [1, 0, "true", None],
}
"""Values of the wrong JSON type for a field of each JSON-schema type (None is wrong
for every field here: none of these fields is optional)."""


def _good_play(kind_name: str) -> dict[str, Any]:
    """A well-formed play of this game, as the page would send it."""
    placements = {
        "chromino": {"tile": "RGB", "x": 0, "y": 1, "dir": "E"},
        "triominos": {"tile": "012", "x": 0, "y": 1, "rot": 2},
    }
    return {"type": "play", "id": "c1", "version": 0, **placements[kind_name]}


GOOD_MESSAGES: dict[str, tuple[type[BaseModel], dict[str, Any]]] = {
    "sync": (SyncMessage, {"type": "sync", "version": 3}),
    "ping": (PingMessage, {"type": "ping"}),
    "seen": (SeenMessage, {"type": "seen", "version": 4}),
    "draw": (DrawCommand, {"type": "draw", "id": "c1", "version": 0}),
    "pass": (PassCommand, {"type": "pass", "id": "c1", "version": 0}),
    "resign": (ResignCommand, {"type": "resign", "id": "c1", "version": 0}),
    "offer_end": (OfferEndCommand, {"type": "offer_end", "id": "c1", "version": 0}),
    "accept_end": (AcceptEndCommand, {"type": "accept_end", "id": "c1", "version": 0}),
    "decline_end": (DeclineEndCommand, {"type": "decline_end", "id": "c1", "version": 0}),
    "take_seat": (TakeSeatCommand, {"type": "take_seat", "id": "c1", "version": 0}),
    "chat": (ChatCommand, {"type": "chat", "id": "c1", "preset": "hello"}),
    "chat_read": (ChatReadMessage, {"type": "chat_read", "seq": 3}),
    "show_hand": (ShowHandMessage, {"type": "show_hand", "seat": 1}),
    "rematch": (RematchMessage, {"type": "rematch"}),
    "join_rematch": (JoinRematchMessage, {"type": "join_rematch"}),
}


def _json_type(model: type[BaseModel], field: str) -> str:
    """The JSON type a field of the model takes (an enum of strings is a string)."""
    schema = model.model_json_schema()["properties"][field]
    options = schema.get("anyOf", [schema])
    types = {option.get("type") for option in options if option.get("type") != "null"}
    assert len(types) == 1, (model.__name__, field, schema)
    return str(types.pop())


def _cases() -> list[Any]:
    cases = []
    for game, kind in GAMES.items():
        plays = {f"{game}.play": (kind.play_model, _good_play(game))}
        for label, (model, good) in {**GOOD_MESSAGES, **plays}.items():
            for field in model.model_fields:
                if field == "type":
                    continue
                for value in WRONG_FOR[_json_type(model, field)]:
                    if value is None and field == "version" and model is SyncMessage:
                        continue  # a sync without a version asks for a snapshot
                    if value is None and model is ChatCommand and field in ("preset", "text"):
                        continue  # a line is one of the two (the other is null)
                    name = f"{label}.{field}={value!r}"
                    cases.append(pytest.param(kind.play_model, good, field, value, id=name))
    return cases


@pytest.mark.parametrize(("play_model", "good", "field", "value"), _cases())
def test_a_field_of_the_wrong_json_type_is_refused_by_name(
    play_model: type[PlayBase], good: dict[str, Any], field: str, value: Any
) -> None:
    parse(json.dumps(good), play_model)  # the message itself is well formed
    with pytest.raises(ProtocolError) as refused:
        parse(json.dumps({**good, field: value}), play_model)
    assert refused.value.code == "invalid_message"
    assert say(refused.value.message, "en").startswith(f"{field}: ")
    assert refused.value.command_id == (good.get("id") if field != "id" else None)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_field_of_every_game_s_play_is_covered(name: str) -> None:
    """The cases above are drawn from the models: a field without a JSON type of
    the table would fail here rather than go unchecked."""
    model = GAMES[name].play_model
    assert set(_good_play(name)) == set(model.model_fields)
    for field in model.model_fields:
        if field != "type":
            assert _json_type(model, field) in WRONG_FOR


def test_every_message_type_but_the_game_s_play_has_a_good_message_here() -> None:
    """A new message type must come with its good message, so its fields are checked."""
    assert set(GOOD_MESSAGES) == set(MESSAGE_TYPES) - {"play"}
    for name, (model, good) in GOOD_MESSAGES.items():
        assert good["type"] == name
        play_model = GAMES["chromino"].play_model
        assert issubclass(play_model, PlayBase)
        assert isinstance(parse(json.dumps(good), play_model), model)
