"""The published JSON Schemas of each game's records and positions (docs/records.md).

A game ships one schema per format and version in the ``schemas/`` folder of its
package (the descriptor's ``package``), named after the format with its slash made a
dash: ``<game>-game/1`` is ``<game>-game-1.json``. The schemas are data for readers
elsewhere; the engine itself reads documents with its own readers
(:mod:`chromino.core.notation`) and needs no schema library. They are found through
:mod:`importlib.resources`, so an installed wheel serves them as a checkout does.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import resources
from typing import Any

from .descriptor import GameDescriptor

SCHEMA_FOLDER = "schemas"
"""The folder of a game's package that holds its schemas."""


def schema_file_name(format_name: str) -> str:
    """The file a format's schema is kept in: ``chromino-game/1`` → ``chromino-game-1.json``."""
    return format_name.replace("/", "-") + ".json"


def game_formats(game: GameDescriptor) -> tuple[str, ...]:
    """The formats a game writes: its record's and its position's."""
    return (game.record_format, game.position_format)


def schema_of(game: GameDescriptor, format_name: str) -> dict[str, Any] | None:
    """The schema of one of the game's formats, None when the game ships none for it."""
    if game.package is None or format_name not in game_formats(game):
        return None
    found = resources.files(game.package) / SCHEMA_FOLDER / schema_file_name(format_name)
    if not found.is_file():
        return None
    schema: dict[str, Any] = json.loads(found.read_text(encoding="utf-8"))
    return schema


def shipped_schemas(games: Iterable[GameDescriptor]) -> dict[str, dict[str, Any]]:
    """Every schema the games ship, by format name."""
    found: dict[str, dict[str, Any]] = {}
    for game in games:
        for format_name in game_formats(game):
            schema = schema_of(game, format_name)
            if schema is not None:
                found[format_name] = schema
    return found
