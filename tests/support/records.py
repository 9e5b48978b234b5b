"""Records held to the published schemas (docs/records.md): every record a test reads
from a server goes through :func:`check_record`."""

from __future__ import annotations

import functools
from typing import Any

from jsonschema import Draft202012Validator

from chromino import GAMES
from chromino.core.record_schemas import game_formats, schema_of


@functools.cache
def validator(format_name: str) -> Draft202012Validator | None:
    """The schema's validator of a format; None for a game that ships no files (a game
    made up by a test, with no package of its own)."""
    for game in GAMES.values():
        if format_name in game_formats(game):
            if game.package is None:
                return None
            schema = schema_of(game, format_name)
            assert schema is not None, f"{game.name} ships no schema of {format_name}"
            return Draft202012Validator(schema)
    return None


def check_record(document: dict[str, Any]) -> None:
    """Fail unless the document is valid under its format's published schema."""
    found = validator(document["format"])
    if found is not None:
        found.validate(document)
